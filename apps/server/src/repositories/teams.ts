import { eq } from 'drizzle-orm';
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
