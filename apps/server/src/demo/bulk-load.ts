import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import '../plugins/types';

/** The PostgreSQL types the demo's bulk rows are read as. */
export type ColumnType = 'uuid' | 'text' | 'integer' | 'bigint' | 'double precision' | 'timestamptz';

/** One transaction the demo loads through, on whichever engine holds the database. */
export interface DemoTransaction {
  /** Drizzle over this transaction, for the single rows (the team, its members, notices). */
  db: Db;
  /**
   * Inserts the rows in statements of at most `perStatement` rows: COPY on PGlite, `unnest` of
   * arrays on PostgreSQL. Requests and signals get a turn between statements.
   */
  insert<Columns extends Record<string, ColumnType>>(
    table: string,
    columns: Columns,
    rows: readonly { [Column in keyof Columns]: unknown }[],
    perStatement: number,
  ): Promise<void>;
  /** A statement of the demo's own, with parameters. */
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
  /**
   * Runs `work` with the triggers of these tables off, when this role may turn them off and the
   * only ones besides foreign-key checks are `expected`; answers whether they were off, so that
   * the caller does their work once, at the end, instead of once per statement.
   */
  withoutTriggers(tables: readonly string[], expected: readonly string[], work: () => Promise<void>): Promise<boolean>;
  /** Gives waiting requests and signals a turn; throws once the load is aborted. */
  pause(): Promise<void>;
}

const NEEDS_ESCAPE = /[\\\n\r\t]/;

/** A value as COPY's text format writes it: `\N` for null, backslash escapes for the separators. */
function copyField(value: unknown): string {
  if (value === null || value === undefined) {
    return '\\N';
  }
  const text = value instanceof Date ? value.toISOString() : String(value);
  if (!NEEDS_ESCAPE.test(text)) {
    return text;
  }
  return text.replace(/[\\\n\r\t]/g, (character) => {
    switch (character) {
      case '\n':
        return '\\n';
      case '\r':
        return '\\r';
      case '\t':
        return '\\t';
      default:
        return '\\\\';
    }
  });
}

function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    result.push(items.slice(start, start + size));
  }
  return result;
}

type Statement = <Row>(text: string, params?: unknown[]) => Promise<Row[]>;

/** What both engines share: the pause between statements, and triggers off while the rows go in. */
function commonParts(run: Statement, signal: AbortSignal | undefined) {
  const state = { triggersOff: false };

  async function pause(): Promise<void> {
    signal?.throwIfAborted();
    // A turn of the event loop: PGlite runs on this thread, and a health check or a signal waits for it.
    await nextTurn();
    signal?.throwIfAborted();
  }

  async function withoutTriggers(
    tables: readonly string[],
    expected: readonly string[],
    work: () => Promise<void>,
  ): Promise<boolean> {
    // A trigger added later (a migration of tomorrow) must keep firing: then the rows go in the plain way.
    const triggers = await run<{ name: string }>(
      'select tgname as name from pg_trigger where not tgisinternal and tgrelid = any($1::regclass[])',
      [tables],
    );
    const known = triggers.every((trigger) => expected.includes(trigger.name));
    let off = false;
    if (known) {
      // session_replication_role is for superusers (PGlite's own role is one); anyone else keeps the triggers.
      await run('savepoint demo_triggers');
      try {
        await run('set local session_replication_role = replica');
        off = true;
      } catch {
        await run('rollback to savepoint demo_triggers');
      }
    }
    state.triggersOff = off;
    await work();
    if (off) {
      await run('set local session_replication_role = origin');
      state.triggersOff = false;
    }
    return off;
  }

  return { state, pause, withoutTriggers };
}

/**
 * Runs `work` in one transaction on the database's own connection (the demo's COPY needs PGlite's
 * transaction itself, which drizzle keeps to itself): everything it stores is in, or nothing is.
 * Aborting `signal` stops the work at its next pause and rolls it back.
 */
export async function inDemoTransaction<T>(
  app: FastifyInstance,
  signal: AbortSignal | undefined,
  work: (load: DemoTransaction) => Promise<T>,
): Promise<T> {
  signal?.throwIfAborted();
  const client = (app.db as unknown as { $client: unknown }).$client;
  if (app.database.kind === 'pglite') {
    return (client as PGlite).transaction(async (transaction: Transaction) => {
      const run: Statement = async <Row>(text: string, params?: unknown[]) =>
        (await transaction.query<Row>(text, params)).rows;
      const { pause, withoutTriggers } = commonParts(run, signal);
      return work({
        db: drizzlePglite({ client: transaction as unknown as PGlite, schema }) as unknown as Db,
        query: run,
        pause,
        withoutTriggers,
        async insert(table, columns, rows, perStatement) {
          const names = Object.keys(columns);
          const statement = `copy ${quoted(table)} (${names.map(quoted).join(', ')}) from '/dev/blob'`;
          for (const chunk of chunks(rows, perStatement)) {
            const lines = chunk.map((row) => names.map((name) => copyField(row[name])).join('\t'));
            await transaction.query(statement, [], { blob: new Blob([`${lines.join('\n')}\n`]) });
            await pause();
          }
        },
      });
    });
  }

  const connection = await (client as pg.Pool).connect();
  const run: Statement = async <Row>(text: string, params?: unknown[]) =>
    (await connection.query(text, params)).rows as Row[];
  const { state, pause, withoutTriggers } = commonParts(run, signal);
  let broken = false;
  try {
    await connection.query('begin');
    const result = await work({
      db: drizzlePostgres({ client: connection, schema }) as unknown as Db,
      query: run,
      pause,
      withoutTriggers,
      async insert(table, columns, rows, perStatement) {
        const names = Object.keys(columns);
        const arrays = names.map((name, index) => `$${index + 1}::${columns[name]}[]`);
        const statement = `insert into ${quoted(table)} (${names.map(quoted).join(', ')}) select * from unnest(${arrays.join(', ')})`;
        // PostgreSQL holds up no request meanwhile; with the triggers on, one statement runs the call counts once.
        for (const chunk of chunks(rows, state.triggersOff ? perStatement : Math.max(rows.length, 1))) {
          await connection.query(
            statement,
            names.map((name) => chunk.map((row) => row[name] ?? null)),
          );
          await pause();
        }
      },
    });
    await connection.query('commit');
    return result;
  } catch (error) {
    await connection.query('rollback').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    connection.release(broken);
  }
}
