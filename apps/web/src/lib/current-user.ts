import { type CurrentUser, isApiError } from '@parley/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { api } from './api';
import { endSession } from './session';
import { showError } from './show-error';

/** The key's first part; invalidate `[CURRENT_USER_QUERY_KEY]` to reload the signed-in member everywhere. */
export const CURRENT_USER_QUERY_KEY = 'currentUser';

/** The key of one session's current user: a new sign-in never sees the last one's data. */
export function currentUserKey(token: string | null) {
  return [CURRENT_USER_QUERY_KEY, token] as const;
}

function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/** `GET /api/currentUser` (SPEC §7.1): the signed-in member, with notifyCount and unreadCount. */
export function currentUserQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: currentUserKey(token),
    queryFn: async (): Promise<CurrentUser> => (await api.users.current()).data,
    enabled: token !== null,
    // A refused token stays refused; asking again only delays the way back to the login page.
    retry: (failures, error) => !isUnauthorized(error) && failures < 1,
  });
}

/**
 * The signed-in member. A 401 means the token was revoked (logout elsewhere, password changed,
 * member removed): the session ends here too and the security layout sends the person to the
 * login page with this address as `redirect`. Other failures are shown by their show-type.
 */
export function useCurrentUser(token: string | null) {
  const navigate = useNavigate();
  const query = useQuery(currentUserQueryOptions(token));
  const { error } = query;
  useEffect(() => {
    if (!error) {
      return;
    }
    if (isUnauthorized(error)) {
      endSession();
      return;
    }
    showError(error, { navigate });
  }, [error, navigate]);
  return query;
}
