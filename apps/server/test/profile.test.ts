import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mfaRecoveryCodes, notices, users } from '../src/db/schema';
import { notifyMember } from '../src/repositories/notices';
import { openMfaSecret } from '../src/services/mfa';
import { addMember, addTeam, call, createTestApp, TEST_PASSWORD, type TestApp, type TestMember } from './helpers';
import { mailboxFor } from './mailbox';
import { totpCode } from './mfa-helpers';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

const profile = {
  email: '',
  name: 'Lea Haddad',
  signature: 'Answers the phone with a smile.',
  country: 'Egypt',
  province: 'Cairo Governorate',
  city: 'Cairo',
  address: '1 Tahrir Square',
  phone: '+201001234567',
};

let phoneCounter = 0;
function freshPhone(): string {
  phoneCounter += 1;
  return `+4420718${String(phoneCounter).padStart(5, '0')}`;
}

async function noticeTitles(member: TestMember): Promise<string[]> {
  const rows = await server.app.db.select({ title: notices.title }).from(notices).where(eq(notices.userId, member.id));
  return rows.map((row) => row.title);
}

function signIn(member: TestMember) {
  return call(server.app, {
    method: 'POST',
    url: '/common/login',
    payload: { email: member.email, password: TEST_PASSWORD },
  });
}

/** Binds a TOTP device for the member through the routes; answers its secret and recovery codes. */
async function bindDevice(member: TestMember) {
  const start = await call(server.app, { method: 'POST', url: '/api/currentUser/mfa', token: member.token });
  expect(start.statusCode).toBe(200);
  const { secret, uri, qrCode } = start.json().data;
  expect(uri).toMatch(/^otpauth:\/\/totp\/Parley:.*secret=/);
  expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  const confirm = await call(server.app, {
    method: 'POST',
    url: '/api/currentUser/mfa/confirm',
    token: member.token,
    payload: { code: totpCode(secret) },
  });
  expect(confirm.statusCode).toBe(200);
  // Kept sealed: the database holds neither the secret nor its base32 text anywhere.
  const [stored] = await server.app.db.select().from(users).where(eq(users.id, member.id));
  expect(stored?.mfaSecret).toBeTruthy();
  expect(stored?.mfaSecret).not.toContain(secret);
  expect(openMfaSecret(server.app.secretKey, stored?.mfaSecret ?? '')).toBe(secret);
  return { secret: secret as string, recoveryCodes: confirm.json().data.recoveryCodes as string[] };
}

describe('Basic Settings', () => {
  it("changes the member's own profile, every field, and the previous address is told of a new one", async () => {
    const team = await addTeam(server.app);
    const member = team.user;
    const email = `new-${member.email}`;
    const response = await call(server.app, {
      method: 'PUT',
      url: '/api/currentUser',
      token: member.token,
      payload: { ...profile, email: ` ${email.toUpperCase()} `, phone: '+20 100 123 4567' },
    });
    expect(response.statusCode).toBe(200);
    const user = response.json().data;
    expect(user).toMatchObject({
      userid: member.id,
      email,
      name: 'Lea Haddad',
      signature: profile.signature,
      country: 'Egypt',
      geographic: { province: { label: 'Cairo Governorate' }, city: { label: 'Cairo' } },
      address: '1 Tahrir Square',
      phone: '+201001234567',
    });
    const again = await call(server.app, { method: 'GET', url: '/api/currentUser', token: member.token });
    expect(again.json().data).toEqual(user);
    const [told] = await mailboxFor(server.app, member.email);
    expect(told?.subject).toBe('Your Parley e-mail address was changed');
    expect(told?.text).toContain(email);
    // The new address signs in.
    expect((await signIn({ ...member, email })).statusCode).toBe(200);
  });

  it("refuses blank fields with SPEC §5's 'Please input your …' messages (422)", async () => {
    const team = await addTeam(server.app);
    const response = await call(server.app, {
      method: 'PUT',
      url: '/api/currentUser',
      token: team.user.token,
      payload: { email: ' ', name: '', signature: ' ', country: '', province: '', city: '', address: '', phone: '' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().fields).toEqual({
      email: 'Please input your E-mail!',
      name: 'Please input your nickname!',
      signature: 'Please input your personal profile!',
      country: 'Please input your country/region!',
      province: 'Please input your province or city!',
      city: 'Please input your province or city!',
      address: 'Please input your street address!',
      phone: 'Please input your phone number!',
    });
    const invalid = await call(server.app, {
      method: 'PUT',
      url: '/api/currentUser',
      token: team.user.token,
      payload: { ...profile, email: 'not-an-address', phone: '12' },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().fields).toEqual({
      email: 'The input is not valid E-mail!',
      phone: 'Phone number is invalid!',
    });
  });

  it("refuses another member's e-mail address or phone number (409) and changes nothing", async () => {
    const team = await addTeam(server.app);
    const other = await addTeam(server.app);
    const phone = freshPhone();
    await server.app.db.update(users).set({ phone }).where(eq(users.id, other.user.id));
    const email = await call(server.app, {
      method: 'PUT',
      url: '/api/currentUser',
      token: team.user.token,
      payload: { ...profile, email: other.admin.email, phone: freshPhone() },
    });
    expect(email.statusCode).toBe(409);
    expect(email.json()).toMatchObject({ errorCode: 'EMAIL_TAKEN', fieldCodes: { email: 'emailTaken' } });
    const taken = await call(server.app, {
      method: 'PUT',
      url: '/api/currentUser',
      token: team.user.token,
      payload: { ...profile, email: team.user.email, phone },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ errorCode: 'PHONE_TAKEN', fieldCodes: { phone: 'phoneTaken' } });
    const [row] = await server.app.db.select().from(users).where(eq(users.id, team.user.id));
    expect(row).toMatchObject({ email: team.user.email, phone: null, country: '' });
  });

  it('two members racing for one phone number: one gets it, the other is told it is taken', async () => {
    const team = await addTeam(server.app);
    const phone = freshPhone();
    const answers = await Promise.all(
      [team.admin, team.user].map((member) =>
        call(server.app, {
          method: 'PUT',
          url: '/api/currentUser',
          token: member.token,
          payload: { ...profile, email: member.email, phone },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().errorCode).toBe('PHONE_TAKEN');
  });
});

describe('New Message Notification', () => {
  it('starts with every switch on and keeps each one per member', async () => {
    const team = await addTeam(server.app);
    const start = await call(server.app, { method: 'GET', url: '/api/currentUser/security', token: team.user.token });
    expect(start.json().data).toEqual({
      mfa: { bound: false, recoveryCodesLeft: 0 },
      notifications: { account: true, system: true, todo: true },
    });
    const change = await call(server.app, {
      method: 'PATCH',
      url: '/api/currentUser/notifications',
      token: team.user.token,
      payload: { todo: false },
    });
    expect(change.json().data).toEqual({ account: true, system: true, todo: false });
    const admin = await call(server.app, { method: 'GET', url: '/api/currentUser/security', token: team.admin.token });
    expect(admin.json().data.notifications.todo).toBe(true);
    const empty = await call(server.app, {
      method: 'PATCH',
      url: '/api/currentUser/notifications',
      token: team.user.token,
      payload: {},
    });
    expect(empty.statusCode).toBe(422);
  });

  it("honours the switches in the notices the server creates: a password change is an 'account' notice", async () => {
    const team = await addTeam(server.app);
    const changePassword = (member: TestMember, password: string) =>
      call(server.app, {
        method: 'POST',
        url: '/common/change-password',
        payload: { token: member.token, currentPassword: TEST_PASSWORD, password, confirmPassword: password },
      });
    expect((await changePassword(team.user, 'a new password 1')).statusCode).toBe(200);
    expect(await noticeTitles(team.user)).toEqual(['Your password was changed']);
    await call(server.app, {
      method: 'PATCH',
      url: '/api/currentUser/notifications',
      token: team.admin.token,
      payload: { account: false },
    });
    expect((await changePassword(team.admin, 'a new password 2')).statusCode).toBe(200);
    expect(await noticeTitles(team.admin)).toEqual([]);
  });

  it('each category goes by its own switch', async () => {
    const team = await addTeam(server.app);
    const member = team.user;
    await server.app.db.update(users).set({ notifySystem: false }).where(eq(users.id, member.id));
    for (const category of ['account', 'system', 'todo'] as const) {
      await notifyMember(server.app.db, server.app.events, {
        category,
        teamId: team.id,
        userId: member.id,
        type: 'notification',
        title: category,
      });
    }
    expect((await noticeTitles(member)).sort()).toEqual(['account', 'todo']);
  });
});

describe('MFA device (TOTP)', () => {
  it('binds with a QR code and a first code, then sign-in asks for a code before any access', async () => {
    const team = await addTeam(server.app);
    const member = team.user;
    const wrong = await call(server.app, { method: 'POST', url: '/api/currentUser/mfa', token: member.token });
    const refused = await call(server.app, {
      method: 'POST',
      url: '/api/currentUser/mfa/confirm',
      token: member.token,
      payload: { code: totpCode(wrong.json().data.secret, 5) },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      errorCode: 'MFA_CODE_INVALID',
      fields: { code: 'The code is not correct.' },
    });

    const { secret, recoveryCodes } = await bindDevice(member);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await server.app.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, member.id));
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]);
    const security = await call(server.app, { method: 'GET', url: '/api/currentUser/security', token: member.token });
    expect(security.json().data.mfa).toEqual({ bound: true, recoveryCodesLeft: 10 });
    expect(await noticeTitles(member)).toContain('Two-step sign-in is on');

    const first = await signIn(member);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ firstLogin: false, mfaRequired: true });
    const halfway = first.json().data.token;
    // The first step's token opens nothing but the second step.
    expect((await call(server.app, { method: 'GET', url: '/api/currentUser', token: halfway })).statusCode).toBe(401);
    // Nor a new password: that answered a full session, and the second factor was skipped.
    const passwordAround = await call(server.app, {
      method: 'POST',
      url: '/common/change-password',
      payload: { token: halfway, password: 'another horse battery', confirmPassword: 'another horse battery' },
    });
    expect(passwordAround.statusCode).toBe(401);
    expect(passwordAround.json().data).toBeUndefined();
    expect((await signIn(member)).json().data).toMatchObject({ mfaRequired: true });

    const bad = await call(server.app, {
      method: 'POST',
      url: '/common/login/mfa',
      payload: { token: halfway, code: totpCode(secret, 5) },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().errorCode).toBe('MFA_CODE_INVALID');
    const code = totpCode(secret);
    const second = await call(server.app, {
      method: 'POST',
      url: '/common/login/mfa',
      payload: { token: halfway, code },
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().data.mfaRequired).toBeUndefined();
    const full = second.json().data.token;
    expect((await call(server.app, { method: 'GET', url: '/api/currentUser', token: full })).statusCode).toBe(200);
    // The first step's token is spent, and the same code does not work twice.
    const replay = await call(server.app, {
      method: 'POST',
      url: '/common/login/mfa',
      payload: { token: halfway, code },
    });
    expect(replay.statusCode).toBe(401);
    const again = (await signIn(member)).json().data.token;
    const sameCode = await call(server.app, {
      method: 'POST',
      url: '/common/login/mfa',
      payload: { token: again, code },
    });
    expect(sameCode.statusCode).toBe(401);
    const nextCode = await call(server.app, {
      method: 'POST',
      url: '/common/login/mfa',
      payload: { token: again, code: totpCode(secret, 1) },
    });
    expect(nextCode.statusCode).toBe(200);
  });

  it('a recovery code signs in once, even sent twice at once', async () => {
    const team = await addTeam(server.app);
    const member = team.admin;
    const { recoveryCodes } = await bindDevice(member);
    const tokens = [(await signIn(member)).json().data.token, (await signIn(member)).json().data.token];
    const answers = await Promise.all(
      tokens.map((token) =>
        call(server.app, {
          method: 'POST',
          url: '/common/login/mfa',
          payload: { token, code: recoveryCodes[0]?.toUpperCase() },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    const security = await call(server.app, {
      method: 'GET',
      url: '/api/currentUser/security',
      token: answers.find((answer) => answer.statusCode === 200)?.json().data.token,
    });
    expect(security.json().data.mfa.recoveryCodesLeft).toBe(9);
  });

  it('one TOTP code sent twice at once signs in once', async () => {
    const team = await addTeam(server.app);
    const { secret } = await bindDevice(team.user);
    const tokens = [(await signIn(team.user)).json().data.token, (await signIn(team.user)).json().data.token];
    const code = totpCode(secret);
    const answers = await Promise.all(
      tokens.map((token) => call(server.app, { method: 'POST', url: '/common/login/mfa', payload: { token, code } })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });

  it('two confirmations at once bind once; a bound device must be unbound before another', async () => {
    const team = await addTeam(server.app);
    const member = team.user;
    const start = await call(server.app, { method: 'POST', url: '/api/currentUser/mfa', token: member.token });
    const code = totpCode(start.json().data.secret);
    const answers = await Promise.all(
      [0, 1].map(() =>
        call(server.app, {
          method: 'POST',
          url: '/api/currentUser/mfa/confirm',
          token: member.token,
          payload: { code },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const stored = await server.app.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, member.id));
    expect(stored).toHaveLength(10);
    const another = await call(server.app, { method: 'POST', url: '/api/currentUser/mfa', token: member.token });
    expect(another.statusCode).toBe(409);
  });

  it('unbinds only with a code from the device or a recovery code; then sign-in asks for the password only', async () => {
    const team = await addTeam(server.app);
    const member = await addMember(server.app, team.id, 'user');
    const { recoveryCodes } = await bindDevice(member);
    const wrong = await call(server.app, {
      method: 'POST',
      url: '/api/currentUser/mfa/unbind',
      token: member.token,
      payload: { code: '000000' },
    });
    expect(wrong.statusCode).toBe(422);
    const unbound = await call(server.app, {
      method: 'POST',
      url: '/api/currentUser/mfa/unbind',
      token: member.token,
      payload: { code: recoveryCodes[3] },
    });
    expect(unbound.statusCode).toBe(200);
    expect(unbound.json().data.mfa).toEqual({ bound: false, recoveryCodesLeft: 0 });
    expect(await server.app.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, member.id))).toEqual(
      [],
    );
    const plain = await signIn(member);
    expect(plain.json().data.mfaRequired).toBeUndefined();
    expect(
      (await call(server.app, { method: 'GET', url: '/api/currentUser', token: plain.json().data.token })).statusCode,
    ).toBe(200);
  });
});
