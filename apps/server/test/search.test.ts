import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, videos } from '../src/db/schema';
import { videoKey } from '../src/services/storage/store';
import { addTeam, call, createTestApp, type TestApp, type TestTeam } from './helpers';

let server: TestApp;
let team: TestTeam;
let other: TestTeam;

interface CallValues {
  callerName: string;
  callerEmail?: string;
  callerContact?: string;
  playerId?: string;
  minutesAgo?: number;
}

async function storeCall(teamId: string, values: CallValues): Promise<string> {
  const [row] = await server.app.db
    .insert(calls)
    .values({
      teamId,
      serialNumber: sql`(select coalesce(max(serial_number), 0) + 1 from calls where team_id = ${teamId})`,
      incomingAt: new Date(Date.now() - (values.minutesAgo ?? 0) * 60_000),
      playerId: values.playerId ?? `v_${randomUUID().slice(0, 8)}`,
      callerName: values.callerName,
      callerEmail: values.callerEmail ?? null,
      callerContact: values.callerContact ?? null,
      holdSeconds: 4,
    })
    .returning({ id: calls.id });
  return row?.id ?? '';
}

async function storeVideo(t: TestTeam, title: string, kind: 'library' | 'message' = 'library'): Promise<string> {
  const [row] = await server.app.db
    .insert(videos)
    .values({
      teamId: t.id,
      ownerId: t.admin.id,
      title,
      kind,
      status: 'ready',
      contentType: 'video/webm',
      declaredSize: 100,
      storageKey: videoKey(t.id, randomUUID()),
    })
    .returning({ id: videos.id });
  return row?.id ?? '';
}

const search = (q: string, token = team.user.token) =>
  call(server.app, { method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}`, token });

let ada: string;
let byEmail: string;
let byPhone: string;
let byPlayer: string;
let welcome: string;

beforeAll(async () => {
  server = await createTestApp();
  team = await addTeam(server.app);
  other = await addTeam(server.app);
  ada = await storeCall(team.id, { callerName: 'Ada Lovelace', minutesAgo: 5 });
  byEmail = await storeCall(team.id, { callerName: 'Someone', callerEmail: 'grace@navy.example', minutesAgo: 4 });
  byPhone = await storeCall(team.id, { callerName: 'Caller', callerContact: '+13035550142', minutesAgo: 3 });
  byPlayer = await storeCall(team.id, { callerName: 'Visitor', playerId: 'v_zq81kx', minutesAgo: 2 });
  await storeCall(other.id, { callerName: 'Ada of another team', callerEmail: 'grace@other.example' });
  welcome = await storeVideo(team, 'Welcome tour (EN)');
  await storeVideo(team, 'Welcome message from a visitor', 'message');
  await storeVideo(other, 'Welcome from another team');
});
afterAll(() => server.close());

describe('GET /api/search', () => {
  it("finds the team's calls by caller name, e-mail, phone and player id, any case", async () => {
    const ids = async (q: string) => (await search(q)).json().data.calls.map((found: { id: string }) => found.id);
    expect(await ids('ada LOVE')).toEqual([ada]);
    expect(await ids('GRACE@navy')).toEqual([byEmail]);
    expect(await ids('5550142')).toEqual([byPhone]);
    expect(await ids('ZQ81')).toEqual([byPlayer]);
  });

  it('answers what the header needs to name and open a call', async () => {
    const response = await search('Lovelace');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.calls[0]).toMatchObject({
      id: ada,
      callerName: 'Ada Lovelace',
      callerEmail: null,
      callerContact: null,
      serialNumber: expect.any(Number),
      incomingAt: expect.any(String),
    });
  });

  it("finds the team's library videos by title, never message videos or another team's", async () => {
    const { data } = (await search('welcome')).json();
    expect(data.videos).toEqual([{ id: welcome, title: 'Welcome tour (EN)', createdAt: expect.any(String) }]);
  });

  it("never answers another team's calls", async () => {
    const { data } = (await search('Ada')).json();
    expect(data.calls.map((found: { callerName: string }) => found.callerName)).toEqual(['Ada Lovelace']);
    expect((await search('Ada', other.admin.token)).json().data.calls).toEqual([
      expect.objectContaining({ callerName: 'Ada of another team' }),
    ]);
  });

  it('answers the newest five calls at most, and searches % and _ as themselves', async () => {
    for (let index = 0; index < 7; index += 1) {
      await storeCall(team.id, { callerName: `Many 100%_${index}`, minutesAgo: 100 - index });
    }
    const names = (await search('100%_')).json().data.calls.map((found: { callerName: string }) => found.callerName);
    expect(names).toEqual(['Many 100%_6', 'Many 100%_5', 'Many 100%_4', 'Many 100%_3', 'Many 100%_2']);
    expect((await search('10%')).json().data.calls).toEqual([]);
  });

  it('refuses text shorter than two characters, or none, with the field named', async () => {
    for (const url of ['/api/search?q=%20a%20', '/api/search']) {
      const response = await call(server.app, { method: 'GET', url, token: team.user.token });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain('q');
    }
    const short = await search(' a ');
    expect(short.json().errorMessage ?? JSON.stringify(short.json())).toMatch(/at least 2 characters/);
  });

  it('asks for a sign-in', async () => {
    expect((await call(server.app, { method: 'GET', url: '/api/search?q=Ada' })).statusCode).toBe(401);
  });
});
