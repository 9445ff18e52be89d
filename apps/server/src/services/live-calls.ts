import { randomBytes } from 'node:crypto';
import {
  EARLIER_CALLS_SHOWN,
  type EarlierCall,
  ERROR_CODES,
  type LiveCall,
  type LiveCallList,
  type LiveCallState,
  type VisitorCall,
  type VisitorMenuItem,
} from '@parley/api';
import { and, asc, desc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { callDeclines, calls, users } from '../db/schema';
import { AppError, notFound } from '../lib/errors';
import { notifyMember } from '../repositories/notices';
import type { Events } from './events';
import { onlineSql } from './presence';

/** How many of the team's latest answered calls the visitor's estimated wait is drawn from. */
export const ESTIMATE_FROM_CALLS = 50;
/** How often each instance ends the calls whose ring time ran out (a crashed instance's included). */
export const RING_SWEEP_MS = 1000;
/** A live call's side gone this long (its socket or every tab closed) has left the call. */
export const CALL_GONE_SECONDS = 30;
/** A queue change heard within this many milliseconds is read once for every visitor waiting. */
const QUEUE_READ_DELAY_MS = 25;

/** What a visitor tells before calling, checked by the contract; null where left empty. */
export interface CallerInput {
  menuItem: VisitorMenuItem;
  name: string | null;
  email: string | null;
  phone: string | null;
}

/** Whole seconds from `from` to now, as SQL over `calls` (unqualified: only in UPDATE … SET). */
const secondsSince = (column: 'incoming_at' | 'received_at') =>
  sql.raw(`greatest(0, floor(extract(epoch from now() - ${column})))::integer`);

/**
 * A member of `team` who would hear a call ring, as SQL over `users`: active, Available, with a
 * Parley tab open. Written out whole (drizzle leaves a `sql` column unqualified, and inside the
 * subqueries that use it a bare name would be the wrong table's).
 */
const hearsRings = (team: SQL | string) => sql`users.team_id = ${team} and users.removed_at is null
  and users.disabled = false and users.availability = 'available' and ${onlineSql}`;

/** Someone of the call's team who would hear it ring and has not declined it. */
const someoneToRing = sql`exists (
  select 1 from users
  where ${hearsRings(sql.raw('calls.team_id'))}
    and not exists (
      select 1 from call_declines where call_declines.call_id = calls.id and call_declines.user_id = users.id
    )
)`;

const receiver = users;
const liveColumns = {
  id: calls.id,
  teamId: calls.teamId,
  serialNumber: calls.serialNumber,
  liveState: calls.liveState,
  menuItem: calls.menuItem,
  callerName: calls.callerName,
  callerEmail: calls.callerEmail,
  callerContact: calls.callerContact,
  incomingAt: calls.incomingAt,
  ringsUntil: calls.ringsUntil,
  receivedAt: calls.receivedAt,
  endedAt: calls.endedAt,
  receivedById: calls.receivedBy,
  receivedByName: receiver.name,
};
type LiveRow = {
  id: string;
  teamId: string;
  serialNumber: number;
  liveState: 'ringing' | 'connected' | null;
  menuItem: VisitorMenuItem | null;
  callerName: string;
  callerEmail: string | null;
  callerContact: string | null;
  incomingAt: Date;
  ringsUntil: Date | null;
  receivedAt: Date | null;
  endedAt: Date | null;
  receivedById: string | null;
  receivedByName: string | null;
};

function stateOf(row: Pick<LiveRow, 'liveState' | 'receivedAt'>): LiveCallState {
  return row.liveState ?? (row.receivedAt ? 'ended' : 'missed');
}

function asLiveCall(row: LiveRow): LiveCall {
  return {
    id: row.id,
    serialNumber: row.serialNumber,
    state: stateOf(row),
    menuItem: row.menuItem,
    callerName: row.callerName,
    callerEmail: row.callerEmail,
    callerContact: row.callerContact,
    incomingAt: row.incomingAt.toISOString(),
    ringsUntil: (row.ringsUntil ?? row.incomingAt).toISOString(),
    receivedBy: row.receivedById ? { id: row.receivedById, name: row.receivedByName ?? '' } : null,
    receivedAt: row.receivedAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

/** The team's ringing calls in the order members should take them, and what an estimate needs. */
export interface Queue {
  ringing: string[];
  /** The mean hold time of the team's latest answered calls; null when it has none. */
  averageHoldSeconds: number | null;
  /** Members who would hear a call ring now. */
  available: number;
}

/** The visitor's place in line (1 = next) and their estimated wait; nulls when not ringing. */
export function placeInLine(queue: Queue, callId: string): Pick<VisitorCall, 'position' | 'estimatedWaitSeconds'> {
  const index = queue.ringing.indexOf(callId);
  if (index < 0) {
    return { position: null, estimatedWaitSeconds: null };
  }
  const position = index + 1;
  // Each available member takes one call at a time: the visitor waits for the calls ahead of them
  // to be shared out, each taking about the team's usual hold time.
  const rounds = Math.ceil(position / Math.max(1, queue.available));
  const estimatedWaitSeconds = queue.averageHoldSeconds === null ? null : Math.round(queue.averageHoldSeconds * rounds);
  return { position, estimatedWaitSeconds };
}

/**
 * Calls as they happen (issue 16, ARCHITECTURE §3 and §6): a visitor's call rings the team's
 * available members; the first to answer takes it (one conditional UPDATE, whichever instance each
 * answer reaches); it is missed when its ring time runs out, everyone declined, or the visitor
 * hangs up first; it ends when either side hangs up. Every change goes to the team (and the
 * visitor) through the events, as `live` messages.
 */
export function createLiveCalls(
  db: () => Db,
  events: Events,
  options: { ringSeconds: number; onError?: (error: unknown) => void },
) {
  async function find(callId: string, teamId?: string): Promise<LiveRow | undefined> {
    const [row] = await db()
      .select(liveColumns)
      .from(calls)
      .leftJoin(receiver, eq(receiver.id, calls.receivedBy))
      .where(and(eq(calls.id, callId), teamId ? eq(calls.teamId, teamId) : undefined));
    return row as LiveRow | undefined;
  }

  /** Reads the call as it is now and tells its team (and its visitor). */
  async function announce(callId: string): Promise<LiveCall | undefined> {
    const row = await find(callId);
    if (!row) {
      return undefined;
    }
    const call = asLiveCall(row);
    await events.publish({ type: 'live', teamId: row.teamId, call });
    return call;
  }

  /** Every active member of the team gets a notice about the call (the header's bell, live). */
  async function noticeAll(
    call: LiveCall,
    teamId: string,
    notice: { title: (from: string) => string; link: string },
  ): Promise<void> {
    const members = await db()
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.teamId, teamId), isNull(users.removedAt), eq(users.disabled, false)));
    const from = call.callerName.trim() || 'a visitor';
    const contact = [call.callerEmail, call.callerContact].filter(Boolean).join(' · ');
    for (const member of members) {
      await notifyMember(db(), events, {
        category: 'todo',
        teamId,
        userId: member.id,
        type: 'notification',
        title: notice.title(from),
        ...(contact ? { description: contact } : {}),
        link: notice.link,
      });
    }
  }

  /**
   * A call was missed: every active member gets a notice that opens the Missed calls tab; a call
   * made to leave a message (the menu's "Leave a video message") waits for its message instead. A
   * notice that fails is logged by the caller, not fatal.
   */
  async function noticeMissed(call: LiveCall, teamId: string): Promise<void> {
    if (call.menuItem === 'message') {
      return;
    }
    await noticeAll(call, teamId, { title: (from) => `Missed call from ${from}`, link: '/call-history?tab=missed' });
  }

  /** Announces a call that just became missed, and tells the team's members. */
  async function announceMissed(callId: string): Promise<LiveCall | undefined> {
    const row = await find(callId);
    if (!row) {
      return undefined;
    }
    const call = asLiveCall(row);
    await events.publish({ type: 'live', teamId: row.teamId, call });
    await noticeMissed(call, row.teamId).catch((error: unknown) => options.onError?.(error));
    return call;
  }

  async function queue(teamId: string): Promise<Queue> {
    const { rows } = (await db().execute(sql`
      select
        array(
          select calls.id from calls
          where calls.team_id = ${teamId} and calls.live_state = 'ringing'
          order by calls.incoming_at, calls.serial_number
        ) as ringing,
        (select avg(recent.hold_seconds)::float8 from (
          select hold_seconds from calls
          where calls.team_id = ${teamId} and calls.received_at is not null
          order by calls.incoming_at desc limit ${ESTIMATE_FROM_CALLS}
        ) as recent) as average,
        (select count(*)::integer from users where ${hearsRings(teamId)}) as available
    `)) as unknown as { rows: Array<{ ringing: string[]; average: number | null; available: number }> };
    const stats = rows[0];
    return {
      ringing: stats?.ringing ?? [],
      averageHoldSeconds: stats?.average ?? null,
      available: stats?.available ?? 0,
    };
  }

  async function visitorView(row: LiveRow): Promise<VisitorCall> {
    const state = stateOf(row);
    const place = state === 'ringing' ? placeInLine(await queue(row.teamId), row.id) : placeInLine(EMPTY_QUEUE, '');
    return {
      id: row.id,
      state,
      ...place,
      ringsUntil: (row.ringsUntil ?? row.incomingAt).toISOString(),
      memberName: row.receivedByName,
    };
  }

  /** Another member answered the call first: the answer names them. */
  function takenBy(row: LiveRow): AppError {
    return new AppError(409, ERROR_CODES.callTaken, `${row.receivedByName ?? 'Another member'} answered this call.`);
  }

  /** A call no longer rings nor runs: missed (never answered) or ended. */
  function over(row: LiveRow): AppError {
    return new AppError(
      409,
      ERROR_CODES.callOver,
      row.receivedAt ? 'This call has ended.' : 'This call no longer rings: the caller hung up or it was missed.',
    );
  }

  return {
    find,
    queue,
    visitorView,

    /**
     * The visitor calls: the call's row, ringing, or missed at once when nobody can answer. Its
     * serial number is the team's next, taken in one short statement (the team row's lock is held
     * only while it runs), never below the highest the team has stored.
     */
    async start(teamId: string, input: CallerInput): Promise<{ call: LiveCall; visitor: VisitorCall }> {
      // One statement (one round trip): the next serial number (greatest of the team's counter and
      // its highest stored serial, so calls stored otherwise are never numbered again), whether
      // anyone can answer, and the call's row. A visitor who came to leave a message rings nobody.
      const rings = input.menuItem === 'call' ? sql`anyone.ringing` : sql`false`;
      const { rows } = (await db().execute(sql`
        with reserved as (
          update teams set call_serial = greatest(teams.call_serial, (
            select coalesce(max(calls.serial_number), 0) from calls where calls.team_id = ${teamId}
          )) + 1
          where teams.id = ${teamId}
          returning teams.call_serial
        ), anyone as (
          select exists (select 1 from users where ${hearsRings(teamId)}) as ringing
        )
        insert into calls (
          team_id, serial_number, incoming_at, player_id, caller_name, caller_email, caller_contact,
          hold_seconds, menu_item, live_state, rings_until, ended_at
        )
        select
          ${teamId}, reserved.call_serial, now(), ${`v_${randomBytes(6).toString('hex')}`}, ${input.name ?? ''},
          ${input.email}, ${input.phone}, 0, ${input.menuItem},
          case when ${rings} then 'ringing' end,
          now() + make_interval(secs => ${options.ringSeconds}),
          case when ${rings} then null else now() end
        from reserved, anyone
        returning id, serial_number, live_state, incoming_at, rings_until, ended_at
      `)) as unknown as {
        rows: Array<{
          id: string;
          serial_number: number;
          live_state: 'ringing' | null;
          incoming_at: Date | string;
          rings_until: Date | string;
          ended_at: Date | string | null;
        }>;
      };
      const inserted = rows[0];
      if (!inserted) {
        throw notFound();
      }
      const row: LiveRow = {
        id: inserted.id,
        teamId,
        serialNumber: inserted.serial_number,
        liveState: inserted.live_state,
        menuItem: input.menuItem,
        callerName: input.name ?? '',
        callerEmail: input.email,
        callerContact: input.phone,
        incomingAt: new Date(inserted.incoming_at),
        ringsUntil: new Date(inserted.rings_until),
        receivedAt: null,
        endedAt: inserted.ended_at === null ? null : new Date(inserted.ended_at),
        receivedById: null,
        receivedByName: null,
      };
      const call = asLiveCall(row);
      await events.publish({ type: 'live', teamId, call });
      if (call.state === 'missed') {
        await noticeMissed(call, teamId).catch((error: unknown) => options.onError?.(error));
      }
      return { call, visitor: await visitorView(row) };
    },

    /** The same caller's latest earlier calls in the team, by e-mail or phone; undefined for no such call. */
    async earlier(teamId: string, callId: string): Promise<EarlierCall[] | undefined> {
      const [call] = await db()
        .select({ incomingAt: calls.incomingAt, email: calls.callerEmail, phone: calls.callerContact })
        .from(calls)
        .where(and(eq(calls.id, callId), eq(calls.teamId, teamId)));
      if (!call) {
        return undefined;
      }
      if (!call.email && !call.phone) {
        return [];
      }
      const rows = await db()
        .select({
          id: calls.id,
          serialNumber: calls.serialNumber,
          incomingAt: calls.incomingAt,
          answered: sql<boolean>`${calls.receivedAt} is not null`,
          receivedByName: receiver.name,
          durationSeconds: calls.durationSeconds,
          messageLeft: sql<boolean>`${calls.messageVideoId} is not null`,
        })
        .from(calls)
        .leftJoin(receiver, eq(receiver.id, calls.receivedBy))
        .where(
          and(
            eq(calls.teamId, teamId),
            sql`${calls.incomingAt} < ${call.incomingAt.toISOString()}`,
            or(
              call.email ? eq(calls.callerEmail, call.email) : undefined,
              call.phone ? eq(calls.callerContact, call.phone) : undefined,
            ),
          ),
        )
        .orderBy(desc(calls.incomingAt))
        .limit(EARLIER_CALLS_SHOWN);
      return rows.map((row) => ({ ...row, incomingAt: row.incomingAt.toISOString() }));
    },

    /** The team's ringing and connected calls, and those of them this member declined. */
    async list(teamId: string, userId: string): Promise<LiveCallList> {
      const rows = await db()
        .select(liveColumns)
        .from(calls)
        .leftJoin(receiver, eq(receiver.id, calls.receivedBy))
        .where(and(eq(calls.teamId, teamId), isNotNull(calls.liveState)))
        .orderBy(asc(calls.incomingAt), asc(calls.serialNumber));
      const declined = await db()
        .select({ id: callDeclines.callId })
        .from(callDeclines)
        .innerJoin(calls, eq(calls.id, callDeclines.callId))
        .where(and(eq(callDeclines.userId, userId), eq(calls.teamId, teamId), isNotNull(calls.liveState)));
      return { calls: (rows as LiveRow[]).map(asLiveCall), declined: declined.map((row) => row.id) };
    },

    /**
     * The member takes the call. One conditional UPDATE decides: exactly one of two members
     * answering at the same moment, on any instances, gets it; the other hears who did.
     */
    async answer(teamId: string, callId: string, userId: string): Promise<LiveCall> {
      const [taken] = await db()
        .update(calls)
        .set({
          liveState: 'connected',
          receivedBy: userId,
          receivedAt: sql`now()`,
          holdSeconds: secondsSince('incoming_at'),
          // A visitor whose socket never opened is as gone as one whose socket closed.
          callerLeftAt: sql`case when ${calls.callerSocket} is null then now() else ${calls.callerLeftAt} end`,
          memberLeftAt: null,
        })
        .where(
          and(
            eq(calls.id, callId),
            eq(calls.teamId, teamId),
            eq(calls.liveState, 'ringing'),
            sql`${calls.ringsUntil} > now()`,
          ),
        )
        .returning({ id: calls.id });
      if (!taken) {
        const row = await find(callId, teamId);
        if (!row) {
          throw notFound();
        }
        if (row.receivedById && row.receivedById !== userId) {
          throw takenBy(row);
        }
        if (row.receivedById !== userId || row.liveState !== 'connected') {
          throw over(row);
        }
        // The member's own second click (another tab): the call is theirs already.
      }
      const call = await announce(callId);
      if (!call) {
        throw notFound();
      }
      return call;
    },

    /** The call stops ringing for this member; when nobody is left to hear it, it is missed. */
    async decline(teamId: string, callId: string, userId: string): Promise<LiveCall> {
      const row = await find(callId, teamId);
      if (!row) {
        throw notFound();
      }
      if (row.liveState !== 'ringing') {
        throw row.receivedById ? takenBy(row) : over(row);
      }
      await db().insert(callDeclines).values({ callId, userId }).onConflictDoNothing();
      await events.publish({ type: 'declined', userId, callId });
      const [missed] = await db()
        .update(calls)
        .set({ liveState: null, endedAt: sql`now()`, holdSeconds: secondsSince('incoming_at') })
        .where(and(eq(calls.id, callId), eq(calls.liveState, 'ringing'), sql`not ${someoneToRing}`))
        .returning({ id: calls.id });
      if (missed) {
        return (await announceMissed(callId)) ?? asLiveCall(row);
      }
      return asLiveCall(row);
    },

    /** The member who took the call ends it. */
    async hangUp(teamId: string, callId: string, userId: string): Promise<LiveCall> {
      const [ended] = await db()
        .update(calls)
        .set({ liveState: null, endedAt: sql`now()`, durationSeconds: secondsSince('received_at') })
        .where(
          and(
            eq(calls.id, callId),
            eq(calls.teamId, teamId),
            eq(calls.liveState, 'connected'),
            eq(calls.receivedBy, userId),
          ),
        )
        .returning({ id: calls.id });
      if (!ended) {
        const row = await find(callId, teamId);
        if (!row) {
          throw notFound();
        }
        if (row.liveState === 'connected') {
          throw new AppError(409, ERROR_CODES.callTaken, 'Only the member who took this call can end it.');
        }
        if (row.liveState === 'ringing') {
          throw new AppError(409, ERROR_CODES.callOver, 'This call has not been answered yet.');
        }
        return asLiveCall(row);
      }
      const call = await announce(callId);
      if (!call) {
        throw notFound();
      }
      return call;
    },

    /** The visitor hangs up: a ringing call is missed (they gave up), a connected one ends. */
    async visitorHangUp(callId: string, teamId: string): Promise<VisitorCall> {
      // The state before, read under the row's lock in the same statement: a ringing call is missed.
      const { rows } = (await db().execute(sql`
        with before as (
          select calls.id, calls.live_state from calls
          where calls.id = ${callId} and calls.team_id = ${teamId} and calls.live_state is not null
          for update
        )
        update calls set
          ended_at = now(),
          hold_seconds = case when before.live_state = 'ringing' then ${secondsSince('incoming_at')} else hold_seconds end,
          duration_seconds = case when before.live_state = 'connected' then ${secondsSince('received_at')} else duration_seconds end,
          live_state = null
        from before
        where calls.id = before.id
        returning before.live_state as was
      `)) as unknown as { rows: Array<{ was: 'ringing' | 'connected' }> };
      const call = rows[0]?.was === 'ringing' ? await announceMissed(callId) : await announce(callId);
      const row = await find(callId, teamId);
      if (!call || !row) {
        throw notFound();
      }
      return visitorView(row);
    },

    /**
     * The visitor left a video message after the call (its `message_video_id` is set): the team's
     * call history hears of it, and every active member gets a notice that opens Messages.
     */
    async messageLeft(callId: string): Promise<void> {
      const call = await announce(callId);
      const row = call && (await find(callId));
      if (call && row) {
        await noticeAll(call, row.teamId, {
          title: (from) => `Video message from ${from}`,
          link: '/call-history?tab=messages',
        }).catch((error: unknown) => options.onError?.(error));
      }
    },

    /** A socket of the call's visitor opened: from now on only its close means they left. */
    async visitorJoined(callId: string, socketId: string): Promise<void> {
      await db()
        .update(calls)
        .set({ callerSocket: socketId, callerLeftAt: null })
        .where(and(eq(calls.id, callId), isNotNull(calls.liveState)));
    },

    /** The visitor's socket closed (a later socket of theirs may have taken over: then nothing changes). */
    async visitorLeft(callId: string, socketId: string): Promise<void> {
      await db()
        .update(calls)
        .set({ callerLeftAt: sql`now()` })
        .where(and(eq(calls.id, callId), eq(calls.callerSocket, socketId), isNotNull(calls.liveState)));
    },

    /** A tab of the member opened: they are back for the calls they took. */
    async memberJoined(userId: string): Promise<void> {
      await db()
        .update(calls)
        .set({ memberLeftAt: null })
        .where(and(eq(calls.receivedBy, userId), eq(calls.liveState, 'connected'), isNotNull(calls.memberLeftAt)));
    },

    /** A tab of the member closed: when it was their last, they left the calls they took. */
    async memberLeft(userId: string): Promise<void> {
      await db()
        .update(calls)
        .set({ memberLeftAt: sql`now()` })
        .where(
          and(
            eq(calls.receivedBy, userId),
            eq(calls.liveState, 'connected'),
            isNull(calls.memberLeftAt),
            sql`not exists (select 1 from presence_connections where presence_connections.user_id = ${userId})`,
          ),
        );
    },

    /**
     * Ends the live calls whose sides are gone, on any instance's behalf: a ringing call whose
     * visitor left {@link CALL_GONE_SECONDS} ago is missed then; a connected call ends when both
     * sides have been gone that long, at the moment the last one left. Answers how many.
     */
    async endAbandoned(): Promise<number> {
      const { rows } = (await db().execute(sql`
        update calls set
          live_state = null,
          ended_at = case when calls.live_state = 'ringing' then calls.caller_left_at
            else greatest(calls.caller_left_at, calls.member_left_at) end,
          hold_seconds = case when calls.live_state = 'ringing'
            then greatest(0, floor(extract(epoch from calls.caller_left_at - calls.incoming_at)))::integer
            else calls.hold_seconds end,
          duration_seconds = case when calls.live_state = 'connected'
            then greatest(0, floor(extract(epoch from greatest(calls.caller_left_at, calls.member_left_at) - calls.received_at)))::integer
            else calls.duration_seconds end
        where calls.live_state is not null
          and calls.caller_left_at < now() - make_interval(secs => ${CALL_GONE_SECONDS})
          and (calls.live_state = 'ringing' or calls.member_left_at < now() - make_interval(secs => ${CALL_GONE_SECONDS}))
        returning calls.id, calls.received_by
      `)) as unknown as { rows: Array<{ id: string; received_by: string | null }> };
      for (const row of rows) {
        await (row.received_by ? announce(row.id) : announceMissed(row.id));
      }
      return rows.length;
    },

    /** Ends the ringing calls whose time ran out, on any instance's behalf; answers how many. */
    async expire(): Promise<number> {
      const missed = await db()
        .update(calls)
        .set({
          liveState: null,
          endedAt: calls.ringsUntil,
          holdSeconds: sql.raw('greatest(0, floor(extract(epoch from rings_until - incoming_at)))::integer'),
        })
        .where(and(eq(calls.liveState, 'ringing'), sql`${calls.ringsUntil} <= now()`))
        .returning({ id: calls.id });
      for (const { id } of missed) {
        await announceMissed(id);
      }
      return missed.length;
    },
  };
}
export type LiveCalls = ReturnType<typeof createLiveCalls>;

const EMPTY_QUEUE: Queue = { ringing: [], averageHoldSeconds: null, available: 0 };

/**
 * Each waiting visitor's place in line, kept live on this instance: a change to any of the team's
 * calls is read once (not once per visitor) and handed to every visitor of the team waiting here.
 */
export function createQueueWatch(liveCalls: LiveCalls, events: Events, onError: (error: unknown) => void) {
  const teams = new Map<
    string,
    { watchers: Set<(queue: Queue) => void>; stop: () => void; timer: NodeJS.Timeout | undefined }
  >();

  function read(teamId: string): void {
    const team = teams.get(teamId);
    if (!team) {
      return;
    }
    team.timer = undefined;
    liveCalls
      .queue(teamId)
      .then((queue) => {
        for (const watcher of team.watchers) {
          watcher(queue);
        }
      })
      .catch(onError);
  }

  return {
    /** Calls `onQueue` with the team's queue after each change to its calls; answers a function that stops it. */
    watch(teamId: string, onQueue: (queue: Queue) => void): () => void {
      let team = teams.get(teamId);
      if (!team) {
        const created = {
          watchers: new Set<(queue: Queue) => void>(),
          timer: undefined as NodeJS.Timeout | undefined,
          stop: () => {},
        };
        created.stop = events.subscribeTeam(teamId, (event) => {
          if (event.type === 'live' || event.type === 'presence') {
            created.timer ??= setTimeout(() => read(teamId), QUEUE_READ_DELAY_MS);
          }
        });
        teams.set(teamId, created);
        team = created;
      }
      const current = team;
      current.watchers.add(onQueue);
      return () => {
        current.watchers.delete(onQueue);
        if (current.watchers.size === 0) {
          current.stop();
          clearTimeout(current.timer);
          teams.delete(teamId);
        }
      };
    },
  };
}
export type QueueWatch = ReturnType<typeof createQueueWatch>;
