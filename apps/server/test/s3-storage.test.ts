import { randomUUID } from 'node:crypto';
import type { Video } from '@parley/api';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Config } from '../src/config';
import { videos } from '../src/db/schema';
import { createS3Store, s3Origin } from '../src/services/storage/s3';
import { posterKey, videoKey } from '../src/services/storage/store';
import { startFakeS3 } from './fake-s3';
import { addTeam, call, createTestApp, type TestApp, type TestTeam } from './helpers';
import { FIXTURES, restartableServer, sha256Hex, slices, startUpload, waitForVideo } from './video-helpers';

const BUCKET = 'parley-videos';
const PART_SIZE = 8 * 1024;

let s3: Awaited<ReturnType<typeof startFakeS3>>;
let config: S3Config;

beforeAll(async () => {
  s3 = await startFakeS3(BUCKET);
  config = {
    endpoint: s3.endpoint,
    region: 'us-east-1',
    bucket: BUCKET,
    accessKeyId: 'test-key',
    secretAccessKey: 'test-secret',
    forcePathStyle: true,
  };
});
afterAll(() => s3.close());

/** PUTs a part as a browser does: straight to the pre-signed address, no credentials. */
async function browserPut(url: string, data: Buffer, contentType = 'video/mp4'): Promise<Response> {
  return fetch(url, { method: 'PUT', body: new Uint8Array(data), headers: { 'content-type': contentType } });
}

describe('the S3 adapter', () => {
  it('works out the origin browsers reach the bucket at', () => {
    expect(s3Origin(config)).toBe(s3.endpoint);
    expect(s3Origin({ ...config, forcePathStyle: false, endpoint: 'https://s3.example.com' })).toBe(
      'https://parley-videos.s3.example.com',
    );
    expect(s3Origin({ ...config, endpoint: undefined, forcePathStyle: false, region: 'eu-west-1' })).toBe(
      'https://parley-videos.s3.eu-west-1.amazonaws.com',
    );
  });

  it('pre-signs UploadPart addresses a browser can use: host signed only, no checksum, 15 minutes', async () => {
    const store = createS3Store(config);
    const key = videoKey(randomUUID(), randomUUID());
    const uploadId = await store.createUpload(key, 'video/mp4');
    const expiresAt = new Date(Date.now() + 15 * 60_000);
    const [one, two] = await store.presignParts({ key, uploadId }, [1, 2], expiresAt);
    const url = new URL(one?.url ?? '');
    expect(url.origin).toBe(s3.endpoint);
    expect(url.pathname).toBe(`/${BUCKET}/${key}`);
    expect(url.searchParams.get('partNumber')).toBe('1');
    expect(url.searchParams.get('uploadId')).toBe(uploadId);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeGreaterThanOrEqual(899);
    expect([...url.searchParams.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^test-key\//);
    expect(url.search).not.toContain('test-secret');

    const parts = slices(FIXTURES.mp4, PART_SIZE);
    const first = await browserPut(one?.url ?? '', parts[0] ?? Buffer.alloc(0));
    const second = await browserPut(two?.url ?? '', parts[1] ?? Buffer.alloc(0));
    expect(first.status).toBe(200);
    const etags = [first.headers.get('etag') ?? '', second.headers.get('etag') ?? ''];

    expect(await store.listParts({ key, uploadId })).toEqual([
      { partNumber: 1, size: parts[0]?.length, etag: etags[0] },
      { partNumber: 2, size: parts[1]?.length, etag: etags[1] },
    ]);
    await store.completeUpload({ key, uploadId }, [
      { partNumber: 1, etag: etags[0] ?? '' },
      { partNumber: 2, etag: etags[1] ?? '' },
    ]);
    expect(s3.objects.get(key)?.data.equals(FIXTURES.mp4)).toBe(true);
    expect(await store.size(key)).toBe(FIXTURES.mp4.length);
    expect((await store.readRange(key, 4, 4)).toString('latin1')).toBe('ftyp');
    expect(await store.readRange(key, FIXTURES.mp4.length + 10, 4)).toEqual(Buffer.alloc(0));

    const playback = new URL(await store.downloadUrl(key, 'video/mp4', new Date(Date.now() + 6 * 3600_000)));
    expect(playback.searchParams.get('response-content-type')).toBe('video/mp4');
    const ranged = await fetch(playback, { headers: { range: 'bytes=0-9' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(FIXTURES.mp4.subarray(0, 10))).toBe(true);

    await store.delete(key);
    expect(await store.size(key)).toBeNull();
  });

  it('turns S3 refusals into the store’s own: unknown uploads, wrong parts', async () => {
    const store = createS3Store(config);
    const key = videoKey(randomUUID(), randomUUID());
    await expect(store.listParts({ key, uploadId: 'nope' })).rejects.toMatchObject({ code: 'UPLOAD_NOT_FOUND' });
    const uploadId = await store.createUpload(key, 'video/webm');
    await expect(store.completeUpload({ key, uploadId }, [{ partNumber: 1, etag: '"0123"' }])).rejects.toMatchObject({
      code: 'PART_MISMATCH',
    });
    await store.abortUpload({ key, uploadId });
    await store.abortUpload({ key, uploadId });
    expect(s3.uploads.has(uploadId)).toBe(false);
    await expect(store.createUpload('../../etc/passwd', 'video/mp4')).rejects.toThrow(/Not an object key/);
    await expect(
      store.downloadUrl(`${posterKey(randomUUID(), randomUUID())}/..`, 'image/jpeg', new Date()),
    ).rejects.toThrow(/Not an object key/);
  });

  it('an expired pre-signed address is refused by the store', async () => {
    const store = createS3Store(config);
    const key = videoKey(randomUUID(), randomUUID());
    const uploadId = await store.createUpload(key, 'video/mp4');
    const [part] = await store.presignParts({ key, uploadId }, [1], new Date(Date.now() + 1000));
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await browserPut(part?.url ?? '', Buffer.from('late'))).status).toBe(403);
  });
});

describe('the video API on S3', () => {
  let server: TestApp;
  let team: TestTeam;
  beforeAll(async () => {
    server = await createTestApp({ config: { s3: config, uploadPartSize: PART_SIZE } });
    team = await addTeam(server.app);
  });
  afterAll(() => server.close());

  async function waitFor(id: string): Promise<Video> {
    for (let attempt = 0; attempt < 300; attempt += 1) {
      const video: Video = (
        await call(server.app, { method: 'GET', url: `/api/videos/${id}`, token: team.user.token })
      ).json().data;
      if (video.status === 'ready' || video.status === 'error') {
        return video;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('The video was not processed.');
  }

  async function uploadThroughS3(data: Buffer, contentType: string, skip: number[] = []) {
    const started = await startUpload(server.app, team.user.token, data.length, { contentType });
    const parts = slices(data, started.partSize);
    const addresses = await call(server.app, {
      method: 'POST',
      url: `/api/videos/${started.video.id}/upload/parts`,
      token: team.user.token,
      payload: { partNumbers: parts.map((_part, index) => index + 1) },
    });
    const urls: { partNumber: number; url: string }[] = addresses.json().data.parts;
    for (const { partNumber, url } of urls) {
      if (!skip.includes(partNumber)) {
        expect((await browserPut(url, parts[partNumber - 1] ?? Buffer.alloc(0), contentType)).status).toBe(200);
      }
    }
    return { started, parts, urls };
  }

  it('no local addresses: the routes of the local store are not served; the CSP lets the browser reach the bucket', async () => {
    expect(server.app.localStore).toBeNull();
    const page = await server.app.inject({ method: 'GET', url: '/healthz' });
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain(`connect-src 'self' ${s3.endpoint}`);
    expect(policy).toContain(`media-src 'self' blob: ${s3.endpoint}`);
    expect(policy).toContain(`img-src 'self' data: blob: ${s3.endpoint}`);
    const local = await server.app.inject({ method: 'PUT', url: '/uploads/aaaaaaaaaaaaaaaaaaaaaa/1', payload: 'x' });
    expect(local.statusCode).toBe(404);
  });

  it('uploads straight to the bucket, resumes from ListParts, completes, processes from a signed address, and plays', async () => {
    const data = FIXTURES.recorderWebm;
    const { started, parts, urls } = await uploadThroughS3(data, 'video/webm', [2]);
    const state = await call(server.app, {
      method: 'GET',
      url: `/api/videos/${started.video.id}/upload`,
      token: team.user.token,
    });
    expect(state.json().data.parts.map((part: { partNumber: number }) => part.partNumber)).toEqual(
      parts.map((_part, index) => index + 1).filter((partNumber) => partNumber !== 2),
    );
    await browserPut(urls[1]?.url ?? '', parts[1] ?? Buffer.alloc(0), 'video/webm');
    const listed = (
      await call(server.app, { method: 'GET', url: `/api/videos/${started.video.id}/upload`, token: team.user.token })
    ).json().data.parts;
    const completion = await call(server.app, {
      method: 'POST',
      url: `/api/videos/${started.video.id}/upload/complete`,
      token: team.user.token,
      payload: {
        parts: listed.map(({ partNumber, etag }: { partNumber: number; etag: string }) => ({ partNumber, etag })),
      },
    });
    expect(completion.statusCode, completion.body).toBe(200);
    const video = await waitFor(started.video.id);
    expect(video.status).toBe('ready');
    expect(video.durationSeconds).toBeCloseTo(2, 1);
    expect(video.playbackUrl?.startsWith(`${s3.endpoint}/${BUCKET}/videos/${team.id}/${video.id}?`)).toBe(true);
    expect(video.posterUrl?.startsWith(`${s3.endpoint}/${BUCKET}/posters/${team.id}/${video.id}.jpg?`)).toBe(true);
    const played = await fetch(video.playbackUrl ?? '');
    expect(played.headers.get('content-type')).toBe('video/webm');
    expect(sha256Hex(Buffer.from(await played.arrayBuffer()))).toBe(sha256Hex(data));
    const poster = Buffer.from(await (await fetch(video.posterUrl ?? '')).arrayBuffer());
    expect(poster.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it('deletes an object whose bytes are not MP4 or WebM and answers 415', async () => {
    const fake = Buffer.alloc(PART_SIZE + 100, 9);
    const { started, urls } = await uploadThroughS3(fake, 'video/mp4');
    const listed = (
      await call(server.app, { method: 'GET', url: `/api/videos/${started.video.id}/upload`, token: team.user.token })
    ).json().data.parts;
    expect(listed).toHaveLength(urls.length);
    const completion = await call(server.app, {
      method: 'POST',
      url: `/api/videos/${started.video.id}/upload/complete`,
      token: team.user.token,
      payload: {
        parts: listed.map(({ partNumber, etag }: { partNumber: number; etag: string }) => ({ partNumber, etag })),
      },
    });
    expect(completion.statusCode).toBe(415);
    expect(s3.objects.has(videoKey(team.id, started.video.id))).toBe(false);
    const video = (
      await call(server.app, { method: 'GET', url: `/api/videos/${started.video.id}`, token: team.user.token })
    ).json().data;
    expect(video).toMatchObject({ status: 'error', playbackUrl: null });
  });

  it('cancelling aborts the multipart upload in the bucket', async () => {
    const { started } = await uploadThroughS3(FIXTURES.mp4, 'video/mp4', [2]);
    const uploadIds = [...s3.uploads.entries()]
      .filter(([, upload]) => upload.key === videoKey(team.id, started.video.id))
      .map(([id]) => id);
    expect(uploadIds).toHaveLength(1);
    const cancelled = await call(server.app, {
      method: 'DELETE',
      url: `/api/videos/${started.video.id}/upload`,
      token: team.user.token,
    });
    expect(cancelled.statusCode).toBe(204);
    expect(s3.uploads.has(uploadIds[0] ?? '')).toBe(false);
  });
});

describe('a completion cut off mid-join on S3 (its instance died)', () => {
  /**
   * Sends every part to the bucket, then completes with a store whose join never settles: before
   * S3 was asked (`joined` false), or after S3 joined the object (`joined` true) with its answer
   * never back. The instance "dies" there.
   */
  async function completeAndDie(app: FastifyInstance, token: string, data: Buffer, joined: boolean) {
    const started = await startUpload(app, token, data.length, { contentType: 'video/webm' });
    const parts = slices(data, started.partSize);
    const addresses = await call(app, {
      method: 'POST',
      url: `/api/videos/${started.video.id}/upload/parts`,
      token,
      payload: { partNumbers: parts.map((_part, index) => index + 1) },
    });
    const etags: { partNumber: number; etag: string }[] = [];
    for (const { partNumber, url } of addresses.json().data.parts as { partNumber: number; url: string }[]) {
      const put = await browserPut(url, parts[partNumber - 1] ?? Buffer.alloc(0), 'video/webm');
      expect(put.status).toBe(200);
      etags.push({ partNumber, etag: put.headers.get('etag') ?? '' });
    }
    const completeUpload = app.storage.completeUpload.bind(app.storage);
    const joinBegun = new Promise<void>((resolve) => {
      app.storage.completeUpload = async (upload, wanted) => {
        if (joined) {
          await completeUpload(upload, wanted);
        }
        resolve();
        return new Promise<void>(() => {});
      };
    });
    void call(app, {
      method: 'POST',
      url: `/api/videos/${started.video.id}/upload/complete`,
      token,
      payload: { parts: etags },
    });
    await joinBegun;
    return started.video.id;
  }

  for (const joined of [false, true]) {
    // A crash before S3 joined the parts failed the video and aborted its multipart upload, parts and
    // all; the case after S3 joined them is kept working beside it.
    it(`${joined ? 'after S3 joined it: the object is checked' : 'before S3 joined it: the parts are joined again'}, and the video is ready`, async () => {
      const { open, drop } = await restartableServer({ s3: config, uploadPartSize: PART_SIZE });
      const first = await open();
      const owners = await addTeam(first);
      const data = FIXTURES.recorderWebm;
      const id = await completeAndDie(first, owners.user.token, data, joined);
      const key = videoKey(owners.id, id);
      expect(s3.objects.has(key)).toBe(joined);
      await first.close();

      const second = await open();
      try {
        await second.db
          .update(videos)
          .set({ processingLeaseUntil: new Date(Date.now() - 1000) })
          .where(eq(videos.id, id));
        await second.videoProcessor.runDue();
        const video = await waitForVideo(second, owners.user.token, id);
        expect(video).toMatchObject({ status: 'ready', size: data.length, contentType: 'video/webm' });
        expect(sha256Hex(s3.objects.get(key)?.data ?? Buffer.alloc(0))).toBe(sha256Hex(data));
        expect([...s3.uploads.values()].some((upload) => upload.key === key)).toBe(false);
      } finally {
        await second.close();
        await drop();
      }
    }, 120_000);
  }
});
