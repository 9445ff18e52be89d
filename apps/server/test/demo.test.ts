import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { min, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';
import { calls, teams } from '../src/db/schema';
import type { DemoStep } from '../src/demo/calls';
import { DEMO_LOGINS, DEMO_TEAM_NAME, seedDemo } from '../src/demo/seed';
import { countRows } from './calls-fixtures';
import { call, createTestApp, ENGINE, type TestApp, testConfig } from './helpers';

/** How many rows each table the demo fills holds. */
async function tableCounts(app: FastifyInstance): Promise<Record<string, number>> {
  const tables = ['teams', 'users', 'videos', 'calls', 'captions', 'notes', 'call_counts', 'call_media', 'notices'];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const result = (await app.db.execute(sql.raw(`select count(*)::int as count from ${table}`))) as unknown as {
      rows: { count: number }[];
    };
    counts[table] = result.rows[0]?.count ?? -1;
  }
  return counts;
}

const EMPTY = {
  teams: 0,
  users: 0,
  videos: 0,
  calls: 0,
  captions: 0,
  notes: 0,
  call_counts: 0,
  call_media: 0,
  notices: 0,
};

/** The video and poster files in the local store's folders. */
function storedFiles(dataDir: string): string[] {
  const files: string[] = [];
  function visit(folder: string): void {
    for (const name of readdirSync(folder)) {
      const entry = path.join(folder, name);
      if (statSync(entry).isDirectory()) {
        visit(entry);
      } else {
        files.push(entry);
      }
    }
  }
  for (const folder of ['videos', 'posters']) {
    if (existsSync(path.join(dataDir, folder))) {
      visit(path.join(dataDir, folder));
    }
  }
  return files;
}

// The tests share one database, in order: each stopped load must leave it empty for the next.
describe('demo data', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await createTestApp();
  });
  afterAll(() => server.close());

  // A start stopped mid-load left the demo team and its members without calls, and no later start completed it.
  it('leaves nothing when the load is stopped after the calls went in', async () => {
    const stop = new AbortController();
    const steps: DemoStep[] = [];
    const load = seedDemo(server.app, {
      calls: { count: 300, media: false },
      signal: stop.signal,
      onStep: (step) => {
        steps.push(step);
        if (step === 'calls') {
          stop.abort();
        }
      },
    });
    await expect(load).rejects.toThrow(/abort/i);
    expect(steps).toEqual(['members', 'calls']);
    expect(await tableCounts(server.app)).toEqual(EMPTY);
  });

  // A load that failed after writing the message videos' files kept the files of a team that never was.
  it('takes its rows and its files away when the load fails after storing the files', async () => {
    let filesWritten = 0;
    const load = seedDemo(server.app, {
      calls: { count: 300 },
      onStep: (step) => {
        if (step === 'files') {
          filesWritten = storedFiles(server.config.dataDir).length;
          throw new Error('The disk is full.');
        }
      },
    });
    await expect(load).rejects.toThrow('The disk is full.');
    expect(filesWritten).toBeGreaterThan(10);
    expect(storedFiles(server.config.dataDir)).toEqual([]);
    expect(await tableCounts(server.app)).toEqual(EMPTY);
  }, 60_000);

  it('loads a demo team with one admin and two users on an empty database, once', async () => {
    const summary = await seedDemo(server.app, { calls: { count: 300, media: false } });
    expect(summary).toMatchObject({ calls: 300, messageMedia: false });
    expect(await seedDemo(server.app, { calls: { count: 300, media: false } })).toBeNull();
    expect(DEMO_LOGINS.map((login) => login.role)).toEqual(['admin', 'user', 'user']);
    for (const login of DEMO_LOGINS) {
      const response = await call(server.app, {
        method: 'POST',
        url: '/common/login',
        payload: { email: login.email, password: login.password },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().currentAuthority).toBe(login.role);
      const me = await call(server.app, { method: 'GET', url: '/api/currentUser', token: response.json().data.token });
      expect(me.json().data).toMatchObject({
        name: login.name,
        team: { name: DEMO_TEAM_NAME },
        notifyCount: 3,
        unreadCount: 3,
      });
    }
    const users = await call(server.app, {
      method: 'GET',
      url: '/api/users',
      token: (await call(server.app, { method: 'POST', url: '/common/login', payload: DEMO_LOGINS[0] })).json().data
        .token,
    });
    expect(users.json().total).toBe(3);
    expect(await tableCounts(server.app)).toMatchObject({
      teams: 1,
      users: 3,
      calls: 300,
      videos: summary?.messages,
      captions: summary?.captions,
      notes: summary?.notes,
      notices: 9,
    });
    // A team that has taken calls for a year is not in its first day (its lower sending quota).
    const [team] = await server.app.db.select({ createdAt: teams.createdAt }).from(teams);
    const [first] = await server.app.db.select({ at: min(calls.incomingAt) }).from(calls);
    expect(team?.createdAt.getTime()).toBe(first?.at?.getTime());
    expect(Date.now() - (team?.createdAt.getTime() ?? Date.now())).toBeGreaterThan(300 * 24 * 3600 * 1000);
  });

  // The rows go in with the triggers off: what they would have done (call counts, references) must hold.
  it('counts the calls as the triggers do, and every row refers to one that exists', async () => {
    const counted = await countRows(server.app);
    expect(counted).not.toBe('[]');
    await server.app.db.execute(sql`select call_counts_rebuild()`);
    expect(await countRows(server.app)).toBe(counted);
    const result = (await server.app.db.execute(sql`
      select
        (select count(*)::int from captions where not exists (select 1 from calls where calls.id = captions.call_id)) +
        (select count(*)::int from notes where not exists (select 1 from calls where calls.id = notes.call_id)) +
        (select count(*)::int from notes where not exists (select 1 from users where users.id = notes.author_id)) +
        (select count(*)::int from calls where message_video_id is not null
          and not exists (select 1 from videos where videos.id = calls.message_video_id)) +
        (select count(*)::int from calls where received_by is not null
          and not exists (select 1 from users where users.id = calls.received_by)) +
        (select count(*)::int from videos where not exists (select 1 from teams where teams.id = videos.team_id))
        as dangling`)) as unknown as { rows: { dangling: number }[] };
    expect(result.rows[0]?.dangling).toBe(0);
  });
});

describe('a trigger the demo load does not know', () => {
  // The load turns the triggers off for speed; a trigger a later migration adds must fire for its rows all the same.
  it('keeps every trigger on then, and the call counts still come out right', async () => {
    const server = await createTestApp();
    try {
      await server.app.db.execute(sql`create table demo_notes_seen (id uuid not null)`);
      await server.app.db.execute(
        sql.raw(`create function demo_note_seen() returns trigger language plpgsql as $$
        begin insert into demo_notes_seen values (new.id); return new; end $$`),
      );
      await server.app.db.execute(
        sql`create trigger demo_note_seen after insert on notes for each row execute function demo_note_seen()`,
      );
      const summary = await seedDemo(server.app, { calls: { count: 300, media: false } });
      const seen = (await server.app.db.execute(
        sql`select count(*)::int as count from demo_notes_seen`,
      )) as unknown as { rows: { count: number }[] };
      expect(summary?.notes).toBeGreaterThan(0);
      expect(seen.rows[0]?.count).toBe(summary?.notes);
      const counted = await countRows(server.app);
      expect(counted).not.toBe('[]');
      await server.app.db.execute(sql`select call_counts_rebuild()`);
      expect(await countRows(server.app)).toBe(counted);
    } finally {
      await server.close();
    }
  });
});

describe('the demo size setting', () => {
  it('takes a whole number of calls from 100 to 200000, and refuses anything else naming the setting', () => {
    expect(readConfig({}).demoCallCount).toBeUndefined();
    expect(readConfig({ DEMO_CALL_COUNT: '4000' }).demoCallCount).toBe(4000);
    for (const value of ['12', '200001', '2.5', 'many']) {
      expect(() => readConfig({ DEMO_CALL_COUNT: value })).toThrow(
        `DEMO_CALL_COUNT must be a whole number from 100 to 200000 (got '${value}')`,
      );
    }
  });
});

describe.runIf(ENGINE === 'pglite')('embedded defaults', () => {
  it('keeps the PGlite database and the signing key in the data folder across a restart', async () => {
    const config = testConfig({ jwtSecret: undefined });
    const first = await buildApp(config);
    await seedDemo(first, { calls: { count: 300, media: false } });
    const login = await first.inject({ method: 'POST', url: '/common/login', payload: DEMO_LOGINS[1] });
    const { token } = login.json().data;
    await first.close();
    const key = statSync(path.join(config.dataDir, 'jwt-secret'));
    expect(key.mode & 0o777).toBe(0o600);

    const second = await buildApp(config);
    try {
      const me = await second.inject({
        method: 'GET',
        url: '/api/currentUser',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.statusCode).toBe(200);
      expect(me.json().data.email).toBe(DEMO_LOGINS[1].email);
      expect(await seedDemo(second, { calls: { count: 300, media: false } })).toBeNull();
    } finally {
      await second.close();
    }
  });
});
