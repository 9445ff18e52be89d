import { STORAGE_KEYS } from '../../lib/storage';

/**
 * SPEC §3/§4 `VideoRecording`: the id of the recording in progress (its chunks are in IndexedDB).
 * It is set when recording starts and removed once the server has the whole file or the
 * recording is discarded; logout keeps it, so a recording survives signing out and in again.
 */
export function setVideoRecording(recordingId: string, storage: Storage = localStorage): void {
  storage.setItem(STORAGE_KEYS.videoRecording, recordingId);
}

export function readVideoRecording(storage: Storage = localStorage): string | null {
  return storage.getItem(STORAGE_KEYS.videoRecording) || null;
}

/** Removes the key, but only while it still names `recordingId` (a newer recording keeps its own). */
export function removeVideoRecording(recordingId?: string, storage: Storage = localStorage): void {
  if (recordingId === undefined || storage.getItem(STORAGE_KEYS.videoRecording) === recordingId) {
    storage.removeItem(STORAGE_KEYS.videoRecording);
  }
}
