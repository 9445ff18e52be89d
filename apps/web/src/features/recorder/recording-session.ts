import type { ChunkStore, RecordingFlag } from './chunk-store';
import { holdRecordingLock } from './recording-lock';
import { removeVideoRecording, setVideoRecording } from './video-recording-key';

/** MediaRecorder hands a chunk over every this many milliseconds: a crash loses at most one. */
export const TIMESLICE_MS = 2000;
/**
 * A key frame every second. Chromium's MP4 muxer emits a fragment only at a key frame, and its
 * H.264 encoder otherwise makes them so rarely that every timeslice but the last came out empty:
 * a crash would have lost the whole recording.
 */
export const KEY_FRAME_INTERVAL_MS = 1000;

export interface RecordingSession {
  recordingId: string;
  /** The type MediaRecorder actually records. */
  mimeType: string;
  pause: () => void;
  resume: () => void;
  /** Stops recording; resolves once the last chunk is stored. */
  stop: () => Promise<void>;
  /** Stops if needed and deletes what was stored (retake). */
  discard: () => Promise<void>;
  /** Lets go of the recording without deleting it (leaving the page): it becomes recoverable. */
  release: () => void;
}

interface SessionOptions {
  stream: MediaStream;
  store: ChunkStore;
  flag: RecordingFlag;
  ref: string;
  mimeType: string | undefined;
  /** Milliseconds recorded so far, stored with each chunk for the recovery dialog. */
  elapsedMs: () => number;
  /** A chunk could not be stored, or MediaRecorder failed. */
  onError: (error: unknown) => void;
  timesliceMs?: number;
  MediaRecorderImpl?: typeof MediaRecorder;
  createId?: () => string;
}

/**
 * Records a stream with MediaRecorder in timeslices, writing every chunk to the store as it
 * arrives (in order, one after the other), and names the recording in `VideoRecording`.
 */
export async function startRecordingSession({
  stream,
  store,
  flag,
  ref,
  mimeType,
  elapsedMs,
  onError,
  timesliceMs = TIMESLICE_MS,
  MediaRecorderImpl = globalThis.MediaRecorder,
  createId = () => crypto.randomUUID(),
}: SessionOptions): Promise<RecordingSession> {
  // `videoKeyFrameIntervalDuration` (Chromium 127+) is not in TypeScript's DOM types yet; others ignore it.
  const options: MediaRecorderOptions & { videoKeyFrameIntervalDuration?: number } = {
    videoKeyFrameIntervalDuration: KEY_FRAME_INTERVAL_MS,
    ...(mimeType ? { mimeType } : {}),
  };
  const recorder = new MediaRecorderImpl(stream, options);
  const recordingId = createId();
  const actualType = recorder.mimeType || mimeType || 'video/webm';
  await store.createRecording({ id: recordingId, title: '', flag, ref, mimeType: actualType });
  setVideoRecording(recordingId);
  const releaseLock = holdRecordingLock(recordingId);

  let index = 0;
  let writes: Promise<void> = Promise.resolve();
  let failed = false;

  recorder.addEventListener('dataavailable', (event: BlobEvent) => {
    if (!event.data || event.data.size === 0) {
      return;
    }
    const chunkIndex = index;
    index += 1;
    const blob = event.data;
    writes = writes.then(async () => {
      if (failed) {
        return;
      }
      try {
        await store.appendChunk(recordingId, chunkIndex, blob);
        await store.updateRecording(recordingId, { durationMs: Math.round(elapsedMs()) });
      } catch (error) {
        failed = true;
        onError(error);
      }
    });
  });
  recorder.addEventListener('error', (event) => {
    failed = true;
    onError((event as Event & { error?: unknown }).error ?? event);
  });
  recorder.start(timesliceMs);

  async function stop(): Promise<void> {
    if (recorder.state !== 'inactive') {
      const stopped = new Promise<void>((resolve) =>
        recorder.addEventListener('stop', () => resolve(), { once: true }),
      );
      recorder.stop();
      await stopped;
    }
    await writes;
    await store.updateRecording(recordingId, { durationMs: Math.round(elapsedMs()) }).catch(() => {});
  }

  return {
    recordingId,
    mimeType: actualType,
    pause: () => {
      if (recorder.state === 'recording') {
        recorder.pause();
      }
    },
    resume: () => {
      if (recorder.state === 'paused') {
        recorder.resume();
      }
    },
    stop,
    async discard() {
      await stop().catch(() => {});
      await store.deleteRecording(recordingId);
      removeVideoRecording(recordingId);
      releaseLock();
    },
    release: () => {
      if (recorder.state !== 'inactive') {
        recorder.stop();
      }
      releaseLock();
    },
  };
}
