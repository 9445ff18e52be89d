import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CallEvent, CaptionCue } from '@parley/api';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { callMedia, calls, captions } from '../db/schema';
import { notFound } from '../lib/errors';
import { roundedExpiry, type UrlSigner } from '../lib/signed-urls';
import type { Events } from './events';
import type { Ffmpeg } from './ffmpeg';
import { type VideoStore, videoKey } from './storage/store';
import { PLAYBACK_URL_SECONDS } from './videos';

/**
 * What a recording is: MP4 with H.264 video and AAC audio, the moov atom first (`+faststart`).
 * Chromium plays it (checked with Debian's Chromium: `canPlayType` "probably", and it plays), as do
 * Safari and iOS, where WebM support is partial; the first range request already holds the index,
 * so playback and seeking start at once; and libx264 at `veryfast` is quick on two cores.
 */
export const RECORDING_CONTENT_TYPE = 'video/mp4';
/**
 * How long a claim holds a call before another worker may take it up: short, so a call whose
 * instance crashed is generating again within minutes; a live job renews it as it goes.
 */
export const RECORDING_LEASE_SECONDS = 120;
const LEASE_RENEW_MS = 30_000;
/** Tries before a call whose join keeps dying is marked `error`. */
export const MAX_RECORDING_ATTEMPTS = 3;
/** After an unexpected failure (the store did not answer), the next try waits this long. */
const RETRY_SECONDS = 30;
const BATCH = 2;
/** Each side's tile in the recording: side by side when both sides were filmed. */
const TILE_WIDTH = 640;
const TILE_HEIGHT = 360;
const FRAME_RATE = 25;
/** The shortest run ffmpeg gets; longer calls get twice their length on top. */
const MIN_JOIN_TIMEOUT_MS = 5 * 60_000;

/** Why a recording could not be made, in English (the web app shows SPEC §8's message). */
export const RECORDING_ERRORS = {
  noMedia: 'This call has no recorded media to join.',
  noFfmpeg: 'ffmpeg is not installed on the server, so recordings cannot be made.',
  missingFile: 'A media file of this call is missing from the file store.',
  unreadable: 'A media file of this call could not be read.',
  joinFailed: 'ffmpeg could not join the media of this call.',
  gaveUp: `The recording could not be made after ${MAX_RECORDING_ATTEMPTS} attempts.`,
} as const;

/** A failure that trying again cannot fix: the call goes to `error` at once. */
class RecordingFailure extends Error {
  override name = 'RecordingFailure';
}

type CallRow = typeof calls.$inferSelect;
type CallMediaRow = typeof callMedia.$inferSelect;
/** What the recording state of a call is made of. */
export type RecordingRow = Pick<
  CallRow,
  'id' | 'teamId' | 'recordingStatus' | 'recordingKey' | 'recordingContentType' | 'recordingError'
>;
/** A call a worker holds: `recordingAttempts` is its fencing token. */
type ClaimedCall = RecordingRow & { recordingAttempts: number };

const recordingColumns = {
  id: calls.id,
  teamId: calls.teamId,
  recordingStatus: calls.recordingStatus,
  recordingKey: calls.recordingKey,
  recordingContentType: calls.recordingContentType,
  recordingError: calls.recordingError,
};

/** The call's recording state, for the team's members only. */
async function findTeamRecording(db: Db, teamId: string, callId: string): Promise<RecordingRow | undefined> {
  const [row] = await db
    .select(recordingColumns)
    .from(calls)
    .where(and(eq(calls.teamId, teamId), eq(calls.id, callId)));
  return row;
}

/** The call's recording state by id alone (the signed file address has already been checked). */
export async function findRecordingById(db: Db, callId: string): Promise<RecordingRow | undefined> {
  const [row] = await db.select(recordingColumns).from(calls).where(eq(calls.id, callId));
  return row;
}

/** `none` or `error` → `generating` for the one request that asks first; anything else stays. */
async function startGenerating(db: Db, teamId: string, callId: string): Promise<RecordingRow | undefined> {
  const [row] = await db
    .update(calls)
    .set({ recordingStatus: 'generating', recordingError: null, recordingLeaseUntil: null, recordingAttempts: 0 })
    .where(
      and(eq(calls.teamId, teamId), eq(calls.id, callId), inArray(calls.recordingStatus, ['none', 'error'] as const)),
    )
    .returning(recordingColumns);
  return row;
}

/**
 * Calls waiting for their recording (or whose job died: its lease ran out), each taken by one
 * worker of one instance: `FOR UPDATE SKIP LOCKED` and the new lease in the same statement.
 */
export async function claimRecordings(db: Db, limit: number, leaseSeconds: number): Promise<ClaimedCall[]> {
  const due = db
    .select({ id: calls.id })
    .from(calls)
    .where(
      and(
        eq(calls.recordingStatus, 'generating'),
        or(isNull(calls.recordingLeaseUntil), lt(calls.recordingLeaseUntil, sql`now()`)),
      ),
    )
    .orderBy(calls.recordingLeaseUntil)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(calls)
    .set({
      recordingLeaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      recordingAttempts: sql`${calls.recordingAttempts} + 1`,
    })
    .where(inArray(calls.id, due))
    .returning({ ...recordingColumns, recordingAttempts: calls.recordingAttempts });
}

/** Ends a job: only while the call is still generating and still held by this claim. */
async function finishClaim(
  db: Db,
  claim: ClaimedCall,
  values: Partial<Pick<CallRow, 'recordingStatus' | 'recordingKey' | 'recordingContentType' | 'recordingError'>> & {
    retryInSeconds?: number;
  },
): Promise<RecordingRow | undefined> {
  const { retryInSeconds, ...columns } = values;
  const [row] = await db
    .update(calls)
    .set({
      ...columns,
      recordingLeaseUntil: retryInSeconds === undefined ? null : sql`now() + make_interval(secs => ${retryInSeconds})`,
    })
    .where(
      and(
        eq(calls.id, claim.id),
        eq(calls.recordingStatus, 'generating'),
        eq(calls.recordingAttempts, claim.recordingAttempts),
      ),
    )
    .returning(recordingColumns);
  return row;
}

/** A live job keeps its claim: the lease moves on while the call is still this claim's. */
async function renewClaim(db: Db, claim: ClaimedCall, leaseSeconds: number): Promise<void> {
  await db
    .update(calls)
    .set({ recordingLeaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(
      and(
        eq(calls.id, claim.id),
        eq(calls.recordingStatus, 'generating'),
        eq(calls.recordingAttempts, claim.recordingAttempts),
      ),
    );
}

/** The server is stopping: the call goes back to the queue at once, the attempt not counted. */
async function releaseClaim(db: Db, claim: ClaimedCall): Promise<void> {
  await db
    .update(calls)
    .set({ recordingLeaseUntil: null, recordingAttempts: sql`${calls.recordingAttempts} - 1` })
    .where(
      and(
        eq(calls.id, claim.id),
        eq(calls.recordingStatus, 'generating'),
        eq(calls.recordingAttempts, claim.recordingAttempts),
      ),
    );
}

async function mediaOf(db: Db, teamId: string, callId: string): Promise<CallMediaRow[]> {
  return db
    .select()
    .from(callMedia)
    .where(and(eq(callMedia.teamId, teamId), eq(callMedia.callId, callId)))
    .orderBy(asc(callMedia.offsetSeconds), asc(callMedia.createdAt));
}

/** The call's caption cues in time order; undefined when the call is not the team's. */
async function teamCaptions(db: Db, teamId: string, callId: string): Promise<CaptionCue[] | undefined> {
  const [owner] = await db
    .select({ id: calls.id })
    .from(calls)
    .where(and(eq(calls.teamId, teamId), eq(calls.id, callId)));
  if (!owner) {
    return undefined;
  }
  return db
    .select({ start: captions.startSeconds, end: captions.endSeconds, speaker: captions.speaker, text: captions.text })
    .from(captions)
    .where(and(eq(captions.teamId, teamId), eq(captions.callId, callId)))
    .orderBy(asc(captions.startSeconds), asc(captions.endSeconds), asc(captions.id));
}

interface RunResult {
  code: number | null;
  stderr: string;
}

/** Runs ffmpeg with `args`, keeping the end of what it says; killed after `timeoutMs` or when `signal` aborts. */
export function runFfmpeg(
  binary: string,
  args: string[],
  timeoutMs = MIN_JOIN_TIMEOUT_MS,
  signal?: AbortSignal,
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ['-hide_banner', '-nostdin', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      ...(signal ? { signal, killSignal: 'SIGKILL' as const } : {}),
    });
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-16 * 1024);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

/** What one raw media file holds, as ffmpeg reads its header. */
export interface MediaProbe {
  hasVideo: boolean;
  hasAudio: boolean;
  /** Seconds; null when the header does not say (MediaRecorder's WebM). */
  durationSeconds: number | null;
}

/** Reads the streams and duration from `ffmpeg -i`; null when ffmpeg finds no stream (not media). */
export function parseProbe(stderr: string): MediaProbe | null {
  const streams = [...stderr.matchAll(/^\s*Stream #\d+:\d+.*?: (Video|Audio):/gm)].map((match) => match[1]);
  if (streams.length === 0) {
    return null;
  }
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  return {
    hasVideo: streams.includes('Video'),
    hasAudio: streams.includes('Audio'),
    durationSeconds: duration ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]) : null,
  };
}

/** One raw media file on the call's timeline, ready to join. */
export interface JoinInput {
  input: string;
  source: 'caller' | 'member';
  offsetSeconds: number;
  durationSeconds: number;
  hasVideo: boolean;
  hasAudio: boolean;
}

const seconds = (value: number) => (Math.round(value * 1000) / 1000).toFixed(3);

/**
 * ffmpeg's arguments to join the call's media into one MP4: a black canvas as long as the call,
 * the caller's tile on the start side and the member's beside it (one tile when only one side was
 * filmed), each file laid on at its offset; the sound of every file mixed, each delayed to its
 * offset. A file shorter than the call leaves its tile black once it ends.
 */
export function joinArguments(inputs: readonly JoinInput[], output: string): string[] {
  const sides = (['caller', 'member'] as const).filter((side) =>
    inputs.some((input) => input.source === side && input.hasVideo),
  );
  const tiles = Math.max(1, sides.length);
  const total = Math.max(0.1, ...inputs.map((input) => input.offsetSeconds + input.durationSeconds));
  const filters = [`color=c=black:s=${TILE_WIDTH * tiles}x${TILE_HEIGHT}:r=${FRAME_RATE}:d=${seconds(total)}[base0]`];
  const audio: string[] = [];
  let layers = 0;
  inputs.forEach((input, index) => {
    const offset = Math.max(0, input.offsetSeconds);
    if (input.hasVideo) {
      const x = Math.max(0, sides.indexOf(input.source)) * TILE_WIDTH;
      filters.push(
        `[${index}:v:0]scale=${TILE_WIDTH}:${TILE_HEIGHT}:force_original_aspect_ratio=decrease,` +
          `pad=${TILE_WIDTH}:${TILE_HEIGHT}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1,fps=${FRAME_RATE},` +
          `setpts=PTS-STARTPTS+${seconds(offset)}/TB[v${layers}]`,
        `[base${layers}][v${layers}]overlay=x=${x}:y=0:eof_action=pass[base${layers + 1}]`,
      );
      layers += 1;
    }
    if (input.hasAudio) {
      filters.push(
        `[${index}:a:0]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,asetpts=PTS-STARTPTS,` +
          `adelay=${Math.round(offset * 1000)}:all=1[a${audio.length}]`,
      );
      audio.push(`[a${audio.length}]`);
    }
  });
  filters.push(`[base${layers}]format=yuv420p[vout]`);
  if (audio.length > 1) {
    filters.push(`${audio.join('')}amix=inputs=${audio.length}:duration=longest:normalize=0[aout]`);
  } else if (audio.length === 1) {
    filters.push(`${audio[0]}anull[aout]`);
  }
  return [
    '-v',
    'error',
    '-y',
    ...inputs.flatMap((input) => ['-i', input.input]),
    '-filter_complex',
    filters.join(';'),
    '-map',
    '[vout]',
    ...(audio.length > 0 ? ['-map', '[aout]', '-c:a', 'aac', '-b:a', '96k'] : ['-an']),
    '-t',
    seconds(total),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '27',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    output,
  ];
}

/**
 * A signed playback address of the call's recording (6 hours at least, rounded up to the hour;
 * range requests work), null until it is ready. On local disk it is this server's
 * `/files/recordings/<call id>` (a recording is no library video, so `/files/videos/…` does not
 * serve it); on S3 the store's pre-signed GET.
 */
export async function recordingUrl(
  row: Pick<RecordingRow, 'id' | 'recordingStatus' | 'recordingKey' | 'recordingContentType'>,
  store: VideoStore,
  signer: UrlSigner,
): Promise<string | null> {
  if (row.recordingStatus !== 'ready' || !row.recordingKey) {
    return null;
  }
  const expiresAt = roundedExpiry(PLAYBACK_URL_SECONDS);
  if (store.kind === 'local') {
    return signer.sign('GET', `/files/recordings/${row.id}`, expiresAt);
  }
  return store.downloadUrl(row.recordingKey, row.recordingContentType ?? RECORDING_CONTENT_TYPE, expiresAt);
}

export interface RecordingServiceOptions {
  db: Db;
  store: VideoStore;
  /** Signs the local store's `/files/recordings/…` addresses. */
  signer: UrlSigner;
  ffmpeg: Ffmpeg;
  events: Events;
  log: FastifyBaseLogger;
}

/**
 * A call's recording (ARCHITECTURE §6: `none` → `generating` → `ready` or `error`) and its
 * captions. Generation is a job claimed in the database, as video processing is: any instance may
 * run it, one worker holds a call at a time, and a call whose instance died is taken up again when
 * its lease runs out. Each status change goes to the team's open tabs.
 */
export function createRecordingService(options: RecordingServiceOptions) {
  const { db, store, signer, ffmpeg, events, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  /** Work arrived while a run was finishing: look again after it. */
  let again = false;
  /** Aborted when the server stops: ffmpeg is killed and the calls held go back to the queue. */
  const shutdown = new AbortController();

  async function present(row: RecordingRow): Promise<CallEvent> {
    return { id: row.id, recordingStatus: row.recordingStatus, recordingUrl: await recordingUrl(row, store, signer) };
  }

  /** Tells every open tab of the team; a failure to tell is logged, never the caller's error. */
  async function publish(row: RecordingRow): Promise<CallEvent> {
    const call = await present(row);
    await events.publish({ type: 'call', teamId: row.teamId, call }).catch((error: unknown) => {
      log.warn({ err: error, callId: row.id }, 'call event not published');
    });
    return call;
  }

  async function probe(input: string): Promise<MediaProbe> {
    const header = await runFfmpeg(ffmpeg.binary, ['-i', input], 60_000, shutdown.signal);
    const found = parseProbe(header.stderr);
    if (!found || (!found.hasVideo && !found.hasAudio)) {
      throw new RecordingFailure(RECORDING_ERRORS.unreadable);
    }
    if (found.durationSeconds === null || found.durationSeconds <= 0) {
      found.durationSeconds = await ffmpeg.duration(input).catch(() => null);
    }
    if (found.durationSeconds === null || found.durationSeconds <= 0) {
      throw new RecordingFailure(RECORDING_ERRORS.unreadable);
    }
    return found;
  }

  /** Joins the call's raw media into one MP4 and answers its bytes. */
  async function join(claim: ClaimedCall): Promise<Buffer> {
    const media = await mediaOf(db, claim.teamId, claim.id);
    if (media.length === 0) {
      throw new RecordingFailure(RECORDING_ERRORS.noMedia);
    }
    if (!(await ffmpeg.available())) {
      throw new RecordingFailure(RECORDING_ERRORS.noFfmpeg);
    }
    const inputs: JoinInput[] = [];
    for (const file of media) {
      if ((await store.size(file.storageKey)) === null) {
        throw new RecordingFailure(RECORDING_ERRORS.missingFile);
      }
      const input = await store.ffmpegInput(file.storageKey);
      const found = await probe(input);
      inputs.push({
        input,
        source: file.source,
        offsetSeconds: file.offsetSeconds,
        durationSeconds: found.durationSeconds ?? 0,
        hasVideo: found.hasVideo,
        hasAudio: found.hasAudio,
      });
    }
    const folder = await mkdtemp(path.join(os.tmpdir(), 'parley-recording-'));
    try {
      const output = path.join(folder, 'recording.mp4');
      const total = Math.max(...inputs.map((input) => input.offsetSeconds + input.durationSeconds));
      const result = await runFfmpeg(
        ffmpeg.binary,
        joinArguments(inputs, output),
        Math.max(MIN_JOIN_TIMEOUT_MS, total * 2000 + 60_000),
        shutdown.signal,
      );
      if (result.code !== 0) {
        log.warn({ callId: claim.id, code: result.code, stderr: result.stderr.slice(-2000) }, 'ffmpeg join failed');
        throw new RecordingFailure(RECORDING_ERRORS.joinFailed);
      }
      const bytes = await readFile(output).catch(() => Buffer.alloc(0));
      if (bytes.length === 0) {
        throw new RecordingFailure(RECORDING_ERRORS.joinFailed);
      }
      return bytes;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  async function fail(claim: ClaimedCall, reason: string): Promise<void> {
    const row = await finishClaim(db, claim, { recordingStatus: 'error', recordingError: reason });
    if (row) {
      await publish(row);
    }
  }

  async function generate(claim: ClaimedCall): Promise<void> {
    if (claim.recordingAttempts > MAX_RECORDING_ATTEMPTS) {
      // Its workers kept dying (a crash, a restart) before they could finish it.
      await fail(claim, RECORDING_ERRORS.gaveUp);
      return;
    }
    const renewal = setInterval(() => {
      renewClaim(db, claim, RECORDING_LEASE_SECONDS).catch((error: unknown) =>
        log.warn({ err: error, callId: claim.id }, 'recording lease not renewed'),
      );
    }, LEASE_RENEW_MS);
    renewal.unref();
    try {
      const bytes = await join(claim);
      const key = videoKey(claim.teamId, randomUUID());
      await store.put(key, bytes, RECORDING_CONTENT_TYPE);
      const row = await finishClaim(db, claim, {
        recordingStatus: 'ready',
        recordingKey: key,
        recordingContentType: RECORDING_CONTENT_TYPE,
        recordingError: null,
      });
      if (!row) {
        // Deleted meanwhile, or another worker took it over after this one's lease ran out.
        await store.delete(key).catch(() => {});
        return;
      }
      if (claim.recordingKey && claim.recordingKey !== key) {
        await store.delete(claim.recordingKey).catch(() => {});
      }
      await publish(row);
    } catch (error) {
      if (shutdown.signal.aborted) {
        await releaseClaim(db, claim).catch(() => {});
        return;
      }
      if (error instanceof RecordingFailure) {
        log.info({ callId: claim.id, reason: error.message }, 'recording cannot be made');
        await fail(claim, error.message);
        return;
      }
      log.warn({ err: error, callId: claim.id, attempts: claim.recordingAttempts }, 'recording failed');
      if (claim.recordingAttempts >= MAX_RECORDING_ATTEMPTS) {
        await fail(claim, RECORDING_ERRORS.gaveUp);
      } else {
        await finishClaim(db, claim, { retryInSeconds: RETRY_SECONDS });
      }
    } finally {
      clearInterval(renewal);
    }
  }

  async function runDue(): Promise<number> {
    if (shutdown.signal.aborted) {
      return 0;
    }
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      while (!shutdown.signal.aborted) {
        const batch = await claimRecordings(db, BATCH, RECORDING_LEASE_SECONDS);
        if (batch.length === 0) {
          break;
        }
        await Promise.all(batch.map(generate));
        total += batch.length;
      }
      return total;
    })().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        kick();
      }
    });
    return running;
  }

  function kick(): void {
    runDue().catch((error: unknown) => log.error({ err: error }, 'recording generation stopped'));
  }

  return {
    present,
    /** The recording's signed playback address (see {@link recordingUrl}), null until it is ready. */
    recordingUrl: (row: Pick<RecordingRow, 'id' | 'recordingStatus' | 'recordingKey' | 'recordingContentType'>) =>
      recordingUrl(row, store, signer),

    /**
     * `POST /api/calls/:id/recording`: from `none` or `error` the call starts generating (`started`
     * true, the team is told, the job is woken); while generating or once ready nothing changes.
     */
    async request(teamId: string, callId: string): Promise<{ started: boolean; call: CallEvent }> {
      const started = await startGenerating(db, teamId, callId);
      if (started) {
        const call = await publish(started);
        kick();
        return { started: true, call };
      }
      const row = await findTeamRecording(db, teamId, callId);
      if (!row) {
        throw notFound('This call does not exist.');
      }
      return { started: false, call: await present(row) };
    },

    /** The call's caption cues in time order; 404 for another team's call. */
    async captions(teamId: string, callId: string): Promise<CaptionCue[]> {
      const cues = await teamCaptions(db, teamId, callId);
      if (!cues) {
        throw notFound('This call does not exist.');
      }
      return cues;
    },

    /** Generates every recording that is due; answers how many calls were taken. */
    runDue,
    kick,
    /** Looks for work every `intervalMs` (calls of other instances, jobs whose instance died). */
    start(intervalMs = 10_000): void {
      timer = setInterval(kick, intervalMs);
      timer.unref();
      kick();
    },
    /** Stops looking for work; a join under way is cut short and its call goes back to the queue. */
    async stop(): Promise<void> {
      clearInterval(timer);
      shutdown.abort();
      await running?.catch(() => 0);
    },
  };
}
export type RecordingService = ReturnType<typeof createRecordingService>;
