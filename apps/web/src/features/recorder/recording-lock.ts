/** The Web Lock a tab holds while a recording is live in it (recording, review or upload). */
export function recordingLockName(recordingId: string): string {
  return `parley-recording:${recordingId}`;
}

type Locks = Pick<LockManager, 'request' | 'query'>;

function locks(): Locks | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: Locks }).locks;
}

/**
 * Holds the recording's lock until the answered function is called, so other tabs (and a reload
 * of this one: locks end with their page) can tell a live recording from an interrupted one.
 * Without Web Locks it does nothing.
 */
export function holdRecordingLock(recordingId: string, lockManager: Locks | undefined = locks()): () => void {
  if (!lockManager) {
    return () => {};
  }
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  void lockManager.request(recordingLockName(recordingId), () => held).catch(() => {});
  return () => release();
}

/** True when some page holds the recording's lock now: it is not interrupted. */
export async function isRecordingLive(recordingId: string, lockManager: Locks | undefined = locks()): Promise<boolean> {
  if (!lockManager) {
    return false;
  }
  try {
    const snapshot = await lockManager.query();
    return (snapshot.held ?? []).some((lock) => lock.name === recordingLockName(recordingId));
  } catch {
    return false;
  }
}
