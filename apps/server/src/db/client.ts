import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { StartupError } from '../lib/startup-error';
import { lockDataFolder } from './data-dir-lock';
import * as schema from './schema';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any one migration at a time across instances starting together on one PostgreSQL. */
const MIGRATION_LOCK = 7_261_001;

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The database, whichever engine runs it: PGlite embedded, or PostgreSQL by address. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the drizzle-kit migrations that have not run yet. */
  migrate(): Promise<void>;
  /** Calls `onMessage` for each NOTIFY on the channel, from any instance; answers a function that stops. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * Gathers the planner's statistics of every table (ANALYZE): after migrations and after a bulk
   * load, so that the first queries are planned on real row counts instead of guesses.
   */
  analyze(): Promise<void>;
  close(): Promise<void>;
}

/** Called with each statement's text and parameters (bench:api replays them; never logged: they hold secrets). */
export type QueryLogger = (sql: string, params: unknown[]) => void;

export type DatabaseOptions = (
  | {
      kind: 'pglite';
      dataDir?: string;
      /** In memory only: start from this dump of a data folder (`dumpDataDir`) instead of an empty database. */
      loadDataDir?: Blob;
    }
  | { kind: 'postgres'; url: string }
) & {
  logQuery?: QueryLogger;
};

function drizzleLogger(logQuery: QueryLogger | undefined) {
  return logQuery ? { logger: { logQuery: (query: string, params: unknown[]) => logQuery(query, params) } } : {};
}

/**
 * PGlite could not open the folder's database: say what happened, where, and how to get back to
 * work, instead of a WebAssembly trace ("RuntimeError: Aborted()").
 */
function unreadableDatabase(folder: string, error: unknown): StartupError {
  const reason = (error instanceof Error ? error.message : String(error)).replace(/\s*Build with -sASSERTIONS.*$/s, '');
  const aside = `${folder}.damaged-${new Date().toISOString().slice(0, 10)}`;
  return new StartupError(
    [
      `Parley cannot open its embedded database in ${folder}: PGlite stopped while reading it (${reason}).`,
      'Its files are damaged or unreadable: for example two servers wrote to it at once, the disk filled up,',
      'or the folder was copied while Parley was running. Nothing has been changed. To go on:',
      '  1. stop Parley;',
      `  2. move the damaged folder aside: mv ${folder} ${aside}`,
      `  3. restore your backup of it to ${folder} (a copy of DATA_DIR taken while Parley was stopped),`,
      '     or start without it for an empty database (the demo team is loaded again).',
    ].join('\n'),
  );
}

/**
 * Embedded PGlite, persisted in `dataDir` (in memory without one). The folder is locked for this
 * process alone: a second server on it would lose writes and can destroy the database.
 */
async function openPglite(dataDir: string | undefined, logQuery?: QueryLogger, loadDataDir?: Blob): Promise<Database> {
  let unlock = () => {};
  if (dataDir) {
    mkdirSync(path.dirname(dataDir), { recursive: true, mode: 0o700 });
    unlock = lockDataFolder(dataDir);
  }
  // pg_trgm serves title search (the video library), as on PostgreSQL.
  const extensions = { pg_trgm };
  let client: PGlite;
  try {
    client = dataDir
      ? await PGlite.create(dataDir, { extensions })
      : await PGlite.create({ extensions, ...(loadDataDir ? { loadDataDir } : {}) });
  } catch (error) {
    unlock();
    throw dataDir ? unreadableDatabase(dataDir, error) : error;
  }
  const db = drizzlePglite({ client, schema, ...drizzleLogger(logQuery) });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: async () => {
      try {
        await migratePglite(db, { migrationsFolder });
      } catch (error) {
        // The WebAssembly engine aborting is damage, not a migration's fault.
        throw dataDir && error instanceof WebAssembly.RuntimeError ? unreadableDatabase(dataDir, error) : error;
      }
    },
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, onMessage);
      // Closing the database ends its listeners too; stopping one afterwards has nothing to do.
      return async () => {
        if (!client.closed) {
          await stop();
        }
      };
    },
    ping: async () => {
      await client.query('select 1');
    },
    analyze: async () => {
      // Table by table, with a turn of the event loop between: PGlite runs on the server's thread,
      // and /healthz waits meanwhile (one ANALYZE of the demo's tables held it 0.9 s).
      const { rows } = await client.query<{ name: string }>(
        `select format('%I.%I', schemaname, relname) as name from pg_stat_user_tables order by relname`,
      );
      for (const { name } of rows) {
        await client.query(`analyze ${name}`);
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    close: async () => {
      if (!client.closed) {
        await client.close();
      }
      unlock();
    },
  };
}

/** PostgreSQL: a pool for queries and one connection per listener, reconnected when it drops. */
async function openPostgres(url: string, logQuery?: QueryLogger): Promise<Database> {
  // JIT compiling pays off for long analytic queries, not for a request's: it adds tens of milliseconds
  // to any plan whose cost crosses jit_above_cost (a large text-search count, say).
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c jit=off' });
  // An idle client that errors (the server restarted) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePostgres({ client: pool, schema, ...drizzleLogger(logQuery) });
  const listeners = new Set<pg.Client>();
  let closed = false;

  /** One connection per listener; when it drops it reconnects (notifications sent meanwhile are lost). */
  async function listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
    let current: pg.Client | undefined;
    let stopped = false;
    async function connect(): Promise<void> {
      const client = new pg.Client({ connectionString: url });
      client.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) {
          onMessage(message.payload);
        }
      });
      client.on('error', () => {
        listeners.delete(client);
        void client.end().catch(() => {});
        if (!stopped && !closed) {
          setTimeout(() => void connect().catch(() => {}), 1000).unref();
        }
      });
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      current = client;
      listeners.add(client);
    }
    await connect();
    return async () => {
      stopped = true;
      if (current) {
        listeners.delete(current);
        await current.end().catch(() => {});
      }
    };
  }

  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePostgres(drizzlePostgres({ client }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        await client.end();
      }
    },
    listen,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    analyze: async () => {
      await pool.query('analyze');
    },
    close: async () => {
      if (closed) {
        return;
      }
      closed = true;
      await Promise.all([...listeners].map((client) => client.end().catch(() => {})));
      await pool.end();
    },
  };
}

export function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'pglite'
    ? openPglite(options.dataDir, options.logQuery, options.loadDataDir)
    : openPostgres(options.url, options.logQuery);
}
