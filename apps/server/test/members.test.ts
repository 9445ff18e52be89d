import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, users } from '../src/db/schema';
import {
  addMember,
  addTeam,
  call,
  createTestApp,
  createTestDatabase,
  ENGINE,
  TEST_PASSWORD,
  type TestApp,
} from './helpers';
import { mailboxFor, readFromMailbox } from './mailbox';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

describe('members', () => {
  it("lists the team's members a page at a time, newest first, and nobody else's", async () => {
    const team = await addTeam(server.app);
    await addTeam(server.app);
    const extra = [];
    for (let index = 0; index < 3; index += 1) {
      extra.push(await addMember(server.app, team.id, 'user'));
    }
    const page = await call(server.app, {
      method: 'GET',
      url: '/api/users?current=1&pageSize=2',
      token: team.user.token,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().total).toBe(5);
    expect(page.json().list.map((member: { id: string }) => member.id)).toEqual([extra[2]?.id, extra[1]?.id]);
    const all = await call(server.app, { method: 'GET', url: '/api/users?pageSize=100', token: team.user.token });
    expect(all.json().list.every((member: { email: string }) => !member.email.includes('password'))).toBe(true);
    expect(JSON.stringify(all.json())).not.toMatch(/passwordHash|argon2/);
  });

  it('refuses a page size over 100 and a page 0 with 400', async () => {
    const team = await addTeam(server.app);
    const big = await call(server.app, { method: 'GET', url: '/api/users?pageSize=500', token: team.user.token });
    expect(big.statusCode).toBe(400);
    expect(big.json().fields).toHaveProperty('pageSize');
    const zero = await call(server.app, { method: 'GET', url: '/api/users?current=0', token: team.user.token });
    expect(zero.statusCode).toBe(400);
  });

  it('invitations, changes and removals are for admins: users get 403', async () => {
    const team = await addTeam(server.app);
    const invite = await call(server.app, {
      method: 'POST',
      url: '/api/users',
      token: team.user.token,
      payload: { email: 'x@example.com', name: 'X' },
    });
    expect(invite.statusCode).toBe(403);
    expect(invite.json().errorMessage).toBe('Sorry, you are not authorized to access this page.');
    const patch = await call(server.app, {
      method: 'PATCH',
      url: `/api/users/${team.admin.id}`,
      token: team.user.token,
      payload: { role: 'user' },
    });
    expect(patch.statusCode).toBe(403);
    const remove = await call(server.app, {
      method: 'DELETE',
      url: `/api/users/${team.admin.id}`,
      token: team.user.token,
    });
    expect(remove.statusCode).toBe(403);
  });

  it('a disabled member loses access at once and cannot sign in', async () => {
    const team = await addTeam(server.app);
    const disabled = await call(server.app, {
      method: 'PATCH',
      url: `/api/users/${team.user.id}`,
      token: team.admin.token,
      payload: { disabled: true },
    });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().data.disabled).toBe(true);
    expect(
      (await call(server.app, { method: 'GET', url: '/api/currentUser', token: team.user.token })).statusCode,
    ).toBe(401);
    const login = await call(server.app, {
      method: 'POST',
      url: '/common/login',
      payload: { email: team.user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
  });

  it('a role change applies to the next request, without a new sign-in', async () => {
    const team = await addTeam(server.app);
    await call(server.app, {
      method: 'PATCH',
      url: `/api/users/${team.user.id}`,
      token: team.admin.token,
      payload: { role: 'admin' },
    });
    const invite = await call(server.app, {
      method: 'POST',
      url: '/api/users',
      token: team.user.token,
      payload: { email: `promoted-${team.id.slice(0, 6)}@example.com`, name: 'Invited by a new admin' },
    });
    expect(invite.statusCode).toBe(201);
  });

  it('a removed member loses access at once, and their address can be invited again', async () => {
    const team = await addTeam(server.app);
    const removed = await call(server.app, {
      method: 'DELETE',
      url: `/api/users/${team.user.id}`,
      token: team.admin.token,
    });
    expect(removed.statusCode).toBe(200);
    expect(
      (await call(server.app, { method: 'GET', url: '/api/currentUser', token: team.user.token })).statusCode,
    ).toBe(401);
    const list = await call(server.app, { method: 'GET', url: '/api/users', token: team.admin.token });
    expect(list.json().list.map((member: { id: string }) => member.id)).not.toContain(team.user.id);
    const again = await call(server.app, {
      method: 'POST',
      url: '/api/users',
      token: team.admin.token,
      payload: { email: team.user.email, name: 'Back again' },
    });
    expect(again.statusCode).toBe(201);
  });

  it('keeps at least one admin, and an admin cannot disable or remove themselves', async () => {
    const team = await addTeam(server.app);
    const demote = await call(server.app, {
      method: 'PATCH',
      url: `/api/users/${team.admin.id}`,
      token: team.admin.token,
      payload: { role: 'user' },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().errorCode).toBe('LAST_ADMIN');
    const self = await call(server.app, {
      method: 'DELETE',
      url: `/api/users/${team.admin.id}`,
      token: team.admin.token,
    });
    expect(self.statusCode).toBe(409);
    const second = await addMember(server.app, team.id, 'admin');
    const disableSelf = await call(server.app, {
      method: 'PATCH',
      url: `/api/users/${second.id}`,
      token: second.token,
      payload: { disabled: true },
    });
    expect(disableSelf.json().errorCode).toBe('SELF');
    const demoteFirst = await call(server.app, {
      method: 'PATCH',
      url: `/api/users/${team.admin.id}`,
      token: second.token,
      payload: { role: 'user' },
    });
    expect(demoteFirst.statusCode).toBe(200);
  });

  it("another team's member does not exist for an admin: 404, nothing changed", async () => {
    const mine = await addTeam(server.app);
    const theirs = await addTeam(server.app);
    const patch = await call(server.app, {
      method: 'PATCH',
      url: `/api/users/${theirs.user.id}`,
      token: mine.admin.token,
      payload: { disabled: true },
    });
    expect(patch.statusCode).toBe(404);
    const remove = await call(server.app, {
      method: 'DELETE',
      url: `/api/users/${theirs.user.id}`,
      token: mine.admin.token,
    });
    expect(remove.statusCode).toBe(404);
    expect(
      (await call(server.app, { method: 'GET', url: '/api/currentUser', token: theirs.user.token })).statusCode,
    ).toBe(200);
  });

  it('refuses bad invitations with field messages and writes nothing', async () => {
    const team = await addTeam(server.app);
    const bad = await call(server.app, {
      method: 'POST',
      url: '/api/users',
      token: team.admin.token,
      payload: { email: 'nope', name: '   ', role: 'owner' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields).toMatchObject({ email: 'The input is not valid E-mail!', name: 'Please input a name!' });
    expect(bad.json().fields.role).toBeDefined();
    const taken = await call(server.app, {
      method: 'POST',
      url: '/api/users',
      token: team.admin.token,
      payload: { email: team.user.email, name: 'Copy' },
    });
    expect(taken.statusCode).toBe(409);
    const list = await call(server.app, { method: 'GET', url: '/api/users', token: team.admin.token });
    expect(list.json().total).toBe(2);
    const empty = await call(server.app, {
      method: 'PATCH',
      url: `/api/users/${team.user.id}`,
      token: team.admin.token,
      payload: {},
    });
    expect(empty.statusCode).toBe(422);
  });
});

describe('the Support team list: availability, last seen, calls this week', () => {
  /** A call of the team that came in `daysAgo` days ago, answered by `receivedBy` (or missed). */
  async function addCall(teamId: string, receivedBy: string | null, incomingAt: Date) {
    await server.app.db.insert(calls).values({
      teamId,
      serialNumber: sql`(select coalesce(max(serial_number), 0) + 1 from calls where team_id = ${teamId})`,
      incomingAt,
      playerId: `v_${randomUUID().slice(0, 8)}`,
      holdSeconds: 5,
      ...(receivedBy ? { receivedBy, receivedAt: incomingAt, endedAt: incomingAt, durationSeconds: 60 } : {}),
    });
  }

  it('answers each member with their availability, when last seen and the calls they answered this ISO week', async () => {
    const team = await addTeam(server.app);
    const other = await addTeam(server.app);
    // Monday 00:00 UTC of this ISO week.
    const today = new Date();
    const monday = new Date(
      Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - ((today.getUTCDay() + 6) % 7)),
    );
    const thisWeek = new Date(Math.max(monday.getTime() + 1000, Date.now() - 60_000));
    await addCall(team.id, team.user.id, thisWeek);
    await addCall(team.id, team.user.id, thisWeek);
    await addCall(team.id, team.admin.id, thisWeek);
    await addCall(team.id, null, thisWeek);
    // Before Monday 00:00 UTC: last week's.
    await addCall(team.id, team.user.id, new Date(monday.getTime() - 1000));
    await addCall(other.id, other.user.id, thisWeek);
    const connection = await server.app.presence.connect(team.id, team.admin.id);
    const invited = await call(server.app, {
      method: 'POST',
      url: '/api/users',
      token: team.admin.token,
      payload: { email: `new-${randomUUID().slice(0, 8)}@example.com`, name: 'Newcomer' },
    });
    expect(invited.statusCode).toBe(201);

    const list = await call(server.app, { method: 'GET', url: '/api/users', token: team.user.token });
    expect(list.statusCode).toBe(200);
    const byId = new Map(
      list
        .json()
        .list.map((member: { id: string; availability: string; lastSeenAt: string | null; callsThisWeek: number }) => [
          member.id,
          member,
        ]),
    );
    expect(byId.get(team.admin.id)).toMatchObject({ availability: 'available', callsThisWeek: 1 });
    expect(byId.get(team.user.id)).toMatchObject({ availability: 'offline', callsThisWeek: 2 });
    expect(byId.get(invited.json().data.id)).toMatchObject({
      availability: 'offline',
      lastSeenAt: null,
      callsThisWeek: 0,
    });
    // Seen: the admin's open tab; the user's latest sign-in (the test's session).
    const seen = (id: string) => Date.parse(String((byId.get(id) as { lastSeenAt: string }).lastSeenAt));
    expect(Math.abs(seen(team.admin.id) - Date.now())).toBeLessThan(60_000);
    expect(Math.abs(seen(team.user.id) - Date.now())).toBeLessThan(60_000);

    await server.app.presence.disconnect(connection);
    const after = await call(server.app, { method: 'GET', url: '/api/users', token: team.user.token });
    const admin = after.json().list.find((member: { id: string }) => member.id === team.admin.id);
    expect(admin.availability).toBe('offline');
  });
});

describe('sending an invitation again', () => {
  async function invite(team: { admin: { token: string } }) {
    const email = `guest-${randomUUID().slice(0, 8)}@example.com`;
    const response = await call(server.app, {
      method: 'POST',
      url: '/api/users',
      token: team.admin.token,
      payload: { email, name: 'Guest' },
    });
    expect(response.statusCode).toBe(201);
    return { id: response.json().data.id as string, email };
  }

  it('e-mails a new one-time password; the old one stops working, and the new one signs in', async () => {
    const team = await addTeam(server.app);
    const guest = await invite(team);
    const first = await readFromMailbox(server.app, guest.email, /One-time password: (\S+)/);
    const again = await call(server.app, {
      method: 'POST',
      url: `/api/users/${guest.id}/invitation`,
      token: team.admin.token,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ id: guest.id, firstLogin: true });
    const mails = await mailboxFor(server.app, guest.email);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.text).toContain(`/user/team-login/${team.id}`);
    const second = await readFromMailbox(server.app, guest.email, /One-time password: (\S+)/);
    expect(second).not.toBe(first);
    const old = await call(server.app, {
      method: 'POST',
      url: '/common/login',
      payload: { email: guest.email, password: first, teamId: team.id },
    });
    expect(old.statusCode).toBe(401);
    const login = await call(server.app, {
      method: 'POST',
      url: '/common/login',
      payload: { email: guest.email, password: second, teamId: team.id },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.firstLogin).toBe(true);
  });

  it('refuses a member who has signed in already with 409 and a clear message, and sends nothing', async () => {
    const team = await addTeam(server.app);
    const refused = await call(server.app, {
      method: 'POST',
      url: `/api/users/${team.user.id}/invitation`,
      token: team.admin.token,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: 'INVITATION_TAKEN',
      errorMessage: 'This member has signed in already: there is no invitation to send again.',
    });
    expect(await mailboxFor(server.app, team.user.email)).toHaveLength(0);
  });

  it("is for admins of the member's own team: a user gets 403, another team's admin 404", async () => {
    const team = await addTeam(server.app);
    const theirs = await addTeam(server.app);
    const guest = await invite(team);
    const byUser = await call(server.app, {
      method: 'POST',
      url: `/api/users/${guest.id}/invitation`,
      token: team.user.token,
    });
    expect(byUser.statusCode).toBe(403);
    const byOther = await call(server.app, {
      method: 'POST',
      url: `/api/users/${guest.id}/invitation`,
      token: theirs.admin.token,
    });
    expect(byOther.statusCode).toBe(404);
    expect(await mailboxFor(server.app, guest.email)).toHaveLength(1);
  });
});

// Two admins demoting, disabling or removing each other at once left the team without an active admin in 10 of 12 rounds.
describe('names: a member renames themselves, an admin renames the team', () => {
  it('a member of either role changes their own name, and only their own', async () => {
    const team = await addTeam(server.app);
    const renamed = await call(server.app, {
      method: 'PATCH',
      url: '/api/currentUser',
      token: team.user.token,
      payload: { name: '  Grace Hopper ' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ userid: team.user.id, name: 'Grace Hopper' });
    const me = await call(server.app, { method: 'GET', url: '/api/currentUser', token: team.user.token });
    expect(me.json().data.name).toBe('Grace Hopper');
    // The admin's name is untouched.
    const admin = await call(server.app, { method: 'GET', url: '/api/currentUser', token: team.admin.token });
    expect(admin.json().data.name).toBe(team.admin.name);
  });

  it('refuses an empty or too long name with its field message, and changes nothing', async () => {
    const team = await addTeam(server.app);
    for (const [payload, message] of [
      [{ name: '   ' }, 'Please input your name!'],
      [{}, 'Please input your name!'],
      [{ name: 'x'.repeat(101) }, 'At most 100 characters.'],
    ] as const) {
      const response = await call(server.app, {
        method: 'PATCH',
        url: '/api/currentUser',
        token: team.user.token,
        payload,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().fields).toEqual({ name: message });
    }
    const me = await call(server.app, { method: 'GET', url: '/api/currentUser', token: team.user.token });
    expect(me.json().data.name).toBe(team.user.name);
  });

  it("an admin renames the team; a user gets 403; another team's name is untouched", async () => {
    const team = await addTeam(server.app);
    const other = await addTeam(server.app);
    const refused = await call(server.app, {
      method: 'PATCH',
      url: '/api/team',
      token: team.user.token,
      payload: { name: 'Taken over' },
    });
    expect(refused.statusCode).toBe(403);
    const renamed = await call(server.app, {
      method: 'PATCH',
      url: '/api/team',
      token: team.admin.token,
      payload: { name: ' Night shift ' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toEqual({ id: team.id, name: 'Night shift' });
    const seen = await call(server.app, { method: 'GET', url: '/api/currentUser', token: team.user.token });
    expect(seen.json().data.team).toEqual({ id: team.id, name: 'Night shift' });
    const untouched = await call(server.app, { method: 'GET', url: '/api/currentUser', token: other.user.token });
    expect(untouched.json().data.team.name).toBe(other.name);

    const empty = await call(server.app, {
      method: 'PATCH',
      url: '/api/team',
      token: team.admin.token,
      payload: { name: '' },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().fields).toEqual({ name: "Please input your team's name!" });
  });

  it('an admin demoted while renaming the team changes nothing (409 or 403, never a rename)', async () => {
    for (let round = 0; round < 6; round += 1) {
      const team = await addTeam(server.app);
      const other = await addMember(server.app, team.id, 'admin');
      const [rename, demote] = await Promise.all([
        call(server.app, {
          method: 'PATCH',
          url: '/api/team',
          token: team.admin.token,
          payload: { name: `Round ${round}` },
        }),
        call(server.app, {
          method: 'PATCH',
          url: `/api/users/${team.admin.id}`,
          token: other.token,
          payload: { role: 'user' },
        }),
      ]);
      expect(demote.statusCode).toBe(200);
      const me = await call(server.app, { method: 'GET', url: '/api/currentUser', token: other.token });
      if (rename.statusCode === 200) {
        // The rename landed first, while its author was still an admin.
        expect(me.json().data.team.name).toBe(`Round ${round}`);
      } else {
        expect([403, 409]).toContain(rename.statusCode);
        expect(me.json().data.team.name).toBe(team.name);
      }
    }
  });
});

describe('two admins changing each other at the same moment', () => {
  it('leaves the team at least one active admin every time; the second change gets 409', async () => {
    // On PostgreSQL, two server instances on one database; on PGlite, one instance taking both requests.
    const shared = ENGINE === 'postgres' ? await createTestDatabase() : undefined;
    const first = shared ? await createTestApp({ databaseUrl: shared.url }) : server;
    const second = shared ? await createTestApp({ databaseUrl: shared.url }) : server;
    try {
      const changes = [
        (id: string) => ({ method: 'PATCH' as const, url: `/api/users/${id}`, payload: { role: 'user' } }),
        (id: string) => ({ method: 'PATCH' as const, url: `/api/users/${id}`, payload: { disabled: true } }),
        (id: string) => ({ method: 'DELETE' as const, url: `/api/users/${id}` }),
      ];
      let conflicts = 0;
      for (let round = 0; round < 12; round += 1) {
        const team = await addTeam(first.app);
        const other = await addMember(first.app, team.id, 'admin');
        const change = changes[round % changes.length];
        if (!change) {
          throw new Error('no change');
        }
        const [one, two] = await Promise.all([
          call(first.app, { ...change(other.id), token: team.admin.token }),
          call(second.app, { ...change(team.admin.id), token: other.token }),
        ]);
        // One change lands. The other is refused: 409 when both were in flight together, or — when the
        // first had landed before the second was even let in — 403 (demoted) or 401 (disabled, removed).
        const winners = [one, two].filter((response) => response.statusCode === 200);
        const losers = [one, two].filter((response) => response.statusCode !== 200);
        expect(winners, `round ${round}: ${one.body} ${two.body}`).toHaveLength(1);
        expect([401, 403, 409]).toContain(losers[0]?.statusCode);
        if (losers[0]?.statusCode === 409) {
          expect(['ROLE_CHANGED', 'LAST_ADMIN']).toContain(losers[0].json().errorCode);
          conflicts += 1;
        }
        const admins = await first.app.db
          .select({ id: users.id })
          .from(users)
          .where(
            and(eq(users.teamId, team.id), eq(users.role, 'admin'), eq(users.disabled, false), isNull(users.removedAt)),
          );
        expect(admins, `round ${round}`).toHaveLength(1);
      }
      // The race is real: most rounds have both changes in flight at once.
      expect(conflicts).toBeGreaterThan(0);
    } finally {
      if (shared) {
        await first.app.close();
        await second.app.close();
        await shared.drop();
      }
    }
  });
});
