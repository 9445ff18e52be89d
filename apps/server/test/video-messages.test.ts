import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import type { Notice, VideoMessage } from '@parley/api';
import { count, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, videoMessages } from '../src/db/schema';
import { sha256 } from '../src/lib/secrets';
import { createOutbox } from '../src/services/outbox';
import { addTeam, call, createTestApp, type TestApp, type TestMember, type TestTeam } from './helpers';
import { mailboxFor } from './mailbox';
import { FIXTURES, pathOf, sha256Hex, startUpload, uploadVideo, waitForVideo } from './video-helpers';

const PART_SIZE = 16 * 1024;

/** The message as a reader sees it: quoted-printable soft breaks and escapes undone. */
function decoded(raw: string | undefined): string {
  return (raw ?? '')
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** A real SMTP server on `port` (a free one when 0). */
async function startSmtp(port = 0) {
  const received: { to: string[]; raw: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString();
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((recipient) => recipient.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  const address = smtp.server.address() as AddressInfo;
  return { port: address.port, received, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

async function readyVideo(app: TestApp['app'], member: TestMember, title = 'Thanks for calling') {
  const { started } = await uploadVideo(app, member.token, FIXTURES.mp4, { title });
  return waitForVideo(app, member.token, started.video.id);
}

function send(app: TestApp['app'], member: TestMember, payload: Record<string, unknown>) {
  return call(app, { method: 'POST', url: '/api/video-messages', token: member.token, payload });
}

const recipient = (overrides: Record<string, unknown> = {}) => ({
  email: 'Customer@Example.com',
  phone: '+44 20 7183 8750',
  message: 'Hello Ada,\n\nhere is the walkthrough we talked about.',
  ...overrides,
});

describe('sending a video message (development mailbox)', () => {
  let server: TestApp;
  let team: TestTeam;
  let other: TestTeam;
  beforeAll(async () => {
    server = await createTestApp({ config: { uploadPartSize: PART_SIZE } });
    team = await addTeam(server.app);
    other = await addTeam(server.app);
  });
  afterAll(() => server.close());

  it('refuses the Recipient details form with the SPEC §5 messages', async () => {
    const video = await readyVideo(server.app, team.user);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: '' }, 'email', 'Please input your E-mail!'],
      [{ email: 'not-an-address' }, 'email', 'The input is not valid E-mail!'],
      [{ phone: '' }, 'phone', 'Please input your phone number!'],
      [{ phone: '12' }, 'phone', 'Phone number is invalid!'],
      [{ message: '   ' }, 'message', 'Please input your message!'],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await send(server.app, team.user, { videoId: video.id, ...recipient(overrides) });
      expect(response.statusCode, message).toBe(422);
      expect(response.json().fields[field]).toBe(message);
    }
    const missing = await send(server.app, team.user, { videoId: video.id });
    expect(missing.json().fields).toMatchObject({
      email: 'Please input your E-mail!',
      phone: 'Please input your phone number!',
      message: 'Please input your message!',
    });
    const [stored] = await server.app.db.select({ value: count() }).from(videoMessages);
    expect(stored?.value).toBe(0);
  });

  it('makes one 128-bit link per recipient, kept hashed, and queues an e-mail and an SMS carrying it', async () => {
    const video = await readyVideo(server.app, team.user, 'Pricing walkthrough');
    const response = await send(server.app, team.user, { videoId: video.id, callId: 'call-7', ...recipient() });
    expect(response.statusCode, response.body).toBe(201);
    const { id, shareUrl } = response.json().data;
    const token = shareUrl.match(/^http:\/\/parley\.test\/v\/([\w-]{22})$/)?.[1];
    expect(token).toBeDefined();
    expect(Buffer.from(token, 'base64url')).toHaveLength(16);

    const [row] = await server.app.db.select().from(videoMessages).where(eq(videoMessages.id, id));
    expect(row).toMatchObject({ email: 'customer@example.com', phone: '+442071838750', callId: 'call-7' });
    expect(row?.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const [mail] = await mailboxFor(server.app, 'customer@example.com');
    expect(mail).toMatchObject({ channel: 'email', subject: `${team.user.name} sent you a video message` });
    expect(mail?.text).toContain('here is the walkthrough we talked about.');
    expect(mail?.text).toContain(shareUrl);
    const [sms] = await mailboxFor(server.app, '+442071838750');
    expect(sms).toMatchObject({ channel: 'sms' });
    expect(sms?.text).toContain(shareUrl);

    const second = await send(server.app, team.user, { videoId: video.id, ...recipient({ email: 'bob@example.com' }) });
    expect(second.json().data.shareUrl).not.toBe(shareUrl);

    const list = await call(server.app, {
      method: 'GET',
      url: `/api/video-messages?videoId=${video.id}`,
      token: team.admin.token,
    });
    expect(list.json().total).toBe(2);
    const listed = list.json().list.find((item: VideoMessage) => item.id === id);
    expect(listed).toMatchObject({
      videoId: video.id,
      callId: 'call-7',
      email: 'customer@example.com',
      sender: { id: team.user.id, name: team.user.name },
      emailStatus: 'outbox',
      smsStatus: 'outbox',
      sentAt: null,
      views: 0,
      firstViewedAt: null,
      revoked: false,
    });
    expect(JSON.stringify(list.json())).not.toContain(token);
    const byCall = await call(server.app, {
      method: 'GET',
      url: '/api/video-messages?callId=call-7',
      token: team.user.token,
    });
    expect(byCall.json().list.map((item: VideoMessage) => item.id)).toEqual([id]);
  });

  it('counts in the video list the messages whose links deleting the video would stop', async () => {
    const video = await readyVideo(server.app, team.user, 'Counted walkthrough');
    const listed = async () => {
      const response = await call(server.app, {
        method: 'GET',
        url: '/api/videos?pageSize=100',
        token: team.admin.token,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().list.find((item: { id: string }) => item.id === video.id)?.messageCount;
    };
    expect(await listed()).toBe(0);
    const first = await send(server.app, team.user, { videoId: video.id, ...recipient() });
    await send(server.app, team.user, { videoId: video.id, ...recipient({ email: 'second@example.com' }) });
    expect(await listed()).toBe(2);
    // A revoked link no longer works: deleting the video stops only the other one.
    const revoked = await call(server.app, {
      method: 'DELETE',
      url: `/api/video-messages/${first.json().data.id}`,
      token: team.admin.token,
    });
    expect(revoked.statusCode).toBe(200);
    expect(await listed()).toBe(1);
    // The count is the list's: one video read on its own does not carry it.
    const single = await call(server.app, { method: 'GET', url: `/api/videos/${video.id}`, token: team.admin.token });
    expect(single.json().data).not.toHaveProperty('messageCount');
  });

  it('refuses a video that is not uploaded, and another team’s video', async () => {
    const pending = await startUpload(server.app, team.user.token, 1000);
    const notReady = await send(server.app, team.user, { videoId: pending.video.id, ...recipient() });
    expect(notReady.statusCode).toBe(409);
    const video = await readyVideo(server.app, team.user);
    const foreign = await send(server.app, other.admin, { videoId: video.id, ...recipient() });
    expect(foreign.statusCode).toBe(404);
  });

  describe('the public watch page', () => {
    let video: Awaited<ReturnType<typeof readyVideo>>;
    let messageId: string;
    let token: string;
    beforeAll(async () => {
      video = await readyVideo(server.app, team.user, 'Your follow-up');
      const response = await send(server.app, team.user, {
        videoId: video.id,
        ...recipient({ email: 'viewer@example.com' }),
      });
      messageId = response.json().data.id;
      token = response.json().data.shareUrl.split('/v/')[1];
    });

    it('plays the video with the message and the sender’s name, and reveals nothing else', async () => {
      const response = await server.app.inject({ method: 'GET', url: `/common/watch/${token}` });
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(Object.keys(data).sort()).toEqual(
        ['durationSeconds', 'message', 'playbackUrl', 'posterUrl', 'senderName', 'title'].sort(),
      );
      expect(data).toMatchObject({
        title: 'Your follow-up',
        message: recipient().message,
        senderName: team.user.name,
      });
      expect(data.durationSeconds).toBeCloseTo(2, 1);
      for (const secret of [video.id, team.id, team.user.id, team.user.email, messageId, 'viewer@example.com']) {
        expect(response.body).not.toContain(secret);
      }
      expect(data.playbackUrl).not.toContain(team.id);
      const played = await server.app.inject({
        method: 'GET',
        url: pathOf(data.playbackUrl),
        headers: { range: 'bytes=0-' },
      });
      expect(played.statusCode).toBe(206);
      expect(sha256Hex(played.rawPayload)).toBe(sha256Hex(FIXTURES.mp4));
    });

    it('counts views, and tells the sender once, live, on the first', async () => {
      const fresh = await send(server.app, team.user, {
        videoId: video.id,
        ...recipient({ email: 'first@example.com' }),
      });
      const freshToken = fresh.json().data.shareUrl.split('/v/')[1];
      const pushed: Notice[] = [];
      const stop = server.app.events.subscribe(team.user.id, (event) => {
        if (event.type === 'notice') {
          pushed.push(event.notice);
        }
      });
      const views = await Promise.all(
        Array.from({ length: 3 }, () => server.app.inject({ method: 'GET', url: `/common/watch/${freshToken}` })),
      );
      expect(views.map((view) => view.statusCode)).toEqual([200, 200, 200]);
      await server.app.inject({ method: 'GET', url: `/common/watch/${freshToken}` });
      for (let attempt = 0; attempt < 50 && pushed.length === 0; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      stop();
      const [row] = await server.app.db.select().from(videoMessages).where(eq(videoMessages.id, fresh.json().data.id));
      expect(row?.views).toBe(4);
      expect(row?.firstViewedAt).toBeInstanceOf(Date);
      expect(row?.lastViewedAt?.getTime()).toBeGreaterThanOrEqual(row?.firstViewedAt?.getTime() ?? 0);

      const watched = pushed.filter((notice) => notice.title.includes('first@example.com'));
      expect(watched).toEqual([
        expect.objectContaining({
          type: 'message',
          title: 'first@example.com watched your video “Your follow-up”',
          link: '/video-library',
        }),
      ]);
      const notices = await call(server.app, { method: 'GET', url: '/api/notices', token: team.user.token });
      expect(notices.json().filter((notice: Notice) => notice.title.includes('first@example.com'))).toHaveLength(1);
      const others = await call(server.app, { method: 'GET', url: '/api/notices', token: team.admin.token });
      expect(JSON.stringify(others.json())).not.toContain('first@example.com');
    });

    it('answers 404 for a link that never existed', async () => {
      for (const unknown of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', '..%2F..%2Fetc', `${token}x`]) {
        const response = await server.app.inject({ method: 'GET', url: `/common/watch/${unknown}` });
        expect(response.statusCode, unknown).toBe(404);
        expect(response.json()).toMatchObject({
          success: false,
          errorMessage: expect.stringMatching(/does not exist/),
        });
      }
    });

    it('revocation: the sender’s team may revoke (another team gets 404), and the link then answers 410', async () => {
      const response = await send(server.app, team.user, { videoId: video.id, ...recipient() });
      const { id, shareUrl } = response.json().data;
      const revokedToken = shareUrl.split('/v/')[1];
      const watched = await server.app.inject({ method: 'GET', url: `/common/watch/${revokedToken}` });
      expect(watched.statusCode).toBe(200);
      const { playbackUrl, posterUrl } = watched.json().data;
      expect(playbackUrl).toMatch(new RegExp(`^/files/shared/${revokedToken}/video\\?`));
      expect((await server.app.inject({ method: 'GET', url: pathOf(posterUrl) })).statusCode).toBe(200);
      const foreign = await call(server.app, {
        method: 'DELETE',
        url: `/api/video-messages/${id}`,
        token: other.admin.token,
      });
      expect(foreign.statusCode).toBe(404);
      expect((await server.app.inject({ method: 'GET', url: `/common/watch/${revokedToken}` })).statusCode).toBe(200);
      const revoked = await call(server.app, {
        method: 'DELETE',
        url: `/api/video-messages/${id}`,
        token: team.admin.token,
      });
      expect(revoked.statusCode).toBe(200);
      const gone = await server.app.inject({ method: 'GET', url: `/common/watch/${revokedToken}` });
      expect(gone.statusCode).toBe(410);
      expect(gone.json()).toMatchObject({
        errorCode: 'LINK_REVOKED',
        errorMessage: expect.stringMatching(/withdrawn/),
      });
      const listed = await call(server.app, {
        method: 'GET',
        url: '/api/video-messages?pageSize=100',
        token: team.user.token,
      });
      expect(listed.json().list.find((item: VideoMessage) => item.id === id)).toMatchObject({
        revoked: true,
        views: 2,
      });
      const foreignList = await call(server.app, {
        method: 'GET',
        url: '/api/video-messages',
        token: other.user.token,
      });
      expect(foreignList.json()).toEqual({ list: [], total: 0 });
    });

    it('deleting the video revokes its links', async () => {
      const doomed = await readyVideo(server.app, team.user, 'Doomed');
      const response = await send(server.app, team.user, { videoId: doomed.id, ...recipient() });
      const doomedToken = response.json().data.shareUrl.split('/v/')[1];
      await call(server.app, { method: 'DELETE', url: `/api/videos/${doomed.id}`, token: team.user.token });
      expect((await server.app.inject({ method: 'GET', url: `/common/watch/${doomedToken}` })).statusCode).toBe(410);
      const listed = await call(server.app, {
        method: 'GET',
        url: '/api/video-messages?pageSize=100',
        token: team.user.token,
      });
      expect(listed.json().list.find((item: VideoMessage) => item.id === response.json().data.id)).toMatchObject({
        videoId: null,
        revoked: true,
      });
    });

    it('limits how often one address may open links (60 a minute)', async () => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 61; attempt += 1) {
        const response = await server.app.inject({
          method: 'GET',
          url: '/common/watch/AAAAAAAAAAAAAAAAAAAAAA',
          remoteAddress: '192.0.2.77',
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
      expect(statuses[60]).toBe(429);
    });
  });
});

describe('sending over SMTP', () => {
  it('delivers the message and the link to a real SMTP server', async () => {
    const smtp = await startSmtp();
    const server = await createTestApp({
      config: { uploadPartSize: PART_SIZE, smtpUrl: `smtp://127.0.0.1:${smtp.port}`, devMailbox: false },
    });
    try {
      const team = await addTeam(server.app);
      const video = await readyVideo(server.app, team.user, 'Welcome <aboard>');
      const response = await send(server.app, team.user, {
        videoId: video.id,
        ...recipient({ email: 'smtp-reader@example.com', message: 'Hi Ada — thanks for your call!\nSee you soon.' }),
      });
      const { shareUrl } = response.json().data;
      await server.app.outbox.deliverDue();
      const mails = smtp.received.filter((mail) => mail.to.includes('smtp-reader@example.com'));
      expect(mails).toHaveLength(1);
      const mail = decoded(mails[0]?.raw);
      expect(mail).toContain(`Subject: ${team.user.name} sent you a video message`);
      expect(mail).toContain('thanks for your call!');
      expect(mail).toContain(shareUrl);
      expect(mail).toContain('Welcome &#60;aboard&#62;');
      expect(mail).not.toContain('<aboard>”</a>');
      const list = await call(server.app, { method: 'GET', url: '/api/video-messages', token: team.user.token });
      expect(list.json().list[0]).toMatchObject({
        emailStatus: 'sent',
        sentAt: expect.any(String),
        smsStatus: 'outbox',
      });
    } finally {
      await server.close();
      await smtp.close();
    }
  });

  it('keeps the e-mail queued while SMTP is down and sends it exactly once when it is back, with two workers', async () => {
    const port = await freePort();
    const smtpUrl = `smtp://127.0.0.1:${port}`;
    const server = await createTestApp({ config: { uploadPartSize: PART_SIZE, smtpUrl, devMailbox: false } });
    let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
    try {
      const team = await addTeam(server.app);
      const video = await readyVideo(server.app, team.user);
      const response = await send(server.app, team.user, {
        videoId: video.id,
        ...recipient({ email: 'patient@example.com' }),
      });
      expect(response.statusCode).toBe(201);
      await server.app.outbox.deliverDue();
      const [waiting] = await server.app.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, 'patient@example.com'));
      expect(waiting).toMatchObject({ status: 'queued', attempts: 1, sentAt: null });
      expect(waiting?.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(waiting?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

      smtp = await startSmtp(port);
      await server.app.db
        .update(outboxMessages)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(outboxMessages.recipient, 'patient@example.com'));
      // A second worker, as another instance would run: its own SMTP connection, the same table.
      const mailer = nodemailer.createTransport({ url: smtpUrl });
      const secondWorker = createOutbox(
        server.app.db,
        {
          email: async (message) => {
            await mailer.sendMail({
              from: 'Parley <no-reply@parley.test>',
              to: message.to,
              subject: message.subject ?? '',
              text: message.text,
              messageId: `<${message.id}@parley>`,
            });
          },
        },
        server.app.log,
      );
      await Promise.all([
        server.app.outbox.deliverDue(),
        secondWorker.deliverDue(),
        secondWorker.deliverDue(),
        server.app.outbox.deliverDue(),
      ]);
      await Promise.all([server.app.outbox.deliverDue(), secondWorker.deliverDue()]);
      mailer.close();

      const delivered = smtp.received.filter((mail) => mail.to.includes('patient@example.com'));
      expect(delivered).toHaveLength(1);
      expect(decoded(delivered[0]?.raw)).toContain(response.json().data.shareUrl);
      const [sent] = await server.app.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, 'patient@example.com'));
      expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    } finally {
      await server.close();
      await smtp?.close();
    }
  });
});
