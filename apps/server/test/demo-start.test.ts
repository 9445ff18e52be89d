import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { DEMO_LOGINS } from '../src/demo/seed';
import { type ChildServer, freePort, spawnServer } from './child-server';
import { createTestDatabase, ENGINE } from './helpers';

/** The demo's size in these starts: its load takes a moment (ffmpeg's media take longest), not a year's. */
const CALLS = 4000;

const children: ChildProcess[] = [];

/** What the database holds of the demo. */
interface DemoRows {
  teams: number;
  users: number;
  calls: number;
  captions: number;
  notes: number;
  notices: number;
  call_counts: number;
  /** Calls with a message video, and those videos that are ready (their file stored). */
  messages: number;
  playable_messages: number;
  /** Where the ready message videos' files are. */
  files: string[];
}

/** The real server on the test's data folder and database, loading a demo of CALLS calls. */
async function startServer(dataDir: string, databaseUrl: string | undefined): Promise<ChildServer> {
  const started = spawnServer(await freePort(), {
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    DEMO_CALL_COUNT: String(CALLS),
    // The load's steps are logged at debug: the tests stop it at one of them.
    LOG_LEVEL: 'debug',
    PASSWORD_HASH_MEMORY: '4096',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  children.push(started.child);
  return started;
}

async function getJson(url: string, init?: RequestInit): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const signIn = (url: string) =>
  getJson(`${url}/common/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_LOGINS[0].email, password: DEMO_LOGINS[0].password }),
  });

// Three starts on one database and data folder, in order: each finds what the one before left.
describe(`first start (${ENGINE})`, () => {
  let dataDir: string;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-first-start-'));
    // A first start: the server migrates an empty database itself.
    const database = await createTestDatabase({ empty: true });
    databaseUrl = database.url;
    dropDatabase = database.drop;
  });
  afterAll(async () => {
    for (const child of children) {
      child.kill('SIGKILL');
    }
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * How many rows the demo's tables hold, and the files of its playable message videos (the
   * server is stopped: PGlite takes one process at a time).
   */
  async function demoRows(): Promise<DemoRows> {
    const database = await openDatabase(
      databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    );
    try {
      const result = (await database.db.execute(sql`
        select (select count(*)::int from teams) as teams, (select count(*)::int from users) as users,
          (select count(*)::int from calls) as calls, (select count(*)::int from captions) as captions,
          (select count(*)::int from notes) as notes, (select count(*)::int from notices) as notices,
          (select count(*)::int from call_counts) as call_counts,
          (select count(*)::int from calls where message_video_id is not null) as messages,
          (select count(*)::int from videos where kind = 'message' and status = 'ready') as playable_messages`)) as unknown as {
        rows: Omit<DemoRows, 'files'>[];
      };
      const files = (await database.db.execute(
        sql`select distinct storage_key as key from videos where kind = 'message' and status = 'ready'`,
      )) as unknown as { rows: { key: string }[] };
      const [counts] = result.rows;
      if (!counts) {
        throw new Error('No counts.');
      }
      return { ...counts, files: files.rows.map((row) => path.join(dataDir, row.key)) };
    } finally {
      await database.close();
    }
  }

  // A first start killed while the demo loaded left a team with members but no calls, never completed.
  it('killed (SIGKILL) after the calls went in, it leaves no demo behind', async () => {
    const server = await startServer(dataDir, databaseUrl);
    // ffmpeg is still making the media then, so the kill lands before the load's commit.
    await server.waitFor(/"step":"calls"/);
    server.child.kill('SIGKILL');
    await server.exited;
    expect(await demoRows()).toMatchObject({ teams: 0, users: 0, calls: 0, captions: 0, notes: 0, notices: 0 });
  }, 120_000);

  // SIGTERM was not handled while the demo loaded: the process ran on until the load was done.
  it('stopped (SIGTERM) while the demo loads, it exits 0 within seconds and leaves no demo behind', async () => {
    const server = await startServer(dataDir, databaseUrl);
    await server.waitFor(/"step":"calls"/);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const { code } = await server.exited;
    expect(code).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(5000);
    expect(server.output()).not.toContain('Parley is running');
    expect(await demoRows()).toMatchObject({ teams: 0, users: 0, calls: 0, captions: 0, notes: 0, notices: 0 });
  }, 120_000);

  // Nothing answered on the port while the demo loaded (no /healthz), and the console said nothing.
  it('then answers /healthz at once, holds the API while it loads, says so, and ends with the complete demo', async () => {
    const server = await startServer(dataDir, databaseUrl);
    const deadline = Date.now() + 90_000;
    let listening = false;
    while (!listening && Date.now() < deadline && server.child.exitCode === null) {
      listening = await fetch(`${server.url}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(listening).toBe(true);
    const listeningAt = Date.now();

    let loadingAnswers = 0;
    let slowestHealth = 0;
    let refusedSignIn: { status: number; body: Record<string, unknown> } | undefined;
    for (;;) {
      const ready = await getJson(`${server.url}/readyz`);
      if (ready.status === 200) {
        expect(ready.body).toEqual({ status: 'ok' });
        break;
      }
      expect(ready).toEqual({ status: 503, body: { status: 'loading' } });
      loadingAnswers += 1;
      const asked = Date.now();
      expect((await getJson(`${server.url}/healthz`)).status).toBe(200);
      slowestHealth = Math.max(slowestHealth, Date.now() - asked);
      refusedSignIn ??= await signIn(server.url);
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(loadingAnswers).toBeGreaterThan(0);
    // PGlite runs on the server's thread: the load gives way between statements of a tenth of a second
    // or so (a quarter of a second at most here on a quiet machine, 0.6 s with four busy processes
    // beside it). A busy machine slows the statements and the whole load alike, so the bound is a
    // share of the load's time: a load that held the thread for all of it or most of it fails.
    const loadMs = Date.now() - listeningAt;
    expect(slowestHealth, `the slowest /healthz answer (ms) in a load of ${loadMs} ms`).toBeLessThan(loadMs / 4);
    expect(refusedSignIn?.status).toBe(503);
    expect(refusedSignIn?.body).toMatchObject({
      success: false,
      errorCode: 'LOADING',
      errorMessage: 'Parley is loading its demo data, try again in a few seconds.',
    });

    const signedIn = await signIn(server.url);
    expect(signedIn.status).toBe(200);
    const token = (signedIn.body.data as { token: string }).token;
    const headers = { authorization: `Bearer ${token}` };
    const me = await getJson(`${server.url}/api/currentUser`, { headers });
    expect(me.body.data).toMatchObject({ notifyCount: 3 });
    const calls = await getJson(`${server.url}/api/calls?current=1&pageSize=1`, { headers });
    expect(calls.body.total).toBe(CALLS);
    await server.waitFor(/Parley is running/);
    expect(server.output()).toContain('Loading the demo team (a year of calls)');
    expect(server.output()).toMatch(/Demo loaded in \d+\.\d s: 4,000 calls/);

    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
    const rows = await demoRows();
    expect(rows).toMatchObject({ teams: 1, users: 3, calls: CALLS, notices: 9 });
    expect(rows.captions).toBeGreaterThan(CALLS);
    expect(rows.notes).toBeGreaterThan(0);
    expect(rows.call_counts).toBeGreaterThan(0);
    expect(rows.playable_messages).toBe(rows.messages);
    expect(rows.files.length).toBe(rows.messages);
    expect(rows.files.filter((file) => !existsSync(file))).toEqual([]);
  }, 180_000);
});
