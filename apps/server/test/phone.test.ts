import { eq, like, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneCodes, rateLimits } from '../src/db/schema';
import { addMember, addTeam, call, createTestApp, type TestApp } from './helpers';
import { mailboxFor, readFromMailbox } from './mailbox';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

let numberCounter = 1000;
/** A fictional number (555-01xx range) of the test's own. */
function freshNumber(): string {
  numberCounter += 1;
  return `+1202555${String(numberCounter).padStart(4, '0')}`;
}

async function memberWithPhone() {
  const team = await addTeam(server.app);
  const phone = freshNumber();
  const member = await addMember(server.app, team.id, 'user', { phone });
  return { team, member, phone };
}

const askCode = (mobile: string) =>
  call(server.app, { method: 'GET', url: `/api/login/captcha?mobile=${encodeURIComponent(mobile)}` });
const loginWith = (mobile: string, captcha: string, extra: Record<string, unknown> = {}) =>
  call(server.app, { method: 'POST', url: '/common/login/mobile', payload: { mobile, captcha, ...extra } });

describe('phone login', () => {
  it('sends a six-digit code by SMS that signs the member in once', async () => {
    const { member, phone } = await memberWithPhone();
    const asked = await askCode(phone);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ success: true, data: { expiresInSeconds: 300 } });
    const [sms] = await mailboxFor(server.app, phone);
    expect(sms).toMatchObject({ channel: 'sms', subject: null });
    const code = await readFromMailbox(server.app, phone, /\b(\d{6})\b/);

    const login = await loginWith(phone, code);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({
      status: 'ok',
      type: 'mobile',
      currentAuthority: 'user',
      data: { firstLogin: false },
    });
    const me = await call(server.app, { method: 'GET', url: '/api/currentUser', token: login.json().data.token });
    expect(me.json().data.userid).toBe(member.id);

    const reused = await loginWith(phone, code);
    expect(reused.statusCode).toBe(401);
  });

  it("answers 'Verification Code Error' to a wrong code", async () => {
    const { phone } = await memberWithPhone();
    await askCode(phone);
    const code = await readFromMailbox(server.app, phone, /\b(\d{6})\b/);
    const wrong = await loginWith(phone, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ errorCode: 'CAPTCHA_INVALID', errorMessage: 'Verification Code Error' });
  });

  it('allows five attempts: after five wrong codes even the right one is refused', async () => {
    const { phone } = await memberWithPhone();
    await askCode(phone);
    const code = await readFromMailbox(server.app, phone, /\b(\d{6})\b/);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await loginWith(phone, wrongCode)).statusCode).toBe(401);
    }
    expect((await loginWith(phone, code)).statusCode).toBe(401);
  });

  it('lets a code expire after five minutes', async () => {
    const { phone } = await memberWithPhone();
    await askCode(phone);
    const code = await readFromMailbox(server.app, phone, /\b(\d{6})\b/);
    const [stored] = await server.app.db.select().from(phoneCodes).where(eq(phoneCodes.phone, phone));
    expect((stored?.expiresAt.getTime() ?? 0) - (stored?.createdAt.getTime() ?? 0)).toBe(300_000);
    expect(stored?.codeHash).not.toContain(code);
    await server.app.db
      .update(phoneCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(phoneCodes.phone, phone));
    expect((await loginWith(phone, code)).statusCode).toBe(401);
  });

  it('a new code replaces the one before', async () => {
    const { phone } = await memberWithPhone();
    await askCode(phone);
    const first = await readFromMailbox(server.app, phone, /\b(\d{6})\b/);
    await askCode(phone);
    const second = await readFromMailbox(server.app, phone, /\b(\d{6})\b/);
    if (first !== second) {
      expect((await loginWith(phone, first)).statusCode).toBe(401);
    }
    expect((await loginWith(phone, second)).statusCode).toBe(200);
  });

  it('answers the same for an unknown number and sends nothing', async () => {
    const phone = freshNumber();
    const asked = await askCode(phone);
    expect(asked.statusCode).toBe(200);
    expect(await mailboxFor(server.app, phone)).toEqual([]);
  });

  it('refuses an invalid number with the SPEC message', async () => {
    const asked = await askCode('12345');
    expect(asked.statusCode).toBe(400);
    expect(asked.json().fields).toEqual({ mobile: 'Phone number is invalid!' });
    const login = await loginWith('not a phone', '');
    expect(login.statusCode).toBe(422);
    expect(login.json().fields).toMatchObject({
      mobile: 'Phone number is invalid!',
      captcha: 'Please input verification code!',
    });
  });

  it('lets a team login through the phone only for members of that team', async () => {
    const { phone } = await memberWithPhone();
    const other = await addTeam(server.app);
    await askCode(phone);
    const code = await readFromMailbox(server.app, phone, /\b(\d{6})\b/);
    expect((await loginWith(phone, code, { teamId: other.id })).statusCode).toBe(401);
  });

  // 15 guesses every 10 minutes, forever, each request texting the victim a code.
  it('pauses phone sign-in for a number for a day after ten wrong codes, and tells its member', async () => {
    const { member, phone, team } = await memberWithPhone();
    const bystander = await memberWithPhone();
    let code = '';
    for (const guesses of [5, 4, 1]) {
      expect((await askCode(phone)).statusCode).toBe(200);
      code = await readFromMailbox(server.app, phone, /\b(\d{6})\b/);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let guess = 0; guess < guesses; guess += 1) {
        expect((await loginWith(phone, wrong)).statusCode).toBe(401);
      }
    }
    // The tenth wrong code paused it: even the right code of a live one is refused now.
    const refused = await loginWith(phone, code);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ errorCode: 'PHONE_LOCKED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    // No more codes are texted to it.
    const textsBefore = (await mailboxFor(server.app, phone)).length;
    await server.app.db.delete(rateLimits).where(like(rateLimits.key, `captcha-number:${phone}`));
    const asked = await askCode(phone);
    expect(asked.statusCode).toBe(429);
    expect(asked.json().errorCode).toBe('PHONE_LOCKED');
    expect(await mailboxFor(server.app, phone)).toHaveLength(textsBefore);
    // The member is told, in Parley and by e-mail; another number is not affected.
    const notices = await call(server.app, { method: 'GET', url: '/api/notices', token: member.token });
    expect(JSON.stringify(notices.json())).toContain('Phone sign-in paused after wrong codes');
    const [mail] = await mailboxFor(server.app, member.email);
    expect(mail?.subject).toBe('Phone sign-in to Parley is paused');
    expect(mail?.text).toContain(phone);
    expect((await askCode(bystander.phone)).statusCode).toBe(200);
    expect(team.id).not.toBe(bystander.team.id);

    // A day later phone sign-in works again.
    await server.app.db
      .update(rateLimits)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(or(like(rateLimits.key, `phone-%:${phone}`), like(rateLimits.key, `captcha-number%:${phone}`)));
    expect((await askCode(phone)).statusCode).toBe(200);
    const fresh = await readFromMailbox(server.app, phone, /\b(\d{6})\b/);
    expect((await loginWith(phone, fresh)).statusCode).toBe(200);
  });

  it('pauses an unknown number the same way, and never counts guesses made without asking for a code', async () => {
    const unknown = freshNumber();
    for (let guess = 0; guess < 12; guess += 1) {
      expect((await loginWith(unknown, '123456')).statusCode).toBe(401);
    }
    expect((await askCode(unknown)).statusCode).toBe(200);
    for (let guess = 0; guess < 10; guess += 1) {
      expect((await loginWith(unknown, '123456')).statusCode).toBe(401);
    }
    expect((await loginWith(unknown, '123456')).json().errorCode).toBe('PHONE_LOCKED');
  });

  it('sends one number at most ten codes a day', async () => {
    const { phone } = await memberWithPhone();
    for (let request = 0; request < 10; request += 1) {
      await server.app.db.delete(rateLimits).where(eq(rateLimits.key, `captcha-number:${phone}`));
      expect((await askCode(phone)).statusCode).toBe(200);
    }
    await server.app.db.delete(rateLimits).where(eq(rateLimits.key, `captcha-number:${phone}`));
    expect((await askCode(phone)).statusCode).toBe(429);
  });
});
