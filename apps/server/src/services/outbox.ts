import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { createJobRunner } from '../lib/job-runner';
import { insertOutboxMessage, markOutboxFailed, markOutboxSent, outboxQueue } from '../repositories/outbox';

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
 * queued and delivered by a job of the job runner, which any instance may run: a claimed message
 * is leased for ten minutes, so two instances never send it at once and a crash mid-send retries it.
 */
export function createOutbox(db: Db, transports: Transports, log: FastifyBaseLogger) {
  const runner = createJobRunner({
    name: 'outbox',
    queue: outboxQueue(db),
    async run(message) {
      const transport = transports[message.channel];
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
      await markOutboxSent(db, message.id);
    },
    fail: (message, error) => markOutboxFailed(db, message.id, error instanceof Error ? error.message : String(error)),
    leaseSeconds: LEASE_SECONDS,
    maxAttempts: MAX_ATTEMPTS,
    backoffSeconds,
    batchSize: BATCH,
    // One message at a time: an SMTP server sees one connection from each instance.
    concurrency: 1,
    log,
  });

  async function enqueue(
    channel: 'email' | 'sms',
    values: { to: string; subject: string | null; text: string; html: string | null; teamId: string | null },
  ) {
    const transport = transports[channel];
    const id = await insertOutboxMessage(db, {
      channel,
      recipient: values.to,
      subject: values.subject,
      text: values.text,
      html: values.html,
      teamId: values.teamId,
      status: transport ? 'queued' : 'outbox',
    });
    if (transport) {
      runner.kick();
    }
    return id;
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
    /** Delivers every message that is due; answers how many were tried. */
    deliverDue: runner.runDue,
    /** Looks for due messages at once and every `intervalMs` (retries after a failure, messages of other instances). */
    start(intervalMs = 5000): void {
      if (transports.email || transports.sms) {
        runner.start(intervalMs);
      }
    },
    /** Waits for the delivery in flight; one that failed was logged and does not fail the stop. */
    stop: runner.stop,
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
