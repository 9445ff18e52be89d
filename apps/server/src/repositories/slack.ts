import type { SlackSettings } from '@parley/api';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { directoryUsers, integrations, users } from '../db/schema';
import type { SlackPersonRow, SlackWorkspace } from '../services/slack';

/** The team's Slack token as stored: sealed (see lib/token-cipher), never sent anywhere. */
export interface SlackIntegration {
  tokenSecret: string;
  tokenLast4: string;
  workspaceId: string;
}

export async function findSlackIntegration(db: Db, teamId: string): Promise<SlackIntegration | undefined> {
  const [row] = await db
    .select({
      tokenSecret: integrations.tokenSecret,
      tokenLast4: integrations.tokenLast4,
      workspaceId: integrations.workspaceId,
    })
    .from(integrations)
    .where(and(eq(integrations.teamId, teamId), eq(integrations.kind, 'slack')));
  return row;
}

/**
 * The team's Slack settings as the screen shows them: the token's last 4 characters, and the
 * latest sync's people, each matched to the member (not removed) whose e-mail address is theirs.
 */
export async function slackSettings(db: Db, teamId: string): Promise<SlackSettings> {
  const [integration] = await db
    .select({
      tokenLast4: integrations.tokenLast4,
      workspace: integrations.workspaceName,
      savedAt: integrations.savedAt,
      syncedAt: integrations.syncedAt,
    })
    .from(integrations)
    .where(and(eq(integrations.teamId, teamId), eq(integrations.kind, 'slack')));
  if (!integration) {
    return {
      connected: false,
      tokenLast4: null,
      workspace: null,
      savedAt: null,
      syncedAt: null,
      matched: [],
      unmatched: [],
    };
  }
  const people = await db
    .select({
      slackId: directoryUsers.slackId,
      name: directoryUsers.name,
      email: directoryUsers.email,
      memberId: users.id,
      memberName: users.name,
    })
    .from(directoryUsers)
    .leftJoin(
      users,
      and(eq(users.teamId, directoryUsers.teamId), eq(users.email, directoryUsers.email), isNull(users.removedAt)),
    )
    .where(eq(directoryUsers.teamId, teamId))
    .orderBy(asc(directoryUsers.name), asc(directoryUsers.slackId));
  const settings: SlackSettings = {
    connected: true,
    tokenLast4: integration.tokenLast4,
    workspace: integration.workspace,
    savedAt: integration.savedAt.toISOString(),
    syncedAt: integration.syncedAt?.toISOString() ?? null,
    matched: [],
    unmatched: [],
  };
  for (const { memberId, memberName, ...person } of people) {
    if (memberId && memberName !== null) {
      settings.matched.push({ ...person, member: { id: memberId, name: memberName } });
    } else {
      settings.unmatched.push(person);
    }
  }
  return settings;
}

/**
 * Stores a token `auth.test` accepted. A token of another workspace than the saved one's drops the
 * old workspace's sync result (its people are not this workspace's).
 */
export async function saveSlackIntegration(
  db: Db,
  teamId: string,
  token: { sealed: string; last4: string; workspace: SlackWorkspace; savedBy: string },
): Promise<void> {
  await db.transaction(async (transaction) => {
    const [previous] = await transaction
      .select({ workspaceId: integrations.workspaceId })
      .from(integrations)
      .where(and(eq(integrations.teamId, teamId), eq(integrations.kind, 'slack')))
      .for('update');
    const otherWorkspace = previous !== undefined && previous.workspaceId !== token.workspace.id;
    const values = {
      tokenSecret: token.sealed,
      tokenLast4: token.last4,
      workspaceId: token.workspace.id,
      workspaceName: token.workspace.name,
      savedBy: token.savedBy,
      savedAt: new Date(),
    };
    await transaction
      .insert(integrations)
      .values({ teamId, kind: 'slack', ...values })
      .onConflictDoUpdate({
        target: [integrations.teamId, integrations.kind],
        set: otherWorkspace ? { ...values, syncedAt: null } : values,
      });
    if (otherWorkspace) {
      await transaction.delete(directoryUsers).where(eq(directoryUsers.teamId, teamId));
    }
  });
}

/** Rows a statement inserts at a time (4 parameters each, far under PostgreSQL's 65,535). */
const INSERT_CHUNK = 1000;

/**
 * Replaces the team's sync result as a whole with the people read with the token sealed as
 * `tokenSecret`, under the integration row's lock: two syncs at once store one after the other,
 * each whole. Nothing is stored (false) when the token changed while Slack was read.
 */
export async function storeSlackSync(
  db: Db,
  teamId: string,
  tokenSecret: string,
  people: SlackPersonRow[],
): Promise<boolean> {
  return db.transaction(async (transaction) => {
    const [current] = await transaction
      .select({ tokenSecret: integrations.tokenSecret })
      .from(integrations)
      .where(and(eq(integrations.teamId, teamId), eq(integrations.kind, 'slack')))
      .for('update');
    if (current?.tokenSecret !== tokenSecret) {
      return false;
    }
    await transaction.delete(directoryUsers).where(eq(directoryUsers.teamId, teamId));
    // Slack lists a person once; a repeat across pages (a list that changed while read) is stored once.
    const unique = [...new Map(people.map((person) => [person.slackId, person])).values()];
    for (let start = 0; start < unique.length; start += INSERT_CHUNK) {
      await transaction
        .insert(directoryUsers)
        .values(unique.slice(start, start + INSERT_CHUNK).map((person) => ({ teamId, ...person })));
    }
    await transaction
      .update(integrations)
      .set({ syncedAt: new Date() })
      .where(and(eq(integrations.teamId, teamId), eq(integrations.kind, 'slack')));
    return true;
  });
}
