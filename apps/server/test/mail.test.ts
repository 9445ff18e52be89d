import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config';
import { outboxMessages } from '../src/db/schema';
import { addTeam, call, createTestApp, type TestApp } from './helpers';

/** The message as a reader sees it: quoted-printable soft breaks and escapes undone. */
function decoded(raw: string | undefined): string {
  return (raw ?? '')
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on a free port; `failing` makes it refuse every message. */
async function startSmtp() {
  const received: Received[] = [];
  const state = { failing: false };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString();
      });
      stream.on('end', () => {
        if (state.failing) {
          const error = Object.assign(new Error('Mailbox unavailable, try later'), { responseCode: 451 });
          callback(error);
          return;
        }
        received.push({ to: session.envelope.rcptTo.map((recipient) => recipient.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return { smtp, port, received, state, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

describe('e-mail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let server: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await createTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, devMailbox: false } });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('sends the reset link to a real SMTP server', async () => {
    const team = await addTeam(server.app);
    await call(server.app, { method: 'POST', url: '/common/forgot-password', payload: { email: team.user.email } });
    await server.app.outbox.deliverDue();
    const mail = smtp.received.find((message) => message.to.includes(team.user.email));
    expect(mail?.raw).toContain('Subject: Reset your Parley password');
    expect(decoded(mail?.raw)).toMatch(/http:\/\/parley\.test\/user\/reset-password\/[\w-]+\/[0-9a-f-]{36}/);
    const [row] = await server.app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, team.user.email));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('keeps a message while the SMTP server refuses it, and sends it exactly once when it is back', async () => {
    const team = await addTeam(server.app);
    smtp.state.failing = true;
    await call(server.app, { method: 'POST', url: '/common/forgot-password', payload: { email: team.admin.email } });
    await server.app.outbox.deliverDue();
    const [waiting] = await server.app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, team.admin.email));
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting?.lastError).toContain('Mailbox unavailable');

    smtp.state.failing = false;
    // The retry is due after its backoff; bring it forward rather than wait.
    await server.app.db
      .update(outboxMessages)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outboxMessages.recipient, team.admin.email));
    await Promise.all([server.app.outbox.deliverDue(), server.app.outbox.deliverDue()]);
    await server.app.outbox.deliverDue();
    const delivered = smtp.received.filter((message) => message.to.includes(team.admin.email));
    expect(delivered).toHaveLength(1);
    const [sent] = await server.app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, team.admin.email));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('the development mailbox is off when mail goes over SMTP', async () => {
    const response = await call(server.app, { method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(404);
    const page = await call(server.app, { method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(404);
  });
});

describe('the development mailbox', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await createTestApp();
  });
  afterAll(() => server.close());

  it('lists what went to the outbox, as JSON and as a page with the text escaped', async () => {
    const team = await addTeam(server.app);
    await call(server.app, {
      method: 'POST',
      url: '/api/users',
      token: team.admin.token,
      payload: { email: 'mallory@example.com', name: '<script>alert(1)</script>' },
    });
    const json = await call(server.app, {
      method: 'GET',
      url: '/api/dev/outbox?to=mallory@example.com',
      remoteAddress: '127.0.0.1',
    });
    expect(json.json()).toEqual([
      expect.objectContaining({ channel: 'email', status: 'outbox', to: 'mallory@example.com' }),
    ]);
    const page = await call(server.app, { method: 'GET', url: '/dev/mailbox', remoteAddress: '::1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(page.body).not.toContain('<script>alert(1)</script>');
  });

  it('shows the links of a message as links to the origin the page was opened at', async () => {
    const team = await addTeam(server.app);
    await call(server.app, {
      method: 'POST',
      url: '/api/users',
      token: team.admin.token,
      payload: { email: 'linked@example.com', name: 'Linked' },
    });
    const page = await call(server.app, {
      method: 'GET',
      url: '/dev/mailbox?to=linked@example.com',
      remoteAddress: '127.0.0.1',
      headers: { host: '127.0.0.1:8080' },
    });
    expect(page.statusCode).toBe(200);
    // The invitation's sign-in link, written with PUBLIC_URL (http://parley.test), opens where the developer is.
    expect(page.body).toMatch(/<a href="http:\/\/127\.0\.0\.1:8080\/user\/[^"]+">http:\/\/127\.0\.0\.1:8080\/user\//);
    expect(page.body).not.toContain('http://parley.test');
  });

  // The outbox holds every team's reset links and codes: anyone who could reach the server could take over any account.
  it('answers only requests made on this machine, not through a proxy', async () => {
    const team = await addTeam(server.app);
    await call(server.app, { method: 'POST', url: '/common/forgot-password', payload: { email: team.admin.email } });
    for (const url of ['/api/dev/outbox', '/dev/mailbox']) {
      for (const remoteAddress of ['203.0.113.9', '10.0.0.7', '::ffff:192.0.2.1', '2001:db8::1']) {
        const refused = await call(server.app, { method: 'GET', url, remoteAddress });
        expect(refused.statusCode, `${url} from ${remoteAddress}`).toBe(403);
        expect(refused.json()).toMatchObject({ success: false, errorCode: 'DEV_MAILBOX_LOCAL_ONLY' });
        expect(refused.body).not.toContain(team.admin.email);
      }
      // A proxy on this host connects from loopback: any header a proxy adds refuses the request.
      for (const headers of [
        { 'x-forwarded-for': '127.0.0.1' },
        { forwarded: 'for=127.0.0.1' },
        { 'x-real-ip': '203.0.113.9' },
        { via: '1.1 nginx' },
        { 'x-forwarded-proto': 'https' },
        { 'x-forwarded-host': 'localhost' },
      ]) {
        const proxied = await call(server.app, { method: 'GET', url, remoteAddress: '127.0.0.1', headers });
        expect(proxied.statusCode, `${url} with ${Object.keys(headers)[0]}`).toBe(403);
        expect(proxied.body).not.toContain(team.admin.email);
      }
      // DNS rebinding: a page on another site whose name now resolves to 127.0.0.1 sends its own Host.
      for (const host of ['attacker.example', 'attacker.example:8080', '127.0.0.1.nip.io', 'parley.example.com']) {
        const rebound = await call(server.app, { method: 'GET', url, remoteAddress: '127.0.0.1', headers: { host } });
        expect(rebound.statusCode, `${url} with Host ${host}`).toBe(403);
        expect(rebound.body).not.toContain(team.admin.email);
      }
      for (const host of ['localhost', 'localhost:8080', '127.0.0.1:3000', '[::1]:8080', 'LOCALHOST']) {
        const named = await call(server.app, { method: 'GET', url, remoteAddress: '127.0.0.1', headers: { host } });
        expect(named.statusCode, `${url} with Host ${host}`).toBe(200);
      }
      for (const remoteAddress of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
        const local = await call(server.app, { method: 'GET', url, remoteAddress });
        expect(local.statusCode, `${url} from ${remoteAddress}`).toBe(200);
      }
    }
    const local = await call(server.app, {
      method: 'GET',
      url: `/api/dev/outbox?to=${encodeURIComponent(team.admin.email)}`,
      remoteAddress: '127.0.0.1',
    });
    expect(local.json()).toEqual([expect.objectContaining({ to: team.admin.email.toLowerCase() })]);
  });

  it('opens over a real loopback connection, and not with a foreign Host on that connection', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/dev/mailbox`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Development mailbox');
    const rebound = await rawGet(port, '/api/dev/outbox', 'attacker.example');
    expect(rebound.status).toBe(403);
  });
});

describe('the development mailbox, off by default', () => {
  // It was on whenever SMTP_URL was unset: every server without SMTP exposed it.
  it('is off unless DEV_MAILBOX=true, with or without SMTP', async () => {
    expect(readConfig({}).devMailbox).toBe(false);
    expect(readConfig({ DEV_MAILBOX: 'true' }).devMailbox).toBe(true);
    expect(readConfig({ DEV_MAILBOX: 'true', SMTP_URL: 'smtp://mail.example.com' }).devMailbox).toBe(true);
    const server = await createTestApp({ config: { devMailbox: readConfig({}).devMailbox } });
    try {
      for (const url of ['/api/dev/outbox', '/dev/mailbox']) {
        const response = await call(server.app, { method: 'GET', url, remoteAddress: '127.0.0.1' });
        expect(response.statusCode, url).toBe(404);
      }
    } finally {
      await server.close();
    }
  });
});

/** A GET over a real socket with a Host header of the caller's choice (fetch sets its own). */
function rawGet(port: number, path: string, host: string): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, headers: { host } }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0 });
    });
    request.on('error', reject);
    request.end();
  });
}
