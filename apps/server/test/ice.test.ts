import { createHmac } from 'node:crypto';
import type { IceServer } from '@parley/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTeam, call, createTestApp, type TestApp, type TestTeam } from './helpers';

const SECRET = 'turn-shared-secret-of-the-test';
const PARLEY = 'http://parley.test';

let server: TestApp;
let team: TestTeam;

beforeAll(async () => {
  server = await createTestApp({
    config: {
      ice: {
        servers: [{ urls: 'stun:stun.example.com:3478' }],
        turn: { urls: ['turn:turn.example.com:3478?transport=udp'], secret: SECRET, ttlSeconds: 600 },
      },
    },
  });
  team = await addTeam(server.app, 'ICE team');
});
afterAll(() => server.close());

/** The TURN entry checks as coturn's use-auth-secret would: not expired, and signed with the secret. */
function expectTurnCredential(servers: IceServer[], holder: RegExp) {
  const turn = servers.find((entry) => String(entry.urls).startsWith('turn:'));
  const [expiry, who] = turn?.username?.split(':') ?? [];
  expect(who).toMatch(holder);
  const left = Number(expiry) - Date.now() / 1000;
  expect(left).toBeGreaterThan(590);
  expect(left).toBeLessThanOrEqual(600);
  expect(turn?.credential).toBe(
    createHmac('sha1', SECRET)
      .update(turn?.username ?? '')
      .digest('base64'),
  );
}

describe('the ICE servers of a call', () => {
  it('gives a member the STUN servers and a short-lived TURN credential, never the TURN secret', async () => {
    const response = await call(server.app, { method: 'GET', url: '/api/ice-servers', token: team.user.token });
    expect(response.statusCode).toBe(200);
    const { iceServers, ttlSeconds } = response.json().data;
    expect(ttlSeconds).toBe(600);
    expect(iceServers[0]).toEqual({ urls: 'stun:stun.example.com:3478' });
    expectTurnCredential(iceServers, new RegExp(`^member-${team.user.id}$`));
    expect(response.body).not.toContain(SECRET);
    expect((await call(server.app, { method: 'GET', url: '/api/ice-servers' })).statusCode).toBe(401);
  });

  it("gives a visitor theirs with their call's token only", async () => {
    const { widgetKey } = (
      await call(server.app, { method: 'GET', url: '/api/widget', token: team.admin.token })
    ).json().data;
    const start = (payload: Record<string, unknown>) =>
      call(server.app, {
        method: 'POST',
        url: '/api/visitor/calls',
        headers: { host: 'parley.test', origin: PARLEY },
        payload,
      });
    const mine = (await start({ widgetKey, host: PARLEY, menuItem: 'call' })).json().data;
    const theirs = (await start({ widgetKey, host: PARLEY, menuItem: 'call' })).json().data;
    const ask = (id: string, token?: string) =>
      call(server.app, {
        method: 'GET',
        url: `/api/visitor/calls/${id}/ice-servers`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    const response = await ask(mine.call.id, mine.token);
    expect(response.statusCode).toBe(200);
    expectTurnCredential(response.json().data.iceServers, new RegExp(`^visitor-${mine.call.id}$`));
    expect(response.body).not.toContain(SECRET);
    expect((await ask(theirs.call.id, mine.token)).statusCode).toBe(403);
    expect((await ask(mine.call.id)).statusCode).toBe(401);
    expect((await ask(mine.call.id, team.admin.token)).statusCode).toBe(401);
  });
});
