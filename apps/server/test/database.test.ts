import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Db, openDatabase } from '../src/db/client';
import {
  addMember,
  addTeam,
  call,
  createTestApp,
  createTestDatabase,
  ENGINE,
  openTestPglite,
  type TestApp,
  testConfig,
} from './helpers';

/** When the planner last gathered statistics of the calls table (null: never). */
async function callsAnalyzedAt(db: Db): Promise<string | null> {
  const result = (await db.execute(
    sql`select greatest(last_analyze, last_autoanalyze)::text as at from pg_stat_user_tables where relname = 'calls'`,
  )) as unknown as { rows: { at: string | null }[] };
  return result.rows[0]?.at ?? null;
}

describe('the planner’s statistics', () => {
  const servers: TestApp[] = [];
  afterAll(async () => {
    for (const server of servers.reverse()) {
      await server.close();
    }
  });

  // Nothing ran ANALYZE: on fresh tables PostgreSQL planned the first requests on guesses.
  it('are gathered once the migrations have made the tables', async () => {
    const server = await createTestApp({ empty: true });
    servers.push(server);
    expect(await callsAnalyzedAt(server.app.db)).not.toBeNull();
  });

  it.runIf(ENGINE === 'postgres')('are not gathered again by a start that had no migration to run', async () => {
    const fresh = await createTestDatabase({ empty: true });
    const first = await createTestApp({ databaseUrl: fresh.url });
    const analyzedAt = await callsAnalyzedAt(first.app.db);
    expect(analyzedAt).not.toBeNull();
    await first.app.close();
    const second = await createTestApp({ databaseUrl: fresh.url });
    try {
      expect(await callsAnalyzedAt(second.app.db)).toBe(analyzedAt);
    } finally {
      await second.app.close();
      await fresh.drop();
    }
  });
});

describe('the statements a request runs', () => {
  let statements: string[] | null = null;
  let server: Awaited<ReturnType<typeof buildApp>>;
  let drop = async () => {};
  afterAll(async () => {
    await server?.close();
    await drop();
  });

  // currentUser ran four queries, three of them at once: the session, the member, the team, the counts.
  // The call list's first page ran begin, the count, the page and commit, each built again at every request.
  it('checks the session and answers currentUser or a first page of calls in one statement each, the same statements every time', async () => {
    const fresh = await createTestDatabase();
    drop = fresh.drop;
    // The instance's own sweeps (ring timeouts, abandoned calls, recordings' and videos' jobs,
    // presence) run on timers beside the requests: they are not the requests' statements.
    const background =
      /rings_until|caller_left_at|upload_id" is not null|upload_id is not null|skip locked|presence_connections/i;
    const logQuery = (statement: string) => {
      if (!background.test(statement)) {
        statements?.push(statement);
      }
    };
    const database = fresh.url
      ? await openDatabase({ kind: 'postgres', url: fresh.url, logQuery })
      : await openTestPglite({ logQuery });
    server = await buildApp(testConfig(fresh.url ? { databaseUrl: fresh.url } : {}), { database });
    await server.ready();
    const team = await addTeam(server);
    const asked: string[][] = [];
    for (let run = 0; run < 2; run += 1) {
      statements = [];
      const answer = await call(server, { method: 'GET', url: '/api/currentUser', token: team.admin.token });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data).toMatchObject({ userid: team.admin.id, name: team.admin.name });
      asked.push(statements);
      statements = null;
    }
    expect(asked[0]).toHaveLength(2);
    expect(asked[1]).toEqual(asked[0]);

    // One shape with other values (the member, the page after the first): the same statement text.
    const member = await addMember(server, team.id, 'user');
    const listed: string[][] = [];
    for (const [receivedBy, current] of [
      [team.admin.id, 2],
      [member.id, 3],
    ] as const) {
      statements = [];
      const answer = await call(server, {
        method: 'GET',
        url: `/api/calls?receivedBy=${receivedBy}&current=${current}&sort=holdSeconds`,
        token: team.admin.token,
      });
      expect(answer.statusCode).toBe(200);
      listed.push(statements);
      statements = null;
    }
    expect(listed[0]).toHaveLength(2);
    expect(listed[0]?.[0]).toBe(asked[0]?.[0]);
    expect(listed[1]).toEqual(listed[0]);
  });
});
