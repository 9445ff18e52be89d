import type { Notice, NoticeType } from '@parley/api';
import { and, desc, eq, isNull, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notices, users } from '../db/schema';

type NoticeRow = typeof notices.$inferSelect;

/** The most a member's list holds; older notices stay in the table but are not sent. */
const LIST_LIMIT = 200;

export function toNotice(row: NoticeRow): Notice {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    avatar: row.avatar,
    status: row.status,
    link: row.link,
    read: row.read,
    datetime: row.createdAt.toISOString(),
  };
}

export async function listNotices(db: Db, userId: string): Promise<Notice[]> {
  const rows = await db
    .select()
    .from(notices)
    .where(eq(notices.userId, userId))
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(LIST_LIMIT);
  return rows.map(toNotice);
}

/**
 * SPEC §4: a member's total and unread notice counts, as columns of a query over `users` (the
 * signed-in member's statement in repositories/users.ts).
 */
export function noticeCountColumns(userId: SQLWrapper) {
  return {
    total: sql<number>`(select count(*) from ${notices} where ${notices.userId} = ${userId})`.mapWith(Number),
    unread:
      sql<number>`(select count(*) from ${notices} where ${notices.userId} = ${userId} and not ${notices.read})`.mapWith(
        Number,
      ),
  };
}

/** Marks the member's own notice read; answers false when they have no such notice. */
export async function markNoticeRead(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(notices)
    .set({ read: true })
    .where(and(eq(notices.userId, userId), eq(notices.id, id)))
    .returning({ id: notices.id });
  return rows.length > 0;
}

export async function clearNotices(db: Db, userId: string, type: NoticeType): Promise<number> {
  const rows = await db
    .delete(notices)
    .where(and(eq(notices.userId, userId), eq(notices.type, type)))
    .returning({ id: notices.id });
  return rows.length;
}

export interface NewNotice {
  teamId: string;
  userId: string;
  type: NoticeType;
  title: string;
  description?: string | null;
  avatar?: string | null;
  status?: Notice['status'];
  link?: string | null;
}

/** Where a new notice goes to the member's open tabs: the events service, which the caller hands in. */
export interface NoticePublisher {
  publish(event: { type: 'notice'; userId: string; notice: Notice }): Promise<void>;
}

/** Stores a notice and pushes it to the member's open tabs, on whichever instance holds them. */
export async function createNotice(db: Db, events: NoticePublisher, input: NewNotice): Promise<Notice> {
  const [row] = await db
    .insert(notices)
    .values({
      teamId: input.teamId,
      userId: input.userId,
      type: input.type,
      title: input.title.slice(0, 200),
      description: input.description?.slice(0, 1000) ?? null,
      avatar: input.avatar ?? null,
      status: input.status ?? null,
      link: input.link ?? null,
    })
    .returning();
  if (!row) {
    throw new Error('The notice was not stored.');
  }
  const notice = toNotice(row);
  await events.publish({ type: 'notice', userId: input.userId, notice });
  return notice;
}

/**
 * New Message Notification (SPEC §2.5): what a notice is about, each a switch the member keeps.
 * - account: their own account's security (password, second factor, phone sign-in);
 * - system: the product's news (a welcome, a member who joined, a video watched);
 * - todo: something to act on (a missed call or video message, a contact or demo request).
 */
export type NoticeCategory = 'account' | 'system' | 'todo';

const categorySwitch = {
  account: users.notifyAccount,
  system: users.notifySystem,
  todo: users.notifyTodo,
} as const satisfies Record<NoticeCategory, unknown>;

/**
 * A notice the server creates for a member, if they keep its category switched on: undefined when
 * they switched it off (or no longer exist). Every notice the server creates goes through here.
 */
export async function notifyMember(
  db: Db,
  events: NoticePublisher,
  input: NewNotice & { category: NoticeCategory },
): Promise<Notice | undefined> {
  const { category, ...notice } = input;
  const [member] = await db
    .select({ wanted: categorySwitch[category] })
    .from(users)
    .where(and(eq(users.id, input.userId), isNull(users.removedAt)));
  return member?.wanted ? createNotice(db, events, notice) : undefined;
}
