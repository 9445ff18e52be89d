import type { NotificationSettings, SecuritySettings } from '@parley/api';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { CURRENT_USER_QUERY_KEY } from '../../lib/current-user';
import type { MutationCallbacks } from '../../lib/query-client';
import { startSession } from '../../lib/session';

/** The key of the member's security settings (MFA device, notification switches). */
export const SECURITY_KEY = ['profile', 'security'] as const;

/** `GET /api/currentUser/security`. */
export function securityQueryOptions() {
  return queryOptions({
    queryKey: SECURITY_KEY,
    queryFn: async (): Promise<SecuritySettings> => (await api.profile.security()).data,
  });
}

/** `PUT /api/currentUser`: Basic Settings; the signed-in member is read again everywhere. */
export function useUpdateProfile(callbacks: MutationCallbacks<typeof api.profile.update> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: api.profile.update,
    ...callbacks,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [CURRENT_USER_QUERY_KEY] }),
  });
}

/**
 * `PATCH /api/currentUser/notifications`: the switch moves at once; a refusal puts it back and the
 * answer (or a refetch) has the last word.
 */
export function useUpdateNotifications(callbacks: MutationCallbacks<typeof api.profile.updateNotifications> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: api.profile.updateNotifications,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: SECURITY_KEY });
      const before = queryClient.getQueryData<SecuritySettings>(SECURITY_KEY);
      queryClient.setQueryData<SecuritySettings>(SECURITY_KEY, (settings) =>
        settings ? { ...settings, notifications: { ...settings.notifications, ...change } } : settings,
      );
      return { before };
    },
    onSuccess: (answer, change, result, mutation) => {
      queryClient.setQueryData<SecuritySettings>(SECURITY_KEY, (settings) =>
        settings ? { ...settings, notifications: answer.data satisfies NotificationSettings } : settings,
      );
      callbacks.onSuccess?.(answer, change, result, mutation);
    },
    onError: (error, change, result, mutation) => {
      if (result?.before) {
        queryClient.setQueryData(SECURITY_KEY, result.before);
      }
      callbacks.onError?.(error, change, result, mutation);
    },
  });
}

/**
 * `POST /common/change-password` with the signed-in member's token and current password: every
 * session ends, this one goes on with the new token the answer brings.
 */
export function useModifyPassword(callbacks: MutationCallbacks<typeof api.auth.changePassword> = {}) {
  return useMutation({
    mutationFn: api.auth.changePassword,
    ...callbacks,
    onSuccess: (answer, request, context, mutation) => {
      startSession(answer);
      callbacks.onSuccess?.(answer, request, context, mutation);
    },
  });
}

/** `POST /api/currentUser/mfa`: a new secret and its QR code. */
export function useStartMfa(callbacks: MutationCallbacks<typeof api.profile.startMfa> = {}) {
  return useMutation({ mutationFn: () => api.profile.startMfa(), ...callbacks });
}

/** `POST /api/currentUser/mfa/confirm`: binds the device; the security settings are read again. */
export function useConfirmMfa(callbacks: MutationCallbacks<typeof api.profile.confirmMfa> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: api.profile.confirmMfa,
    ...callbacks,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SECURITY_KEY }),
  });
}

/** `POST /api/currentUser/mfa/unbind`: the answer is the new security settings. */
export function useUnbindMfa(callbacks: MutationCallbacks<typeof api.profile.unbindMfa> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: api.profile.unbindMfa,
    ...callbacks,
    onSuccess: (answer, request, context, mutation) => {
      queryClient.setQueryData(SECURITY_KEY, answer.data);
      callbacks.onSuccess?.(answer, request, context, mutation);
    },
  });
}
