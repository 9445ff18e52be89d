import type { LiveCall, LiveCallList } from '@parley/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { subscribeRealtime } from '../../lib/realtime-bus';

/** The team's ringing and connected calls (`GET /api/calls/live`), kept live by the socket. */
export const LIVE_CALLS_KEY = ['live-calls'] as const;

/** The call list's queries (features/call-history): a live change adds or changes a row there. */
const CALL_LIST_KEY = ['calls', 'list'] as const;

/** The list with `call` as it is now: kept while it rings or runs, dropped once it is over. */
export function withCall(list: LiveCallList, call: LiveCall): LiveCallList {
  const others = list.calls.filter((candidate) => candidate.id !== call.id);
  const live = call.state === 'ringing' || call.state === 'connected';
  const calls = live
    ? [...others, call].sort((a, b) => a.incomingAt.localeCompare(b.incomingAt) || a.serialNumber - b.serialNumber)
    : others;
  return { calls, declined: list.declined.filter((id) => calls.some((candidate) => candidate.id === id)) };
}

/** Whether a call asks something of this member: it rings for them, or it is theirs. */
export function concernsMember(list: LiveCallList, userId: string, available: boolean): boolean {
  return list.calls.some(
    (call) =>
      (call.state === 'ringing' && available && !list.declined.includes(call.id)) ||
      (call.state === 'connected' && call.receivedBy?.id === userId),
  );
}

/**
 * The shell's part of live calls (issue 16): the list, followed over the socket (`live`,
 * `declined`, and read again after a reconnection), and whether the ring cards are needed yet —
 * their code loads only once a call asks something of this member.
 */
export function useLiveCalls(userId: string | undefined, available: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: LIVE_CALLS_KEY,
    queryFn: async () => (await api.liveCalls.list()).data,
    enabled: Boolean(userId),
  });
  useEffect(() => {
    const stops = [
      subscribeRealtime('live', ({ call }) => {
        queryClient.setQueryData<LiveCallList>(LIVE_CALLS_KEY, (list) => (list ? withCall(list, call) : list));
        void queryClient.invalidateQueries({ queryKey: CALL_LIST_KEY });
      }),
      subscribeRealtime('declined', ({ callId }) => {
        queryClient.setQueryData<LiveCallList>(LIVE_CALLS_KEY, (list) =>
          list && !list.declined.includes(callId) ? { ...list, declined: [...list.declined, callId] } : list,
        );
      }),
      // Back after a dropped connection: what rang or ended meanwhile.
      subscribeRealtime('ready', () => void queryClient.invalidateQueries({ queryKey: LIVE_CALLS_KEY })),
    ];
    return () => {
      for (const stop of stops) {
        stop();
      }
    };
  }, [queryClient]);
  const list = query.data;
  const [needed, setNeeded] = useState(false);
  if (!needed && list && userId && concernsMember(list, userId, available)) {
    setNeeded(true);
  }
  return { list, needed };
}
