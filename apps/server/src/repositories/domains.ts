import { type Domain, MAX_DOMAINS } from '@parley/api';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { domains, teams, users } from '../db/schema';

/** The team's allowed origins, oldest first, with who added each. */
export async function listTeamDomains(db: Db, teamId: string): Promise<Domain[]> {
  const rows = await db
    .select({ id: domains.id, origin: domains.origin, addedBy: users.name, createdAt: domains.createdAt })
    .from(domains)
    .leftJoin(users, eq(users.id, domains.addedBy))
    .where(eq(domains.teamId, teamId))
    .orderBy(asc(domains.createdAt), asc(domains.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/**
 * Allows one more origin. The team's row is locked while the origins are counted, so two admins
 * adding at once never take the team past MAX_DOMAINS; the unique index answers an origin that is
 * on the list already (whoever stored it first).
 */
export async function addTeamDomain(
  db: Db,
  teamId: string,
  origin: string,
  member: { id: string; name: string },
): Promise<{ added: Domain } | { refused: 'taken' | 'full' }> {
  return db.transaction(async (transaction) => {
    await transaction.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('update');
    const [counted] = await transaction.select({ total: count() }).from(domains).where(eq(domains.teamId, teamId));
    if ((counted?.total ?? 0) >= MAX_DOMAINS) {
      return { refused: 'full' as const };
    }
    const [row] = await transaction
      .insert(domains)
      .values({ teamId, origin, addedBy: member.id })
      .onConflictDoNothing()
      .returning({ id: domains.id, origin: domains.origin, createdAt: domains.createdAt });
    if (!row) {
      return { refused: 'taken' as const };
    }
    return { added: { ...row, addedBy: member.name, createdAt: row.createdAt.toISOString() } };
  });
}

/** Removes one of the team's origins; false when the team has no such row. */
export async function removeTeamDomain(db: Db, teamId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(domains)
    .where(and(eq(domains.teamId, teamId), eq(domains.id, id)))
    .returning({ id: domains.id });
  return removed.length > 0;
}

/** The key the team's embed tag names it by. */
export async function teamWidgetKey(db: Db, teamId: string): Promise<string | undefined> {
  const [row] = await db.select({ widgetKey: teams.widgetKey }).from(teams).where(eq(teams.id, teamId));
  return row?.widgetKey;
}

/** A new widget key for the team: the old one stops naming it at once. */
export async function renewTeamWidgetKey(db: Db, teamId: string): Promise<string | undefined> {
  const [row] = await db
    .update(teams)
    .set({ widgetKey: crypto.randomUUID().replaceAll('-', '') })
    .where(eq(teams.id, teamId))
    .returning({ widgetKey: teams.widgetKey });
  return row?.widgetKey;
}

/** The team a widget key names, with the origins its widget may run on; undefined for no team. */
export async function findWidgetTeam(
  db: Db,
  widgetKey: string,
): Promise<{ id: string; name: string; origins: string[] } | undefined> {
  // One round trip: every visitor's session and call asks this.
  const [team] = await db
    .select({
      id: teams.id,
      name: teams.name,
      origins: sql<string[]>`coalesce(array_agg(${domains.origin}) filter (where ${domains.origin} is not null), '{}')`,
    })
    .from(teams)
    .leftJoin(domains, eq(domains.teamId, teams.id))
    .where(eq(teams.widgetKey, widgetKey))
    .groupBy(teams.id);
  return team;
}
