import type { Notice } from '@parley/api';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/** What one instance tells the others: every event is for one member's open tabs. */
export type RealtimeEvent = { type: 'notice'; userId: string; notice: Notice };

type Handler = (event: RealtimeEvent) => void;

const CHANNEL = 'parley_events';

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
    for (const handler of handlers.get(event.userId) ?? []) {
      handler(event);
    }
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
    /** Calls `handler` with each event for the member; answers a function that stops it. */
    subscribe(userId: string, handler: Handler): () => void {
      const set = handlers.get(userId) ?? new Set<Handler>();
      set.add(handler);
      handlers.set(userId, set);
      return () => {
        set.delete(handler);
        if (set.size === 0) {
          handlers.delete(userId);
        }
      };
    },
  };
}
export type Events = ReturnType<typeof createEvents>;
