import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { RealtimeServerMessage } from '@parley/api';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { callMedia, calls, captions, videos } from '../src/db/schema';
import { DEMO_CALL_COUNT, generateDemoCalls, seedDemoCalls } from '../src/demo/calls';
import { findFfmpeg } from '../src/lib/ffmpeg-binary';
import { MAX_RECORDING_ATTEMPTS, RECORDING_ERRORS } from '../src/services/recordings';
import { videoKey } from '../src/services/storage/store';
import { VIDEO_FAILURES } from '../src/services/video-failures';
import { startFakeS3 } from './fake-s3';
import { addMember, addTeam, call, createTestApp, type TestApp, type TestMember, type TestTeam } from './helpers';
import { FIXTURES, pathOf } from './video-helpers';

const run = promisify(execFile);

let serials = 0;

/** A call of the team stored directly: answered by `member` unless `missed`. */
async function insertCall(
  app: FastifyInstance,
  teamId: string,
  values: Partial<typeof calls.$inferInsert> & { member?: string; missed?: boolean } = {},
): Promise<string> {
  const { member, missed, ...rest } = values;
  serials += 1;
  const incomingAt = new Date(Date.now() - 3600_000);
  const [row] = await app.db
    .insert(calls)
    .values({
      teamId,
      serialNumber: serials,
      incomingAt,
      playerId: `v_test${serials}`,
      callerName: 'Ada Lovelace',
      holdSeconds: 12,
      receivedBy: missed ? null : (member ?? null),
      receivedAt: missed ? null : new Date(incomingAt.getTime() + 12_000),
      durationSeconds: missed ? null : 30,
      endedAt: new Date(incomingAt.getTime() + 42_000),
      ...rest,
    })
    .returning({ id: calls.id });
  if (!row) {
    throw new Error('The call was not stored.');
  }
  return row.id;
}

/** A raw media file of one side of the call, put in the store as the live call would leave it. */
async function addMedia(
  app: FastifyInstance,
  teamId: string,
  callId: string,
  source: 'caller' | 'member',
  bytes: Buffer,
  contentType: string,
  offsetSeconds = 0,
): Promise<string> {
  const storageKey = videoKey(teamId, randomUUID());
  await app.storage.put(storageKey, bytes, contentType);
  await app.db.insert(callMedia).values({ teamId, callId, source, storageKey, contentType, offsetSeconds });
  return storageKey;
}

async function storedCall(app: FastifyInstance, id: string) {
  const [row] = await app.db.select().from(calls).where(eq(calls.id, id));
  if (!row) {
    throw new Error('No such call.');
  }
  return row;
}

/** Waits until the job has taken the call out of `generating`. */
async function settled(app: FastifyInstance, id: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await storedCall(app, id);
    if (row.recordingStatus !== 'generating') {
      return row;
    }
    if (Date.now() > deadline) {
      throw new Error('The recording stayed generating.');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The rows of a plain SQL query (both engines answer `{ rows }`). */
async function select<Row>(app: FastifyInstance, query: SQL): Promise<Row[]> {
  return ((await app.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

function generate(app: FastifyInstance, token: string, id: string) {
  return call(app, { method: 'POST', url: `/api/calls/${id}/recording`, token });
}

/** What ffprobe says of a file: its duration, its streams and the video's width. */
async function probe(bytes: Buffer): Promise<{ duration: number; streams: string[]; width: number | undefined }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'parley-probe-'));
  try {
    const file = path.join(folder, 'recording.mp4');
    await writeFile(file, bytes);
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration:stream=codec_type,width',
      '-of',
      'json',
      file,
    ]);
    const parsed = JSON.parse(stdout) as {
      format: { duration: string };
      streams: { codec_type: string; width?: number }[];
    };
    return {
      duration: Number(parsed.format.duration),
      streams: parsed.streams.map((stream) => stream.codec_type).sort(),
      width: parsed.streams.find((stream) => stream.codec_type === 'video')?.width,
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

interface Socket {
  ws: WebSocket;
  messages: RealtimeServerMessage[];
  next: (match: (message: RealtimeServerMessage) => boolean, timeoutMs?: number) => Promise<RealtimeServerMessage>;
}

/** A tab's socket, signed in as `member`; `next` resolves with the first message (seen or to come) that matches. */
async function signedIn(url: string, member: TestMember): Promise<Socket> {
  const ws = new WebSocket(url);
  const messages: RealtimeServerMessage[] = [];
  const waiters = new Set<(message: RealtimeServerMessage) => void>();
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString()) as RealtimeServerMessage;
    messages.push(message);
    for (const waiter of [...waiters]) {
      waiter(message);
    }
  });
  const next: Socket['next'] = (match, timeoutMs = 60_000) =>
    new Promise((resolve, reject) => {
      const seen = messages.find(match);
      if (seen) {
        resolve(seen);
        return;
      }
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`No matching message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
      }, timeoutMs);
      const waiter = (message: RealtimeServerMessage) => {
        if (match(message)) {
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(message);
        }
      };
      waiters.add(waiter);
    });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'auth', token: member.token }));
  await next((message) => message.type === 'ready', 10_000);
  return { ws, messages, next };
}

const callMessage = (id: string, status: string) => (message: RealtimeServerMessage) =>
  message.type === 'call' && message.call.id === id && message.call.recordingStatus === status;

describe('call recordings', () => {
  let server: TestApp;
  let team: TestTeam;
  let other: TestTeam;
  let socketUrl: string;

  beforeAll(async () => {
    server = await createTestApp();
    team = await addTeam(server.app);
    other = await addTeam(server.app);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    socketUrl = `ws://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/ws`;
  });
  afterAll(() => server.close());

  it('joins both sides into one playable MP4: none → generating → ready, told to the team only', async () => {
    const id = await insertCall(server.app, team.id, { member: team.user.id });
    await addMedia(server.app, team.id, id, 'caller', FIXTURES.webm, 'video/webm');
    await addMedia(server.app, team.id, id, 'member', FIXTURES.mp4, 'video/mp4', 0.5);
    const mine = await signedIn(socketUrl, team.user);
    const theirs = await signedIn(socketUrl, other.admin);
    try {
      expect((await storedCall(server.app, id)).recordingStatus).toBe('none');
      const response = await generate(server.app, team.user.token, id);
      expect(response.statusCode, response.body).toBe(202);
      expect(response.json()).toEqual({
        success: true,
        data: { recordingStatus: 'generating', recordingUrl: null, recordingError: null },
      });

      await mine.next(callMessage(id, 'generating'));
      const ready = await mine.next(callMessage(id, 'ready'));
      const recordingUrl = ready.type === 'call' ? ready.call.recordingUrl : null;
      expect(recordingUrl).toMatch(/^\/files\/recordings\/[0-9a-f-]{36}\?expires=\d+&signature=/);

      const row = await storedCall(server.app, id);
      expect(row).toMatchObject({
        recordingStatus: 'ready',
        recordingContentType: 'video/mp4',
        recordingError: null,
        recordingLeaseUntil: null,
      });
      expect(row.recordingKey).toMatch(new RegExp(`^videos/${team.id}/`));

      const whole = await server.app.inject({ method: 'GET', url: pathOf(recordingUrl ?? '') });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('video/mp4');
      expect(whole.headers['accept-ranges']).toBe('bytes');
      const size = whole.rawPayload.length;
      expect(size).toBeGreaterThan(1000);
      const found = await probe(whole.rawPayload);
      expect(found.duration).toBeGreaterThan(2);
      expect(found.streams).toEqual(['audio', 'video']);
      // Both sides were filmed: their tiles side by side.
      expect(found.width).toBe(1280);

      const range = await server.app.inject({
        method: 'GET',
        url: pathOf(recordingUrl ?? ''),
        headers: { range: 'bytes=0-99' },
      });
      expect(range.statusCode).toBe(206);
      expect(range.headers['content-range']).toBe(`bytes 0-99/${size}`);
      expect(range.rawPayload).toEqual(whole.rawPayload.subarray(0, 100));
      const beyond = await server.app.inject({
        method: 'GET',
        url: pathOf(recordingUrl ?? ''),
        headers: { range: `bytes=${size + 10}-` },
      });
      expect(beyond.statusCode).toBe(416);

      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(theirs.messages.filter((message) => message.type === 'call')).toEqual([]);
    } finally {
      mine.ws.close();
      theirs.ws.close();
    }
  });

  it('changes nothing when asked again while ready (200, same recording) or while generating', async () => {
    const id = await insertCall(server.app, team.id, { member: team.admin.id });
    await addMedia(server.app, team.id, id, 'caller', FIXTURES.mp4, 'video/mp4');
    expect((await generate(server.app, team.admin.token, id)).statusCode).toBe(202);
    const ready = await settled(server.app, id);
    expect(ready.recordingStatus).toBe('ready');

    const again = await generate(server.app, team.user.token, id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.recordingStatus).toBe('ready');
    expect(again.json().data.recordingUrl).toMatch(new RegExp(`^/files/recordings/${id}\\?`));
    const after = await storedCall(server.app, id);
    expect(after.recordingKey).toBe(ready.recordingKey);
    expect(after.recordingAttempts).toBe(ready.recordingAttempts);
    // One side only: one tile.
    const played = await server.app.inject({ method: 'GET', url: pathOf(again.json().data.recordingUrl) });
    expect((await probe(played.rawPayload)).width).toBe(640);

    // Held by a worker right now (its lease is in the future): asking again leaves it with that worker.
    const busy = await insertCall(server.app, team.id, {
      member: team.user.id,
      recordingStatus: 'generating',
      recordingLeaseUntil: new Date(Date.now() + 600_000),
      recordingAttempts: 1,
    });
    const whileBusy = await generate(server.app, team.user.token, busy);
    expect(whileBusy.statusCode).toBe(200);
    expect(whileBusy.json()).toEqual({
      success: true,
      data: { recordingStatus: 'generating', recordingUrl: null, recordingError: null },
    });
    expect((await storedCall(server.app, busy)).recordingAttempts).toBe(1);
  });

  it('ends in error with the reason when the call has no raw media; asking again tries again', async () => {
    const mine = await signedIn(socketUrl, team.admin);
    try {
      const id = await insertCall(server.app, team.id, { missed: true });
      expect((await generate(server.app, team.user.token, id)).statusCode).toBe(202);
      const failed = await settled(server.app, id);
      expect(failed).toMatchObject({
        recordingStatus: 'error',
        recordingError: RECORDING_ERRORS.noMedia,
        recordingKey: null,
      });
      const told = await mine.next(callMessage(id, 'error'));
      expect(told).toEqual({
        type: 'call',
        call: { id, recordingStatus: 'error', recordingUrl: null, recordingError: 'noMedia' },
      });
      // The list and the call say why too, by a code the web words in the member's language.
      const shown = await call(server.app, { method: 'GET', url: `/api/calls/${id}`, token: team.user.token });
      expect(shown.json().data).toMatchObject({ recordingStatus: 'error', recordingError: 'noMedia' });
      const listed = await call(server.app, { method: 'GET', url: '/api/calls?pageSize=100', token: team.admin.token });
      expect(listed.json().list.find((item: { id: string }) => item.id === id)).toMatchObject({
        recordingStatus: 'error',
        recordingError: 'noMedia',
      });

      const retry = await generate(server.app, team.user.token, id);
      expect(retry.statusCode).toBe(202);
      expect(retry.json().data).toEqual({ recordingStatus: 'generating', recordingUrl: null, recordingError: null });
      // The tabs hear that it is generating again, the cause gone.
      await mine.next(
        (message) =>
          message.type === 'call' &&
          message.call.id === id &&
          message.call.recordingStatus === 'generating' &&
          message.call.recordingError === null,
      );
      expect((await settled(server.app, id)).recordingStatus).toBe('error');
    } finally {
      mine.ws.close();
    }
  });

  it('starts one job however many retries race (two clicks, two tabs): one 202, the others 200', async () => {
    const id = await insertCall(server.app, team.id, {
      member: team.user.id,
      recordingStatus: 'error',
      recordingError: RECORDING_ERRORS.joinFailed,
    });
    await addMedia(server.app, team.id, id, 'caller', FIXTURES.mp4, 'video/mp4');
    const answers = await Promise.all([
      generate(server.app, team.user.token, id),
      generate(server.app, team.user.token, id),
      generate(server.app, team.admin.token, id),
      generate(server.app, team.admin.token, id),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 202]);
    for (const answer of answers) {
      expect(answer.json().data).toEqual({ recordingStatus: 'generating', recordingUrl: null, recordingError: null });
    }
    const done = await settled(server.app, id);
    // One job: claimed once, and it made the recording.
    expect(done).toMatchObject({ recordingStatus: 'ready', recordingError: null, recordingAttempts: 1 });
  });

  it('says why a recording failed by a code, `unknown` for a wording this version did not write', async () => {
    const known = await insertCall(server.app, team.id, {
      member: team.user.id,
      recordingStatus: 'error',
      recordingError: RECORDING_ERRORS.gaveUp,
    });
    const strange = await insertCall(server.app, team.id, {
      member: team.user.id,
      recordingStatus: 'error',
      recordingError: 'An older server said something else.',
    });
    const fine = await insertCall(server.app, team.id, { member: team.user.id });
    const read = async (id: string) =>
      (await call(server.app, { method: 'GET', url: `/api/calls/${id}`, token: team.user.token })).json().data;
    expect(await read(known)).toMatchObject({ recordingStatus: 'error', recordingError: 'gaveUp' });
    expect(await read(strange)).toMatchObject({ recordingStatus: 'error', recordingError: 'unknown' });
    expect(await read(fine)).toMatchObject({ recordingStatus: 'none', recordingError: null });
  });

  it("says where a visitor's message video stands, and why it failed", async () => {
    const message = async (values: Partial<typeof videos.$inferInsert>) => {
      const [row] = await server.app.db
        .insert(videos)
        .values({
          teamId: team.id,
          ownerId: team.admin.id,
          title: 'Message from a visitor',
          kind: 'message',
          status: 'ready',
          contentType: 'video/webm',
          declaredSize: 100,
          storageKey: videoKey(team.id, randomUUID()),
          ...values,
        })
        .returning({ id: videos.id });
      return insertCall(server.app, team.id, { missed: true, messageVideoId: row?.id ?? null });
    };
    const notAVideo = await message({ status: 'error', errorMessage: VIDEO_FAILURES.notAVideo });
    const tooLarge = await message({
      status: 'error',
      errorMessage: 'The upload has more bytes (9) than the 8 declared.',
    });
    const strange = await message({ status: 'error', errorMessage: 'Something else entirely.' });
    const uploading = await message({ status: 'uploading', durationSeconds: 4.5 });
    const read = async (id: string) =>
      (await call(server.app, { method: 'GET', url: `/api/calls/${id}`, token: team.user.token })).json().data.message;
    expect(await read(notAVideo)).toMatchObject({ status: 'error', errorCode: 'notAVideo', playbackUrl: null });
    expect(await read(tooLarge)).toMatchObject({ status: 'error', errorCode: 'tooLarge', playbackUrl: null });
    expect(await read(strange)).toMatchObject({ status: 'error', errorCode: 'unknown' });
    expect(await read(uploading)).toMatchObject({
      status: 'uploading',
      errorCode: null,
      playbackUrl: null,
      durationSeconds: 4.5,
    });
  });

  it('ends in error when a media file is corrupt or missing from the store', async () => {
    const corrupt = await insertCall(server.app, team.id, { member: team.user.id });
    await addMedia(server.app, team.id, corrupt, 'caller', FIXTURES.mp4, 'video/mp4');
    await addMedia(server.app, team.id, corrupt, 'member', Buffer.from('this is not a video at all'), 'video/webm');
    const missing = await insertCall(server.app, team.id, { member: team.user.id });
    const key = await addMedia(server.app, team.id, missing, 'caller', FIXTURES.webm, 'video/webm');
    await server.app.storage.delete(key);

    expect((await generate(server.app, team.user.token, corrupt)).statusCode).toBe(202);
    expect((await generate(server.app, team.user.token, missing)).statusCode).toBe(202);
    expect(await settled(server.app, corrupt)).toMatchObject({
      recordingStatus: 'error',
      recordingError: RECORDING_ERRORS.unreadable,
    });
    expect(await settled(server.app, missing)).toMatchObject({
      recordingStatus: 'error',
      recordingError: RECORDING_ERRORS.missingFile,
    });
  });

  it("answers 404 for another team's call and a call that does not exist, 400 for a bad id", async () => {
    const id = await insertCall(server.app, team.id, { member: team.user.id });
    await addMedia(server.app, team.id, id, 'caller', FIXTURES.mp4, 'video/mp4');
    for (const url of [`/api/calls/${id}/recording`, `/api/calls/${randomUUID()}/recording`]) {
      const response = await call(server.app, { method: 'POST', url, token: other.admin.token });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
    }
    expect((await storedCall(server.app, id)).recordingStatus).toBe('none');
    expect((await generate(server.app, team.user.token, 'not-an-id')).statusCode).toBe(400);
    expect((await call(server.app, { method: 'POST', url: `/api/calls/${id}/recording` })).statusCode).toBe(401);
  });

  it("refuses a recording address whose signature is wrong or whose time is up, and another call's", async () => {
    const id = await insertCall(server.app, team.id, { member: team.user.id });
    await addMedia(server.app, team.id, id, 'caller', FIXTURES.webm, 'video/webm');
    await generate(server.app, team.user.token, id);
    await settled(server.app, id);
    const url = (await generate(server.app, team.user.token, id)).json().data.recordingUrl as string;
    const forged = url.replace(/signature=[^&]+/, 'signature=AAAA');
    expect((await server.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    const expiresAt = new Date(Date.now() - 1000);
    const expired = server.app.urlSigner.sign('GET', `/files/recordings/${id}`, expiresAt);
    const answer = await server.app.inject({ method: 'GET', url: expired });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().errorCode).toBe('URL_EXPIRED');
    const otherCall = await insertCall(server.app, team.id, { member: team.user.id });
    const signedForNothing = server.app.urlSigner.sign(
      'GET',
      `/files/recordings/${otherCall}`,
      new Date(Date.now() + 60_000),
    );
    expect((await server.app.inject({ method: 'GET', url: signedForNothing })).statusCode).toBe(404);
    const moved = url.replace(id, otherCall);
    expect((await server.app.inject({ method: 'GET', url: moved })).statusCode).toBe(403);
  });

  it('takes up a job whose worker died once its lease has run out, and gives up after too many', async () => {
    // A worker claimed it (attempt 1) and its instance died: the lease ran out a minute ago.
    const crashed = await insertCall(server.app, team.id, {
      member: team.user.id,
      recordingStatus: 'generating',
      recordingLeaseUntil: new Date(Date.now() - 60_000),
      recordingAttempts: 1,
    });
    await addMedia(server.app, team.id, crashed, 'caller', FIXTURES.webm, 'video/webm');
    await addMedia(server.app, team.id, crashed, 'member', FIXTURES.webm, 'video/webm', 1);
    // Still held by a live worker elsewhere.
    const held = await insertCall(server.app, team.id, {
      member: team.user.id,
      recordingStatus: 'generating',
      recordingLeaseUntil: new Date(Date.now() + 600_000),
      recordingAttempts: 1,
    });
    await addMedia(server.app, team.id, held, 'caller', FIXTURES.webm, 'video/webm');
    // Its workers died every time.
    const doomed = await insertCall(server.app, team.id, {
      member: team.user.id,
      recordingStatus: 'generating',
      recordingLeaseUntil: new Date(Date.now() - 60_000),
      recordingAttempts: MAX_RECORDING_ATTEMPTS,
    });
    await addMedia(server.app, team.id, doomed, 'caller', FIXTURES.webm, 'video/webm');

    await server.app.recordings.runDue();
    const recovered = await settled(server.app, crashed);
    expect(recovered).toMatchObject({ recordingStatus: 'ready', recordingAttempts: 2, recordingLeaseUntil: null });
    expect(await settled(server.app, doomed)).toMatchObject({
      recordingStatus: 'error',
      recordingError: RECORDING_ERRORS.gaveUp,
    });
    await server.app.recordings.runDue();
    expect(await storedCall(server.app, held)).toMatchObject({ recordingStatus: 'generating', recordingAttempts: 1 });
  });
});

describe('a server that stops while a recording is being made', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await createTestApp();
  });
  afterAll(() => server.close());

  it('cuts ffmpeg short and puts the call back in the queue, the attempt not counted', async () => {
    const team = await addTeam(server.app);
    const id = await insertCall(server.app, team.id, { member: team.user.id, durationSeconds: 900 });
    // Ten minutes into the call: a long join, still running when the server stops.
    await addMedia(server.app, team.id, id, 'caller', FIXTURES.mp4, 'video/mp4', 600);
    expect((await generate(server.app, team.user.token, id)).statusCode).toBe(202);
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const row = await storedCall(server.app, id);
      if (row.recordingAttempts === 1) {
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    await server.app.recordings.stop();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await storedCall(server.app, id)).toMatchObject({
      recordingStatus: 'generating',
      recordingLeaseUntil: null,
      recordingAttempts: 0,
    });
  });
});

describe('recordings on S3', () => {
  let s3: Awaited<ReturnType<typeof startFakeS3>>;
  let server: TestApp;
  beforeAll(async () => {
    s3 = await startFakeS3('parley-recordings');
    server = await createTestApp({
      config: {
        s3: {
          endpoint: s3.endpoint,
          region: 'us-east-1',
          bucket: 'parley-recordings',
          accessKeyId: 'test-key',
          secretAccessKey: 'test-secret',
          forcePathStyle: true,
        },
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await s3.close();
  });

  it('reads the raw media from the bucket and answers a pre-signed address that plays in ranges', async () => {
    const team = await addTeam(server.app);
    const id = await insertCall(server.app, team.id, { member: team.user.id });
    await addMedia(server.app, team.id, id, 'caller', FIXTURES.webm, 'video/webm');
    await addMedia(server.app, team.id, id, 'member', FIXTURES.mp4, 'video/mp4');
    expect((await generate(server.app, team.user.token, id)).statusCode).toBe(202);
    expect((await settled(server.app, id)).recordingStatus).toBe('ready');
    const url = (await generate(server.app, team.user.token, id)).json().data.recordingUrl as string;
    expect(url.startsWith(`${s3.endpoint}/parley-recordings/videos/${team.id}/`)).toBe(true);
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect((await probe(bytes)).duration).toBeGreaterThan(1);
    const part = await fetch(url, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
  });
});

describe("recordings with the ffmpeg installed from npm (a machine without Debian's)", () => {
  let server: TestApp;
  beforeAll(async () => {
    // What findFfmpeg answers when nothing is on the PATH: the static build of @ffmpeg-installer.
    const bundled = findFfmpeg(undefined, '');
    expect(bundled.source).toBe('npm');
    server = await createTestApp({ config: { ffmpegPath: bundled.path } });
  });
  afterAll(() => server.close());

  it('joins a WebM and an MP4 side into one playable MP4 with sound and both pictures', async () => {
    const team = await addTeam(server.app);
    const id = await insertCall(server.app, team.id, { member: team.user.id });
    await addMedia(server.app, team.id, id, 'caller', FIXTURES.webm, 'video/webm');
    await addMedia(server.app, team.id, id, 'member', FIXTURES.mp4, 'video/mp4', 0.5);
    expect((await generate(server.app, team.user.token, id)).statusCode).toBe(202);
    const row = await settled(server.app, id);
    expect(row, row.recordingError ?? '').toMatchObject({
      recordingStatus: 'ready',
      recordingContentType: 'video/mp4',
    });
    const url = (await generate(server.app, team.user.token, id)).json().data.recordingUrl as string;
    const whole = await server.app.inject({ method: 'GET', url: pathOf(url) });
    expect(whole.statusCode).toBe(200);
    const found = await probe(whole.rawPayload);
    expect(found.duration).toBeGreaterThan(2);
    expect(found.streams).toEqual(['audio', 'video']);
    expect(found.width).toBe(1280);
  });
});

describe('recordings without ffmpeg', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await createTestApp({ config: { ffmpegPath: '/nonexistent/ffmpeg' } });
  });
  afterAll(() => server.close());

  it('ends in error saying ffmpeg is missing', async () => {
    const team = await addTeam(server.app);
    const id = await insertCall(server.app, team.id, { member: team.user.id });
    await addMedia(server.app, team.id, id, 'caller', FIXTURES.mp4, 'video/mp4');
    expect((await generate(server.app, team.user.token, id)).statusCode).toBe(202);
    expect(await settled(server.app, id)).toMatchObject({
      recordingStatus: 'error',
      recordingError: RECORDING_ERRORS.noFfmpeg,
    });
  });

  it('loads the demo calls without media: the message videos say why they have no file', async () => {
    const team = await addTeam(server.app);
    const summary = await seedDemoCalls(server.app, team.id, [team.admin, team.user], { count: 400 });
    expect(summary).toMatchObject({ calls: 400, callsWithMedia: 0, messageMedia: false });
    const messages = await server.app.db
      .select()
      .from(videos)
      .where(and(eq(videos.teamId, team.id), eq(videos.kind, 'message')));
    expect(messages.length).toBe(summary.messages);
    expect(messages.every((video) => video.status === 'error' && video.errorMessage?.includes('ffmpeg'))).toBe(true);
    // The call history says so: Error, no file was made — not Processing for ever.
    const listed = await call(server.app, {
      method: 'GET',
      url: '/api/calls?tab=messages&pageSize=5',
      token: team.admin.token,
    });
    expect(listed.json().list.length).toBeGreaterThan(0);
    for (const item of listed.json().list) {
      expect(item.message).toMatchObject({ status: 'error', errorCode: 'noFile', playbackUrl: null });
    }
    expect(await server.app.db.select().from(callMedia).where(eq(callMedia.teamId, team.id))).toEqual([]);
  });
});

describe('captions', () => {
  let server: TestApp;
  let team: TestTeam;
  let other: TestTeam;
  beforeAll(async () => {
    server = await createTestApp();
    team = await addTeam(server.app);
    other = await addTeam(server.app);
  });
  afterAll(() => server.close());

  it('lists the cues in time order, as JSON and as WebVTT, for the team only', async () => {
    const id = await insertCall(server.app, team.id, { member: team.user.id });
    await server.app.db.insert(captions).values([
      {
        teamId: team.id,
        callId: id,
        startSeconds: 4,
        endSeconds: 6.25,
        speaker: 'Ada Lovelace',
        text: 'It <breaks> & stops.',
      },
      {
        teamId: team.id,
        callId: id,
        startSeconds: 1,
        endSeconds: 3.5,
        speaker: 'Sam Carter',
        text: 'Hello, how can I help?',
      },
      { teamId: team.id, callId: id, startSeconds: 3661.5, endSeconds: 3663, speaker: 'Sam Carter', text: 'Bye.' },
    ]);

    const list = await call(server.app, { method: 'GET', url: `/api/calls/${id}/captions`, token: team.user.token });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      total: 3,
      list: [
        { start: 1, end: 3.5, speaker: 'Sam Carter', text: 'Hello, how can I help?' },
        { start: 4, end: 6.25, speaker: 'Ada Lovelace', text: 'It <breaks> & stops.' },
        { start: 3661.5, end: 3663, speaker: 'Sam Carter', text: 'Bye.' },
      ],
    });

    const vtt = await call(server.app, {
      method: 'GET',
      url: `/api/calls/${id}/captions.vtt`,
      token: team.admin.token,
      headers: { accept: 'text/vtt' },
    });
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(vtt.body).toBe(
      [
        'WEBVTT',
        '',
        '00:00:01.000 --> 00:00:03.500',
        '<v Sam Carter>Hello, how can I help?',
        '',
        '00:00:04.000 --> 00:00:06.250',
        '<v Ada Lovelace>It &lt;breaks&gt; &amp; stops.',
        '',
        '01:01:01.500 --> 01:01:03.000',
        '<v Sam Carter>Bye.',
        '',
      ].join('\n'),
    );

    for (const url of [`/api/calls/${id}/captions`, `/api/calls/${id}/captions.vtt`]) {
      const refused = await call(server.app, { method: 'GET', url, token: other.user.token });
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain('Hello');
      expect((await call(server.app, { method: 'GET', url })).statusCode).toBe(401);
    }
    const unknown = randomUUID();
    expect(
      (await call(server.app, { method: 'GET', url: `/api/calls/${unknown}/captions.vtt`, token: team.user.token }))
        .statusCode,
    ).toBe(404);
  });

  it('answers an empty list and a bare WebVTT file for a call without captions', async () => {
    const id = await insertCall(server.app, team.id, { missed: true });
    const list = await call(server.app, { method: 'GET', url: `/api/calls/${id}/captions`, token: team.user.token });
    expect(list.json()).toEqual({ list: [], total: 0 });
    const vtt = await call(server.app, { method: 'GET', url: `/api/calls/${id}/captions.vtt`, token: team.user.token });
    expect(vtt.body).toBe('WEBVTT\n');
  });
});

describe('demo calls', () => {
  const now = new Date('2026-11-20T15:30:00Z');
  const members = ['Nora Ali', 'Sam Carter', 'Lea Martin'];
  const localHour = (at: Date) => new Date(at.getTime() - 5 * 3600_000).getUTCHours();
  const median = (values: number[]) => {
    const sorted = [...values].sort((left, right) => left - right);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  };

  it('plans the same year for the same seed, and another for another seed', () => {
    const first = generateDemoCalls({ count: 3000, now, seed: 7, members });
    const second = generateDemoCalls({ count: 3000, now, seed: 7, members });
    const third = generateDemoCalls({ count: 3000, now, seed: 8, members });
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    expect(JSON.stringify(third)).not.toBe(JSON.stringify(first));
  });

  it('plans a year of calls with realistic distributions', () => {
    const { calls: planned, notes: plannedNotes } = generateDemoCalls({
      count: DEMO_CALL_COUNT,
      now,
      seed: 20_260_101,
      members,
    });
    expect(planned.length).toBeGreaterThanOrEqual(20_000);
    expect(planned.map((item) => item.serialNumber)).toEqual(planned.map((_item, index) => index + 1));
    for (let index = 1; index < planned.length; index += 1) {
      expect(planned[index]?.incomingAt.getTime()).toBeGreaterThanOrEqual(
        planned[index - 1]?.incomingAt.getTime() ?? 0,
      );
    }
    const first = planned[0]?.incomingAt.getTime() ?? 0;
    expect(now.getTime() - first).toBeLessThanOrEqual(365 * 86_400_000);
    expect(now.getTime() - first).toBeGreaterThan(360 * 86_400_000);
    expect(Math.max(...planned.map((item) => item.endedAt.getTime()))).toBeLessThanOrEqual(now.getTime());

    // The UK numbers were in 07700 900…, which the phone input refuses, so a follow-up's prefilled phone failed.
    const contacts = planned.flatMap((item) => (item.callerContact ? [item.callerContact] : []));
    expect(contacts.length).toBeGreaterThan(planned.length / 2);
    for (const contact of contacts) {
      // Fictional ranges only, each a valid number: US 555-01xx and Ofcom's London drama range 020 7946 0xxx.
      expect(contact).toMatch(/^(\+1\d{3}55501\d{2}|\+442079460\d{3})$/);
    }

    const missed = planned.filter((item) => item.member === null);
    expect(missed.length / planned.length).toBeGreaterThan(0.15);
    expect(missed.length / planned.length).toBeLessThan(0.3);
    const holds = planned.map((item) => item.holdSeconds);
    expect(median(holds)).toBeLessThan(60);
    expect(holds.filter((hold) => hold < 60).length / holds.length).toBeGreaterThan(0.6);
    expect(Math.max(...holds)).toBeLessThanOrEqual(600);
    expect(Math.max(...holds)).toBeGreaterThan(300);
    // Missed callers hold on longer before they give up.
    expect(median(missed.map((item) => item.holdSeconds))).toBeGreaterThan(median(holds));
    const durations = planned.flatMap((item) => (item.durationSeconds === null ? [] : [item.durationSeconds]));
    expect(median(durations)).toBeGreaterThan(180);
    expect(median(durations)).toBeLessThan(320);
    expect(Math.max(...durations)).toBeGreaterThan(1200);

    const businessHours = planned.filter((item) => {
      const hour = localHour(item.incomingAt);
      return hour >= 8 && hour < 18;
    });
    expect(businessHours.length / planned.length).toBeGreaterThan(0.65);
    const perMember = [0, 1, 2].map((member) => planned.filter((item) => item.member === member).length);
    expect(Math.min(...perMember)).toBeGreaterThan(1000);
    expect(Math.max(...perMember) / Math.min(...perMember)).toBeGreaterThan(1.5);

    const messages = planned.filter((item) => item.leftMessage);
    expect(messages.every((item) => item.member === null)).toBe(true);
    expect(messages.length / missed.length).toBeGreaterThan(0.2);
    expect(messages.length / missed.length).toBeLessThan(0.5);
    expect(new Set(planned.map((item) => item.callerName)).size).toBeGreaterThan(1000);
    expect(new Set(planned.map((item) => item.followUp))).toEqual(new Set(['none', 'needed', 'sent', 'done']));

    // Every answered call has a transcript and its cues, each within the call; missed calls have none.
    const badCalls = planned.filter((item) =>
      item.member === null
        ? item.cues.length > 0 || item.transcript !== null
        : item.cues.length < 4 ||
          !item.transcript?.includes(item.cues[0]?.text ?? '-') ||
          item.cues.some((cue) => cue.start < 0 || cue.end <= cue.start || cue.end > (item.durationSeconds ?? 0)),
    );
    expect(badCalls).toEqual([]);
    expect(plannedNotes.length).toBeGreaterThan(200);
    expect(plannedNotes.length).toBeLessThan(1500);
    expect(new Set(plannedNotes.map((note) => note.member)).size).toBe(3);

    const grace = planned.find((item) => item.callerName === 'Grace Hopper');
    expect(grace).toMatchObject({ member: null, leftMessage: true });
    expect(now.getTime() - (grace?.incomingAt.getTime() ?? 0)).toBeLessThan(12 * 3600_000);
    const alan = planned.find((item) => item.callerName === 'Alan Turing');
    expect(alan).toMatchObject({ member: 1, withMedia: true });
    expect(now.getTime() - (alan?.incomingAt.getTime() ?? 0)).toBeGreaterThan(12 * 3600_000);
    expect(now.getTime() - (alan?.incomingAt.getTime() ?? 0)).toBeLessThan(48 * 3600_000);
    const withMedia = planned.filter((item) => item.withMedia);
    expect(withMedia.length).toBeGreaterThanOrEqual(5);
    expect(withMedia.length).toBeLessThanOrEqual(10);
    expect(withMedia.every((item) => (item.durationSeconds ?? 0) >= 10 && (item.durationSeconds ?? 0) <= 20)).toBe(
      true,
    );
  });

  it('loads the year into the database, with playable messages and recordings that can be generated', async () => {
    const server = await createTestApp();
    try {
      const team = await addTeam(server.app, 'Demo');
      const nora = await addMember(server.app, team.id, 'admin', { name: 'Nora Ali' });
      const sam = await addMember(server.app, team.id, 'user', { name: 'Sam Carter' });
      const lea = await addMember(server.app, team.id, 'user', { name: 'Lea Martin' });
      const summary = await seedDemoCalls(server.app, team.id, [nora, sam, lea], { now });
      expect(summary.calls).toBe(DEMO_CALL_COUNT);

      const [shape] = await select<{
        total: number;
        first: number;
        last: number;
        distinct_serials: number;
        missed: number;
        median_hold: number;
        members: number;
        messages: number;
      }>(
        server.app,
        sql`
          select count(*)::int as total, min(serial_number) as first, max(serial_number) as last,
            count(distinct serial_number)::int as distinct_serials,
            count(*) filter (where received_at is null)::int as missed,
            percentile_cont(0.5) within group (order by hold_seconds) as median_hold,
            count(distinct received_by)::int as members,
            count(*) filter (where message_video_id is not null)::int as messages
          from calls where team_id = ${team.id}`,
      );
      expect(shape).toMatchObject({ total: DEMO_CALL_COUNT, first: 1, last: DEMO_CALL_COUNT, members: 3 });
      expect(shape?.distinct_serials).toBe(DEMO_CALL_COUNT);
      expect((shape?.missed ?? 0) / DEMO_CALL_COUNT).toBeGreaterThan(0.15);
      expect((shape?.missed ?? 0) / DEMO_CALL_COUNT).toBeLessThan(0.3);
      expect(Number(shape?.median_hold)).toBeLessThan(60);
      expect(shape?.messages).toBe(summary.messages);
      const [outOfOrder] = await select<{ count: number }>(
        server.app,
        sql`
          select count(*)::int as count from (
            select serial_number, row_number() over (order by incoming_at, serial_number) as position
            from calls where team_id = ${team.id}
          ) ordered where serial_number <> position`,
      );
      expect(outOfOrder?.count).toBe(0);
      const [badCues] = await select<{ count: number }>(
        server.app,
        sql`
          select count(*)::int as count from captions join calls on calls.id = captions.call_id
          where captions.team_id = ${team.id}
            and (calls.received_at is null or captions.end_seconds > calls.duration_seconds)`,
      );
      expect(badCues?.count).toBe(0);
      expect(summary.captions).toBeGreaterThan(50_000);
      expect(summary.notes).toBeGreaterThan(200);

      // Through the API: Grace's message plays, and one message video deleted leaves the others playing.
      const [grace] = await server.app.db
        .select()
        .from(calls)
        .where(and(eq(calls.teamId, team.id), eq(calls.callerName, 'Grace Hopper')));
      expect(grace?.messageVideoId).toBeTruthy();
      const messageVideos = await server.app.db
        .select()
        .from(videos)
        .where(and(eq(videos.teamId, team.id), eq(videos.kind, 'message')));
      expect(messageVideos.length).toBe(summary.messages);
      if (summary.messageMedia) {
        const graceVideo = await call(server.app, {
          method: 'GET',
          url: `/api/videos/${grace?.messageVideoId}`,
          token: sam.token,
        });
        expect(graceVideo.json().data).toMatchObject({ status: 'ready', kind: 'message', contentType: 'video/mp4' });
        const removed = messageVideos.find((video) => video.id !== grace?.messageVideoId);
        expect(
          (await call(server.app, { method: 'DELETE', url: `/api/videos/${removed?.id}`, token: nora.token }))
            .statusCode,
        ).toBe(200);
        const played = await server.app.inject({
          method: 'GET',
          url: pathOf(graceVideo.json().data.playbackUrl),
          headers: { range: 'bytes=0-9' },
        });
        expect(played.statusCode).toBe(206);
      }

      // Alan Turing's call from yesterday has real raw media: its recording can be generated.
      const [alan] = await server.app.db
        .select()
        .from(calls)
        .where(and(eq(calls.teamId, team.id), eq(calls.callerName, 'Alan Turing')));
      const media = await server.app.db.select().from(callMedia).where(eq(callMedia.teamId, team.id));
      expect(summary.callsWithMedia).toBe(new Set(media.map((item) => item.callId)).size);
      expect(summary.callsWithMedia).toBeGreaterThanOrEqual(5);
      expect(media.some((item) => item.callId === alan?.id)).toBe(true);
      const started = await generate(server.app, sam.token, alan?.id ?? '');
      expect(started.statusCode).toBe(202);
      const generated = await settled(server.app, alan?.id ?? '', 120_000);
      expect(generated.recordingStatus).toBe('ready');
      const recording = (await generate(server.app, sam.token, alan?.id ?? '')).json().data.recordingUrl as string;
      const played = await server.app.inject({ method: 'GET', url: pathOf(recording) });
      expect((await probe(played.rawPayload)).duration).toBeGreaterThan(15);
    } finally {
      await server.close();
    }
  }, 240_000);
});
