import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { replaceLocation } from '../../lib/browser';
import { afterLogoutLocation } from '../../lib/redirect';
import { endSession } from '../../lib/session';
import { clearSession } from '../../lib/storage';
import { flushPendingDeletes } from '../../lib/undoable-delete';

/**
 * SPEC §2.2 and §4: logout ends the session on the server (best effort: the local session ends
 * whatever the network says), removes the stored sign-in and sends the user to `/` with the
 * current address as `redirect`, unless already on the login page or a redirect is present.
 *
 * Leaving is a full page load: nothing of the signed-in app (cached data, the notice socket)
 * outlives the session, and the guarded layout never sees a half-ended session and sends the
 * user to the login page instead of `/`.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    // Deletes still waiting for their Undo time go now, while the token still works.
    await flushPendingDeletes();
    try {
      await api.auth.logout();
    } catch {
      // The token may already be revoked or the network gone; the local session ends anyway.
    }
    const target = afterLogoutLocation(new URL(window.location.href));
    if (target) {
      clearSession();
      replaceLocation(target);
      return;
    }
    // Nothing to go to: the session ends in place and the guarded layout shows the login page.
    endSession();
    queryClient.clear();
  };
}
