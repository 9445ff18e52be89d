import type { CallEvent, LiveCall, MemberPresence, Notice, Video } from '@parley/api';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/** A notice for one member's open tabs. */
export type NoticeEvent = { type: 'notice'; userId: string; notice: Notice };
/** A video of a team changed: every member's open tabs hear of it. */
export type VideoEvent = { type: 'video'; teamId: string; video: Video };
/** A call's recording changed status: every member's open tabs hear of it. */
export type CallRecordingEvent = { type: 'call'; teamId: string; call: CallEvent };
/** A member of a team became available, away or offline: every member's open tabs hear of it. */
export type PresenceEvent = { type: 'presence'; teamId: string; presence: MemberPresence };
/** A live call of a team rang, was answered, missed or ended: the team's tabs and its visitor hear of it. */
export type LiveCallEvent = { type: 'live'; teamId: string; call: LiveCall };
/** A member declined a ringing call: their other tabs stop ringing too. */
export type DeclinedEvent = { type: 'declined'; userId: string; callId: string };
/** Some of a member's sessions ended (logout, password changed, disabled, removed): their sockets check theirs. */
export type SessionsEndedEvent = { type: 'sessionsEnded'; userId: string };
/**
 * A WebRTC signal for one side of a call: the member who took it (all their tabs) or its visitor.
 * `packed` is the signal's JSON, deflated and in base64: a session description can pass the
 * 8000 bytes a notification carries.
 */
export type SignalEvent =
  | { type: 'signal'; to: 'member'; userId: string; callId: string; packed: string }
  | { type: 'signal'; to: 'visitor'; callId: string; packed: string };
/** What one instance tells the others. */
export type RealtimeEvent =
  | SignalEvent
  | NoticeEvent
  | DeclinedEvent
  | SessionsEndedEvent
  | VideoEvent
  | CallRecordingEvent
  | PresenceEvent
  | LiveCallEvent;
/** What every member of a team hears. */
export type TeamEvent = VideoEvent | CallRecordingEvent | PresenceEvent | LiveCallEvent;
/** What one member's tabs hear. */
export type UserEvent = NoticeEvent | DeclinedEvent | SessionsEndedEvent | Extract<SignalEvent, { to: 'member' }>;
/** What a visitor's socket hears besides its team's live calls. */
export type VisitorEvent = Extract<SignalEvent, { to: 'visitor' }>;

type Handler = (event: RealtimeEvent) => void;

const CHANNEL = 'parley_events';

function audience(event: RealtimeEvent): string {
  switch (event.type) {
    case 'signal':
      return event.to === 'member' ? `user:${event.userId}` : `visitor:${event.callId}`;
    case 'notice':
    case 'declined':
    case 'sessionsEnded':
      return `user:${event.userId}`;
    case 'video':
    case 'call':
    case 'presence':
    case 'live':
      return `team:${event.teamId}`;
    default:
      return event satisfies never;
  }
}

/**
 * Events fan out across server instances through PostgreSQL LISTEN/NOTIFY (PGlite has it too), so
 * a notice made by one instance reaches a socket held by another with no broker in between.
 */
export function createEvents(database: Database) {
  const handlers = new Map<string, Set<Handler>>();
  let stop: (() => Promise<void>) | undefined;

  function deliver(payload: string): void {
    let event: RealtimeEvent;
    try {
      event = JSON.parse(payload) as RealtimeEvent;
    } catch {
      return;
    }
    for (const handler of handlers.get(audience(event)) ?? []) {
      handler(event);
    }
  }

  function listen(key: string, handler: Handler): () => void {
    const set = handlers.get(key) ?? new Set<Handler>();
    set.add(handler);
    handlers.set(key, set);
    return () => {
      set.delete(handler);
      if (set.size === 0) {
        handlers.delete(key);
      }
    };
  }

  return {
    async start(): Promise<void> {
      stop = await database.listen(CHANNEL, deliver);
    },
    async close(): Promise<void> {
      await stop?.();
      handlers.clear();
    },
    /** Sends the event to every instance, this one included (PostgreSQL caps a payload at 8000 bytes). */
    async publish(event: RealtimeEvent): Promise<void> {
      await database.db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(event)})`);
    },
    /** Calls `handler` with each notice (and declined call) for the member; answers a function that stops it. */
    subscribe(userId: string, handler: (event: UserEvent) => void): () => void {
      return listen(`user:${userId}`, handler as Handler);
    },
    /** Calls `handler` with each signal for the visitor of `callId`; answers a function that stops it. */
    subscribeVisitor(callId: string, handler: (event: VisitorEvent) => void): () => void {
      return listen(`visitor:${callId}`, handler as Handler);
    },
    /** Calls `handler` with each change to a video, a call (recording or live) or a member's availability in the team; answers a function that stops it. */
    subscribeTeam(teamId: string, handler: (event: TeamEvent) => void): () => void {
      return listen(`team:${teamId}`, handler as Handler);
    },
  };
}
export type Events = ReturnType<typeof createEvents>;
