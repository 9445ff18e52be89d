import type { Availability, MemberPresence } from '@parley/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { subscribeRealtime } from '../../lib/realtime-bus';
import { showError } from '../../lib/show-error';

/** The team's availability (`GET /api/presence`): what each member chose, and what the team sees. */
export const PRESENCE_KEY = ['presence'] as const;

/** The choices, in the menu's order. */
export const AVAILABILITY_CHOICES: readonly Availability[] = ['available', 'away', 'offline'];

/**
 * The signed-in member's own availability (`userId`) and a way to change it. A change made on
 * another tab or device arrives over the socket (`presence`) and is shown here too.
 */
export function useAvailability(userId: string | undefined) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: PRESENCE_KEY,
    queryFn: async () => (await api.presence.list()).data,
    enabled: Boolean(userId),
  });
  useEffect(
    () =>
      subscribeRealtime('presence', (message) => {
        queryClient.setQueryData<MemberPresence[]>(PRESENCE_KEY, (list) =>
          list?.some((presence) => presence.userId === message.presence.userId)
            ? list.map((presence) => (presence.userId === message.presence.userId ? message.presence : presence))
            : list,
        );
      }),
    [queryClient],
  );
  const choose = useMutation({
    mutationFn: (availability: Availability) => api.presence.set({ availability }),
    onSuccess: ({ data }) =>
      queryClient.setQueryData<MemberPresence[]>(PRESENCE_KEY, (list) =>
        list?.map((presence) => (presence.userId === data.userId ? data : presence)),
      ),
    onError: (error) => showError(error, { navigate }),
  });
  const mine = query.data?.find((presence) => presence.userId === userId);
  return { chosen: mine?.chosen, choose: (availability: Availability) => choose.mutate(availability) };
}
