import { DEFAULT_PREFERENCES, type Preferences, type UpdatePreferencesRequest } from '@parley/api';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userPreferences } from '../db/schema';

type Row = typeof userPreferences.$inferSelect;

function toPreferences(row: Row | undefined): Preferences {
  if (!row) {
    return DEFAULT_PREFERENCES;
  }
  return {
    language: row.language,
    theme: row.theme,
    timeZone: row.timeZone,
    dateFormat: row.dateFormat,
    pageSize: row.pageSize,
    ringSound: row.ringSound,
    ringVolume: row.ringVolume,
    desktopNotifications: row.desktopNotifications,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The member's preferences; the defaults when they changed nothing yet. */
export async function findPreferences(db: Db, userId: string): Promise<Preferences> {
  const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
  return toPreferences(row);
}

/**
 * Changes the given preferences in one statement (insert, or update of those columns only): two
 * changes at once to different preferences both stay, whichever lands first.
 */
export async function updatePreferences(
  db: Db,
  member: { userId: string; teamId: string },
  change: UpdatePreferencesRequest,
): Promise<Preferences> {
  const values = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) as Partial<
    typeof userPreferences.$inferInsert
  >;
  const [row] = await db
    .insert(userPreferences)
    .values({ userId: member.userId, teamId: member.teamId, ...values })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return toPreferences(row);
}
