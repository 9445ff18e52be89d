import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

    // A request that fails inside the server is logged with its context, not its credentials.
    await call(server.app, {
      method: 'GET',
      url: '/api/currentUser',
      headers: { authorization: `Bearer ${team.admin.token}` },
    });
    secrets.push(team.admin.token);

    expect(lines.length).toBeGreaterThan(10);
    const entries = lines.map((line) => JSON.parse(line));
    const requests = entries.filter((entry) => entry.req);
    expect(requests.length).toBeGreaterThan(5);
    for (const entry of requests) {
      expect(entry.requestId).toMatch(/^[0-9a-f-]{36}$/);
    }
    const everything = lines.join('\n');
    for (const secret of secrets) {
      expect(everything).not.toContain(secret);
    }
  });
});
