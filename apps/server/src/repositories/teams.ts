import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { teams } from '../db/schema';

export async function createTeam(db: Db, name: string) {
  const [team] = await db.insert(teams).values({ name }).returning();
  if (!team) {
    throw new Error('The team was not stored.');
  }
  return team;
}

export async function findTeam(db: Db, id: string) {
  const [team] = await db.select().from(teams).where(eq(teams.id, id));
  return team;
}

/** The first team made on this instance: the operator's own, as a rule. */
export async function findOldestTeam(db: Db) {
  const [team] = await db.select().from(teams).orderBy(asc(teams.createdAt), asc(teams.id)).limit(1);
  return team;
}

/** Renames a team; the answer is the team as stored. */
export async function renameTeam(db: Db, id: string, name: string) {
  const [team] = await db.update(teams).set({ name }).where(eq(teams.id, id)).returning();
  if (!team) {
    throw new Error('The team was not renamed.');
  }
  return team;
}
