import {
  type CallEvent,
  type CallList,
  type CallListQuery,
  MAX_PAGE_SIZE,
  type Member,
  type Note,
  type Page,
} from '@parley/api';
import { keepPreviousData, type QueryClient, queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import { subscribeRealtime } from '../notices/realtime-bus';

/** The first part of every call-history query key: invalidate `[CALLS_KEY]` after a change. */
export const CALLS_KEY = 'calls';

/** How often a page with a recording being generated is fetched again, in case a socket message is lost. */
export const GENERATING_REFETCH_MS = 10_000;

export function callListKey(query: CallListQuery) {
  return [CALLS_KEY, 'list', query] as const;
}

/** `GET /api/calls`: a page of the team's calls; the previous page stays shown while the next loads. */
export function callListQueryOptions(query: CallListQuery) {
  return queryOptions({
    queryKey: callListKey(query),
    queryFn: (): Promise<CallList> => api.calls.list(query),
    placeholderData: keepPreviousData,
    // The socket says when a recording is ready; asking again now and then covers a lost message.
    refetchInterval: (state) =>
      state.state.data?.list.some((call) => call.recordingStatus === 'generating') ? GENERATING_REFETCH_MS : false,
  });
}

export function callNotesKey(callId: string) {
  return [CALLS_KEY, 'notes', callId] as const;
}

/** `GET /api/calls/:id/notes`: the call's notes, oldest first. */
export function callNotesQueryOptions(callId: string) {
  return queryOptions({
    queryKey: callNotesKey(callId),
    queryFn: (): Promise<Page<Note>> => api.calls.notes(callId),
  });
}

/** `GET /api/calls/:id/captions`: the timed cues. */
export function callCaptionsQueryOptions(callId: string) {
  return queryOptions({
    queryKey: [CALLS_KEY, 'captions', callId] as const,
    queryFn: () => api.calls.captions(callId),
  });
}

/** `GET /api/calls/:id/captions.vtt`: the cues as WebVTT, for the player's captions track. */
export function callCaptionsVttQueryOptions(callId: string) {
  return queryOptions({
    queryKey: [CALLS_KEY, 'captions.vtt', callId] as const,
    queryFn: () => api.calls.captionsVtt(callId),
  });
}

/** The pages of members one list holds at most (the Received By choices). */
const MEMBER_PAGES = 10;

/** `GET /api/users`: every member of the team (the Received By filter), a hundred at a time. */
export function teamMembersQueryOptions() {
  return queryOptions({
    queryKey: ['members', 'all'] as const,
    queryFn: async (): Promise<Member[]> => {
      const members: Member[] = [];
      for (let current = 1; current <= MEMBER_PAGES; current += 1) {
        const page = await api.users.list({ current, pageSize: MAX_PAGE_SIZE });
        members.push(...page.list);
        if (members.length >= page.total || page.list.length === 0) {
          break;
        }
      }
      return members.sort((a, b) => a.name.localeCompare(b.name));
    },
  });
}

/** Puts a call's new recording status into every cached page that shows the call. */
export function applyCallEvent(queryClient: QueryClient, event: CallEvent): void {
  for (const [key, page] of queryClient.getQueriesData<CallList>({ queryKey: [CALLS_KEY, 'list'] })) {
    if (!page?.list.some((call) => call.id === event.id)) {
      continue;
    }
    queryClient.setQueryData<CallList>(key, {
      ...page,
      list: page.list.map((call) =>
        call.id === event.id
          ? { ...call, recordingStatus: event.recordingStatus, recordingUrl: event.recordingUrl }
          : call,
      ),
    });
  }
}

/** Follows recording statuses from the realtime socket (`{ type: 'call', call }`) into the cached pages. */
export function useLiveCalls(): void {
  const queryClient = useQueryClient();
  useEffect(() => subscribeRealtime('call', (message) => applyCallEvent(queryClient, message.call)), [queryClient]);
}
