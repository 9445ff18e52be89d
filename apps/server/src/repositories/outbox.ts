import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outboxMessages } from '../db/schema';
import type { JobQueue } from '../lib/job-runner';

export type OutboxRow = typeof outboxMessages.$inferSelect;

/** A message for the outbox: `queued` when a transport will send it, `outbox` when it stays for the development mailbox. */
export async function insertOutboxMessage(
  db: Db,
  values: Pick<OutboxRow, 'channel' | 'recipient' | 'subject' | 'text' | 'html' | 'teamId' | 'status'>,
): Promise<string | undefined> {
  const [row] = await db.insert(outboxMessages).values(values).returning({ id: outboxMessages.id });
  return row?.id;
}

/** The newest messages, to one recipient or to anyone (the development mailbox). */
export async function listOutboxMessages(db: Db, recipient: string | undefined, limit: number): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outboxMessages)
    .where(recipient === undefined ? undefined : eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(limit);
}

/** Sent: it leaves the queue. */
export async function markOutboxSent(db: Db, id: string): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
    .where(eq(outboxMessages.id, id));
}

/** Given up: it stays as `failed`, with the reason. */
export async function markOutboxFailed(db: Db, id: string, reason: string): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ status: 'failed', lastError: reason.slice(0, 500) })
    .where(eq(outboxMessages.id, id));
}

/**
 * The delivery queue: `queued` messages whose `next_attempt_at` has come. The claim's lease is
 * `next_attempt_at` moved on, so no other instance takes the message while it is being sent.
 */
export function outboxQueue(db: Db): JobQueue<OutboxRow> {
  return {
    claim(limit, leaseSeconds) {
      const due = db
        .select({ id: outboxMessages.id })
        .from(outboxMessages)
        .where(and(eq(outboxMessages.status, 'queued'), lte(outboxMessages.nextAttemptAt, sql`now()`)))
        .orderBy(outboxMessages.nextAttemptAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(outboxMessages)
        .set({
          attempts: sql`${outboxMessages.attempts} + 1`,
          nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
        })
        .where(inArray(outboxMessages.id, due))
        .returning();
    },
    async retry(message, delaySeconds, reason) {
      await db
        .update(outboxMessages)
        .set({
          status: 'queued',
          lastError: reason.slice(0, 500),
          nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})`,
        })
        .where(eq(outboxMessages.id, message.id));
    },
    async release(message) {
      await db
        .update(outboxMessages)
        .set({ attempts: sql`${outboxMessages.attempts} - 1`, nextAttemptAt: sql`now()` })
        .where(and(eq(outboxMessages.id, message.id), eq(outboxMessages.status, 'queued')));
    },
  };
}
