import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import type { Video } from '@parley/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { videos } from '../src/db/schema';
import type { VideoEvent } from '../src/services/events';
import { formatBytes } from '../src/services/videos';
import {
  addTeam,
  call,
  createTestApp,
  createTestDatabase,
  ENGINE,
  type TestApp,
  type TestTeam,
  testConfig,
} from './helpers';
import {
  FIXTURES,
  partAddresses,
  pathOf,
  putPart,
  sha256Hex,
  slices,
  startUpload,
  uploadVideo,
  waitForVideo,
} from './video-helpers';

/** Small parts, so the 15–28 KB fixtures upload in several. */
const PART_SIZE = 8 * 1024;

let server: TestApp;
let team: TestTeam;
let other: TestTeam;

beforeAll(async () => {
  server = await createTestApp({ config: { uploadPartSize: PART_SIZE, videoMaxBytes: 200 * 1024 } });
  team = await addTeam(server.app);
  other = await addTeam(server.app);
});
afterAll(() => server.close());

async function play(url: string, headers: Record<string, string> = {}) {
  return server.app.inject({ method: 'GET', url: pathOf(url), headers });
}

describe('upload and playback', () => {
  it('uploads an MP4 in parts, processes it (duration, poster) and plays it back byte for byte', async () => {
    const { started, completion } = await uploadVideo(server.app, team.user.token, FIXTURES.mp4, {
      title: 'Welcome',
      contentType: 'video/mp4;codecs=avc1',
    });
    expect(started.partSize).toBe(PART_SIZE);
    expect(started.partCount).toBe(Math.ceil(FIXTURES.mp4.length / PART_SIZE));
    expect(started.video).toMatchObject({ status: 'uploading', contentType: 'video/mp4', playbackUrl: null });
    expect(completion.statusCode, completion.body).toBe(200);
    expect(completion.json().data).toMatchObject({ status: 'processing', size: FIXTURES.mp4.length });

    const video = await waitForVideo(server.app, team.user.token, started.video.id);
    expect(video).toMatchObject({
      title: 'Welcome',
      kind: 'library',
      status: 'ready',
      size: FIXTURES.mp4.length,
      owner: { id: team.user.id, name: team.user.name },
      errorMessage: null,
    });
    expect(video.durationSeconds).toBeCloseTo(2, 1);
    expect(video.playbackUrl).toMatch(/^\/files\/videos\/[0-9a-f-]{36}\?expires=\d+&signature=[\w-]+$/);

    const played = await play(video.playbackUrl ?? '');
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('video/mp4');
    expect(played.headers['accept-ranges']).toBe('bytes');
    expect(sha256Hex(played.rawPayload)).toBe(sha256Hex(FIXTURES.mp4));

    const poster = await play(video.posterUrl ?? '');
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(poster.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });
});

async function storedVideo(id: string) {
  const [row] = await server.app.db.select().from(videos).where(eq(videos.id, id));
  return row;
}

function videoFile(teamId: string, id: string): string {
  return path.join(server.config.dataDir, 'videos', teamId, id);
}

describe('recordings as browsers make them', () => {
  it('takes a WebM with codec parameters and no duration in its header (MediaRecorder): ffmpeg measures it', async () => {
    const { started, completion } = await uploadVideo(server.app, team.admin.token, FIXTURES.recorderWebm, {
      contentType: 'video/webm;codecs=vp8,opus',
      kind: 'followup',
      ref: 'call-42',
    });
    expect(completion.statusCode, completion.body).toBe(200);
    const video = await waitForVideo(server.app, team.admin.token, started.video.id);
    expect(video).toMatchObject({ status: 'ready', contentType: 'video/webm', kind: 'followup', ref: 'call-42' });
    expect(video.durationSeconds).toBeCloseTo(2, 1);
    expect(video.posterUrl).not.toBeNull();
    const played = await play(video.playbackUrl ?? '');
    expect(played.headers['content-type']).toBe('video/webm');
    expect(sha256Hex(played.rawPayload)).toBe(sha256Hex(FIXTURES.recorderWebm));
  });

  it('tells every open tab of the team, and no other team, as the status changes', async () => {
    const heard: VideoEvent[] = [];
    const overheard: VideoEvent[] = [];
    const stop = server.app.events.subscribeTeam(team.id, (event) => event.type === 'video' && heard.push(event));
    const stopOther = server.app.events.subscribeTeam(
      other.id,
      (event) => event.type === 'video' && overheard.push(event),
    );
    const { started } = await uploadVideo(server.app, team.user.token, FIXTURES.webm, { contentType: 'video/webm' });
    await waitForVideo(server.app, team.user.token, started.video.id);
    for (let attempt = 0; attempt < 100 && !heard.some((event) => event.video.status === 'ready'); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    stop();
    stopOther();
    const mine = heard.filter((event) => event.video.id === started.video.id).map((event) => event.video.status);
    expect(mine).toEqual(['processing', 'ready']);
    expect(overheard).toEqual([]);
  });
});

describe('range requests', () => {
  let video: Video;
  beforeAll(async () => {
    const { started } = await uploadVideo(server.app, team.user.token, FIXTURES.mp4);
    video = await waitForVideo(server.app, team.user.token, started.video.id);
  });

  it('answers 206 with exactly the bytes asked for', async () => {
    const size = FIXTURES.mp4.length;
    const first = await play(video.playbackUrl ?? '', { range: 'bytes=0-99' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${size}`);
    expect(first.headers['content-length']).toBe('100');
    expect(first.rawPayload.equals(FIXTURES.mp4.subarray(0, 100))).toBe(true);

    const open = await play(video.playbackUrl ?? '', { range: 'bytes=1000-' });
    expect(open.statusCode).toBe(206);
    expect(open.headers['content-range']).toBe(`bytes 1000-${size - 1}/${size}`);
    expect(open.rawPayload.equals(FIXTURES.mp4.subarray(1000))).toBe(true);

    const suffix = await play(video.playbackUrl ?? '', { range: 'bytes=-50' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(FIXTURES.mp4.subarray(size - 50))).toBe(true);

    const beyondEnd = await play(video.playbackUrl ?? '', { range: `bytes=${size - 10}-${size + 500}` });
    expect(beyondEnd.statusCode).toBe(206);
    expect(beyondEnd.rawPayload.equals(FIXTURES.mp4.subarray(size - 10))).toBe(true);
  });

  it('answers 416 with the size for a range it cannot serve, and the whole file for several ranges', async () => {
    const size = FIXTURES.mp4.length;
    for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=-0', 'bytes=50-10']) {
      const response = await play(video.playbackUrl ?? '', { range });
      expect(response.statusCode, range).toBe(416);
      expect(response.headers['content-range']).toBe(`bytes */${size}`);
    }
    const several = await play(video.playbackUrl ?? '', { range: 'bytes=0-1,5-9' });
    expect(several.statusCode).toBe(200);
    expect(several.rawPayload.length).toBe(size);
  });

  it('answers HEAD with the size and no body', async () => {
    const response = await server.app.inject({ method: 'HEAD', url: pathOf(video.playbackUrl ?? '') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(FIXTURES.mp4.length));
    expect(response.rawPayload.length).toBe(0);
  });
});

describe('signed addresses', () => {
  it('refuses a part address with a tampered signature, for another part, another upload, or without one', async () => {
    const first = await startUpload(server.app, team.user.token, FIXTURES.mp4.length);
    const second = await startUpload(server.app, team.user.token, FIXTURES.mp4.length);
    const addresses = await partAddresses(server.app, team.user.token, first.video.id, [1, 2]);
    const secondAddresses = await partAddresses(server.app, team.user.token, second.video.id, [1]);
    const one = new URL(addresses.get(1) ?? '', 'http://parley.test');
    const signature = one.searchParams.get('signature') ?? '';
    const expires = one.searchParams.get('expires') ?? '';
    const otherUpload = new URL(secondAddresses.get(1) ?? '', 'http://parley.test').pathname;
    const body = FIXTURES.mp4.subarray(0, PART_SIZE);

    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const forged = [
      `${one.pathname}?expires=${expires}&signature=${flipped}`,
      `${one.pathname.replace(/\/1$/, '/2')}?expires=${expires}&signature=${signature}`,
      `${otherUpload}?expires=${expires}&signature=${signature}`,
      `${one.pathname}?expires=${Number(expires) + 3600}&signature=${signature}`,
      `${one.pathname}?expires=${expires}`,
      one.pathname,
      `${one.pathname}?expires=${expires}&signature=`,
    ];
    for (const url of forged) {
      const response = await putPart(server.app, url, body);
      expect(response.statusCode, url).toBe(403);
      expect(JSON.parse(response.body)).toMatchObject({ success: false, errorCode: 'FORBIDDEN' });
    }
    const state = await call(server.app, {
      method: 'GET',
      url: `/api/videos/${first.video.id}/upload`,
      token: team.user.token,
    });
    expect(state.json().data.parts).toEqual([]);
    // The genuine address still works.
    expect((await putPart(server.app, addresses.get(1) ?? '', body)).statusCode).toBe(200);
  });

  it('refuses an address past its expiry, even with a right signature', async () => {
    const started = await startUpload(server.app, team.user.token, FIXTURES.mp4.length);
    const [row] = await server.app.db.select().from(videos).where(eq(videos.id, started.video.id));
    const { findUpload } = await import('../src/repositories/videos');
    const upload = await findUpload(server.app.db, started.video.id);
    const expired = server.app.urlSigner.sign(
      'PUT',
      `/uploads/${upload?.storageUploadId}/1`,
      new Date(Date.now() - 1000),
    );
    const response = await putPart(server.app, expired, FIXTURES.mp4.subarray(0, PART_SIZE));
    expect(response.statusCode).toBe(403);
    expect(JSON.parse(response.body)).toMatchObject({
      errorCode: 'URL_EXPIRED',
      errorMessage: expect.stringMatching(/expired/),
    });
    expect(row?.status).toBe('uploading');

    const { started: played } = await uploadVideo(server.app, team.user.token, FIXTURES.mp4);
    const stalePlayback = server.app.urlSigner.sign(
      'GET',
      `/files/videos/${played.video.id}`,
      new Date(Date.now() - 1000),
    );
    expect((await play(stalePlayback)).statusCode).toBe(403);
  });

  it('part addresses last 15 minutes; playback addresses at least 6 hours', async () => {
    const started = await startUpload(server.app, team.user.token, FIXTURES.mp4.length);
    const response = await call(server.app, {
      method: 'POST',
      url: `/api/videos/${started.video.id}/upload/parts`,
      token: team.user.token,
      payload: { partNumbers: [1] },
    });
    const [part] = response.json().data.parts;
    const minutes = (Date.parse(part.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);

    const { started: done } = await uploadVideo(server.app, team.user.token, FIXTURES.mp4);
    const video = await waitForVideo(server.app, team.user.token, done.video.id);
    const expires = Number(new URL(video.playbackUrl ?? '', 'http://parley.test').searchParams.get('expires'));
    expect(expires * 1000 - Date.now()).toBeGreaterThanOrEqual(6 * 3600_000 - 5000);
  });

  it('a playback address names one video: its signature does not open another', async () => {
    const a = await uploadVideo(server.app, team.user.token, FIXTURES.mp4);
    const b = await uploadVideo(server.app, team.user.token, FIXTURES.webm, { contentType: 'video/webm' });
    const first = new URL(
      (await waitForVideo(server.app, team.user.token, a.started.video.id)).playbackUrl ?? '',
      'http://x',
    );
    const response = await play(`/files/videos/${b.started.video.id}${first.search}`);
    expect(response.statusCode).toBe(403);
  });
});

describe('limits and content checks', () => {
  it('answers 413 at creation over the limit, naming it', async () => {
    const response = await call(server.app, {
      method: 'POST',
      url: '/api/videos',
      token: team.user.token,
      payload: { title: 'Huge', kind: 'library', contentType: 'video/mp4', size: 200 * 1024 + 1 },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      success: false,
      errorCode: 'VIDEO_TOO_LARGE',
      errorMessage: 'The video is larger than the limit of 204800 bytes.',
    });
    expect(formatBytes(524_288_000)).toBe('500 MB');
  });

  it('keeps the duration the browser gives at creation, rounded to the millisecond, and refuses one that is not a length', async () => {
    const create = (durationSeconds: unknown) =>
      call(server.app, {
        method: 'POST',
        url: '/api/videos',
        token: team.user.token,
        payload: { title: 'Timed', kind: 'library', contentType: 'video/webm', size: 1000, durationSeconds },
      });
    const timed = await create(6.54321);
    expect(timed.statusCode).toBe(201);
    expect(timed.json().data.video).toMatchObject({ status: 'uploading', durationSeconds: 6.543 });
    const listed = await call(server.app, {
      method: 'GET',
      url: `/api/videos/${timed.json().data.video.id}`,
      token: team.user.token,
    });
    expect(listed.json().data.durationSeconds).toBe(6.543);
    const untimed = await create(null);
    expect(untimed.json().data.video.durationSeconds).toBeNull();

    const refusals: [unknown, string][] = [
      [0, 'The duration must be more than 0 seconds.'],
      [-3, 'The duration must be more than 0 seconds.'],
      ['12', 'The duration must be a number of seconds.'],
      [86_400.5, 'The duration is at most 86400 seconds.'],
    ];
    for (const [value, message] of refusals) {
      const refused = await create(value);
      expect(refused.statusCode, String(value)).toBe(422);
      expect(refused.json()).toMatchObject({ success: false, fields: { durationSeconds: message } });
    }
  });

  it('answers 413 at completion when the parts hold more than declared: the video fails, nothing is kept', async () => {
    const started = await startUpload(server.app, team.user.token, PART_SIZE + 10);
    expect(started.partCount).toBe(2);
    const addresses = await partAddresses(server.app, team.user.token, started.video.id, [1, 2]);
    const etags = [];
    for (const partNumber of [1, 2]) {
      const put = await putPart(server.app, addresses.get(partNumber) ?? '', FIXTURES.mp4.subarray(0, PART_SIZE));
      etags.push({ partNumber, etag: put.etag });
    }
    const completion = await call(server.app, {
      method: 'POST',
      url: `/api/videos/${started.video.id}/upload/complete`,
      token: team.user.token,
      payload: { parts: etags },
    });
    expect(completion.statusCode).toBe(413);
    expect(completion.json().errorMessage).toMatch(/more bytes \(16384\) than the 8202 declared/);
    const video = (
      await call(server.app, { method: 'GET', url: `/api/videos/${started.video.id}`, token: team.user.token })
    ).json().data;
    expect(video).toMatchObject({
      status: 'error',
      playbackUrl: null,
      errorMessage: expect.stringMatching(/more bytes/),
    });
    expect(existsSync(videoFile(team.id, started.video.id))).toBe(false);
  });

  it('takes a part with the recorder’s full type or as plain bytes, and refuses other types', async () => {
    const started = await startUpload(server.app, team.user.token, FIXTURES.mp4.length);
    const addresses = await partAddresses(server.app, team.user.token, started.video.id, [1, 2]);
    const body = FIXTURES.mp4.subarray(0, PART_SIZE);
    expect((await putPart(server.app, addresses.get(1) ?? '', body, 'video/webm;codecs=vp9,opus')).statusCode).toBe(
      200,
    );
    expect((await putPart(server.app, addresses.get(2) ?? '', body, 'application/octet-stream')).statusCode).toBe(200);
    const refused = await putPart(server.app, addresses.get(2) ?? '', body, 'text/html');
    expect(refused.statusCode).toBe(415);
    expect(JSON.parse(refused.body)).toMatchObject({ success: false });
  });

  it('answers 413 for a part over the part size and keeps nothing of it', async () => {
    const started = await startUpload(server.app, team.user.token, FIXTURES.mp4.length);
    const addresses = await partAddresses(server.app, team.user.token, started.video.id, [1]);
    const response = await putPart(server.app, addresses.get(1) ?? '', FIXTURES.mp4.subarray(0, PART_SIZE + 1));
    expect(response.statusCode).toBe(413);
    const state = await call(server.app, {
      method: 'GET',
      url: `/api/videos/${started.video.id}/upload`,
      token: team.user.token,
    });
    expect(state.json().data.parts).toEqual([]);
  });

  it('answers 415 for a type other than MP4 or WebM', async () => {
    for (const contentType of ['video/quicktime', 'text/plain', 'application/octet-stream', 'video/mp4x']) {
      const response = await call(server.app, {
        method: 'POST',
        url: '/api/videos',
        token: team.user.token,
        payload: { title: 'Odd', kind: 'library', contentType, size: 1000 },
      });
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json()).toMatchObject({ errorCode: 'VIDEO_TYPE_UNSUPPORTED' });
    }
  });

  it('answers 415 when the bytes are not MP4 or WebM: the video fails and its file is gone', async () => {
    const fake = Buffer.concat([Buffer.from('<html><script>alert(1)</script>'), Buffer.alloc(PART_SIZE, 7)]);
    const { started, completion } = await uploadVideo(server.app, team.user.token, fake, { contentType: 'video/mp4' });
    expect(completion.statusCode).toBe(415);
    expect(completion.json()).toMatchObject({
      success: false,
      errorCode: 'VIDEO_TYPE_UNSUPPORTED',
      errorMessage: expect.stringMatching(/not an MP4 or WebM video/),
    });
    const video = await waitForVideo(server.app, team.user.token, started.video.id, ['error']);
    expect(video).toMatchObject({ status: 'error', playbackUrl: null, posterUrl: null });
    expect(existsSync(videoFile(team.id, started.video.id))).toBe(false);
    expect((await storedVideo(started.video.id))?.status).toBe('error');
    // A file that failed never becomes ready, even when the processing job runs.
    await server.app.videoProcessor.runDue();
    expect((await storedVideo(started.video.id))?.status).toBe('error');
  });

  // The size was taken from the part listing only; a part sent again before the join (S3) went unmeasured.
  it('measures the joined file too: more bytes than the listing said answers 413 and keeps nothing', async () => {
    const started = await startUpload(server.app, team.user.token, PART_SIZE + 10);
    const addresses = await partAddresses(server.app, team.user.token, started.video.id, [1, 2]);
    const etags = [];
    for (const partNumber of [1, 2]) {
      const put = await putPart(server.app, addresses.get(partNumber) ?? '', FIXTURES.mp4.subarray(0, PART_SIZE));
      etags.push({ partNumber, etag: put.etag });
    }
    // The listing a moment before the join: part 2 still the 10 bytes it was meant to be.
    const listParts = server.app.storage.listParts;
    server.app.storage.listParts = async (upload) =>
      (await listParts.call(server.app.storage, upload)).map((part) =>
        part.partNumber === 2 ? { ...part, size: 10 } : part,
      );
    try {
      const completion = await call(server.app, {
        method: 'POST',
        url: `/api/videos/${started.video.id}/upload/complete`,
        token: team.user.token,
        payload: { parts: etags },
      });
      expect(completion.statusCode).toBe(413);
      expect(completion.json().errorMessage).toMatch(/more bytes \(16384\) than the 8202 declared/);
    } finally {
      server.app.storage.listParts = listParts;
    }
    expect(await storedVideo(started.video.id)).toMatchObject({ status: 'error', size: null });
    expect(existsSync(videoFile(team.id, started.video.id))).toBe(false);
  });

  it('stores what the bytes say when the declared container is the other one', async () => {
    const { started, completion } = await uploadVideo(server.app, team.user.token, FIXTURES.webm, {
      contentType: 'video/mp4',
    });
    expect(completion.statusCode).toBe(200);
    expect(completion.json().data.contentType).toBe('video/webm');
    const video = await waitForVideo(server.app, team.user.token, started.video.id);
    expect(video.contentType).toBe('video/webm');
  });

  it('refuses a completion with a part missing, out of order, or with a wrong etag, and lets it be retried', async () => {
    const started = await startUpload(server.app, team.user.token, FIXTURES.mp4.length);
    const parts = slices(FIXTURES.mp4, PART_SIZE);
    const addresses = await partAddresses(
      server.app,
      team.user.token,
      started.video.id,
      parts.map((_p, index) => index + 1),
    );
    const etags = [];
    for (const [index, part] of parts.entries()) {
      etags.push({
        partNumber: index + 1,
        etag: (await putPart(server.app, addresses.get(index + 1) ?? '', part)).etag ?? '',
      });
    }
    const complete = (payload: unknown) =>
      call(server.app, {
        method: 'POST',
        url: `/api/videos/${started.video.id}/upload/complete`,
        token: team.user.token,
        payload: { parts: payload },
      });
    const skipped = await complete(etags.slice(1));
    expect(skipped.statusCode).toBe(400);
    expect(skipped.json()).toMatchObject({
      errorCode: 'PARTS_OUT_OF_ORDER',
      errorMessage: expect.stringMatching(/part 1 is missing/),
    });
    const lastMissing = await complete(etags.slice(0, -1));
    expect(lastMissing.statusCode).toBe(400);
    expect(lastMissing.json().errorMessage).toMatch(new RegExp(`part ${etags.length} is missing`));
    const reversed = await complete([...etags].reverse());
    expect(reversed.statusCode).toBe(400);
    const wrongEtag = await complete([
      { partNumber: 1, etag: '"0123456789abcdef0123456789abcdef"' },
      ...etags.slice(1),
    ]);
    expect(wrongEtag.statusCode).toBe(400);
    expect(wrongEtag.json()).toMatchObject({
      errorCode: 'PART_MISSING',
      errorMessage: expect.stringMatching(/Part 1/),
    });
    const done = await complete(etags);
    expect(done.statusCode).toBe(200);
    // A retry whose first answer was lost on the way (or that a recovery overtook) gets the video.
    const again = await complete(etags);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ id: started.video.id, size: FIXTURES.mp4.length });
    const state = await call(server.app, {
      method: 'GET',
      url: `/api/videos/${started.video.id}/upload`,
      token: team.user.token,
    });
    expect(state.statusCode).toBe(409);
    expect(state.json().errorCode).toBe('UPLOAD_CLOSED');
  });

  it('hands out addresses only for the parts of the upload, at most 100 a call', async () => {
    const started = await startUpload(server.app, team.user.token, FIXTURES.mp4.length);
    const beyond = await call(server.app, {
      method: 'POST',
      url: `/api/videos/${started.video.id}/upload/parts`,
      token: team.user.token,
      payload: { partNumbers: [started.partCount + 1] },
    });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json()).toMatchObject({ errorCode: 'PART_OUT_OF_RANGE' });
    const tooMany = await call(server.app, {
      method: 'POST',
      url: `/api/videos/${started.video.id}/upload/parts`,
      token: team.user.token,
      payload: { partNumbers: Array.from({ length: 101 }, (_value, index) => index + 1) },
    });
    expect(tooMany.statusCode).toBe(422);
  });
});

describe('path tricks', () => {
  it('refuses traversal and odd ids in every address, and writes nothing outside DATA_DIR', async () => {
    const started = await startUpload(server.app, team.user.token, FIXTURES.mp4.length);
    const body = FIXTURES.mp4.subarray(0, 100);
    const sign = (method: 'GET' | 'PUT', target: string) =>
      server.app.urlSigner.sign(method, target, new Date(Date.now() + 60_000));
    const outside = path.join(path.dirname(server.config.dataDir), `escaped-${randomUUID()}`);
    const tricks = [
      `/uploads/..%2F..%2F${path.basename(outside)}/1`,
      '/uploads/..%2F..%2Fetc/1',
      `/uploads/${encodeURIComponent(outside)}/1`,
      '/uploads/%2Fetc%2Fpasswd/1',
      '/uploads/aaaaaaaaaaaaaaaaaaaaaa/1',
      `/uploads/${encodeURIComponent('..')}/1`,
    ];
    for (const trick of tricks) {
      // Unsigned: refused before anything else.
      const unsigned = await server.app.inject({
        method: 'PUT',
        url: `${trick}?expires=9999999999&signature=x`,
        payload: body,
        headers: { 'content-type': 'video/mp4' },
      });
      expect([403, 404], trick).toContain(unsigned.statusCode);
      // Even signed with the server's own key (a stolen key, a bug elsewhere): no such upload.
      const decoded = decodeURIComponent(trick);
      const signed = await server.app.inject({
        method: 'PUT',
        url: `${trick}${sign('PUT', decoded).slice(decoded.length)}`,
        payload: body,
        headers: { 'content-type': 'video/mp4' },
      });
      expect([400, 403, 404], trick).toContain(signed.statusCode);
    }
    for (const trick of [
      '/files/videos/..%2F..%2Fjwt-secret',
      '/files/videos/%2Fetc%2Fpasswd',
      '/files/posters/..%2Fjwt-secret',
    ]) {
      const unsigned = await server.app.inject({ method: 'GET', url: trick });
      expect(unsigned.statusCode, trick).toBe(403);
      const decoded = decodeURIComponent(trick);
      const signed = await server.app.inject({
        method: 'GET',
        url: `${trick}${sign('GET', decoded).slice(decoded.length)}`,
      });
      expect(signed.statusCode, trick).toBe(404);
      expect(signed.body).not.toContain('test-secret');
    }
    for (const id of ['..%2F..%2Fetc', '%2Fetc%2Fpasswd', '..', 'not-a-uuid']) {
      const response = await call(server.app, { method: 'GET', url: `/api/videos/${id}`, token: team.user.token });
      // `..` is resolved by the router to /api/ (404); the rest fail the id check (400).
      expect([400, 404], id).toContain(response.statusCode);
      expect(response.json()).toMatchObject({ success: false });
    }
    expect(existsSync(outside)).toBe(false);
    expect(readdirSync(path.dirname(server.config.dataDir)).filter((name) => name.startsWith('escaped-'))).toEqual([]);
    const uploadFolder = readdirSync(path.join(server.config.dataDir, 'uploads'));
    expect(uploadFolder.every((name) => /^[\w-]{22}$/.test(name))).toBe(true);
    const state = await call(server.app, {
      method: 'GET',
      url: `/api/videos/${started.video.id}/upload`,
      token: team.user.token,
    });
    expect(state.json().data.parts).toEqual([]);
  });
});

describe('another team', () => {
  it("answers 404 for another team's video on every route, and lists none of it", async () => {
    const { started } = await uploadVideo(server.app, team.user.token, FIXTURES.mp4, { title: 'Team secret video' });
    const pending = await startUpload(server.app, team.user.token, FIXTURES.mp4.length, {
      title: 'Team secret upload',
    });
    await waitForVideo(server.app, team.user.token, started.video.id);
    const probes = [
      { method: 'GET', url: `/api/videos/${started.video.id}` },
      { method: 'PUT', url: `/api/videos/${started.video.id}`, payload: { title: 'Mine now' } },
      { method: 'DELETE', url: `/api/videos/${started.video.id}` },
      { method: 'POST', url: `/api/videos/${pending.video.id}/upload/parts`, payload: { partNumbers: [1] } },
      { method: 'GET', url: `/api/videos/${pending.video.id}/upload` },
      {
        method: 'POST',
        url: `/api/videos/${pending.video.id}/upload/complete`,
        payload: { parts: [{ partNumber: 1, etag: 'x' }] },
      },
      { method: 'DELETE', url: `/api/videos/${pending.video.id}/upload` },
    ] as const;
    for (const probe of probes) {
      for (const member of [other.admin, other.user]) {
        const response = await call(server.app, { ...probe, token: member.token });
        expect(response.statusCode, `${probe.method} ${probe.url}`).toBe(404);
        expect(response.body).not.toContain('Team secret');
      }
    }
    const list = await call(server.app, { method: 'GET', url: '/api/videos?pageSize=100', token: other.admin.token });
    expect(list.json()).toEqual({ list: [], total: 0 });
    expect((await storedVideo(started.video.id))?.title).toBe('Team secret video');
    expect((await storedVideo(pending.video.id))?.status).toBe('uploading');
  });
});

describe('resume', () => {
  it('a PUT cut off mid-body leaves no part; the upload lists whole parts only; resending completes it exactly', async () => {
    const source = FIXTURES.recorderWebm;
    const started = await startUpload(server.app, team.user.token, source.length, { contentType: 'video/webm' });
    const parts = slices(source, PART_SIZE);
    const addresses = await partAddresses(
      server.app,
      team.user.token,
      started.video.id,
      parts.map((_p, index) => index + 1),
    );
    const etags: { partNumber: number; etag: string }[] = [];
    // Parts 1 and 3 arrive whole.
    for (const partNumber of [1, 3]) {
      const put = await putPart(
        server.app,
        addresses.get(partNumber) ?? '',
        parts[partNumber - 1] ?? Buffer.alloc(0),
        'video/webm',
      );
      expect(put.statusCode).toBe(200);
      etags.push({ partNumber, etag: put.etag ?? '' });
    }
    // Part 2 is cut off halfway through its body: a real socket that drops.
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const partTwo = parts[1] ?? Buffer.alloc(0);
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `PUT ${pathOf(addresses.get(2) ?? '')} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: video/webm\r\nContent-Length: ${partTwo.length}\r\n\r\n`,
        );
        socket.write(partTwo.subarray(0, partTwo.length / 2), () => setTimeout(() => socket.destroy(), 100));
      });
      socket.on('close', () => resolve());
      socket.on('error', () => resolve());
    });
    await new Promise((resolve) => setTimeout(resolve, 200));

    const state = await call(server.app, {
      method: 'GET',
      url: `/api/videos/${started.video.id}/upload`,
      token: team.user.token,
    });
    expect(state.statusCode).toBe(200);
    expect(state.json().data).toMatchObject({ partSize: PART_SIZE, partCount: parts.length });
    expect(state.json().data.parts).toEqual(
      etags.map((part) => ({ ...part, size: parts[part.partNumber - 1]?.length })),
    );
    const upload = (await import('../src/repositories/videos')).findUpload;
    const uploadRow = await upload(server.app.db, started.video.id);
    // Each whole part: its bytes under their MD5, and the pointer naming them; nothing of part 2.
    const files = readdirSync(path.join(server.config.dataDir, 'uploads', uploadRow?.storageUploadId ?? ''));
    expect(files.sort()).toEqual(
      etags.flatMap((part) => [`${part.partNumber}`, `${part.partNumber}-${part.etag.replaceAll('"', '')}`]).sort(),
    );

    // The client sends what is missing, and only that.
    const missing = Array.from({ length: parts.length }, (_v, index) => index + 1).filter(
      (partNumber) => !state.json().data.parts.some((part: { partNumber: number }) => part.partNumber === partNumber),
    );
    for (const partNumber of missing) {
      const put = await putPart(
        server.app,
        addresses.get(partNumber) ?? '',
        parts[partNumber - 1] ?? Buffer.alloc(0),
        'video/webm',
      );
      etags.push({ partNumber, etag: put.etag ?? '' });
    }
    etags.sort((left, right) => left.partNumber - right.partNumber);
    const completion = await call(server.app, {
      method: 'POST',
      url: `/api/videos/${started.video.id}/upload/complete`,
      token: team.user.token,
      payload: { parts: etags },
    });
    expect(completion.statusCode, completion.body).toBe(200);
    const video = await waitForVideo(server.app, team.user.token, started.video.id);
    expect(sha256Hex((await play(video.playbackUrl ?? '')).rawPayload)).toBe(sha256Hex(source));
  });

  it('lists and completes parts written before each part had a pointer (a server upgraded mid-upload)', async () => {
    const source = FIXTURES.mp4;
    const parts = slices(source, PART_SIZE);
    const started = await startUpload(server.app, team.user.token, source.length);
    const { findUpload } = await import('../src/repositories/videos');
    const upload = await findUpload(server.app.db, started.video.id);
    const folder = path.join(server.config.dataDir, 'uploads', upload?.storageUploadId ?? '');
    const etags: { partNumber: number; etag: string }[] = [];
    for (const [index, part] of parts.entries()) {
      // As the earlier version stored a part: `<part>-<md5>`, and nothing else.
      const md5 = createHash('md5').update(part).digest('hex');
      writeFileSync(path.join(folder, `${index + 1}-${md5}`), part);
      etags.push({ partNumber: index + 1, etag: `"${md5}"` });
    }
    // And part 1 sent twice: the newer file is the part.
    const stale = path.join(folder, `1-${createHash('md5').update('stale').digest('hex')}`);
    writeFileSync(stale, 'stale');
    utimesSync(stale, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));

    const state = await call(server.app, {
      method: 'GET',
      url: `/api/videos/${started.video.id}/upload`,
      token: team.user.token,
    });
    expect(state.json().data.parts).toEqual(
      etags.map((part) => ({ ...part, size: parts[part.partNumber - 1]?.length })),
    );
    const completion = await call(server.app, {
      method: 'POST',
      url: `/api/videos/${started.video.id}/upload/complete`,
      token: team.user.token,
      payload: { parts: etags },
    });
    expect(completion.statusCode, completion.body).toBe(200);
    const video = await waitForVideo(server.app, team.user.token, started.video.id);
    expect(sha256Hex((await play(video.playbackUrl ?? '')).rawPayload)).toBe(sha256Hex(source));
  });

  // Parts, videos and posters were written readable by every user of the machine (0644 under the usual umask).
  it("keeps what it writes to Parley's own user: files 0600, folders 0700", async () => {
    const started = await startUpload(server.app, team.user.token, FIXTURES.mp4.length);
    const { findUpload } = await import('../src/repositories/videos');
    const upload = await findUpload(server.app.db, started.video.id);
    const folder = path.join(server.config.dataDir, 'uploads', upload?.storageUploadId ?? '');
    const addresses = await partAddresses(server.app, team.user.token, started.video.id, [1]);
    await putPart(server.app, addresses.get(1) ?? '', FIXTURES.mp4.subarray(0, PART_SIZE));
    const mode = (file: string) => statSync(file).mode & 0o777;
    expect(mode(folder)).toBe(0o700);
    expect(readdirSync(folder).map((name) => mode(path.join(folder, name)))).toEqual([0o600, 0o600]);

    const { started: done } = await uploadVideo(server.app, team.user.token, FIXTURES.mp4);
    const video = await waitForVideo(server.app, team.user.token, done.video.id);
    expect(video.posterUrl).not.toBeNull();
    expect(mode(videoFile(team.id, done.video.id))).toBe(0o600);
    expect(mode(path.dirname(videoFile(team.id, done.video.id)))).toBe(0o700);
    const poster = path.join(server.config.dataDir, 'posters', team.id, `${done.video.id}.jpg`);
    expect(mode(poster)).toBe(0o600);
    expect(mode(path.dirname(poster))).toBe(0o700);
  });

  // Two server starts on one database: slow on a loaded 2-core machine, hence the longer limit below.
  it('resumes after a server restart: the parts on disk are listed by the new instance', async () => {
    const database = await createTestDatabase();
    const config = testConfig({ uploadPartSize: PART_SIZE, databaseUrl: database.url });
    const pgliteDir = path.join(config.dataDir, 'pglite');
    const open = async () =>
      buildApp(
        config,
        ENGINE === 'pglite' ? { database: await openDatabase({ kind: 'pglite', dataDir: pgliteDir }) } : {},
      );
    const first = await open();
    await first.ready();
    const restartTeam = await addTeam(first);
    const source = FIXTURES.mp4;
    const started = await startUpload(first, restartTeam.user.token, source.length);
    const parts = slices(source, PART_SIZE);
    const addresses = await partAddresses(
      first,
      restartTeam.user.token,
      started.video.id,
      parts.map((_p, index) => index + 1),
    );
    const firstPut = await putPart(first, addresses.get(1) ?? '', parts[0] ?? Buffer.alloc(0));
    await first.close();

    const second = await open();
    await second.ready();
    try {
      const state = await call(second, {
        method: 'GET',
        url: `/api/videos/${started.video.id}/upload`,
        token: restartTeam.user.token,
      });
      expect(state.json().data.parts).toEqual([{ partNumber: 1, size: PART_SIZE, etag: firstPut.etag }]);
      // The addresses signed before the restart still work (the key lives in DATA_DIR).
      const etags = [{ partNumber: 1, etag: firstPut.etag ?? '' }];
      for (let partNumber = 2; partNumber <= parts.length; partNumber += 1) {
        const put = await putPart(second, addresses.get(partNumber) ?? '', parts[partNumber - 1] ?? Buffer.alloc(0));
        etags.push({ partNumber, etag: put.etag ?? '' });
      }
      const completion = await call(second, {
        method: 'POST',
        url: `/api/videos/${started.video.id}/upload/complete`,
        token: restartTeam.user.token,
        payload: { parts: etags },
      });
      expect(completion.statusCode, completion.body).toBe(200);
      const video = await waitForVideo(second, restartTeam.user.token, started.video.id);
      const played = await second.inject({ method: 'GET', url: pathOf(video.playbackUrl ?? '') });
      expect(sha256Hex(played.rawPayload)).toBe(sha256Hex(source));
    } finally {
      await second.close();
      await database.drop();
    }
  }, 120_000);
});

describe('cancel', () => {
  it('DELETE …/upload removes the parts and the video; its part addresses stop working', async () => {
    const started = await startUpload(server.app, team.user.token, FIXTURES.mp4.length);
    const addresses = await partAddresses(server.app, team.user.token, started.video.id, [1, 2]);
    await putPart(server.app, addresses.get(1) ?? '', FIXTURES.mp4.subarray(0, PART_SIZE));
    const { findUpload } = await import('../src/repositories/videos');
    const upload = await findUpload(server.app.db, started.video.id);
    const folder = path.join(server.config.dataDir, 'uploads', upload?.storageUploadId ?? '');
    expect(existsSync(folder)).toBe(true);

    const cancelled = await call(server.app, {
      method: 'DELETE',
      url: `/api/videos/${started.video.id}/upload`,
      token: team.user.token,
    });
    expect(cancelled.statusCode).toBe(204);
    expect(cancelled.body).toBe('');
    expect(existsSync(folder)).toBe(false);
    expect(
      (await call(server.app, { method: 'GET', url: `/api/videos/${started.video.id}`, token: team.user.token }))
        .statusCode,
    ).toBe(404);
    expect((await putPart(server.app, addresses.get(2) ?? '', FIXTURES.mp4.subarray(0, PART_SIZE))).statusCode).toBe(
      404,
    );
  });

  it('an uploaded video cannot be cancelled, only deleted', async () => {
    const { started } = await uploadVideo(server.app, team.user.token, FIXTURES.mp4);
    const response = await call(server.app, {
      method: 'DELETE',
      url: `/api/videos/${started.video.id}/upload`,
      token: team.user.token,
    });
    expect(response.statusCode).toBe(409);
  });
});

describe('the library', () => {
  let librarian: TestTeam;
  beforeAll(async () => {
    librarian = await addTeam(server.app);
    for (const title of ['Welcome to Acme', 'Pricing walkthrough', 'welcome back', 'Menu greeting']) {
      const { started } = await uploadVideo(server.app, librarian.user.token, FIXTURES.mp4, {
        title,
        kind: title.startsWith('Menu') ? 'menu' : 'library',
      });
      await waitForVideo(server.app, librarian.user.token, started.video.id);
    }
  });

  const list = (query: string) =>
    call(server.app, { method: 'GET', url: `/api/videos?${query}`, token: librarian.admin.token });

  it('lists the team videos newest first, a page at a time', async () => {
    const first = await list('current=1&pageSize=3');
    expect(first.json().total).toBe(4);
    expect(first.json().list.map((video: Video) => video.title)).toEqual([
      'Menu greeting',
      'welcome back',
      'Pricing walkthrough',
    ]);
    const second = await list('current=2&pageSize=3');
    expect(second.json().list.map((video: Video) => video.title)).toEqual(['Welcome to Acme']);
    expect(second.json().list[0]).toMatchObject({ status: 'ready', owner: { name: librarian.user.name } });
  });

  it('searches titles in any case, and filters by kind and status', async () => {
    const found = await list('title=WELCOME');
    expect(found.json().list.map((video: Video) => video.title)).toEqual(['welcome back', 'Welcome to Acme']);
    expect((await list('title=%25')).json().total).toBe(0);
    expect((await list('title=_')).json().total).toBe(0);
    expect((await list('kind=menu')).json().list.map((video: Video) => video.title)).toEqual(['Menu greeting']);
    expect((await list('kind=library&status=ready,processing')).json().total).toBe(3);
    expect((await list('status=error')).json().total).toBe(0);
    expect((await list('kind=everything')).statusCode).toBe(400);
  });

  it('renames a video; a blank title is refused with the form message', async () => {
    const [video] = (await list('title=Pricing')).json().list;
    const renamed = await call(server.app, {
      method: 'PUT',
      url: `/api/videos/${video.id}`,
      token: librarian.user.token,
      payload: { title: '  Pricing, explained  ' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ id: video.id, title: 'Pricing, explained' });
    const blank = await call(server.app, {
      method: 'PUT',
      url: `/api/videos/${video.id}`,
      token: librarian.user.token,
      payload: { title: '   ' },
    });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toMatchObject({
      errorMessage: 'Please input a title!',
      fields: { title: 'Please input a title!' },
    });
  });

  it("a user renames and deletes only their own videos; an admin, any of the team's", async () => {
    const title = async (id: string) => (await server.app.db.select().from(videos).where(eq(videos.id, id)))[0]?.title;
    const admins = (await startUpload(server.app, librarian.admin.token, FIXTURES.mp4.length, { title: 'The admin’s' }))
      .video;
    const users = (await startUpload(server.app, librarian.user.token, FIXTURES.mp4.length, { title: 'The user’s' }))
      .video;
    const renameAdmins = await call(server.app, {
      method: 'PUT',
      url: `/api/videos/${admins.id}`,
      token: librarian.user.token,
      payload: { title: 'Taken over' },
    });
    expect(renameAdmins.statusCode).toBe(403);
    expect(renameAdmins.json()).toMatchObject({
      errorCode: 'FORBIDDEN',
      errorMessage: "Only an admin can rename or delete a teammate's video.",
    });
    const deleteAdmins = await call(server.app, {
      method: 'DELETE',
      url: `/api/videos/${admins.id}`,
      token: librarian.user.token,
    });
    expect(deleteAdmins.statusCode).toBe(403);
    expect(await title(admins.id)).toBe('The admin’s');

    const renameOwn = await call(server.app, {
      method: 'PUT',
      url: `/api/videos/${users.id}`,
      token: librarian.user.token,
      payload: { title: 'Still mine' },
    });
    expect(renameOwn.statusCode).toBe(200);
    const adminRenames = await call(server.app, {
      method: 'PUT',
      url: `/api/videos/${users.id}`,
      token: librarian.admin.token,
      payload: { title: 'Tidied by the admin' },
    });
    expect(adminRenames.statusCode).toBe(200);
    expect(await title(users.id)).toBe('Tidied by the admin');
    for (const id of [users.id, admins.id]) {
      const removed = await call(server.app, {
        method: 'DELETE',
        url: `/api/videos/${id}`,
        token: librarian.admin.token,
      });
      expect(removed.statusCode).toBe(200);
      expect(await title(id)).toBeUndefined();
    }
  });

  it('deletes a video with its file and poster; its addresses stop working', async () => {
    const { started } = await uploadVideo(server.app, librarian.user.token, FIXTURES.mp4, { title: 'Doomed' });
    const video = await waitForVideo(server.app, librarian.user.token, started.video.id);
    const poster = path.join(server.config.dataDir, 'posters', librarian.id, `${video.id}.jpg`);
    expect(existsSync(poster)).toBe(true);
    const removed = await call(server.app, {
      method: 'DELETE',
      url: `/api/videos/${video.id}`,
      token: librarian.admin.token,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true });
    expect(existsSync(videoFile(librarian.id, video.id))).toBe(false);
    expect(existsSync(poster)).toBe(false);
    expect((await play(video.playbackUrl ?? '')).statusCode).toBe(404);
    expect((await play(video.posterUrl ?? '')).statusCode).toBe(404);
    expect(
      (await call(server.app, { method: 'GET', url: `/api/videos/${video.id}`, token: librarian.admin.token }))
        .statusCode,
    ).toBe(404);
  });
});

describe('the processing job', () => {
  it('takes up a video whose processing was cut off (its instance died) once the lease has run out', async () => {
    const { started } = await uploadVideo(server.app, team.user.token, FIXTURES.mp4);
    await waitForVideo(server.app, team.user.token, started.video.id);
    await server.app.db
      .update(videos)
      .set({
        status: 'processing',
        posterKey: null,
        durationSeconds: null,
        processingLeaseUntil: new Date(Date.now() + 60_000),
      })
      .where(eq(videos.id, started.video.id));
    // Still leased by the instance that "died": left alone.
    await server.app.videoProcessor.runDue();
    expect((await storedVideo(started.video.id))?.status).toBe('processing');
    await server.app.db
      .update(videos)
      .set({ processingLeaseUntil: new Date(Date.now() - 1000) })
      .where(eq(videos.id, started.video.id));
    await server.app.videoProcessor.runDue();
    const video = await waitForVideo(server.app, team.user.token, started.video.id);
    expect(video).toMatchObject({ status: 'ready', posterUrl: expect.any(String) });
    expect(video.durationSeconds).toBeCloseTo(2, 1);
  });

  /** A video as its completion left it when the instance died: taken (`processing`), size unknown, lease run out. */
  async function cutOffCompletion(id: string): Promise<void> {
    await server.app.db
      .update(videos)
      .set({ status: 'processing', size: null, processingLeaseUntil: new Date(Date.now() - 1000) })
      .where(eq(videos.id, id));
  }

  // A completion cut off before its checks made an unchecked file `ready` once the lease ran out;
  // then one cut off with parts missing lost the parts it had and failed the video.
  it('gives a video whose completion was cut off with parts missing back to its uploader: the parts stay', async () => {
    const parts = slices(FIXTURES.mp4, PART_SIZE);
    const started = await startUpload(server.app, team.user.token, FIXTURES.mp4.length);
    const addresses = await partAddresses(server.app, team.user.token, started.video.id, [1, 2]);
    const first = await putPart(server.app, addresses.get(1) ?? '', parts[0] ?? Buffer.alloc(0));
    await cutOffCompletion(started.video.id);
    await server.app.videoProcessor.runDue();
    expect(await storedVideo(started.video.id)).toMatchObject({
      status: 'uploading',
      size: null,
      processingLeaseUntil: null,
      errorMessage: null,
    });
    const state = await call(server.app, {
      method: 'GET',
      url: `/api/videos/${started.video.id}/upload`,
      token: team.user.token,
    });
    expect(state.statusCode, state.body).toBe(200);
    expect(state.json().data.parts).toEqual([{ partNumber: 1, size: PART_SIZE, etag: first.etag }]);

    // The client sends the rest and completes: the video is whole.
    const etags = [{ partNumber: 1, etag: first.etag ?? '' }];
    const rest = await partAddresses(
      server.app,
      team.user.token,
      started.video.id,
      parts.slice(1).map((_part, index) => index + 2),
    );
    for (const [partNumber, url] of rest) {
      const put = await putPart(server.app, url, parts[partNumber - 1] ?? Buffer.alloc(0));
      etags.push({ partNumber, etag: put.etag ?? '' });
    }
    const completion = await call(server.app, {
      method: 'POST',
      url: `/api/videos/${started.video.id}/upload/complete`,
      token: team.user.token,
      payload: { parts: etags },
    });
    expect(completion.statusCode, completion.body).toBe(200);
    const video = await waitForVideo(server.app, team.user.token, started.video.id);
    expect(video.status).toBe('ready');
    expect(sha256Hex((await play(video.playbackUrl ?? '')).rawPayload)).toBe(sha256Hex(FIXTURES.mp4));
  });

  it('fails a video whose completion was cut off and whose parts are gone too', async () => {
    const started = await startUpload(server.app, team.user.token, FIXTURES.mp4.length);
    const { findUpload } = await import('../src/repositories/videos');
    const upload = await findUpload(server.app.db, started.video.id);
    await server.app.storage.abortUpload({ key: '', uploadId: upload?.storageUploadId ?? '' });
    await cutOffCompletion(started.video.id);
    await server.app.videoProcessor.runDue();
    expect(await storedVideo(started.video.id)).toMatchObject({
      status: 'error',
      errorMessage: 'The upload did not finish. Record or upload the video again.',
    });
    expect(await findUpload(server.app.db, started.video.id)).toBeUndefined();
  });

  it('checks a video whose completion was cut off after joining: not a video → error, the file goes', async () => {
    const started = await startUpload(server.app, team.user.token, 4096);
    const row = await storedVideo(started.video.id);
    await server.app.storage.put(row?.storageKey ?? '', Buffer.alloc(4096, 7), 'video/mp4');
    await cutOffCompletion(started.video.id);
    await server.app.videoProcessor.runDue();
    expect(await storedVideo(started.video.id)).toMatchObject({
      status: 'error',
      errorMessage: 'The file is not an MP4 or WebM video. Record again or choose another file.',
    });
    expect(await server.app.storage.size(row?.storageKey ?? '')).toBeNull();
  });

  it('checks a video whose completion was cut off after joining: more bytes than declared → error', async () => {
    const started = await startUpload(server.app, team.user.token, 1000);
    const row = await storedVideo(started.video.id);
    await server.app.storage.put(row?.storageKey ?? '', FIXTURES.mp4, 'video/mp4');
    await cutOffCompletion(started.video.id);
    await server.app.videoProcessor.runDue();
    expect(await storedVideo(started.video.id)).toMatchObject({
      status: 'error',
      errorMessage: `The upload has more bytes (${FIXTURES.mp4.length}) than the 1000 declared.`,
    });
  });

  it('finishes a video whose completion was cut off after joining a real video: ready, with its size', async () => {
    const started = await startUpload(server.app, team.user.token, FIXTURES.webm.length, {
      contentType: 'video/mp4',
    });
    const row = await storedVideo(started.video.id);
    await server.app.storage.put(row?.storageKey ?? '', FIXTURES.webm, 'video/webm');
    await cutOffCompletion(started.video.id);
    await server.app.videoProcessor.runDue();
    const video = await waitForVideo(server.app, team.user.token, started.video.id);
    expect(video).toMatchObject({ status: 'ready', size: FIXTURES.webm.length, contentType: 'video/webm' });
    expect((await play(video.playbackUrl ?? '')).rawPayload.equals(FIXTURES.webm)).toBe(true);
  });

  it('throws away uploads nobody completed within a day', async () => {
    const started = await startUpload(server.app, team.user.token, FIXTURES.mp4.length);
    const addresses = await partAddresses(server.app, team.user.token, started.video.id, [1]);
    await putPart(server.app, addresses.get(1) ?? '', FIXTURES.mp4.subarray(0, PART_SIZE));
    const { findUpload } = await import('../src/repositories/videos');
    const upload = await findUpload(server.app.db, started.video.id);
    const folder = path.join(server.config.dataDir, 'uploads', upload?.storageUploadId ?? '');
    const { videoUploads } = await import('../src/db/schema');
    await server.app.db
      .update(videoUploads)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(videoUploads.videoId, started.video.id));
    await server.app.videoProcessor.pruneStaleUploads();
    expect(await storedVideo(started.video.id)).toBeUndefined();
    expect(existsSync(folder)).toBe(false);
  });
});

describe('without ffmpeg', () => {
  let bare: TestApp;
  let bareTeam: TestTeam;
  beforeAll(async () => {
    bare = await createTestApp({ config: { uploadPartSize: PART_SIZE, ffmpegPath: '/nonexistent/ffmpeg' } });
    bareTeam = await addTeam(bare.app);
  });
  afterAll(() => bare.close());

  it('reads the duration from the container and goes without a poster; the video still plays', async () => {
    expect(await bare.app.ffmpeg.available()).toBe(false);
    const cases = [
      { data: FIXTURES.mp4, contentType: 'video/mp4', duration: 2 },
      { data: FIXTURES.webm, contentType: 'video/webm', duration: 2.008 },
      // MediaRecorder's WebM says nothing of its length: null is the honest answer.
      { data: FIXTURES.recorderWebm, contentType: 'video/webm', duration: null },
    ];
    for (const { data, contentType, duration } of cases) {
      const { started } = await uploadVideo(bare.app, bareTeam.user.token, data, { contentType });
      const video = await waitForVideo(bare.app, bareTeam.user.token, started.video.id);
      expect(video).toMatchObject({ status: 'ready', durationSeconds: duration, posterUrl: null });
      const played = await bare.app.inject({ method: 'GET', url: pathOf(video.playbackUrl ?? '') });
      expect(sha256Hex(played.rawPayload)).toBe(sha256Hex(data));
    }
  });

  it('keeps the duration the browser timed when the file says none, and what the file says over it', async () => {
    const untold = await uploadVideo(bare.app, bareTeam.user.token, FIXTURES.recorderWebm, {
      contentType: 'video/webm',
      durationSeconds: 2.25,
    });
    expect(untold.started.video.durationSeconds).toBe(2.25);
    expect(await waitForVideo(bare.app, bareTeam.user.token, untold.started.video.id)).toMatchObject({
      status: 'ready',
      durationSeconds: 2.25,
    });
    const told = await uploadVideo(bare.app, bareTeam.user.token, FIXTURES.webm, {
      contentType: 'video/webm',
      durationSeconds: 9,
    });
    expect(await waitForVideo(bare.app, bareTeam.user.token, told.started.video.id)).toMatchObject({
      status: 'ready',
      durationSeconds: 2.008,
    });
  });
});
