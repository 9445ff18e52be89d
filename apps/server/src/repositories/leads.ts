import type { ContactRequest, ContactRequestDetail, Lead, LeadKind, RequestReply, RequestStatus } from '@parley/api';
import { and, asc, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { leadReplies, leads } from '../db/schema';

type LeadRow = typeof leads.$inferSelect;

export function toLead(row: LeadRow): Lead {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    email: row.email,
    company: row.company,
    phone: row.phone,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface NewLead {
  /** The receiving team; null while the instance has none. */
  teamId: string | null;
  kind: LeadKind;
  name: string;
  email: string;
  company?: string | undefined;
  phone?: string | undefined;
  message: string;
}

export async function insertLead(db: Db, input: NewLead): Promise<LeadRow> {
  const [row] = await db
    .insert(leads)
    .values({
      teamId: input.teamId,
      kind: input.kind,
      name: input.name,
      email: input.email,
      company: input.company ?? null,
      phone: input.phone ?? null,
      message: input.message,
    })
    .returning();
  if (!row) {
    throw new Error('The lead was not stored.');
  }
  return row;
}

/** The team's leads, newest first, a page at a time. */
export async function listTeamLeads(
  db: Db,
  teamId: string,
  page: { current: number; pageSize: number },
): Promise<{ list: Lead[]; total: number }> {
  const where = eq(leads.teamId, teamId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(leads)
      .where(where)
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(page.pageSize)
      .offset((page.current - 1) * page.pageSize),
    db.select({ value: count() }).from(leads).where(where),
  ]);
  return { list: rows.map(toLead), total: total?.value ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// Requests: the leads as the receiving team's admins work them (`/api/requests`).

type LeadReplyRow = typeof leadReplies.$inferSelect;
type RequestRow = LeadRow & { repliedAt: Date | null };

/** The time of a lead's latest reply, in the same select as the lead. */
// Spelled out in full: drizzle leaves a column of the outer table unqualified, which inside the
// subquery would name the reply's own `id`.
const lastRepliedAt = sql<Date | null>`(select max("lead_replies"."created_at") from "lead_replies" where "lead_replies"."lead_id" = "leads"."id")`;

function toRequest(row: RequestRow): ContactRequest {
  // The subquery comes back as text on some drivers: make it a Date either way.
  const repliedAt = row.repliedAt === null ? null : new Date(row.repliedAt);
  return { ...toLead(row), status: row.status, repliedAt: repliedAt?.toISOString() ?? null };
}

function toReply(row: LeadReplyRow): RequestReply {
  return { id: row.id, text: row.text, authorName: row.authorName, createdAt: row.createdAt.toISOString() };
}

/** The team's requests, newest first, a page at a time, of one status when asked. */
export async function listTeamRequests(
  db: Db,
  teamId: string,
  query: { current: number; pageSize: number; status?: RequestStatus | undefined },
): Promise<{ list: ContactRequest[]; total: number }> {
  const where = and(eq(leads.teamId, teamId), query.status ? eq(leads.status, query.status) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...getTableColumns(leads), repliedAt: lastRepliedAt })
      .from(leads)
      .where(where)
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(query.pageSize)
      .offset((query.current - 1) * query.pageSize),
    db.select({ value: count() }).from(leads).where(where),
  ]);
  return { list: rows.map(toRequest), total: total?.value ?? 0 };
}

/** One of the team's requests with its replies, oldest first; null when it is not the team's. */
export async function findTeamRequest(db: Db, teamId: string, id: string): Promise<ContactRequestDetail | null> {
  const [row] = await db
    .select({ ...getTableColumns(leads), repliedAt: lastRepliedAt })
    .from(leads)
    .where(and(eq(leads.id, id), eq(leads.teamId, teamId)));
  if (!row) {
    return null;
  }
  const replies = await db
    .select()
    .from(leadReplies)
    .where(eq(leadReplies.leadId, id))
    .orderBy(asc(leadReplies.createdAt), asc(leadReplies.id));
  return { ...toRequest(row), replies: replies.map(toReply) };
}

/**
 * Sets a request's status in one conditional statement: only the team's request, and with `from`
 * only while its status is still that, so of two admins racing from the same status the first
 * wins and the second is told. Answers whether a row changed.
 */
export async function setRequestStatus(
  db: Db,
  teamId: string,
  id: string,
  change: { status: RequestStatus; from?: RequestStatus | undefined },
): Promise<boolean> {
  const changed = await db
    .update(leads)
    .set({ status: change.status })
    .where(and(eq(leads.id, id), eq(leads.teamId, teamId), change.from ? eq(leads.status, change.from) : undefined))
    .returning({ id: leads.id });
  return changed.length > 0;
}

/**
 * Stores a reply and marks the request replied, together; answers null when the request is not
 * the team's. The status is set in the same statement that checks the team, so a close that lands
 * after is kept and one that landed before is overridden by the newer reply.
 */
export async function addRequestReply(
  db: Db,
  teamId: string,
  id: string,
  reply: { authorId: string; authorName: string; text: string },
): Promise<LeadRow | null> {
  return db.transaction(async (transaction) => {
    const [lead] = await transaction
      .update(leads)
      .set({ status: 'replied' })
      .where(and(eq(leads.id, id), eq(leads.teamId, teamId)))
      .returning();
    if (!lead) {
      return null;
    }
    await transaction.insert(leadReplies).values({ leadId: id, ...reply });
    return lead;
  });
}
