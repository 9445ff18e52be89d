import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneCodes } from '../src/db/schema';
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
});
