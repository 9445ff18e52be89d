import { type InviteMemberRequest, MAX_PAGE_SIZE, type TeamMember, type UpdateMemberRequest } from '@parley/api';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import type { MutationCallbacks } from '../../lib/query-client';
import { subscribeRealtime } from '../../lib/realtime-bus';

/** The Support team list's key: invalidate it after a change the screen did not make itself. */
export const TEAM_MEMBERS_KEY = ['team', 'members'] as const;

/** The pages of members the list reads at most (a hundred each). */
const MEMBER_PAGES = 10;

/** `GET /api/users`: every member of the team, with availability, last seen and calls this week. */
export function teamMembersQueryOptions() {
  return queryOptions({
    queryKey: TEAM_MEMBERS_KEY,
    queryFn: async (): Promise<TeamMember[]> => {
      const members: TeamMember[] = [];
      for (let current = 1; current <= MEMBER_PAGES; current += 1) {
        const page = await api.users.list({ current, pageSize: MAX_PAGE_SIZE });
        members.push(...page.list);
        if (members.length >= page.total || page.list.length === 0) {
          break;
        }
      }
      return members;
    },
  });
}

/** Puts one member's changed fields into the cached list at once (the refetch confirms them). */
function patchMember(queryClient: QueryClient, id: string, change: Partial<TeamMember>) {
  queryClient.setQueryData<TeamMember[]>(TEAM_MEMBERS_KEY, (list) =>
    list?.map((member) => (member.id === id ? { ...member, ...change } : member)),
  );
}

/**
 * Keeps the list live: every `presence` message over `/ws` (a member chose Away, or closed their
 * last tab) changes their row at once. A member who comes online is seen now, and one who was only
 * invited has signed in: the list is read again for their last seen and their invitation.
 */
export function useLivePresence() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeRealtime('presence', ({ presence }) => {
        const before = queryClient
          .getQueryData<TeamMember[]>(TEAM_MEMBERS_KEY)
          ?.find((member) => member.id === presence.userId);
        patchMember(queryClient, presence.userId, { availability: presence.availability });
        if (
          presence.availability !== 'offline' &&
          (!before || before.firstLogin || before.availability === 'offline')
        ) {
          void queryClient.invalidateQueries({ queryKey: TEAM_MEMBERS_KEY });
        }
      }),
    [queryClient],
  );
}

type InviteFn = (values: InviteMemberRequest) => ReturnType<typeof api.users.invite>;

/** `POST /api/users`: an invitation by e-mail; the list is read again. */
export function useInviteMember(callbacks: MutationCallbacks<InviteFn> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...callbacks,
    mutationFn: (values: InviteMemberRequest) => api.users.invite(values),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TEAM_MEMBERS_KEY }),
  });
}

interface UpdateVariables {
  id: string;
  change: UpdateMemberRequest;
}
type UpdateFn = (variables: UpdateVariables) => ReturnType<typeof api.users.update>;

/** `PATCH /api/users/:id`: a role, or disabled / enabled; the row shows the answer at once. */
export function useUpdateMember(callbacks: MutationCallbacks<UpdateFn> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...callbacks,
    mutationFn: ({ id, change }: UpdateVariables) => api.users.update(id, change),
    onSuccess: async (...result) => {
      const { data } = result[0];
      patchMember(queryClient, data.id, { role: data.role, disabled: data.disabled, name: data.name });
      await callbacks.onSuccess?.(...result);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: TEAM_MEMBERS_KEY }),
  });
}

type ResendFn = (id: string) => ReturnType<typeof api.users.resendInvitation>;

/** `POST /api/users/:id/invitation`: a new one-time password by e-mail. */
export function useResendInvitation(callbacks: MutationCallbacks<ResendFn> = {}) {
  return useMutation({ ...callbacks, mutationFn: (id: string) => api.users.resendInvitation(id) });
}

/** Sends a member's removal (after its Undo has run out). */
export function removeMember(id: string, options: { keepalive: boolean }) {
  return api.users.remove(id, options);
}
