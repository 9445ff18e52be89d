import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../src/db/schema';
import { claimCompletion } from '../src/repositories/videos';
import { COMPLETION_LEASE, holdLease } from '../src/services/videos';
import { addTeam, call, createTestApp, type TestApp, type TestTeam, testConfig } from './helpers';
import {
  FIXTURES,
  partAddresses,
  pathOf,
  putPart,
  restartableServer,
  sha256Hex,
  slices,
  startUpload,
  waitForVideo,
} from './video-helpers';

/** Small parts, so the fixture uploads in several. */
const PART_SIZE = 4 * 1024;

async function storedVideo(app: FastifyInstance, id: string) {
  const [row] = await app.db.select().from(videos).where(eq(videos.id, id));
  return row;
}

/** Every `.tmp-*` file left where the local store writes (videos, posters, parts). */
function temporaryFiles(dataDir: string): string[] {
  const found: string[] = [];
  for (const area of ['videos', 'posters', 'uploads']) {
    const areaPath = path.join(dataDir, area);
    for (const folder of existsSync(areaPath) ? readdirSync(areaPath) : []) {
      for (const name of readdirSync(path.join(areaPath, folder))) {
        if (name.startsWith('.tmp-')) {
          found.push(path.join(area, folder, name));
        }
      }
    }
  }
  return found;
}

/**
 * Uploads every part, then completes with a store whose join writes half of its temporary file and
 * never settles: the instance "dies" there, no catch or clean-up of the join ever runs. Answers
 * once the join has begun.
 */
async function completeAndDieMidJoin(app: FastifyInstance, token: string, source: Buffer) {
  const started = await startUpload(app, token, source.length);
  const parts = slices(source, PART_SIZE);
  const addresses = await partAddresses(
    app,
    token,
    started.video.id,
    parts.map((_part, index) => index + 1),
  );
  const etags: { partNumber: number; etag: string }[] = [];
  for (const [index, part] of parts.entries()) {
    const put = await putPart(app, addresses.get(index + 1) ?? '', part);
    expect(put.statusCode).toBe(200);
    etags.push({ partNumber: index + 1, etag: put.etag ?? '' });
  }
  const dataDir = app.config.dataDir;
  const joinBegun = new Promise<void>((resolve) => {
    app.storage.completeUpload = async (upload) => {
      const target = path.join(dataDir, upload.key);
      await mkdir(path.dirname(target), { recursive: true });
      // Where the local store joins into: `.tmp-<video>-<random>` beside the video.
      await writeFile(
        path.join(path.dirname(target), `.tmp-${path.basename(target)}-${randomBytes(8).toString('hex')}`),
        source.subarray(0, Math.floor(source.length / 2)),
      );
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
  return { id: started.video.id, etags };
}

async function runOutLease(app: FastifyInstance, id: string): Promise<void> {
  await app.db
    .update(videos)
    .set({ processingLeaseUntil: new Date(Date.now() - 1000) })
    .where(eq(videos.id, id));
}

describe('a completion cut off mid-join (its instance died)', () => {
  // A crash mid-join answered 409 for 15 minutes, then recovery deleted every intact part, failed
  // the video and left the half-written join on disk for good.
  it('is joined again once its short lease runs out: the video is whole, nothing temporary is left, a retry gets it', async () => {
    const { config, open, drop } = await restartableServer({ uploadPartSize: PART_SIZE });
    const first = await open();
    const owners = await addTeam(first);
    const source = FIXTURES.mp4;
    const { id, etags } = await completeAndDieMidJoin(first, owners.user.token, source);

    const claimed = await storedVideo(first, id);
    expect(claimed).toMatchObject({ status: 'processing', size: null });
    const leaseLeft = (claimed?.processingLeaseUntil?.getTime() ?? 0) - Date.now();
    expect(leaseLeft).toBeGreaterThan(0);
    expect(leaseLeft).toBeLessThanOrEqual(COMPLETION_LEASE.seconds * 1000 + 5000);
    const busy = await call(first, { method: 'GET', url: `/api/videos/${id}/upload`, token: owners.user.token });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().errorCode).toBe('UPLOAD_COMPLETING');
    expect(busy.headers['retry-after']).toBe('5');
    expect(temporaryFiles(config.dataDir)).toHaveLength(1);
    await first.close();

    const second = await open();
    try {
      // The start-up run: the dead instance's lease has not run out yet, so its join is left alone,
      // and its temporary file too (it might be a live instance's, written a moment ago).
      await second.videoProcessor.runDue();
      expect(await storedVideo(second, id)).toMatchObject({ status: 'processing', size: null });
      const retried = await call(second, {
        method: 'POST',
        url: `/api/videos/${id}/upload/complete`,
        token: owners.user.token,
        payload: { parts: etags },
      });
      expect(retried.statusCode).toBe(409);
      expect(retried.json().errorCode).toBe('UPLOAD_COMPLETING');

      // The minute passes.
      await runOutLease(second, id);
      await second.videoProcessor.runDue();
      const video = await waitForVideo(second, owners.user.token, id);
      expect(video).toMatchObject({ status: 'ready', size: source.length, errorMessage: null });
      const played = await second.inject({ method: 'GET', url: pathOf(video.playbackUrl ?? '') });
      expect(sha256Hex(played.rawPayload)).toBe(sha256Hex(source));
      expect(temporaryFiles(config.dataDir)).toEqual([]);
      expect(readdirSync(path.join(config.dataDir, 'uploads'))).toEqual([]);

      // The client's retry of complete, once the server is back: the video.
      const again = await call(second, {
        method: 'POST',
        url: `/api/videos/${id}/upload/complete`,
        token: owners.user.token,
        payload: { parts: etags },
      });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data).toMatchObject({ id, status: 'ready', size: source.length });
    } finally {
      await second.close();
      await drop();
    }
  }, 120_000);

  it("is taken over by the client's retry of complete once the lease has run out", async () => {
    const { config, open, drop } = await restartableServer({ uploadPartSize: PART_SIZE });
    const first = await open();
    const owners = await addTeam(first);
    const source = FIXTURES.recorderWebm;
    const { id, etags } = await completeAndDieMidJoin(first, owners.user.token, source);
    await first.close();

    const second = await open();
    try {
      // Only the request may join it here: the job's timer is stopped (complete still wakes the job for processing).
      await second.videoProcessor.stop();
      await runOutLease(second, id);
      const retried = await call(second, {
        method: 'POST',
        url: `/api/videos/${id}/upload/complete`,
        token: owners.user.token,
        payload: { parts: etags },
      });
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json().data).toMatchObject({ id, status: 'processing', size: source.length });
      const video = await waitForVideo(second, owners.user.token, id);
      expect(video.status).toBe('ready');
      const played = await second.inject({ method: 'GET', url: pathOf(video.playbackUrl ?? '') });
      expect(sha256Hex(played.rawPayload)).toBe(sha256Hex(source));
      expect(temporaryFiles(config.dataDir)).toEqual([]);
    } finally {
      await second.close();
      await drop();
    }
  }, 120_000);
});

describe('the completion lease', () => {
  let server: TestApp;
  let team: TestTeam;
  beforeAll(async () => {
    server = await createTestApp({ config: { uploadPartSize: PART_SIZE } });
    team = await addTeam(server.app);
  });
  afterAll(() => server.close());

  // The claim lasted 15 minutes whatever happened to its instance.
  it('lasts a minute, is renewed while the join runs, and stops at once when another worker took the video over', async () => {
    const started = await startUpload(server.app, team.user.token, FIXTURES.mp4.length);
    const claimed = await claimCompletion(server.app.db, team.id, started.video.id, COMPLETION_LEASE.seconds);
    const claimedUntil = claimed?.processingLeaseUntil;
    if (!claimedUntil) {
      throw new Error('The video was not claimed.');
    }
    expect(claimedUntil.getTime() - Date.now()).toBeLessThanOrEqual(COMPLETION_LEASE.seconds * 1000 + 5000);
    const lease = holdLease(server.app.db, started.video.id, claimedUntil, server.app.log, {
      seconds: COMPLETION_LEASE.seconds,
      renewEveryMs: 40,
    });
    let renewedUntil = claimedUntil;
    for (let tick = 0; tick < 100 && renewedUntil.getTime() <= claimedUntil.getTime(); tick += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      renewedUntil = (await storedVideo(server.app, started.video.id))?.processingLeaseUntil ?? claimedUntil;
    }
    expect(renewedUntil.getTime()).toBeGreaterThan(claimedUntil.getTime());

    // Another worker takes the video over (this claim's lease had run out): renewing stops, and
    // the successor's lease is never written over.
    const successorUntil = new Date(Date.now() + 30_000);
    await server.app.db
      .update(videos)
      .set({ processingLeaseUntil: successorUntil })
      .where(eq(videos.id, started.video.id));
    for (let tick = 0; tick < 100 && !lease.signal.aborted; tick += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(lease.signal.aborted).toBe(true);
    expect(await lease.stop()).toBeUndefined();
    expect((await storedVideo(server.app, started.video.id))?.processingLeaseUntil?.getTime()).toBe(
      successorUntil.getTime(),
    );
  });
});

describe('temporary files at start-up', () => {
  // A join or part cut off by a crash left its temporary file in DATA_DIR for good.
  it('sweeps those nobody has written to for 15 minutes, and keeps younger ones (another instance may be writing)', async () => {
    const dataDir = testConfig().dataDir;
    const old = new Date(Date.now() - 20 * 60_000);
    const team = randomUUID();
    const video = randomUUID();
    const files = {
      join: path.join(dataDir, 'videos', team, `.tmp-${video}-0123456789abcdef`),
      poster: path.join(dataDir, 'posters', team, '.tmp-0123456789abcdef'),
      part: path.join(dataDir, 'uploads', 'AAAAAAAAAAAAAAAAAAAAAA', '.tmp-0123456789abcdef'),
      fresh: path.join(dataDir, 'videos', team, `.tmp-${randomUUID()}-fedcba9876543210`),
      video: path.join(dataDir, 'videos', team, video),
    };
    for (const [name, file] of Object.entries(files)) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, 'x');
      if (name !== 'fresh') {
        utimesSync(file, old, old);
      }
    }
    const server = await createTestApp({ config: { dataDir } });
    try {
      // The run the start-up began.
      await server.app.videoProcessor.runDue();
      expect(existsSync(files.join)).toBe(false);
      expect(existsSync(files.poster)).toBe(false);
      expect(existsSync(files.part)).toBe(false);
      expect(existsSync(files.fresh)).toBe(true);
      expect(existsSync(files.video)).toBe(true);
    } finally {
      await server.close();
    }
  });
});
