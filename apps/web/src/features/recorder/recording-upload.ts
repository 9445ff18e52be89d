import { VIDEO_DURATION_MAX_SECONDS } from '@parley/api';
import type { ChunkStore, RecordingFlag, StoredRecording } from './chunk-store';
import { videoContentType } from './mime';
import { holdRecordingLock } from './recording-lock';
import {
  type PutPart,
  startUpload,
  UploadCancelledError,
  type UploadHandle,
  type UploadProgress,
  type VideoUploadApi,
} from './upload-manager';
import { removeVideoRecording } from './video-recording-key';

/** The server's kind of video for each recorder flag. */
export function videoKindForFlag(flag: RecordingFlag): 'library' | 'followup' | 'menu' {
  return flag;
}

/**
 * How long the recording lasts, in seconds, as the recorder timed it: sent with the upload, so the
 * library shows a duration even when the file does not carry one (MediaRecorder's WebM). None
 * when it was not timed, or beyond what the server accepts.
 */
export function recordedSeconds(recording: Pick<StoredRecording, 'durationMs'>): number | undefined {
  const seconds = recording.durationMs / 1000;
  return Number.isFinite(seconds) && seconds > 0 && seconds <= VIDEO_DURATION_MAX_SECONDS ? seconds : undefined;
}

/** The `ref` of the new video: the call or menu item the recording was made for (none for `new`). */
export function videoRefFor(recording: Pick<StoredRecording, 'ref'>): string | undefined {
  return recording.ref && recording.ref !== 'new' ? recording.ref : undefined;
}

export interface RecordingUpload<Video> {
  recordingId: string;
  /** The video, once the server has the whole file; the stored chunks are gone by then. */
  result: Promise<Video>;
  cancel: () => Promise<void>;
  /** The latest progress, if any. */
  progress: () => UploadProgress | null;
  /** Calls `listener` on each progress; answers the unsubscribe. */
  subscribe: (listener: (progress: UploadProgress) => void) => () => void;
}

interface UploadRecordingOptions<Video> {
  store: ChunkStore;
  recordingId: string;
  api: VideoUploadApi<Video>;
  putPart: PutPart;
  /** Passed to the upload manager (tests make waits instant). */
  tuning?: Pick<Parameters<typeof startUpload>[0], 'sleep' | 'backoffMs' | 'concurrency' | 'maxAttempts'>;
}

const active = new Map<string, RecordingUpload<unknown>>();

/** The upload of this recording running in this page, if any (the recorder and the recovery dialog share it). */
export function activeRecordingUpload<Video>(recordingId: string): RecordingUpload<Video> | undefined {
  return active.get(recordingId) as RecordingUpload<Video> | undefined;
}

/**
 * Uploads a stored recording: assembles its chunks, resumes the upload the store remembers (or
 * starts one and remembers it), and once the server has the whole file deletes the chunks and
 * removes `VideoRecording`. A cancelled upload forgets the server's upload and keeps the chunks.
 * An upload of the same recording already running in this page is joined, not started twice.
 */
export function uploadRecording<Video>({
  store,
  recordingId,
  api,
  putPart,
  tuning = {},
}: UploadRecordingOptions<Video>): RecordingUpload<Video> {
  const running = activeRecordingUpload<Video>(recordingId);
  if (running) {
    return running;
  }
  const listeners = new Set<(progress: UploadProgress) => void>();
  let latest: UploadProgress | null = null;
  let handle: UploadHandle<Video> | undefined;
  let cancelled = false;
  const release = holdRecordingLock(recordingId);

  async function run(): Promise<Video> {
    const recording = await store.getRecording(recordingId);
    if (!recording) {
      throw new Error(`No stored recording ${recordingId}`);
    }
    const blob = await store.assemble(recordingId);
    if (cancelled) {
      throw new UploadCancelledError();
    }
    const contentType = videoContentType(recording.mimeType);
    const ref = videoRefFor(recording);
    const durationSeconds = recordedSeconds(recording);
    handle = startUpload({
      blob,
      contentType,
      video: {
        title: recording.title,
        kind: videoKindForFlag(recording.flag),
        ...(ref ? { ref } : {}),
        ...(durationSeconds ? { durationSeconds } : {}),
      },
      api,
      putPart,
      ...(recording.uploadVideoId ? { resumeVideoId: recording.uploadVideoId } : {}),
      onTarget: async (target) => {
        await store.updateRecording(recordingId, {
          uploadVideoId: target.videoId,
          upload: { ...target, size: blob.size, contentType },
        });
      },
      onProgress: (progress) => {
        latest = progress;
        for (const listener of listeners) {
          listener(progress);
        }
      },
      ...tuning,
    });
    try {
      const video = await handle.result;
      await store.deleteRecording(recordingId);
      removeVideoRecording(recordingId);
      return video;
    } catch (error) {
      if (error instanceof UploadCancelledError) {
        await store.updateRecording(recordingId, { uploadVideoId: undefined, upload: undefined }).catch(() => {});
      }
      throw error;
    }
  }

  const result = run().finally(() => {
    active.delete(recordingId);
    release();
  });
  const upload: RecordingUpload<Video> = {
    recordingId,
    result,
    async cancel() {
      cancelled = true;
      await handle?.cancel();
      await result.catch(() => {});
    },
    progress: () => latest,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  active.set(recordingId, upload as RecordingUpload<unknown>);
  return upload;
}
