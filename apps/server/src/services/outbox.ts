import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { outboxMessages } from '../db/schema';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  teamId?: string | null;
}

export interface OutgoingSms {
  to: string;
  text: string;
  teamId?: string | null;
}

/** A message on its way out, as a transport receives it. */
export interface Envelope {
  id: string;
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
}

/** How a channel leaves Parley: SMTP for e-mail, a provider for SMS. None means the outbox keeps it. */
export interface Transports {
  email?: (message: Envelope) => Promise<void>;
  sms?: (message: Envelope) => Promise<void>;
}

/** Attempts before a message is marked failed; the waits grow from 5 s to 15 min (about 2 h in all). */
export const MAX_ATTEMPTS = 12;
/** A claimed message is not claimed again for this long: far longer than one SMTP send may take (messaging.ts). */
const LEASE_SECONDS = 10 * 60;
const BATCH = 10;

function backoffSeconds(attempts: number): number {
  return Math.min(5 * 2 ** (attempts - 1), 900);
}

/**
 * Every e-mail and SMS goes through the `outbox_messages` table. Without a transport for its
 * channel a message stays there (status `outbox`) for the development mailbox. With one, it is
 * queued and delivered by `deliverDue`, which any instance may run: a claimed message is leased
 * for ten minutes, so two instances never send it at once and a crash mid-send retries it.
 */
export function createOutbox(db: Db, transports: Transports, log: FastifyBaseLogger) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function enqueue(
    channel: 'email' | 'sms',
    values: { to: string; subject: string | null; text: string; html: string | null; teamId: string | null },
  ) {
    const transport = transports[channel];
    const [row] = await db
      .insert(outboxMessages)
      .values({
        channel,
        recipient: values.to,
        subject: values.subject,
        text: values.text,
        html: values.html,
        teamId: values.teamId,
        status: transport ? 'queued' : 'outbox',
      })
      .returning({ id: outboxMessages.id });
    if (transport) {
      kick();
    }
    return row?.id;
  }

  async function deliverBatch(): Promise<number> {
    const due = db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.status, 'queued'), lte(outboxMessages.nextAttemptAt, sql`now()`)))
      .orderBy(outboxMessages.nextAttemptAt)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(outboxMessages)
      .set({
        attempts: sql`${outboxMessages.attempts} + 1`,
        nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      })
      .where(inArray(outboxMessages.id, due))
      .returning();
    for (const message of claimed) {
      const transport = transports[message.channel];
      try {
        if (!transport) {
          throw new Error(`No transport for ${message.channel}.`);
        }
        await transport({
          id: message.id,
          to: message.recipient,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        await db
          .update(outboxMessages)
          .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
          .where(eq(outboxMessages.id, message.id));
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const failed = message.attempts >= MAX_ATTEMPTS;
        log.warn(
          { messageId: message.id, channel: message.channel, attempts: message.attempts, reason },
          'delivery failed',
        );
        await db
          .update(outboxMessages)
          .set({
            status: failed ? 'failed' : 'queued',
            lastError: reason.slice(0, 500),
            nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(message.attempts)})`,
          })
          .where(eq(outboxMessages.id, message.id));
      }
    }
    return claimed.length;
  }

  /** Delivers every message that is due; answers how many were tried. */
  async function deliverDue(): Promise<number> {
    if (running) {
      return running;
    }
    running = (async () => {
      let total = 0;
      for (let batch = await deliverBatch(); batch > 0; batch = await deliverBatch()) {
        total += batch;
      }
      return total;
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  function kick(): void {
    deliverDue().catch((error: unknown) => log.error({ err: error }, 'outbox delivery stopped'));
  }

  return {
    sendEmail: (message: OutgoingEmail) =>
      enqueue('email', {
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        teamId: message.teamId ?? null,
      }),
    sendSms: (message: OutgoingSms) =>
      enqueue('sms', { to: message.to, subject: null, text: message.text, html: null, teamId: message.teamId ?? null }),
    deliverDue,
    /** Looks for due messages every `intervalMs` (retries after a failure, messages of other instances). */
    start(intervalMs = 5000): void {
      if (transports.email || transports.sms) {
        timer = setInterval(kick, intervalMs);
        timer.unref();
      }
    },
    /** Waits for the delivery in flight; one that failed was logged by `kick` and does not fail the stop. */
    async stop(): Promise<void> {
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
