import type { CurrentUser, Member, Role, TeamMember } from '@parley/api';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { teams, users } from '../db/schema';
import { onlineSql } from '../services/presence';
import { noticeCountColumns } from './notices';

export type UserRow = typeof users.$inferSelect;

const active = isNull(users.removedAt);
/** Rows that are a person's account: not removed, and not an invitation to an address taken elsewhere. */
const account = and(active, eq(users.addressTaken, false));

/** The account registered with this address (removed members and taken-address invitations are none). */
/**
 * `GET /api/currentUser` in one statement, prepared once per database: the member, their team and
 * their notices' counts (three queries and round trips before).
 */
function currentUserStatement(db: Db) {
  return db
    .select({
      user: users,
      team: { id: teams.id, name: teams.name },
      ...noticeCountColumns(users.id),
    })
    .from(users)
    .innerJoin(teams, eq(teams.id, users.teamId))
    .where(and(eq(users.id, sql.placeholder('userId')), active))
    .prepare('current_user');
}
const currentUserStatements = new WeakMap<Db, ReturnType<typeof currentUserStatement>>();

/** The signed-in member as SPEC §3 shows them, or undefined once removed. */
export async function findCurrentUser(db: Db, userId: string): Promise<CurrentUser | undefined> {
  let statement = currentUserStatements.get(db);
  if (!statement) {
    statement = currentUserStatement(db);
    currentUserStatements.set(db, statement);
  }
  const [row] = await statement.execute({ userId });
  return row && toCurrentUser(row.user, row.team, { total: row.total, unread: row.unread });
}

export async function findActiveUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), account));
  return user;
}

export async function findActiveUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.phone, phone), account));
  return user;
}

/** Whether the team already lists this address (a member, or an invitation of any kind). */
export async function teamListsEmail(db: Db, teamId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.teamId, teamId), eq(users.email, email), active))
    .limit(1);
  return row !== undefined;
}

export async function findUser(db: Db, id: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), active));
  return user;
}

/** A member of this team only: another team's member does not exist for the caller. */
export async function findTeamUser(db: Db, teamId: string, id: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.teamId, teamId), eq(users.id, id), active));
  return user;
}

export async function insertUser(
  db: Db,
  values: {
    teamId: string;
    email: string;
    name: string;
    passwordHash: string;
    role: Role;
    firstLogin: boolean;
    phone?: string | null;
    addressTaken?: boolean;
  },
): Promise<UserRow> {
  const [user] = await db.insert(users).values(values).returning();
  if (!user) {
    throw new Error('The member was not stored.');
  }
  return user;
}

/**
 * What the Support team list shows beside each member, as columns of the one list query (no query
 * per member). The names are written out whole: inside a subquery drizzle's bare column names
 * would be the subquery table's.
 * - online: as presence computes it (a socket heard of lately).
 * - last seen: the latest heartbeat of an open tab, else the latest sign-in (a session issued);
 *   presence rows go when the tab closes, so a member with no tab open shows their last sign-in.
 * - calls this week: calls they answered that came in since Monday 00:00 UTC (the ISO week), read
 *   from the `(team_id, incoming_at, …, received_by)` index.
 */
const teamMemberColumns = {
  online: onlineSql,
  lastSeenAt: sql<Date | string | null>`greatest(
    (select max(presence_connections.seen_at) from presence_connections where presence_connections.user_id = users.id),
    (select max(sessions.created_at) from sessions where sessions.user_id = users.id)
  )`,
  callsThisWeek: sql<number>`(
    select count(*) from calls
    where calls.team_id = users.team_id
      and calls.incoming_at >= date_trunc('week', now() at time zone 'UTC') at time zone 'UTC'
      and calls.received_by = users.id
  )`.mapWith(Number),
};

export type TeamUserRow = UserRow & { online: boolean; lastSeenAt: Date | string | null; callsThisWeek: number };

export async function listTeamUsers(
  db: Db,
  teamId: string,
  page: { current: number; pageSize: number },
): Promise<{ list: TeamUserRow[]; total: number }> {
  const where = and(eq(users.teamId, teamId), active);
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, ...teamMemberColumns })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), users.id)
      .limit(page.pageSize)
      .offset((page.current - 1) * page.pageSize),
    db.select({ value: count() }).from(users).where(where),
  ]);
  const list = rows.map(({ user, ...extra }) => ({ ...user, ...extra }));
  return { list, total: total?.value ?? 0 };
}

/**
 * Locks the team's active admins (not disabled, not removed) until the transaction ends and answers
 * their ids. A change that could leave the team without an admin is checked and made under this
 * lock: two admins demoting, disabling or removing each other at once are served one after the
 * other, and the second sees the first's change (PostgreSQL re-reads a locked row that changed).
 */
export async function lockActiveAdmins(db: Db, teamId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.teamId, teamId), eq(users.role, 'admin'), eq(users.disabled, false), account))
    .for('update');
  return rows.map((row) => row.id);
}

export async function listTeamAdmins(db: Db, teamId: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.teamId, teamId), eq(users.role, 'admin'), eq(users.disabled, false), account));
}

export async function updateUser(db: Db, id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow> {
  const [user] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  if (!user) {
    throw new Error('The member was not updated.');
  }
  return user;
}

/**
 * A new one-time password for an invitation still open (never signed in, not removed): undefined
 * when a sign-in landed first, which keeps the password the member chose.
 */
export async function renewInvitation(db: Db, id: string, passwordHash: string): Promise<UserRow | undefined> {
  const [user] = await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, id), eq(users.firstLogin, true), active))
    .returning();
  return user;
}

export function toMember(user: UserRow): Member {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    phone: user.phone,
    avatar: user.avatar,
    firstLogin: user.firstLogin,
    disabled: user.disabled,
    createdAt: user.createdAt.toISOString(),
  };
}

/** A member as the Support team list shows them. */
export function toTeamMember(row: TeamUserRow): TeamMember {
  return {
    ...toMember(row),
    availability: row.online ? row.availability : 'offline',
    lastSeenAt: row.lastSeenAt === null ? null : new Date(row.lastSeenAt).toISOString(),
    callsThisWeek: row.callsThisWeek,
  };
}

/** SPEC §3's current-user shape with the member's own values. */
function toCurrentUser(
  user: UserRow,
  team: { id: string; name: string },
  counts: { total: number; unread: number },
): CurrentUser {
  return {
    userid: user.id,
    name: user.name,
    avatar: user.avatar,
    email: user.email,
    signature: user.signature,
    title: user.title,
    group: user.groupName,
    tags: user.tags,
    notifyCount: counts.total,
    unreadCount: counts.unread,
    country: user.country,
    geographic: {
      province: { key: user.province, label: user.province },
      city: { key: user.city, label: user.city },
    },
    address: user.address,
    phone: user.phone ?? '',
    access: user.role,
    team: { id: team.id, name: team.name },
  };
}
