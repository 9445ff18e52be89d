import { MAX_DOMAINS } from '@parley/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains, teams } from '../src/db/schema';
import { addTeam, call, createTestApp, type TestApp, type TestMember, type TestTeam } from './helpers';

let server: TestApp;
let team: TestTeam;
let other: TestTeam;

beforeAll(async () => {
  server = await createTestApp();
  team = await addTeam(server.app, 'Domain team');
  other = await addTeam(server.app, 'Other team');
});
afterAll(() => server.close());

const list = (member: TestMember = team.admin) =>
  call(server.app, { method: 'GET', url: '/api/domains', token: member.token });
const add = (origin: unknown, member: TestMember = team.admin) =>
  call(server.app, { method: 'POST', url: '/api/domains', payload: { origin }, token: member.token });
const remove = (id: string, member: TestMember = team.admin) =>
  call(server.app, { method: 'DELETE', url: `/api/domains/${id}`, token: member.token });
const origins = async (member: TestMember = team.admin) =>
  (await list(member)).json().list.map((domain: { origin: string }) => domain.origin);

describe('the allowed origins', () => {
  it('adds an origin as browsers send it, lists it for every member of the team, oldest first', async () => {
    const first = await add('  HTTPS://Shop.Example.COM/ ');
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ origin: 'https://shop.example.com', addedBy: team.admin.name });
    expect((await add('http://localhost:8080')).statusCode).toBe(201);
    for (const member of [team.admin, team.user]) {
      const page = await list(member);
      expect(page.statusCode).toBe(200);
      expect(page.json()).toMatchObject({ total: 2 });
      expect(page.json().list.map((domain: { origin: string }) => domain.origin)).toEqual([
        'https://shop.example.com',
        'http://localhost:8080',
      ]);
    }
    expect(await origins(other.admin)).toEqual([]);
  });

  it('refuses what is not an origin with the field and its message, and stores nothing', async () => {
    const before = await origins();
    for (const origin of ['example.com', 'https://example.com/shop', 'ftp://example.com', '', 42]) {
      const response = await add(origin);
      expect(response.statusCode, String(origin)).toBe(422);
      expect(response.json().fields?.origin).toBeTruthy();
    }
    const wrong = await add('https://example.com/shop');
    expect(wrong.json()).toMatchObject({
      fields: {
        origin: 'Enter an origin such as https://www.example.com: http or https, a host and an optional port, no path.',
      },
      fieldCodes: { origin: 'originInvalid' },
    });
    expect(await origins()).toEqual(before);
  });

  it('answers 409 for an origin on the list already, however it was typed', async () => {
    await add('https://twice.example.com');
    const again = await add('https://TWICE.example.com:443/');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      errorMessage: 'This origin is already on the list.',
      fieldCodes: { origin: 'originTaken' },
    });
    expect((await origins()).filter((origin: string) => origin === 'https://twice.example.com')).toHaveLength(1);
  });

  it('two admins adding the same origin at once: one is stored, the other told it is there', async () => {
    const results = await Promise.all([add('https://race.example.com'), add('https://race.example.com')]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect((await origins()).filter((origin: string) => origin === 'https://race.example.com')).toHaveLength(1);
  });

  it(`keeps a team at ${MAX_DOMAINS} origins even when the last two are added at once`, async () => {
    const full = await addTeam(server.app, 'Full team');
    await server.app.db.insert(domains).values(
      Array.from({ length: MAX_DOMAINS - 1 }, (_, index) => ({
        teamId: full.id,
        origin: `https://site-${index}.example`,
      })),
    );
    const results = await Promise.all([
      add('https://last-a.example', full.admin),
      add('https://last-b.example', full.admin),
    ]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([201, 422]);
    expect(results.find((response) => response.statusCode === 422)?.json()).toMatchObject({
      errorMessage: `A team can allow at most ${MAX_DOMAINS} origins. Remove one first.`,
      fieldCodes: { origin: 'domainsFull' },
    });
    expect((await list(full.admin)).json().total).toBe(MAX_DOMAINS);
  });

  it('removes an origin for an admin; a user is refused, another team’s origin is not found', async () => {
    const added = (await add('https://gone.example.com')).json().data;
    const refused = await remove(added.id, team.user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorMessage).toBe('Only team admins can change the domains and the widget key.');
    expect((await remove(added.id, other.admin)).statusCode).toBe(404);
    expect(await origins()).toContain('https://gone.example.com');
    expect((await remove(added.id)).statusCode).toBe(200);
    expect(await origins()).not.toContain('https://gone.example.com');
    expect((await remove(added.id)).statusCode).toBe(404);
  });

  it('a user cannot add an origin', async () => {
    const response = await add('https://user.example.com', team.user);
    expect(response.statusCode).toBe(403);
    expect(await origins()).not.toContain('https://user.example.com');
  });
});

describe('the widget key', () => {
  const key = (member: TestMember) => call(server.app, { method: 'GET', url: '/api/widget', token: member.token });
  const renew = (member: TestMember) =>
    call(server.app, { method: 'POST', url: '/api/widget/key', token: member.token });

  it('every team has one of its own, and every member reads it', async () => {
    const mine = (await key(team.admin)).json().data.widgetKey;
    expect(mine).toMatch(/^[0-9a-f]{32}$/);
    expect((await key(team.user)).json().data.widgetKey).toBe(mine);
    expect((await key(other.admin)).json().data.widgetKey).not.toBe(mine);
  });

  it('an admin takes a new one and the old one names the team no more; a user cannot', async () => {
    const old = (await key(team.admin)).json().data.widgetKey;
    expect((await renew(team.user)).statusCode).toBe(403);
    expect((await key(team.admin)).json().data.widgetKey).toBe(old);
    const renewed = await renew(team.admin);
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json().data.widgetKey;
    expect(fresh).toMatch(/^[0-9a-f]{32}$/);
    expect(fresh).not.toBe(old);
    const [row] = await server.app.db.select().from(teams).where(eq(teams.widgetKey, old));
    expect(row).toBeUndefined();
    expect((await key(team.user)).json().data.widgetKey).toBe(fresh);
  });
});
