import type { ChunkStore, StoredRecording } from './chunk-store';
import { isRecordingLive } from './recording-lock';
import { readVideoRecording } from './video-recording-key';

interface RecoveryOptions {
  readKey?: () => string | null;
  isLive?: (recordingId: string) => Promise<boolean>;
}

/**
 * The interrupted recording to offer back, if any: the one `VideoRecording` names, when the store
 * holds chunks of it (or an upload of it was started), and no open page is still working on it.
 * A key naming nothing the store holds is left alone: it is harmless, and logout keeps the key.
 */
export async function findRecoverableRecording(
  store: Pick<ChunkStore, 'getRecording'>,
  { readKey = readVideoRecording, isLive = isRecordingLive }: RecoveryOptions = {},
): Promise<StoredRecording | null> {
  const recordingId = readKey();
  if (!recordingId) {
    return null;
  }
  const recording = await store.getRecording(recordingId);
  if (!recording || (recording.chunkCount === 0 && !recording.uploadVideoId)) {
    return null;
  }
  if (await isLive(recordingId)) {
    return null;
  }
  return recording;
}
