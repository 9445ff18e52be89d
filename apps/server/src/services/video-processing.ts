import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import {
  claimProcessing,
  deleteUpload,
  deleteVideo,
  findStaleUploads,
  findUpload,
  type OwnedVideo,
  updateVideo,
  type VideoRow,
} from '../repositories/videos';
import type { Ffmpeg } from './ffmpeg';
import { posterKey, type VideoStore } from './storage/store';
import { containerDuration, SNIFF_BYTES, sniffContainer } from './video-files';
import { NOT_A_VIDEO_MESSAGE, sizeRefusal } from './videos';

/** How long one job may hold a video before another worker may take it up. */
const LEASE_SECONDS = 10 * 60;
/** Tries before a video that cannot be processed is marked `error`. */
export const MAX_PROCESSING_ATTEMPTS = 3;
const BATCH = 2;
/** An upload nobody completed in a day is thrown away. */
const STALE_UPLOAD_HOURS = 24;
const PRUNE_EVERY_MS = 10 * 60_000;

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

/**
 * After an upload: the duration and a poster (ffmpeg when present; otherwise the duration from the
 * container and no poster), then `ready`. Jobs are claimed in the database, so any instance may run
 * them, a video is processed by one at a time, and one whose instance died is taken up again.
 */
export function createVideoProcessor(options: VideoProcessorOptions) {
  const { db, store, ffmpeg, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  /** Work arrived while a run was finishing: look again after it. */
  let again = false;
  let lastPrune = 0;

  /** A reason the video can never be processed: it is marked `error` at once, not tried again. */
  class Unusable extends Error {}

  /**
   * A video whose completion was cut off (its instance died after taking it, before it had joined
   * the parts and checked them; its size is still unknown) gets the checks completion would have
   * made: the whole file is there, within the limits, and an MP4 or WebM by its bytes.
   */
  async function checkInterruptedCompletion(video: OwnedVideo): Promise<void> {
    const size = await store.size(video.storageKey);
    if (size === null) {
      const upload = await findUpload(db, video.id);
      if (upload) {
        await store.abortUpload({ key: video.storageKey, uploadId: upload.storageUploadId }).catch(() => {});
        await deleteUpload(db, video.id);
      }
      throw new Unusable('The upload did not finish. Record or upload the video again.');
    }
    const refusal = sizeRefusal(size, video.declaredSize, options.maxBytes);
    if (refusal) {
      await store.delete(video.storageKey);
      throw new Unusable(refusal);
    }
    const detected = sniffContainer(await store.readRange(video.storageKey, 0, SNIFF_BYTES));
    if (!detected) {
      await store.delete(video.storageKey);
      throw new Unusable(NOT_A_VIDEO_MESSAGE);
    }
    await deleteUpload(db, video.id);
    await updateVideo(db, video.id, { size, contentType: detected }, 'processing');
    Object.assign(video, { size, contentType: detected });
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

  async function process(video: OwnedVideo): Promise<void> {
    try {
      if (video.size === null) {
        await checkInterruptedCompletion(video);
      }
      const { durationSeconds, poster } = await inspect(video);
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
    } catch (error) {
      log.warn({ err: error, videoId: video.id, attempts: video.processingAttempts }, 'video processing failed');
      if (error instanceof Unusable || video.processingAttempts >= MAX_PROCESSING_ATTEMPTS) {
        const errorMessage = error instanceof Unusable ? error.message : 'The video could not be processed.';
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
    }
  }

  /** Throws away uploads begun a day ago and never completed (the parts, and the video row). */
  async function pruneStaleUploads(): Promise<void> {
    for (const upload of await findStaleUploads(db, STALE_UPLOAD_HOURS)) {
      await store.abortUpload({ key: upload.storageKey, uploadId: upload.storageUploadId }).catch(() => {});
      await deleteUpload(db, upload.videoId);
      await deleteVideo(db, upload.teamId, upload.videoId);
    }
  }

  async function runDue(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      for (let batch = await claimProcessing(db, BATCH, LEASE_SECONDS); batch.length > 0; ) {
        await Promise.all(batch.map(process));
        total += batch.length;
        batch = await claimProcessing(db, BATCH, LEASE_SECONDS);
      }
      if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
        lastPrune = Date.now();
        await pruneStaleUploads();
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
    runDue().catch((error: unknown) => log.error({ err: error }, 'video processing stopped'));
  }

  return {
    /** Processes every video that is due; answers how many were taken. */
    runDue,
    kick,
    pruneStaleUploads,
    /** Looks for work every `intervalMs` (videos of other instances, jobs whose instance died). */
    start(intervalMs = 10_000): void {
      timer = setInterval(kick, intervalMs);
      timer.unref();
      kick();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      await running;
    },
  };
}
export type VideoProcessor = ReturnType<typeof createVideoProcessor>;
