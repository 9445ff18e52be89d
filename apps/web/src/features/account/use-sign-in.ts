import type { LoginResponse } from '@parley/api';
import { useNavigate, useSearchParams } from 'react-router';
import { startSession } from '../../app/session';
import { afterLoginPath } from '../../lib/redirect';

/**
 * SPEC §2.2 and §4: what follows a successful sign-in. A first login goes to
 * `/user/change-password/{token}`; otherwise the token is stored and the member goes to the
 * `redirect` parameter when it is of this origin, to `/` when it is not, and to `/dashboard` without one.
 */
export function useCompleteSignIn(): (response: LoginResponse, loginId?: string) => void {
  const navigate = useNavigate();
  const [query] = useSearchParams();
  return (response, loginId) => {
    if (response.data.firstLogin) {
      navigate(`/user/change-password/${encodeURIComponent(response.data.token)}`);
      return;
    }
    startSession(response, loginId);
    navigate(afterLoginPath(query.get('redirect'), window.location.origin), { replace: true });
  };
}
