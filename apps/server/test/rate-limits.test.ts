import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../src/db/schema';
import {
  addMember,
  addTeam,
  createTestApp,
  createTestDatabase,
  ENGINE,
  freshAddress,
  TEST_PASSWORD,
  type TestApp,
} from './helpers';
import { readFromMailbox } from './mailbox';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

function login(app: TestApp['app'], email: string, password: string, remoteAddress: string) {
  return app.inject({ method: 'POST', url: '/common/login', payload: { email, password }, remoteAddress });
}

describe('rate limits', () => {
  it('login: 5 a minute per address, then 429 with Retry-After; other addresses are not held back', async () => {
    const team = await addTeam(server.app);
    const address = freshAddress();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(server.app, team.user.email, 'wrong', address)).statusCode).toBe(401);
    }
    const sixth = await login(server.app, team.user.email, TEST_PASSWORD, address);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ success: false, errorCode: 'TOO_MANY_REQUESTS' });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(sixth.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await login(server.app, team.user.email, TEST_PASSWORD, freshAddress())).statusCode).toBe(200);
  });

  // The per-account limit counted everyone's attempts, successes included, then refused the right password too.
  it('login: failures on an account from many addresses never lock its owner out, and successes do not count', async () => {
    const team = await addTeam(server.app);
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect((await login(server.app, team.user.email, 'wrong', freshAddress())).statusCode).toBe(401);
    }
    // The owner, from a device that has not been failing: signs in, again and again.
    for (let attempt = 0; attempt < 12; attempt += 1) {
      expect((await login(server.app, team.user.email, TEST_PASSWORD, freshAddress())).statusCode).toBe(200);
    }
  });

  it('login: an address that keeps failing on an account waits; a right password forgets its failures', async () => {
    const team = await addTeam(server.app);
    const address = freshAddress();
    const expireAddressWindow = () =>
      server.app.db
        .update(rateLimits)
        .set({ resetAt: new Date(Date.now() - 1000) })
        .where(eq(rateLimits.key, `login-ip:${address}`));
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await login(server.app, team.user.email, 'wrong', address)).statusCode).toBe(401);
    }
    expect((await login(server.app, team.user.email, TEST_PASSWORD, address)).statusCode).toBe(200);
    await expireAddressWindow();
    // The success forgave the four: five more failures before this address waits on this account.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(server.app, team.user.email, 'wrong', address)).statusCode).toBe(401);
    }
    await expireAddressWindow();
    const held = await login(server.app, team.user.email, TEST_PASSWORD, address);
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(60);
    expect(Number(held.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // Only this account is held back for this address, and only this address for this account.
    expect((await login(server.app, team.admin.email, TEST_PASSWORD, address)).statusCode).toBe(200);
    expect((await login(server.app, team.user.email, TEST_PASSWORD, freshAddress())).statusCode).toBe(200);
  });

  it('login: while an account is under attack, an address that failed on it may try once a minute', async () => {
    const team = await addTeam(server.app);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await login(server.app, team.user.email, 'wrong', freshAddress())).statusCode).toBe(401);
    }
    const address = freshAddress();
    expect((await login(server.app, team.user.email, 'wrong', address)).statusCode).toBe(401);
    expect((await login(server.app, team.user.email, 'wrong', address)).statusCode).toBe(401);
    const slowed = await login(server.app, team.user.email, TEST_PASSWORD, address);
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(60);
    await server.app.db
      .update(rateLimits)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(eq(rateLimits.key, `login-slow:${team.user.email}:${address}`));
    // A minute on, the owner who mistyped signs in.
    expect((await login(server.app, team.user.email, TEST_PASSWORD, address)).statusCode).toBe(200);
  });

  it('captcha: 3 codes per 10 minutes per number', async () => {
    const team = await addTeam(server.app);
    const phone = '+12025550188';
    await addMember(server.app, team.id, 'user', { phone });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const asked = await server.app.inject({
        method: 'GET',
        url: `/api/login/captcha?mobile=${encodeURIComponent(phone)}`,
        remoteAddress: freshAddress(),
      });
      expect(asked.statusCode).toBe(200);
    }
    const fourth = await server.app.inject({
      method: 'GET',
      url: `/api/login/captcha?mobile=${encodeURIComponent(phone)}`,
      remoteAddress: freshAddress(),
    });
    expect(fourth.statusCode).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(500);
  });

  // Forgot-password and reset-password shared one counter: after a few 'send link' clicks a valid link answered 429.
  it('password reset: asking for links (5 per 30 minutes) and using one count apart', async () => {
    const team = await addTeam(server.app);
    const address = freshAddress();
    const ask = () =>
      server.app.inject({
        method: 'POST',
        url: '/common/forgot-password',
        payload: { email: team.user.email },
        remoteAddress: address,
      });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await ask()).statusCode).toBe(200);
    }
    expect((await ask()).statusCode).toBe(429);
    const link = await readFromMailbox(server.app, team.user.email, /reset-password\/([^/\s]+\/[0-9a-f-]{36})/);
    const [token, userId] = link.split('/');
    const reset = await server.app.inject({
      method: 'POST',
      url: '/common/reset-password',
      payload: { token, userId, password: 'a brand new password', confirmPassword: 'a brand new password' },
      remoteAddress: address,
    });
    expect(reset.statusCode).toBe(200);
  });

  it('password reset: using links is limited apart, 10 per 15 minutes per address', async () => {
    const address = freshAddress();
    const tryLink = () =>
      server.app.inject({
        method: 'POST',
        url: '/common/reset-password',
        payload: {
          token: 'x',
          userId: '00000000-0000-4000-8000-000000000000',
          password: 'whatever long',
          confirmPassword: 'whatever long',
        },
        remoteAddress: address,
      });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await tryLink()).statusCode).toBe(400);
    }
    expect((await tryLink()).statusCode).toBe(429);
  });

  // TRUST_PROXY=true took the client's own X-Forwarded-For: 30 logins from one socket, no 429.
  // Three servers of its own, each on a database migrated from scratch: more than the usual 30 s
  // when the machine is busy with the other files.
  it('behind proxies, a client-written X-Forwarded-For cannot dodge the per-address limit', async () => {
    for (const trustProxy of [1, ['loopback'], ['10.9.0.0/16']] as const) {
      const server = await createTestApp({
        config: { trustProxy: typeof trustProxy === 'number' ? trustProxy : [...trustProxy] },
      });
      try {
        const team = await addTeam(server.app);
        const proxy = typeof trustProxy === 'number' || trustProxy[0] === 'loopback' ? '127.0.0.1' : '10.9.3.4';
        const client = freshAddress();
        const statuses = [];
        for (let attempt = 0; attempt < 8; attempt += 1) {
          // The client writes a new address each time; its proxy appends the address it really came from.
          const response = await server.app.inject({
            method: 'POST',
            url: '/common/login',
            payload: { email: team.user.email, password: 'wrong' },
            remoteAddress: proxy,
            headers: { 'x-forwarded-for': `198.51.100.${attempt}, ${client}` },
          });
          statuses.push(response.statusCode);
        }
        expect(statuses, JSON.stringify(trustProxy)).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
        // A socket that is not a trusted proxy is the client itself, whatever it writes.
        const direct = freshAddress();
        const spoofed = [];
        for (let attempt = 0; attempt < 6; attempt += 1) {
          const response = await server.app.inject({
            method: 'POST',
            url: '/common/login',
            payload: { email: team.admin.email, password: 'wrong' },
            remoteAddress: direct,
            headers: { 'x-forwarded-for': `198.51.100.${attempt}` },
          });
          spoofed.push(response.statusCode);
        }
        // (A hop count believes the nearest hop, whoever it is: Parley must then be reachable only through its proxy.)
        if (typeof trustProxy !== 'number') {
          expect(spoofed.at(-1), JSON.stringify(trustProxy)).toBe(429);
        }
      } finally {
        await server.close();
      }
    }
  }, 120_000);

  it.runIf(ENGINE === 'postgres')('two instances on one database share one count', async () => {
    const shared = await createTestDatabase();
    const first = await createTestApp({ databaseUrl: shared.url });
    const second = await createTestApp({ databaseUrl: shared.url });
    try {
      const team = await addTeam(first.app);
      const address = freshAddress();
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const instance = attempt % 2 === 0 ? first : second;
        expect((await login(instance.app, team.user.email, 'wrong', address)).statusCode).toBe(401);
      }
      expect((await login(second.app, team.user.email, TEST_PASSWORD, address)).statusCode).toBe(429);
    } finally {
      await first.app.close();
      await second.app.close();
      await shared.drop();
    }
  });
});
