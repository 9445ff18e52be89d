import type { VideoMessage, VideoMessageListQuery } from '@parley/api';
import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { outboxMessages, users, videoMessages, videos } from '../db/schema';

export type VideoMessageRow = typeof videoMessages.$inferSelect;

export interface NewVideoMessage {
  teamId: string;
  videoId: string;
  senderId: string;
  callId: string | null;
  email: string;
  phone: string;
  message: string;
  tokenHash: string;
}

export async function insertVideoMessage(db: Db, input: NewVideoMessage): Promise<VideoMessageRow> {
  const [row] = await db.insert(videoMessages).values(input).returning();
  if (!row) {
    throw new Error('The video message was not stored.');
  }
  return row;
}

export async function linkOutboxMessages(
  db: Db,
  id: string,
  outbox: { emailOutboxId: string | null; smsOutboxId: string | null },
): Promise<void> {
  await db.update(videoMessages).set(outbox).where(eq(videoMessages.id, id));
}

const emailOutbox = alias(outboxMessages, 'email_outbox');
const smsOutbox = alias(outboxMessages, 'sms_outbox');

/** The team's video messages, newest first, with where each e-mail and SMS stands. */
export async function listTeamVideoMessages(
  db: Db,
  teamId: string,
  query: VideoMessageListQuery,
): Promise<{ list: VideoMessage[]; total: number }> {
  const conditions: SQL[] = [eq(videoMessages.teamId, teamId)];
  if (query.videoId) {
    conditions.push(eq(videoMessages.videoId, query.videoId));
  }
  if (query.callId) {
    conditions.push(eq(videoMessages.callId, query.callId));
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        message: videoMessages,
        senderName: users.name,
        emailStatus: emailOutbox.status,
        emailSentAt: emailOutbox.sentAt,
        smsStatus: smsOutbox.status,
      })
      .from(videoMessages)
      .innerJoin(users, eq(users.id, videoMessages.senderId))
      .leftJoin(emailOutbox, eq(emailOutbox.id, videoMessages.emailOutboxId))
      .leftJoin(smsOutbox, eq(smsOutbox.id, videoMessages.smsOutboxId))
      .where(where)
      .orderBy(desc(videoMessages.createdAt), desc(videoMessages.id))
      .limit(query.pageSize)
      .offset((query.current - 1) * query.pageSize),
    db.select({ value: count() }).from(videoMessages).where(where),
  ]);
  return {
    list: rows.map(({ message, senderName, emailStatus, emailSentAt, smsStatus }) => ({
      id: message.id,
      videoId: message.videoId,
      callId: message.callId,
      email: message.email,
      phone: message.phone,
      message: message.message,
      sender: { id: message.senderId, name: senderName },
      createdAt: message.createdAt.toISOString(),
      sentAt: emailSentAt?.toISOString() ?? null,
      // A message whose outbox row was pruned was delivered long ago.
      emailStatus: emailStatus ?? 'sent',
      smsStatus: smsStatus ?? 'sent',
      firstViewedAt: message.firstViewedAt?.toISOString() ?? null,
      lastViewedAt: message.lastViewedAt?.toISOString() ?? null,
      views: message.views,
      revoked: message.revokedAt !== null,
    })),
    total: total?.value ?? 0,
  };
}

/** Revokes the team's link; answers false when the team has no such message. */
export async function revokeVideoMessage(db: Db, teamId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(videoMessages)
    .set({ revokedAt: sql`coalesce(${videoMessages.revokedAt}, now())` })
    .where(and(eq(videoMessages.teamId, teamId), eq(videoMessages.id, id)))
    .returning({ id: videoMessages.id });
  return rows.length > 0;
}

/** What the watch page needs of a share token, whatever state its link is in. */
export async function findShared(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ message: videoMessages, senderName: users.name, video: videos })
    .from(videoMessages)
    .innerJoin(users, eq(users.id, videoMessages.senderId))
    .leftJoin(videos, eq(videos.id, videoMessages.videoId))
    .where(eq(videoMessages.tokenHash, tokenHash));
  return row;
}

/**
 * Counts a view in one statement: the view count, the first and last view times. The request that
 * takes the count to 1 is the first view, exactly once however many arrive together.
 */
export async function recordView(db: Db, id: string): Promise<{ first: boolean } | undefined> {
  const [row] = await db
    .update(videoMessages)
    .set({
      views: sql`${videoMessages.views} + 1`,
      firstViewedAt: sql`coalesce(${videoMessages.firstViewedAt}, now())`,
      lastViewedAt: sql`now()`,
    })
    .where(and(eq(videoMessages.id, id), isNull(videoMessages.revokedAt), isNotNull(videoMessages.videoId)))
    .returning({ views: videoMessages.views });
  return row && { first: row.views === 1 };
}
