import { UpdatePrompt } from '@parley/ui/update-prompt';
import { useState, useSyncExternalStore } from 'react';
import { getWaitingRegistration, refreshToUpdate, subscribeToWaitingRegistration } from '../../lib/service-worker';

/**
 * SPEC §4: with the offline app on, a new version waiting shows 'new content, refresh'; Refresh
 * activates the waiting worker and reloads. Dismissed, it stays away until the next visit.
 */
function UpdateNotice() {
  const waiting = useSyncExternalStore(subscribeToWaitingRegistration, getWaitingRegistration, () => null);
  const [dismissed, setDismissed] = useState<ServiceWorkerRegistration | null>(null);
  return (
    <UpdatePrompt
      open={waiting !== null && waiting !== dismissed}
      onOpenChange={(open) => {
        if (!open) {
          setDismissed(waiting);
        }
      }}
      onRefresh={() => refreshToUpdate()}
    />
  );
}

export { UpdateNotice };
