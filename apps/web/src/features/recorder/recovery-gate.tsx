import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { getChunkStore, type StoredRecording } from './chunk-store';
import { findRecoverableRecording } from './recovery';

const LOCK_SETTLE_MS = 250;

// The dialog (and the upload code) loads only when there is something to recover.
const RecoveryDialog = lazy(async () => ({ default: (await import('./recovery-dialog')).RecoveryDialog }));

/**
 * Looks for an interrupted recording (the one `VideoRecording` names, with chunks stored, that no
 * page is working on) when the signed-in shell opens and after each move to another screen,
 * and offers it back. "Later" leaves it alone until the next page load.
 */
function RecoveryGate() {
  const { pathname } = useLocation();
  const [recording, setRecording] = useState<StoredRecording | null>(null);
  const postponed = useRef(new Set<string>());

  // biome-ignore lint/correctness/useExhaustiveDependencies: looks again on each move to another screen
  useEffect(() => {
    if (!('indexedDB' in globalThis)) {
      return;
    }
    let cancelled = false;
    // A moment's wait: a recorder page just left lets go of its recording's lock asynchronously.
    const timer = setTimeout(async () => {
      try {
        const found = await findRecoverableRecording(await getChunkStore());
        if (!cancelled && found && !postponed.current.has(found.id)) {
          setRecording((current) => current ?? found);
        }
      } catch {
        // No IndexedDB (private mode in some browsers): there is nothing to recover either.
      }
    }, LOCK_SETTLE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [pathname]);

  if (!recording) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <RecoveryDialog
        recording={recording}
        onClose={(outcome) => {
          if (outcome === 'later') {
            postponed.current.add(recording.id);
          }
          setRecording(null);
        }}
      />
    </Suspense>
  );
}

export { RecoveryGate };
