import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, STORAGE_KEYS } from '../../lib/storage';
import type { StoredRecording } from './chunk-store';
import { holdRecordingLock, isRecordingLive, recordingLockName } from './recording-lock';
import { findRecoverableRecording } from './recovery';
import { readVideoRecording, removeVideoRecording, setVideoRecording } from './video-recording-key';

afterEach(() => localStorage.clear());

const RECORDING: StoredRecording = {
  id: 'rec-1',
  title: 'Hello',
  flag: 'library',
  ref: 'new',
  mimeType: 'video/webm',
  startedAt: '2026-11-23T10:00:00.000Z',
  chunkCount: 2,
  bytes: 2048,
  durationMs: 6000,
};

function storeWith(...recordings: StoredRecording[]) {
  return { getRecording: async (id: string) => recordings.find((recording) => recording.id === id) };
}

describe('VideoRecording (SPEC §3, §4)', () => {
  it('is set, read and removed', () => {
    expect(readVideoRecording()).toBeNull();
    setVideoRecording('rec-1');
    expect(localStorage.getItem(STORAGE_KEYS.videoRecording)).toBe('rec-1');
    expect(readVideoRecording()).toBe('rec-1');
    removeVideoRecording();
    expect(readVideoRecording()).toBeNull();
  });

  it('is removed only while it names the recording that finished', () => {
    setVideoRecording('rec-2');
    removeVideoRecording('rec-1');
    expect(readVideoRecording()).toBe('rec-2');
    removeVideoRecording('rec-2');
    expect(readVideoRecording()).toBeNull();
  });

  it('survives logout', () => {
    setVideoRecording('rec-1');
    clearSession();
    expect(readVideoRecording()).toBe('rec-1');
  });
});

describe('findRecoverableRecording', () => {
  const notLive = async () => false;

  it('finds the recording VideoRecording names when it has chunks', async () => {
    setVideoRecording('rec-1');
    expect(await findRecoverableRecording(storeWith(RECORDING), { isLive: notLive })).toEqual(RECORDING);
  });

  it('finds one with an upload started even if no chunk is counted', async () => {
    setVideoRecording('rec-1');
    const uploading = { ...RECORDING, chunkCount: 0, uploadVideoId: 'v-1' };
    expect(await findRecoverableRecording(storeWith(uploading), { isLive: notLive })).toEqual(uploading);
  });

  it('offers nothing without the key, for an unknown or empty recording, or one still live in a tab', async () => {
    expect(await findRecoverableRecording(storeWith(RECORDING), { isLive: notLive })).toBeNull();
    setVideoRecording('draft-1');
    expect(await findRecoverableRecording(storeWith(RECORDING), { isLive: notLive })).toBeNull();
    // A key naming nothing stays: logout keeps it, and it does no harm.
    expect(readVideoRecording()).toBe('draft-1');
    setVideoRecording('rec-1');
    expect(await findRecoverableRecording(storeWith({ ...RECORDING, chunkCount: 0 }), { isLive: notLive })).toBeNull();
    expect(await findRecoverableRecording(storeWith(RECORDING), { isLive: async () => true })).toBeNull();
  });
});

describe('recording locks', () => {
  /** A LockManager that grants every request at once, as the browser does for a free name. */
  function fakeLocks() {
    const held = new Set<string>();
    return {
      held,
      request: ((name: string, callback: () => Promise<void>) => {
        held.add(name);
        return callback().then(() => held.delete(name));
      }) as unknown as LockManager['request'],
      query: async () => ({ held: [...held].map((name) => ({ name, mode: 'exclusive' as const, clientId: 'x' })) }),
    };
  }

  it('is live while held and free once released', async () => {
    const locks = fakeLocks();
    const release = holdRecordingLock('rec-1', locks);
    expect(locks.held.has(recordingLockName('rec-1'))).toBe(true);
    expect(await isRecordingLive('rec-1', locks)).toBe(true);
    expect(await isRecordingLive('rec-2', locks)).toBe(false);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await isRecordingLive('rec-1', locks)).toBe(false);
  });

  it('counts nothing as live where the browser has no Web Locks', async () => {
    expect(await isRecordingLive('rec-1', undefined)).toBe(false);
    expect(() => holdRecordingLock('rec-1', undefined)()).not.toThrow();
  });
});
