/**
 * `pnpm bench:video`: upload throughput and time from stop to playable, measured over real HTTP
 * against a real server on a fresh DATA_DIR (PGlite, or DATABASE_URL when set). Not a test: it
 * prints figures. ffmpeg makes the one-minute recording (and the poster), as on a real install.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Video } from '@parley/api';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';

const run = promisify(execFile);
const MB = 1024 * 1024;
const PARALLEL_PARTS = 4;

const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-bench-'));
const config = readConfig({
  ...process.env,
  DATA_DIR: dataDir,
  PORT: '8080',
  HOST: '127.0.0.1',
  DEMO_DATA: 'false',
  LOG_LEVEL: 'warn',
  JWT_SECRET: randomBytes(32).toString('hex'),
});
const app = await buildApp({ ...config, port: 0 });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

async function api<T>(method: string, url: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${address}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Runs `tasks` with at most `limit` at once. */
async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const index = next;
        next += 1;
        results[index] = await (tasks[index] as () => Promise<T>)();
      }
    }),
  );
  return results;
}

interface Timings {
  video: Video;
  partsMs: number;
  completeMs: number;
}

/** The browser's flow: create, part addresses, parallel PUTs to them, complete. */
async function upload(token: string, data: Buffer, contentType: string, title: string): Promise<Timings> {
  const created = await api<{ data: { video: Video; upload: { partSize: number; partCount: number } } }>(
    'POST',
    '/api/videos',
    token,
    { title, kind: 'library', contentType, size: data.length },
  );
  const { video, upload: plan } = created.data;
  const numbers = Array.from({ length: plan.partCount }, (_value, index) => index + 1);
  const addresses = new Map<number, string>();
  for (let start = 0; start < numbers.length; start += 100) {
    const answer = await api<{ data: { parts: { partNumber: number; url: string }[] } }>(
      'POST',
      `/api/videos/${video.id}/upload/parts`,
      token,
      { partNumbers: numbers.slice(start, start + 100) },
    );
    for (const part of answer.data.parts) {
      addresses.set(part.partNumber, new URL(part.url, address).toString());
    }
  }
  const partsStarted = performance.now();
  const etags = await pool(
    numbers.map((partNumber) => async () => {
      const body = data.subarray((partNumber - 1) * plan.partSize, partNumber * plan.partSize);
      const response = await fetch(addresses.get(partNumber) ?? '', {
        method: 'PUT',
        body: new Uint8Array(body),
        headers: { 'content-type': contentType },
      });
      if (response.status !== 200) {
        throw new Error(`PUT part ${partNumber} answered ${response.status}: ${await response.text()}`);
      }
      return { partNumber, etag: response.headers.get('etag') ?? '' };
    }),
    PARALLEL_PARTS,
  );
  const partsMs = performance.now() - partsStarted;
  const completeStarted = performance.now();
  const completed = await api<{ data: Video }>('POST', `/api/videos/${video.id}/upload/complete`, token, {
    parts: etags,
  });
  return { video: completed.data, partsMs, completeMs: performance.now() - completeStarted };
}

function rate(bytes: number, ms: number): string {
  return `${(bytes / MB / (ms / 1000)).toFixed(1)} MB/s`;
}

try {
  const registered = await api<{ data: { token: string } }>('POST', '/common/register', null, {
    name: 'Bench',
    teamName: 'Bench team',
    email: 'bench@parley.test',
    password: 'a bench password',
    confirmPassword: 'a bench password',
  });
  const token = registered.data.token;
  console.info(`Parley video benchmark — ${address}, ${app.database.kind}, DATA_DIR ${dataDir}`);
  console.info(
    `  storage: ${app.storage.kind}, ffmpeg: ${(await app.ffmpeg.available()) ? 'yes' : 'no'}, part size ${config.uploadPartSize / MB} MiB, ${PARALLEL_PARTS} parts at a time`,
  );

  // 1. Throughput: 100 MB that passes the MP4 magic check (an ftyp box, then random bytes).
  const size = 100 * MB;
  const file = Buffer.concat([Buffer.from('00000018667479706d703432000000006d703432', 'hex'), randomBytes(size - 20)]);
  const big = await upload(token, file, 'video/mp4', '100 MB throughput');
  console.info('\n100 MB upload through the part flow (HTTP, local disk):');
  console.info(`  parts PUT: ${(big.partsMs / 1000).toFixed(2)} s, ${rate(size, big.partsMs)}`);
  console.info(`  complete (join, size and type checks): ${(big.completeMs / 1000).toFixed(2)} s`);
  console.info(`  end to end: ${rate(size, big.partsMs + big.completeMs)}`);

  // 2. Stop to playable: a one-minute recording as MediaRecorder writes it (WebM, VP8/Opus, no duration).
  const recording = path.join(dataDir, 'recording.webm');
  await run('sh', [
    '-c',
    `ffmpeg -v error -f lavfi -i testsrc=duration=60:size=640x480:rate=30 -f lavfi -i sine=duration=60 -c:v libvpx -deadline realtime -cpu-used 8 -b:v 1M -c:a libopus -b:a 64k -shortest -f webm pipe:1 > '${recording}'`,
  ]);
  const clip = readFileSync(recording);
  const stopped = performance.now();
  const timings = await upload(token, clip, 'video/webm;codecs=vp8,opus', 'One-minute recording');
  let ready: Video | undefined;
  while (!ready) {
    const page = await api<{ list: Video[] }>('GET', '/api/videos?kind=library&pageSize=5', token);
    const video = page.list.find((item) => item.id === timings.video.id);
    if (video?.status === 'error') {
      throw new Error(`The recording failed: ${video.errorMessage}`);
    }
    if (video?.status === 'ready' && video.posterUrl) {
      ready = video;
    } else {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  const playable = performance.now() - stopped;
  console.info(`\nOne-minute recording (${(clip.length / MB).toFixed(1)} MB WebM, no duration in its header):`);
  console.info(`  upload (parts + complete): ${((timings.partsMs + timings.completeMs) / 1000).toFixed(2)} s`);
  console.info(`  stop → ready with poster in the library: ${(playable / 1000).toFixed(2)} s`);
  console.info(`  duration found: ${ready.durationSeconds} s`);
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
