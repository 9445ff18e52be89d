import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type CallEvent, type CaptionCue, ERROR_CODES, type RecordingErrorCode } from '@parley/api';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { conflict, notFound } from '../lib/errors';
import { createJobRunner, JobFailure } from '../lib/job-runner';
import { roundedExpiry, type UrlSigner } from '../lib/signed-urls';
import { listTeamCaptions } from '../repositories/captions';
import {
  type ClaimedRecording,
  findTeamRecording,
  finishRecording,
  listCallMedia,
  type RecordingRow,
  recordingQueue,
  startGenerating,
} from '../repositories/recordings';
import type { Events } from './events';
import type { Ffmpeg, JoinInput } from './ffmpeg';
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
/** Tries before a call whose join keeps failing (or dying) is marked `error`. */
export const MAX_RECORDING_ATTEMPTS = 3;
/** After an unexpected failure (the store did not answer), the next try waits this long. */
const RETRY_SECONDS = 30;
const BATCH = 2;

/** Why a recording could not be made, in English (the web app shows SPEC §8's message). */
export const RECORDING_ERRORS = {
  noMedia: 'This call has no recorded media to join.',
  noFfmpeg: 'ffmpeg is not installed on the server, so recordings cannot be made.',
  missingFile: 'A media file of this call is missing from the file store.',
  unreadable: 'A media file of this call could not be read.',
  joinFailed: 'ffmpeg could not join the media of this call.',
  gaveUp: `The recording could not be made after ${MAX_RECORDING_ATTEMPTS} attempts.`,
} as const;

/**
 * The code of a recording's failure, for the web to word: null unless it is in `error`; `unknown`
 * for a reason this version did not write (an older server's wording, or none kept).
 */
export function recordingErrorCode(
  row: Pick<RecordingRow, 'recordingStatus' | 'recordingError'>,
): RecordingErrorCode | null {
  if (row.recordingStatus !== 'error') {
    return null;
  }
  const found = Object.entries(RECORDING_ERRORS).find(([, text]) => text === row.recordingError);
  return found ? (found[0] as keyof typeof RECORDING_ERRORS) : 'unknown';
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
  /** Closes the call's recordings that are still open (a side that never closed its upload). */
  closeCallMedia?: (teamId: string, callId: string) => Promise<void>;
}

/**
 * A call's recording (ARCHITECTURE §6: `none` → `generating` → `ready` or `error`) and its
 * captions. Generation is a job of the job runner: any instance may run it, one worker holds a call
 * at a time (renewing its short lease while ffmpeg runs), and a call whose instance died is taken
 * up again when its lease runs out. Each status change goes to the team's open tabs.
 */
export function createRecordingService(options: RecordingServiceOptions) {
  const { db, store, signer, ffmpeg, events, log, closeCallMedia } = options;

  async function present(row: RecordingRow): Promise<CallEvent> {
    return {
      id: row.id,
      recordingStatus: row.recordingStatus,
      recordingUrl: await recordingUrl(row, store, signer),
      recordingError: recordingErrorCode(row),
    };
  }

  /** Tells every open tab of the team; a failure to tell is logged, never the caller's error. */
  async function publish(row: RecordingRow): Promise<CallEvent> {
    const call = await present(row);
    await events.publish({ type: 'call', teamId: row.teamId, call }).catch((error: unknown) => {
      log.warn({ err: error, callId: row.id }, 'call event not published');
    });
    return call;
  }

  /** The call's raw media on its timeline: each file in the store, with its streams and length. */
  async function joinInputs(claim: ClaimedRecording, signal: AbortSignal): Promise<JoinInput[]> {
    await closeCallMedia?.(claim.teamId, claim.id);
    const media = await listCallMedia(db, claim.teamId, claim.id);
    if (media.length === 0) {
      throw new JobFailure(RECORDING_ERRORS.noMedia);
    }
    if (!(await ffmpeg.available())) {
      throw new JobFailure(RECORDING_ERRORS.noFfmpeg);
    }
    const inputs: JoinInput[] = [];
    for (const file of media) {
      if ((await store.size(file.storageKey)) === null) {
        throw new JobFailure(RECORDING_ERRORS.missingFile);
      }
      const input = await store.ffmpegInput(file.storageKey);
      const found = await ffmpeg.probe(input, signal);
      if (!found || (!found.hasVideo && !found.hasAudio) || !found.durationSeconds || found.durationSeconds <= 0) {
        throw new JobFailure(RECORDING_ERRORS.unreadable);
      }
      inputs.push({
        input,
        source: file.source,
        offsetSeconds: file.offsetSeconds,
        durationSeconds: found.durationSeconds,
        hasVideo: found.hasVideo,
        hasAudio: found.hasAudio,
      });
    }
    return inputs;
  }

  /** Joins the call's raw media into one MP4 and answers its bytes. */
  async function join(claim: ClaimedRecording, signal: AbortSignal): Promise<Buffer> {
    const inputs = await joinInputs(claim, signal);
    const folder = await mkdtemp(path.join(os.tmpdir(), 'parley-recording-'));
    try {
      const output = path.join(folder, 'recording.mp4');
      const result = await ffmpeg.join(inputs, output, signal);
      if (result.code !== 0) {
        log.warn({ callId: claim.id, code: result.code, stderr: result.stderr.slice(-2000) }, 'ffmpeg join failed');
        throw new JobFailure(RECORDING_ERRORS.joinFailed);
      }
      const bytes = await readFile(output).catch(() => Buffer.alloc(0));
      if (bytes.length === 0) {
        throw new JobFailure(RECORDING_ERRORS.joinFailed);
      }
      return bytes;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  async function generate(claim: ClaimedRecording, signal: AbortSignal): Promise<void> {
    const bytes = await join(claim, signal);
    const key = videoKey(claim.teamId, randomUUID());
    await store.put(key, bytes, RECORDING_CONTENT_TYPE);
    const row = await finishRecording(db, claim, {
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
  }

  const runner = createJobRunner({
    name: 'recording',
    queue: recordingQueue(db),
    run: generate,
    async fail(claim, error) {
      const reason = error instanceof JobFailure ? error.message : RECORDING_ERRORS.gaveUp;
      const row = await finishRecording(db, claim, { recordingStatus: 'error', recordingError: reason });
      if (row) {
        await publish(row);
      }
    },
    leaseSeconds: RECORDING_LEASE_SECONDS,
    renewEveryMs: LEASE_RENEW_MS,
    maxAttempts: MAX_RECORDING_ATTEMPTS,
    backoffSeconds: () => RETRY_SECONDS,
    batchSize: BATCH,
    log,
  });

  return {
    present,
    /** The recording's signed playback address (see {@link recordingUrl}), null until it is ready. */
    recordingUrl: (row: Pick<RecordingRow, 'id' | 'recordingStatus' | 'recordingKey' | 'recordingContentType'>) =>
      recordingUrl(row, store, signer),

    /**
     * `POST /api/calls/:id/recording`: from `none` or `error` (Retry) the call starts generating
     * (`started` true, the team is told, the job is woken); while generating or once ready nothing
     * changes. The change is one conditional UPDATE, so of requests racing (two clicks, two tabs,
     * two instances) exactly one starts the job.
     */
    async request(teamId: string, callId: string): Promise<{ started: boolean; call: CallEvent }> {
      const started = await startGenerating(db, teamId, callId);
      if (started) {
        const call = await publish(started);
        runner.kick();
        return { started: true, call };
      }
      const row = await findTeamRecording(db, teamId, callId);
      if (!row) {
        throw notFound('This call does not exist.');
      }
      if (row.liveState !== null && (row.recordingStatus === 'none' || row.recordingStatus === 'error')) {
        throw conflict(ERROR_CODES.conflict, 'This call is still going on; its recording can be made once it ends.');
      }
      return { started: false, call: await present(row) };
    },

    /** The call's caption cues in time order; 404 for another team's call. */
    async captions(teamId: string, callId: string): Promise<CaptionCue[]> {
      const cues = await listTeamCaptions(db, teamId, callId);
      if (!cues) {
        throw notFound('This call does not exist.');
      }
      return cues;
    },

    /** Generates every recording that is due; answers how many calls were taken. */
    runDue: runner.runDue,
    kick: runner.kick,
    /** Looks for work at once and every `intervalMs` (calls of other instances, jobs whose instance died). */
    start: (intervalMs = 10_000) => runner.start(intervalMs),
    /** Stops looking for work; a join under way is cut short and its call goes back to the queue. */
    stop: runner.stop,
  };
}
export type RecordingService = ReturnType<typeof createRecordingService>;
