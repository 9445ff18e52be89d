import type { Lead, LeadKind } from '@parley/api';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { leads } from '../db/schema';

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
