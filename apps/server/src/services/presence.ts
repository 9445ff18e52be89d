import { randomUUID } from 'node:crypto';
import type { Availability, MemberPresence } from '@parley/api';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { presenceConnections, users } from '../db/schema';
import type { Events } from './events';

/** How often an instance tells the database its sockets are still open. */
export const PRESENCE_HEARTBEAT_MS = 20_000;
/** A socket not heard of for this long is gone (its instance stopped without closing it). */
export const PRESENCE_STALE_SECONDS = 60;

/** The moment before which a socket not heard of is gone, as SQL (a constant: no parameter). */
const staleBefore = sql.raw(`now() - interval '${PRESENCE_STALE_SECONDS} seconds'`);

/**
 * Whether the member has a socket heard of lately, as SQL over `users`. The names are written out
 * whole: drizzle writes a column in a `sql` template without its table, and inside this subquery a
 * bare "id" would be the connection's.
 */
export const onlineSql = sql<boolean>`exists (
  select 1 from presence_connections
  where presence_connections.user_id = users.id and presence_connections.seen_at > ${staleBefore}
)`;

const presenceColumns = { userId: users.id, chosen: users.availability, online: onlineSql };

function asPresence(row: { userId: string; chosen: Availability; online: boolean }): MemberPresence {
  return { userId: row.userId, chosen: row.chosen, availability: row.online ? row.chosen : 'offline' };
}

/**
 * Members' availability (ARCHITECTURE §2, issue 16): what each chose, kept on their row, and one
 * row per open socket on any server instance, refreshed by the instance's heartbeat. A change is
 * announced to the team through the events (LISTEN/NOTIFY), so every instance's sockets hear it.
 */
export function createPresence(db: () => Db, events: Events) {
  const instanceId = randomUUID();

  async function find(userId: string): Promise<MemberPresence | undefined> {
    const [row] = await db().select(presenceColumns).from(users).where(eq(users.id, userId));
    return row ? asPresence(row) : undefined;
  }

  /** Tells the member's team what the member's availability is now, and answers it. */
  async function announce(teamId: string, userId: string): Promise<MemberPresence | undefined> {
    const presence = await find(userId);
    if (presence) {
      await events.publish({ type: 'presence', teamId, presence });
    }
    return presence;
  }

  return {
    instanceId,
    find,
    /** Every member of the team who has not been removed. */
    async list(teamId: string): Promise<MemberPresence[]> {
      const rows = await db()
        .select(presenceColumns)
        .from(users)
        .where(and(eq(users.teamId, teamId), isNull(users.removedAt)))
        .orderBy(users.createdAt, users.id);
      return rows.map(asPresence);
    },
    /** The member's own choice: kept across tabs and devices, and announced. */
    async choose(teamId: string, userId: string, availability: Availability): Promise<MemberPresence | undefined> {
      await db().update(users).set({ availability }).where(eq(users.id, userId));
      return announce(teamId, userId);
    },
    /** A socket of the member opened on this instance: answers its id, for `disconnect`. */
    async connect(teamId: string, userId: string): Promise<string> {
      const [row] = await db()
        .insert(presenceConnections)
        .values({ teamId, userId, instanceId })
        .returning({ id: presenceConnections.id });
      if (!row) {
        throw new Error('The presence row was not stored.');
      }
      await announce(teamId, userId);
      return row.id;
    },
    /** The socket closed: when it was the member's last, the team hears they are offline. */
    async disconnect(id: string): Promise<void> {
      const [row] = await db()
        .delete(presenceConnections)
        .where(eq(presenceConnections.id, id))
        .returning({ teamId: presenceConnections.teamId, userId: presenceConnections.userId });
      if (row) {
        await announce(row.teamId, row.userId);
      }
    },
    /**
     * The heartbeat: this instance's sockets are still open; sockets of instances that stopped
     * without closing them are gone, and their members' teams hear of it. Answers those members.
     */
    async beat(): Promise<string[]> {
      await db()
        .update(presenceConnections)
        .set({ seenAt: sql`now()` })
        .where(eq(presenceConnections.instanceId, instanceId));
      const gone = await db()
        .delete(presenceConnections)
        .where(sql`${presenceConnections.seenAt} <= ${staleBefore}`)
        .returning({ teamId: presenceConnections.teamId, userId: presenceConnections.userId });
      const members = new Map(gone.map((row) => [row.userId, row.teamId]));
      for (const [userId, teamId] of members) {
        await announce(teamId, userId);
      }
      return [...members.keys()];
    },
    /** This instance stops: its sockets are gone. */
    async close(): Promise<void> {
      const gone = await db()
        .delete(presenceConnections)
        .where(eq(presenceConnections.instanceId, instanceId))
        .returning({ teamId: presenceConnections.teamId, userId: presenceConnections.userId });
      for (const row of gone) {
        await announce(row.teamId, row.userId).catch(() => {});
      }
    },
  };
}
export type Presence = ReturnType<typeof createPresence>;
