import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryUsers, integrations, users } from '../src/db/schema';
import { type FakeSlack, fakeWorkspace, startFakeSlack } from './fake-slack';
import { addMember, addTeam, call, createTestApp, type TestApp, type TestTeam } from './helpers';

const SPEC_MESSAGE = 'Something went wrong, please try again later';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

let slack: FakeSlack;
let server: TestApp;
beforeAll(async () => {
  slack = await startFakeSlack();
  server = await createTestApp({
    config: { logLevel: 'info', slack: { tokenKey: randomBytes(32), apiUrl: slack.url } },
    logStream: sink,
  });
});
afterAll(async () => {
  await server.close();
  await slack.close();
});

let tokenCounter = 0;
/** A token of a fresh fake workspace holding these people. */
function newToken(people: { name: string; email?: string }[], workspaceName = 'Acme'): string {
  tokenCounter += 1;
  const token = `xoxb-${tokenCounter}-${randomBytes(12).toString('hex')}`;
  slack.addToken(
    token,
    fakeWorkspace(`T${tokenCounter}${randomBytes(3).toString('hex').toUpperCase()}`, workspaceName, people),
  );
  return token;
}

function saveToken(team: TestTeam, token: string, as = team.admin) {
  return call(server.app, { method: 'PUT', url: '/api/slack/token', token: as.token, payload: { token } });
}

function sync(team: TestTeam, as = team.admin) {
  return call(server.app, { method: 'POST', url: '/api/slack/sync', token: as.token });
}

describe('Slack settings', () => {
  it('saves a token auth.test accepts, stores it encrypted and shows only its last 4 characters', async () => {
    const team = await addTeam(server.app);
    const before = await call(server.app, { method: 'GET', url: '/api/slack', token: team.user.token });
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toMatchObject({ connected: false, tokenLast4: null, matched: [], unmatched: [] });

    const token = newToken([], 'Acme Support');
    const saved = await saveToken(team, `  ${token} `);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      connected: true,
      tokenLast4: token.slice(-4),
      workspace: 'Acme Support',
      syncedAt: null,
    });
    expect(slack.requests.some((request) => request.method === 'auth.test' && request.token === token)).toBe(true);

    const [row] = await server.app.db.select().from(integrations).where(eq(integrations.teamId, team.id));
    expect(row?.tokenSecret).toBeDefined();
    expect(row?.tokenSecret).not.toContain(token);
    expect(Buffer.from(row?.tokenSecret ?? '', 'base64').toString('latin1')).not.toContain(token.slice(5));
    // 12-byte IV + 16-byte tag + the token's bytes.
    expect(Buffer.from(row?.tokenSecret ?? '', 'base64')).toHaveLength(28 + token.length);

    const read = await call(server.app, { method: 'GET', url: '/api/slack', token: team.user.token });
    expect(read.json().data.tokenLast4).toBe(token.slice(-4));
    expect(JSON.stringify(read.json())).not.toContain(token.slice(0, -4));
    expect(lines.join('\n')).not.toContain(token.slice(5));
  });

  it('refuses a missing or malformed token with 422 on the field, before asking Slack', async () => {
    const team = await addTeam(server.app);
    const asked = slack.requests.length;
    for (const payload of [
      {},
      { token: '' },
      { token: '   ' },
      { token: 'not-a-token' },
      { token: 'xoxb-has space' },
    ]) {
      const refused = await call(server.app, {
        method: 'PUT',
        url: '/api/slack/token',
        token: team.admin.token,
        payload,
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().fields).toHaveProperty('token');
    }
    const long = await saveToken(team, `xoxb-${'a'.repeat(300)}`);
    expect(long.statusCode).toBe(422);
    expect(long.json().fieldCodes).toEqual({ token: 'slackTokenInvalid' });
    expect(slack.requests.length).toBe(asked);
  });

  it("a token Slack refuses is not saved: SPEC's message, and the cause in the log", async () => {
    const team = await addTeam(server.app);
    const refused = await saveToken(team, 'xoxb-0-unknown-to-slack');
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ success: false, errorCode: 'SLACK_FAILED', errorMessage: SPEC_MESSAGE });
    expect(lines.some((line) => line.includes('invalid_auth') && line.includes('auth.test'))).toBe(true);
    expect(lines.join('\n')).not.toContain('xoxb-0-unknown-to-slack');
    const read = await call(server.app, { method: 'GET', url: '/api/slack', token: team.admin.token });
    expect(read.json().data.connected).toBe(false);
  });

  it('Sync Users reads every page through a 429 (waiting Retry-After) and matches members by e-mail', async () => {
    const team = await addTeam(server.app);
    const lea = await addMember(server.app, team.id, 'user', { email: 'lea@example.com', name: 'Lea Member' });
    const removed = await addMember(server.app, team.id, 'user', { email: 'removed@example.com' });
    await server.app.db.update(users).set({ removedAt: new Date() }).where(eq(users.id, removed.id));
    const others = Array.from({ length: 447 }, (_, index) => ({
      name: `Person ${String(index).padStart(3, '0')}`,
      email: `person${index}@elsewhere.test`,
    }));
    const token = newToken([
      { name: 'Lea Slack', email: 'LEA@Example.com' },
      { name: 'Admin Slack', email: team.admin.email },
      { name: 'Removed Slack', email: 'removed@example.com' },
      { name: 'No Email' },
      ...others,
    ]);
    expect((await saveToken(team, token)).statusCode).toBe(200);

    const before = slack.requests.length;
    slack.rateLimitOnce('users.list', 1);
    const started = Date.now();
    const synced = await sync(team);
    expect(synced.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    const seen = slack.requests.slice(before).filter((request) => request.method === 'users.list');
    expect(seen.map((request) => [request.status, request.cursor])).toEqual([
      [429, undefined],
      [200, undefined],
      [200, 'page:200'],
      [200, 'page:400'],
    ]);
    const data = synced.json().data;
    expect(data.syncedAt).not.toBeNull();
    expect(data.matched).toEqual([
      {
        slackId: expect.any(String),
        name: 'Admin Slack',
        email: team.admin.email,
        member: { id: team.admin.id, name: team.admin.name },
      },
      {
        slackId: expect.any(String),
        name: 'Lea Slack',
        email: 'lea@example.com',
        member: { id: lea.id, name: 'Lea Member' },
      },
    ]);
    // Slackbot, the bot and the deactivated account are left out; a removed member matches nobody.
    expect(data.unmatched).toHaveLength(449);
    expect(data.unmatched.map((person: { name: string }) => person.name)).toEqual(
      expect.arrayContaining(['No Email', 'Removed Slack']),
    );
    expect(data.unmatched.find((person: { name: string }) => person.name === 'No Email').email).toBeNull();
    expect(JSON.stringify(data)).not.toMatch(/Slackbot|Deploy bot|Gone Person/);
    expect(lines.some((line) => line.includes('rate limit'))).toBe(true);

    // Another team sees none of it.
    const other = await addTeam(server.app);
    const theirs = await call(server.app, { method: 'GET', url: '/api/slack', token: other.admin.token });
    expect(theirs.json().data).toMatchObject({ connected: false, matched: [], unmatched: [] });
  });

  it('two syncs at once each store the whole result, one after the other', async () => {
    const team = await addTeam(server.app);
    const token = newToken(
      Array.from({ length: 450 }, (_, index) => ({ name: `P${index}`, email: `p${index}@x.test` })),
    );
    expect((await saveToken(team, token)).statusCode).toBe(200);
    slack.delayPages(50);
    try {
      const [first, second] = await Promise.all([sync(team), sync(team)]);
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    } finally {
      slack.delayPages(0);
    }
    const [stored] = await server.app.db
      .select({
        total: sql<number>`count(*)::int`,
        distinct: sql<number>`count(distinct ${directoryUsers.slackId})::int`,
      })
      .from(directoryUsers)
      .where(eq(directoryUsers.teamId, team.id));
    expect(stored).toEqual({ total: 450, distinct: 450 });
  });

  it("a revoked token: SPEC's message, the cause logged, and the last result kept", async () => {
    const team = await addTeam(server.app);
    const token = newToken([{ name: 'Kept Person', email: 'kept@x.test' }]);
    expect((await saveToken(team, token)).statusCode).toBe(200);
    const first = await sync(team);
    expect(first.json().data.unmatched).toHaveLength(1);
    slack.revoke(token);
    const failed = await sync(team);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ errorCode: 'SLACK_FAILED', errorMessage: SPEC_MESSAGE });
    expect(lines.some((line) => line.includes('token_revoked') && line.includes('users.list'))).toBe(true);
    const read = await call(server.app, { method: 'GET', url: '/api/slack', token: team.admin.token });
    expect(read.json().data.unmatched.map((person: { name: string }) => person.name)).toEqual(['Kept Person']);
    expect(read.json().data.syncedAt).toBe(first.json().data.syncedAt);
  });

  it("a token of another workspace drops the old workspace's result; Sync Users needs a token", async () => {
    const team = await addTeam(server.app);
    const notYet = await sync(team);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().errorCode).toBe('SLACK_NOT_CONNECTED');
    expect((await saveToken(team, newToken([{ name: 'Old', email: 'old@x.test' }]))).statusCode).toBe(200);
    expect((await sync(team)).json().data.unmatched).toHaveLength(1);
    const other = await saveToken(team, newToken([], 'Other workspace'));
    expect(other.json().data).toMatchObject({ workspace: 'Other workspace', syncedAt: null, unmatched: [] });
  });

  it('users read the settings; saving and syncing are for admins', async () => {
    const team = await addTeam(server.app);
    expect((await saveToken(team, newToken([]), team.user)).statusCode).toBe(403);
    expect((await sync(team, team.user)).statusCode).toBe(403);
    expect((await call(server.app, { method: 'GET', url: '/api/slack', token: team.user.token })).statusCode).toBe(200);
  });
});
