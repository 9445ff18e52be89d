import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../src/logger';
import { addMember, addTeam, call, createTestApp, TEST_PASSWORD, type TestApp } from './helpers';
import { readFromMailbox } from './mailbox';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp({ config: { logLevel: 'info' }, logStream: sink });
});
afterAll(() => server.close());

describe('logs', () => {
  it('are JSON lines with a request id, and never hold a password, a code or a token', async () => {
    const team = await addTeam(server.app);
    const phone = '+12025550177';
    await addMember(server.app, team.id, 'user', { phone });
    const secrets: string[] = [TEST_PASSWORD, team.user.token];

    const login = await call(server.app, {
      method: 'POST',
      url: '/common/login',
      payload: { email: team.user.email, password: TEST_PASSWORD },
    });
    secrets.push(login.json().data.token);
    await call(server.app, { method: 'GET', url: '/api/currentUser', token: team.user.token });
    await call(server.app, {
      method: 'POST',
      url: '/common/login',
      payload: { email: team.user.email, password: 'a wrong secret guess' },
    });
    secrets.push('a wrong secret guess');

    await call(server.app, { method: 'POST', url: '/common/forgot-password', payload: { email: team.user.email } });
    const link = await readFromMailbox(
      server.app,
      team.user.email,
      /(http:\/\/parley\.test\/user\/reset-password\/\S+)/,
    );
    const [resetToken] = link.split('/').slice(-2);
    secrets.push(resetToken ?? 'missing');
    await call(server.app, {
      method: 'POST',
      url: '/common/reset-password',
      payload: {
        token: resetToken,
        userId: team.user.id,
        password: 'the new password',
        confirmPassword: 'the new password',
      },
    });
    secrets.push('the new password');

    await call(server.app, { method: 'GET', url: `/api/login/captcha?mobile=${encodeURIComponent(phone)}` });
    const code = await readFromMailbox(server.app, phone, /\b(\d{6})\b/);
    secrets.push(code);
    await call(server.app, { method: 'POST', url: '/common/login/mobile', payload: { mobile: phone, captcha: code } });

    // A request with credentials in a header is logged with its context, not its credentials.
    await call(server.app, {
      method: 'GET',
      url: '/api/currentUser',
      headers: { authorization: `Bearer ${team.admin.token}` },
    });
    secrets.push(team.admin.token);

    // Addresses that carry a secret: the reset link opened from the e-mail, a first-login link, a
    // video message's watch link and its API, a signed file address.
    const shareToken = 'share-token-that-must-not-be-logged';
    const signature = 'signature-that-must-not-be-logged';
    for (const url of [
      new URL(link).pathname,
      '/user/change-password/first-login-token-not-logged',
      `/v/${shareToken}`,
      `/common/watch/${shareToken}`,
      `/files/shared/${shareToken}/video`,
      `/files/videos/${team.user.id}?expires=1&signature=${signature}`,
    ]) {
      await call(server.app, { method: 'GET', url });
    }
    secrets.push(shareToken, signature, 'first-login-token-not-logged');

    expect(lines.length).toBeGreaterThan(10);
    const entries = lines.map((line) => JSON.parse(line));
    const requests = entries.filter((entry) => entry.req);
    expect(requests.length).toBeGreaterThan(5);
    for (const entry of requests) {
      expect(entry.requestId).toMatch(/^[0-9a-f-]{36}$/);
    }
    const urls = requests.map((entry) => entry.req.url as string);
    expect(urls).toContain('/user/reset-password/[redacted]/[redacted]');
    expect(urls).toContain('/common/watch/[redacted]');
    expect(urls).toContain(`/files/videos/${team.user.id}?expires=1&signature=[redacted]`);
    const everything = lines.join('\n');
    for (const secret of secrets) {
      expect(everything).not.toContain(secret);
    }
  });
});

describe('redactUrl', () => {
  it('takes the secrets out of paths and query strings and leaves other addresses alone', () => {
    expect(redactUrl('/user/reset-password/abc/def?x=1')).toBe('/user/reset-password/[redacted]/[redacted]?x=1');
    expect(redactUrl('/user/change-password/abc')).toBe('/user/change-password/[redacted]');
    expect(redactUrl('/v/abc')).toBe('/v/[redacted]');
    expect(redactUrl('/files/shared/abc/poster')).toBe('/files/shared/[redacted]/poster');
    expect(redactUrl('/uploads/u/1?expires=9&signature=s1&Token=t&captcha=1&code=2')).toBe(
      '/uploads/u/1?expires=9&signature=[redacted]&Token=[redacted]&captcha=[redacted]&code=[redacted]',
    );
    expect(redactUrl('/api/calls?callerName=signature&current=2')).toBe('/api/calls?callerName=signature&current=2');
    expect(redactUrl('/user/team-login/0b8c6d1e')).toBe('/user/team-login/0b8c6d1e');
  });
});
