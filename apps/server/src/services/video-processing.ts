import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { createJobRunner, JobFailure } from '../lib/job-runner';
import {
  type ClaimedVideo,
  deleteUpload,
  deleteVideo,
  findStaleUploads,
  findUpload,
  type OwnedVideo,
  processingQueue,
  renewLease,
  updateLeasedVideo,
  updateVideo,
  type VideoRow,
} from '../repositories/videos';
import type { Ffmpeg } from './ffmpeg';
import { posterKey, type StoredPart, StoreError, type UploadHandle, type VideoStore } from './storage/store';
import { VIDEO_FAILURES } from './video-failures';
import { containerDuration } from './video-files';
import { COMPLETION_LEASE, checkJoined, type HeldLease, holdLease, holdsWholeUpload, JoinRefusal } from './videos';

/** How long one job may hold a video before another worker may take it up. */
const LEASE_SECONDS = 10 * 60;
/** Tries before a video that cannot be processed is marked `error`. */
export const MAX_PROCESSING_ATTEMPTS = 3;
const BATCH = 2;
/** An upload nobody completed in a day is thrown away. */
const STALE_UPLOAD_HOURS = 24;
const PRUNE_EVERY_MS = 10 * 60_000;
/**
 * A temporary file untouched this long was left by a writer that died (a live one writes as bytes
 * arrive); with several instances on one DATA_DIR, younger ones may be another's work in progress.
 */
export const STALE_TEMPORARY_MS = 15 * 60_000;

export interface VideoProcessorOptions {
  db: Db;
  store: VideoStore;
  ffmpeg: Ffmpeg;
  log: FastifyBaseLogger;
  /** The largest video a member may upload (VIDEO_MAX_BYTES). */
  maxBytes: number;
  /** A video changed status: tell the team. */
  onChange: (video: OwnedVideo) => Promise<unknown>;
}

/** A reason the video can never be processed: it is marked `error` at once, not tried again. */
class Unusable extends JobFailure {
  override name = 'Unusable';
}

/**
 * After an upload: the duration and a poster (ffmpeg when present; otherwise the duration from the
 * container and no poster), then `ready`. A job of the job runner: any instance may run it, a
 * video is processed by one at a time, and one whose instance died is taken up again.
 */
export function createVideoProcessor(options: VideoProcessorOptions) {
  const { db, store, ffmpeg, log } = options;
  let lastPrune = 0;

  const LOST_MESSAGE = VIDEO_FAILURES.uploadLost;

  /**
   * A video whose completion was cut off: its instance died after taking it, before the parts
   * were joined and checked (its size is still unknown), and its lease ran out. If the join had
   * finished, the object gets the checks completion would have made; otherwise, when every part
   * is held whole, the parts are joined again; when some are missing, the video goes back to
   * `uploading` with the parts it has, for the client to send the rest and complete again. Parts
   * are never thrown away here. Answers whether the video is joined and may be processed on.
   */
  async function recoverCompletion(video: OwnedVideo): Promise<boolean> {
    // The join runs under the completion's short lease, renewed, so that if this instance dies
    // too, another takes it up within a minute.
    const claimedUntil = video.processingLeaseUntil;
    const heldUntil = claimedUntil && (await renewLease(db, video.id, claimedUntil, COMPLETION_LEASE.seconds));
    if (!heldUntil) {
      return false;
    }
    const lease = holdLease(db, video.id, heldUntil, log);
    try {
      return await recoverClaimed(video, lease);
    } finally {
      await lease.stop();
    }
  }

  async function recoverClaimed(video: OwnedVideo, lease: HeldLease): Promise<boolean> {
    /** Back to `uploading`, parts kept: the client lists them, sends the rest and completes again. */
    const reopen = async (reason: string): Promise<false> => {
      const heldUntil = await lease.stop();
      const row =
        heldUntil &&
        (await updateLeasedVideo(db, video.id, heldUntil, { status: 'uploading', processingAttempts: 0 }, null));
      if (row) {
        log.info({ videoId: video.id, reason }, 'cut-off completion given back to its uploader');
        await options.onChange({ ...row, ownerName: video.ownerName });
      }
      return false;
    };
    const uploadRow = await findUpload(db, video.id);
    const upload: UploadHandle | undefined = uploadRow && {
      key: video.storageKey,
      uploadId: uploadRow.storageUploadId,
    };
    if ((await store.size(video.storageKey)) !== null) {
      if (upload) {
        // Joined before the instance died: what is left of the parts goes.
        await store.abortUpload(upload);
      }
    } else {
      if (!uploadRow || !upload) {
        throw new Unusable(LOST_MESSAGE);
      }
      try {
        let parts: StoredPart[];
        try {
          parts = await store.listParts(upload);
        } catch (error) {
          if (error instanceof StoreError && error.code === 'UPLOAD_NOT_FOUND') {
            await deleteUpload(db, video.id);
            throw new Unusable(LOST_MESSAGE);
          }
          throw error;
        }
        if (!holdsWholeUpload(parts, uploadRow.partCount, video.declaredSize)) {
          return reopen('parts missing');
        }
        await store.completeUpload(
          upload,
          parts.map(({ partNumber, etag }) => ({ partNumber, etag })),
          { signal: lease.signal },
        );
      } catch (error) {
        if (error instanceof Unusable) {
          throw error;
        }
        if (lease.signal.aborted) {
          return false;
        }
        if ((await store.size(video.storageKey).catch(() => null)) === null) {
          // The parts are still there: tried again under the short lease, and in the end given back.
          if (error instanceof StoreError || video.processingAttempts >= MAX_PROCESSING_ATTEMPTS) {
            log.warn({ err: error, videoId: video.id }, 'parts of a cut-off completion not joined');
            return reopen('join failed');
          }
          throw error;
        }
      }
    }
    await deleteUpload(db, video.id);
    let checked: Awaited<ReturnType<typeof checkJoined>>;
    try {
      checked = await checkJoined(store, video, options.maxBytes);
    } catch (error) {
      throw error instanceof JoinRefusal ? new Unusable(error.message) : error;
    }
    const heldUntil = await lease.stop();
    const row = heldUntil && (await updateLeasedVideo(db, video.id, heldUntil, checked, LEASE_SECONDS));
    if (!row) {
      return false;
    }
    Object.assign(video, row);
    return true;
  }

  async function inspect(video: VideoRow): Promise<{ durationSeconds: number | null; poster: Buffer | null }> {
    const size = await store.size(video.storageKey);
    if (size === null) {
      throw new Error('The video file is missing.');
    }
    let durationSeconds: number | null = null;
    let poster: Buffer | null = null;
    if (await ffmpeg.available()) {
      const input = await store.ffmpegInput(video.storageKey);
      durationSeconds = await ffmpeg.duration(input).catch((error: unknown) => {
        log.warn({ err: error, videoId: video.id }, 'ffmpeg could not read the duration');
        return null;
      });
      const at = durationSeconds ? Math.min(1, durationSeconds / 2) : 0;
      poster = await ffmpeg.poster(input, at).catch((error: unknown) => {
        log.warn({ err: error, videoId: video.id }, 'ffmpeg could not make a poster');
        return null;
      });
    }
    if (durationSeconds === null) {
      durationSeconds = await containerDuration(
        video.contentType,
        (start, length) => store.readRange(video.storageKey, start, length),
        size,
      ).catch(() => null);
    }
    return { durationSeconds: durationSeconds === null ? null : Math.round(durationSeconds * 1000) / 1000, poster };
  }

  async function process(video: ClaimedVideo): Promise<void> {
    if (video.size === null && !(await recoverCompletion(video))) {
      return;
    }
    const inspected = await inspect(video);
    const { poster } = inspected;
    // What the server measured; failing that, what the browser said when the upload began.
    const durationSeconds = inspected.durationSeconds ?? video.durationSeconds;
    const key = poster ? posterKey(video.teamId, video.id) : null;
    if (key && poster) {
      await store.put(key, poster, 'image/jpeg');
    }
    const row = await updateVideo(
      db,
      video.id,
      { status: 'ready', durationSeconds, posterKey: key, processingLeaseUntil: null, errorMessage: null },
      'processing',
    );
    if (!row) {
      // Deleted while it was processed.
      if (key) {
        await store.delete(key).catch(() => {});
      }
      return;
    }
    await options.onChange({ ...row, ownerName: video.ownerName });
  }

  /** Marks the video `error`: an Unusable's reason, or the tries ran out. */
  async function fail(video: ClaimedVideo, error: unknown): Promise<void> {
    const errorMessage = error instanceof Unusable ? error.message : VIDEO_FAILURES.processingFailed;
    const row = await updateVideo(
      db,
      video.id,
      { status: 'error', errorMessage, processingLeaseUntil: null },
      'processing',
    );
    if (row) {
      await options.onChange({ ...row, ownerName: video.ownerName });
    }
  }

  /**
   * Throws away uploads begun a day ago and never completed (the parts, and the video row), and
   * temporary files whose writer died (STALE_TEMPORARY_MS).
   */
  async function pruneStaleUploads(): Promise<void> {
    for (const upload of await findStaleUploads(db, STALE_UPLOAD_HOURS)) {
      await store.abortUpload({ key: upload.storageKey, uploadId: upload.storageUploadId }).catch(() => {});
      await deleteUpload(db, upload.videoId);
      await deleteVideo(db, upload.teamId, upload.videoId);
    }
    const removed = await store.sweepTemporaryFiles?.(STALE_TEMPORARY_MS);
    if (removed) {
      log.info({ removed }, 'temporary files of writers that died removed');
    }
  }

  const runner = createJobRunner({
    name: 'video processing',
    queue: processingQueue(db),
    run: process,
    fail,
    leaseSeconds: LEASE_SECONDS,
    maxAttempts: MAX_PROCESSING_ATTEMPTS,
    batchSize: BATCH,
    // First in each run, so that a start-up sweeps what an instance that died left before anything else runs.
    async beforeRun() {
      if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
        lastPrune = Date.now();
        await pruneStaleUploads();
      }
    },
    log,
  });

  return {
    /** Processes every video that is due; answers how many were taken. */
    runDue: runner.runDue,
    kick: runner.kick,
    pruneStaleUploads,
    /** Looks for work at once and every `intervalMs` (videos of other instances, jobs whose instance died). */
    start: (intervalMs = 10_000) => runner.start(intervalMs),
    /** Stops the timer and waits for the run in flight; one that failed was logged and does not fail the stop. */
    stop: runner.stop,
  };
}
export type VideoProcessor = ReturnType<typeof createVideoProcessor>;
