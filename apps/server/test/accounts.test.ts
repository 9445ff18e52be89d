import { ERROR_CODES } from '@parley/api';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, teams, users } from '../src/db/schema';
import { addTeam, call, createTestApp, TEST_PASSWORD, type TestApp } from './helpers';
import { mailboxFor, readFromMailbox } from './mailbox';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

/** A founder's name and their team's, for the registrations that test something else. */
const names = { name: 'New Founder', teamName: 'New team' };

const countTeams = async () => (await server.app.db.select({ value: count() }).from(teams))[0]?.value;

describe('team registration', () => {
  it('creates a team with its first admin, signs them in and greets them with a notice', async () => {
    const response = await call(server.app, {
      method: 'POST',
      url: '/common/register',
      payload: {
        name: ' Ada Lovelace ',
        teamName: ' Analytical Engines ',
        email: '  Founder@Example.COM ',
        password: 'a long password',
        confirmPassword: 'a long password',
      },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      statusCode: 200,
      status: 'ok',
      currentAuthority: 'admin',
      data: { firstLogin: false },
    });

    const me = await call(server.app, { method: 'GET', url: '/api/currentUser', token: body.data.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({
      email: 'founder@example.com',
      name: 'Ada Lovelace',
      access: 'admin',
      team: { name: 'Analytical Engines' },
      notifyCount: 1,
      unreadCount: 1,
    });
    // The greeting points only at what works: the call history, not the screens still to come.
    const notices = await call(server.app, { method: 'GET', url: '/api/notices', token: body.data.token });
    expect(notices.json()).toEqual([
      expect.objectContaining({
        title: 'Welcome to Parley, Analytical Engines is ready',
        link: '/call-history',
        description: expect.not.stringMatching(/Support Team|Domain management/),
      }),
    ]);
  });

  it('refuses a second account with the same address, and writes nothing', async () => {
    const before = await countTeams();
    const response = await call(server.app, {
      method: 'POST',
      url: '/common/register',
      payload: {
        name: 'Someone',
        teamName: 'Another team',
        email: 'founder@example.com',
        password: 'another password',
        confirmPassword: 'another password',
      },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      errorCode: ERROR_CODES.emailTaken,
      fields: { email: 'This e-mail address is already registered.' },
      fieldCodes: { email: 'emailTaken' },
    });
    expect(await countTeams()).toBe(before);
  });

  it('answers the SPEC §5 messages field by field, and writes nothing', async () => {
    const before = await countTeams();
    const mismatch = await call(server.app, {
      method: 'POST',
      url: '/common/register',
      payload: { ...names, email: 'new@example.com', password: 'a long password', confirmPassword: 'different' },
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().fields).toEqual({ confirmPassword: 'The passwords that you entered do not match!' });
    // Each message also by its id, for the web to word in the member's language.
    expect(mismatch.json().fieldCodes).toEqual({ confirmPassword: 'passwordsMismatch' });

    const empty = await call(server.app, { method: 'POST', url: '/common/register', payload: {} });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().fields).toMatchObject({
      name: 'Please input your name!',
      teamName: "Please input your team's name!",
      email: 'Please input your E-mail!',
      password: 'Please input your password!',
      confirmPassword: 'Please confirm your password!',
    });
    expect(empty.json().fieldCodes).toEqual({
      name: 'ownNameRequired',
      teamName: 'teamNameRequired',
      email: 'emailRequired',
      password: 'passwordRequired',
      confirmPassword: 'confirmRequired',
    });

    const badEmail = await call(server.app, {
      method: 'POST',
      url: '/common/register',
      payload: { ...names, email: 'not-an-address', password: 'a long password', confirmPassword: 'a long password' },
    });
    expect(badEmail.json().fields).toEqual({ email: 'The input is not valid E-mail!' });

    const longEmail = await call(server.app, {
      method: 'POST',
      url: '/common/register',
      payload: {
        ...names,
        email: `${'a'.repeat(316)}@x.io`,
        password: 'a long password',
        confirmPassword: 'a long password',
      },
    });
    expect(longEmail.statusCode).toBe(422);
    expect(longEmail.json().fields.email).toMatch(/at most 320/);

    // Names of spaces only are missing names; names past 100 characters are refused.
    const blankNames = await call(server.app, {
      method: 'POST',
      url: '/common/register',
      payload: {
        name: '   ',
        teamName: 'x'.repeat(101),
        email: 'new@example.com',
        password: 'a long password',
        confirmPassword: 'a long password',
      },
    });
    expect(blankNames.statusCode).toBe(422);
    expect(blankNames.json().fields).toEqual({ name: 'Please input your name!', teamName: 'At most 100 characters.' });
    expect(await countTeams()).toBe(before);
  });
});

describe('login', () => {
  it('answers the SPEC §3 shape with a JWT carrying user_name, role, team, id and expiry', async () => {
    const team = await addTeam(server.app);
    const response = await call(server.app, {
      method: 'POST',
      url: '/common/login',
      payload: { email: team.user.email.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      statusCode: 200,
      status: 'ok',
      type: 'account',
      currentAuthority: 'user',
      data: { firstLogin: false },
    });
    const [, payload] = body.data.token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims).toMatchObject({ user_name: team.user.name, role: 'user', team: team.id, sub: team.user.id });
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.exp - claims.iat).toBe(12 * 3600);
  });

  it('keeps a remembered session 30 days', async () => {
    const team = await addTeam(server.app);
    const response = await call(server.app, {
      method: 'POST',
      url: '/common/login',
      payload: { email: team.user.email, password: TEST_PASSWORD, autoLogin: true },
    });
    const claims = JSON.parse(Buffer.from(response.json().data.token.split('.')[1], 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(30 * 24 * 3600);
  });

  it('answers 401 alike for a wrong password, an unknown address and a disabled member', async () => {
    const team = await addTeam(server.app);
    const wrong = await call(server.app, {
      method: 'POST',
      url: '/common/login',
      payload: { email: team.user.email, password: 'nope' },
    });
    const unknown = await call(server.app, {
      method: 'POST',
      url: '/common/login',
      payload: { email: 'nobody@example.com', password: 'nope' },
    });
    await server.app.db.update(users).set({ disabled: true }).where(eq(users.id, team.user.id));
    const disabled = await call(server.app, {
      method: 'POST',
      url: '/common/login',
      payload: { email: team.user.email, password: TEST_PASSWORD },
    });
    for (const response of [wrong, unknown, disabled]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        errorCode: 'BAD_CREDENTIALS',
        errorMessage: 'Incorrect username/password',
        showType: 2,
      });
    }
  });

  it('lets only members of the team in through its team login', async () => {
    const first = await addTeam(server.app);
    const second = await addTeam(server.app);
    const own = await call(server.app, {
      method: 'POST',
      url: '/common/login',
      payload: { email: first.user.email, password: TEST_PASSWORD, teamId: first.id },
    });
    expect(own.statusCode).toBe(200);
    const other = await call(server.app, {
      method: 'POST',
      url: '/common/login',
      payload: { email: first.user.email, password: TEST_PASSWORD, teamId: second.id },
    });
    expect(other.statusCode).toBe(401);

    const page = await call(server.app, { method: 'GET', url: `/common/teams/${first.id}` });
    expect(page.json()).toEqual({ success: true, data: { id: first.id, name: first.name } });
    const missing = await call(server.app, {
      method: 'GET',
      url: '/common/teams/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('logout revokes the token on the server at once', async () => {
    const team = await addTeam(server.app);
    const out = await call(server.app, { method: 'POST', url: '/common/logout', token: team.user.token });
    expect(out.statusCode).toBe(200);
    const after = await call(server.app, { method: 'GET', url: '/api/currentUser', token: team.user.token });
    expect(after.statusCode).toBe(401);
  });
});

describe('first login', () => {
  it('an invited member signs in with the e-mailed one-time password and must set their own', async () => {
    const team = await addTeam(server.app);
    const invite = await call(server.app, {
      method: 'POST',
      url: '/api/users',
      token: team.admin.token,
      payload: { email: 'Grace@Example.com', name: 'Grace Hopper', role: 'user' },
    });
    expect(invite.statusCode).toBe(201);
    expect(invite.json().data).toMatchObject({ email: 'grace@example.com', firstLogin: true, role: 'user' });

    const [mail] = await mailboxFor(server.app, 'grace@example.com');
    expect(mail?.subject).toContain(team.name);
    expect(mail?.text).toContain(`http://parley.test/user/team-login/${team.id}`);
    const oneTime = await readFromMailbox(server.app, 'grace@example.com', /One-time password: (\S+)/);

    const login = await call(server.app, {
      method: 'POST',
      url: '/common/login',
      payload: { email: 'grace@example.com', password: oneTime, teamId: team.id },
    });
    expect(login.statusCode).toBe(200);
    const { token, firstLogin } = login.json().data;
    expect(firstLogin).toBe(true);
    // The first-login token opens nothing but the password change.
    const blocked = await call(server.app, { method: 'GET', url: '/api/currentUser', token });
    expect(blocked.statusCode).toBe(401);

    const changed = await call(server.app, {
      method: 'POST',
      url: '/common/change-password',
      payload: { token, password: 'my own password', confirmPassword: 'my own password' },
    });
    expect(changed.statusCode).toBe(200);
    const full = changed.json().data;
    expect(full.firstLogin).toBe(false);
    const me = await call(server.app, { method: 'GET', url: '/api/currentUser', token: full.token });
    expect(me.json().data).toMatchObject({ name: 'Grace Hopper', access: 'user' });

    // The one-time password and the first-login token no longer work; the admin heard she joined.
    const again = await call(server.app, {
      method: 'POST',
      url: '/common/login',
      payload: { email: 'grace@example.com', password: oneTime },
    });
    expect(again.statusCode).toBe(401);
    const reuse = await call(server.app, {
      method: 'POST',
      url: '/common/change-password',
      payload: { token, password: 'another password', confirmPassword: 'another password' },
    });
    expect(reuse.statusCode).toBe(401);
    const notices = await call(server.app, { method: 'GET', url: '/api/notices', token: team.admin.token });
    expect(notices.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: 'Grace Hopper joined the team', type: 'notification' }),
      ]),
    );
  });

  it('a signed-in member changing their password must give the current one', async () => {
    const team = await addTeam(server.app);
    const refused = await call(server.app, {
      method: 'POST',
      url: '/common/change-password',
      payload: {
        token: team.user.token,
        currentPassword: 'wrong',
        password: 'a new password',
        confirmPassword: 'a new password',
      },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      errorCode: ERROR_CODES.validationFailed,
      errorMessage: 'The current password is not correct.',
      fields: { currentPassword: 'The current password is not correct.' },
      fieldCodes: { currentPassword: 'currentPasswordWrong' },
    });

    const accepted = await call(server.app, {
      method: 'POST',
      url: '/common/change-password',
      payload: {
        token: team.user.token,
        currentPassword: TEST_PASSWORD,
        password: 'a new password',
        confirmPassword: 'a new password',
      },
    });
    expect(accepted.statusCode).toBe(200);
    // Every older session ends with the old password.
    const old = await call(server.app, { method: 'GET', url: '/api/currentUser', token: team.user.token });
    expect(old.statusCode).toBe(401);
    const login = await call(server.app, {
      method: 'POST',
      url: '/common/login',
      payload: { email: team.user.email, password: 'a new password' },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('forgot and reset password', () => {
  it('e-mails a one-hour, single-use link that sets a new password and ends every session', async () => {
    const team = await addTeam(server.app);
    const asked = await call(server.app, {
      method: 'POST',
      url: '/common/forgot-password',
      payload: { email: team.user.email },
    });
    expect(asked.statusCode).toBe(200);
    const link = await readFromMailbox(
      server.app,
      team.user.email,
      /(http:\/\/parley\.test\/user\/reset-password\/\S+)/,
    );
    const [token, userId] = link.split('/').slice(-2);
    expect(userId).toBe(team.user.id);

    const [stored] = await server.app.db.select().from(passwordResets).where(eq(passwordResets.userId, team.user.id));
    expect(stored?.tokenHash).not.toContain(token);
    const lifetime = (stored?.expiresAt.getTime() ?? 0) - (stored?.createdAt.getTime() ?? 0);
    expect(lifetime).toBe(3600 * 1000);

    // The link's page asks first whether it is live: it is, for this account, and asking spends nothing.
    for (let asked = 0; asked < 2; asked += 1) {
      const check = await call(server.app, {
        method: 'POST',
        url: '/common/reset-password/check',
        payload: { token, userId },
      });
      expect(check.statusCode).toBe(200);
      expect(check.json()).toEqual({ success: true, data: { email: team.user.email } });
    }

    const reset = await call(server.app, {
      method: 'POST',
      url: '/common/reset-password',
      payload: { token, userId, password: 'brand new password', confirmPassword: 'brand new password' },
    });
    expect(reset.statusCode).toBe(200);
    // Once used, the page says so before anything is typed.
    const spent = await call(server.app, {
      method: 'POST',
      url: '/common/reset-password/check',
      payload: { token, userId },
    });
    expect(spent.statusCode).toBe(400);
    expect(spent.json()).toMatchObject({ errorCode: 'RESET_LINK_INVALID' });
    expect(
      (await call(server.app, { method: 'GET', url: '/api/currentUser', token: team.user.token })).statusCode,
    ).toBe(401);
    const login = await call(server.app, {
      method: 'POST',
      url: '/common/login',
      payload: { email: team.user.email, password: 'brand new password' },
    });
    expect(login.statusCode).toBe(200);

    const twice = await call(server.app, {
      method: 'POST',
      url: '/common/reset-password',
      payload: { token, userId, password: 'third password!', confirmPassword: 'third password!' },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errorCode).toBe('RESET_LINK_INVALID');
  });

  it('refuses an expired link and a link used with another member id', async () => {
    const team = await addTeam(server.app);
    await call(server.app, { method: 'POST', url: '/common/forgot-password', payload: { email: team.user.email } });
    const link = await readFromMailbox(
      server.app,
      team.user.email,
      /(http:\/\/parley\.test\/user\/reset-password\/\S+)/,
    );
    const [token] = link.split('/').slice(-2);

    const swapped = await call(server.app, {
      method: 'POST',
      url: '/common/reset-password',
      payload: { token, userId: team.admin.id, password: 'brand new password', confirmPassword: 'brand new password' },
    });
    expect(swapped.statusCode).toBe(400);

    await server.app.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, team.user.id));
    const expired = await call(server.app, {
      method: 'POST',
      url: '/common/reset-password',
      payload: { token, userId: team.user.id, password: 'brand new password', confirmPassword: 'brand new password' },
    });
    expect(expired.statusCode).toBe(400);
    const expiredCheck = await call(server.app, {
      method: 'POST',
      url: '/common/reset-password/check',
      payload: { token, userId: team.user.id },
    });
    expect(expiredCheck.statusCode).toBe(400);
    // Another member's id with this token names no live link either, and says nothing of that member.
    const swappedCheck = await call(server.app, {
      method: 'POST',
      url: '/common/reset-password/check',
      payload: { token, userId: team.admin.id },
    });
    expect(swappedCheck.statusCode).toBe(400);
    expect(swappedCheck.body).not.toContain(team.admin.email);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const response = await call(server.app, {
      method: 'POST',
      url: '/common/forgot-password',
      payload: { email: 'ghost@example.com' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await mailboxFor(server.app, 'ghost@example.com')).toEqual([]);
  });
});

describe('concurrent registrations', () => {
  // Regression: two registrations of one address at once hit the unique index and answered 500.
  it('one of two simultaneous registrations of the same address wins, the other gets 409', async () => {
    const payload = {
      name: 'Racer',
      teamName: "Racer's team",
      email: 'racer@example.com',
      password: 'a long password',
      confirmPassword: 'a long password',
    };
    const responses = await Promise.all([
      call(server.app, { method: 'POST', url: '/common/register', payload }),
      call(server.app, { method: 'POST', url: '/common/register', payload }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    // The loser left no empty team behind.
    const racers = await server.app.db.select().from(teams).where(eq(teams.name, "Racer's team"));
    expect(racers).toHaveLength(1);
  });
});
