import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Video } from '@parley/api';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import { openDatabase } from '../src/db/client';
import { call, createTestDatabase, ENGINE, testConfig } from './helpers';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

/**
 * Small real recordings (made with ffmpeg's test source, 2 s, 160×120): an MP4 (H.264/AAC), a
 * WebM (VP8/Opus) with its duration, and one written as MediaRecorder does, with none.
 */
export const FIXTURES = {
  mp4: readFileSync(path.join(fixtures, 'sample.mp4')),
  webm: readFileSync(path.join(fixtures, 'sample.webm')),
  recorderWebm: readFileSync(path.join(fixtures, 'recorder.webm')),
};
export const FIXTURE_PATHS = {
  mp4: path.join(fixtures, 'sample.mp4'),
  webm: path.join(fixtures, 'sample.webm'),
  recorderWebm: path.join(fixtures, 'recorder.webm'),
};

export function sha256Hex(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** A path with its query, from an address the API gave (absolute on S3, a path on local disk). */
export function pathOf(url: string): string {
  const parsed = new URL(url, 'http://parley.test');
  return `${parsed.pathname}${parsed.search}`;
}

export interface StartedUpload {
  video: Video;
  partSize: number;
  partCount: number;
}

export async function startUpload(
  app: FastifyInstance,
  token: string,
  size: number,
  values: { title?: string; kind?: string; contentType?: string; ref?: string; durationSeconds?: number } = {},
): Promise<StartedUpload> {
  const response = await call(app, {
    method: 'POST',
    url: '/api/videos',
    token,
    payload: {
      title: values.title ?? 'A recording',
      kind: values.kind ?? 'library',
      contentType: values.contentType ?? 'video/mp4',
      size,
      ...(values.ref ? { ref: values.ref } : {}),
      ...(values.durationSeconds !== undefined ? { durationSeconds: values.durationSeconds } : {}),
    },
  });
  if (response.statusCode !== 201) {
    throw new Error(`POST /api/videos answered ${response.statusCode}: ${response.body}`);
  }
  const { video, upload } = response.json().data;
  return { video, ...upload };
}

export async function partAddresses(
  app: FastifyInstance,
  token: string,
  videoId: string,
  partNumbers: number[],
): Promise<Map<number, string>> {
  const response = await call(app, {
    method: 'POST',
    url: `/api/videos/${videoId}/upload/parts`,
    token,
    payload: { partNumbers },
  });
  if (response.statusCode !== 200) {
    throw new Error(`parts answered ${response.statusCode}: ${response.body}`);
  }
  return new Map(
    response.json().data.parts.map((part: { partNumber: number; url: string }) => [part.partNumber, part.url]),
  );
}

/** PUTs a part to its pre-signed address through the app (local disk); answers status and ETag. */
export async function putPart(
  app: FastifyInstance,
  url: string,
  body: Buffer,
  contentType = 'video/mp4',
): Promise<{ statusCode: number; etag: string | undefined; body: string }> {
  const response = await app.inject({
    method: 'PUT',
    url: pathOf(url),
    payload: body,
    headers: { 'content-type': contentType },
  });
  const etag = response.headers.etag;
  return { statusCode: response.statusCode, etag: typeof etag === 'string' ? etag : undefined, body: response.body };
}

export function slices(data: Buffer, partSize: number): Buffer[] {
  const parts: Buffer[] = [];
  for (let offset = 0; offset < data.length; offset += partSize) {
    parts.push(data.subarray(offset, offset + partSize));
  }
  return parts;
}

/** The whole flow: create, part addresses, PUT every part, complete. Answers the completion's response. */
export async function uploadVideo(
  app: FastifyInstance,
  token: string,
  data: Buffer,
  values: { title?: string; kind?: string; contentType?: string; ref?: string; durationSeconds?: number } = {},
) {
  const started = await startUpload(app, token, data.length, values);
  const parts = slices(data, started.partSize);
  const addresses = await partAddresses(
    app,
    token,
    started.video.id,
    parts.map((_part, index) => index + 1),
  );
  const etags: { partNumber: number; etag: string }[] = [];
  for (const [index, part] of parts.entries()) {
    const put = await putPart(app, addresses.get(index + 1) ?? '', part, values.contentType ?? 'video/mp4');
    if (put.statusCode !== 200 || !put.etag) {
      throw new Error(`PUT part ${index + 1} answered ${put.statusCode}: ${put.body}`);
    }
    etags.push({ partNumber: index + 1, etag: put.etag });
  }
  const completion = await call(app, {
    method: 'POST',
    url: `/api/videos/${started.video.id}/upload/complete`,
    token,
    payload: { parts: etags },
  });
  return { started, completion, etags };
}

/** Waits until the video reaches one of `statuses` (processing runs in the background). */
export async function waitForVideo(
  app: FastifyInstance,
  token: string,
  id: string,
  statuses: Video['status'][] = ['ready', 'error'],
): Promise<Video> {
  let video: Video | undefined;
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const response = await call(app, { method: 'GET', url: `/api/videos/${id}`, token });
    video = response.json().data;
    if (video && statuses.includes(video.status)) {
      return video;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`The video stayed ${video?.status}.`);
}

/**
 * Instances one after the other on one database and one DATA_DIR, as a restart has them: `open`
 * starts one (ready); `drop` removes the database once the last is closed.
 */
export async function restartableServer(overrides: Partial<Config> = {}): Promise<{
  config: Config;
  open: () => Promise<FastifyInstance>;
  drop: () => Promise<void>;
}> {
  const database = await createTestDatabase();
  const config = testConfig({ ...overrides, databaseUrl: database.url });
  const pgliteDir = path.join(config.dataDir, 'pglite');
  const open = async () => {
    const app = await buildApp(
      config,
      ENGINE === 'pglite' ? { database: await openDatabase({ kind: 'pglite', dataDir: pgliteDir }) } : {},
    );
    await app.ready();
    return app;
  };
  return { config, open, drop: database.drop };
}
