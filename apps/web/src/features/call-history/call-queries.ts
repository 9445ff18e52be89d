import {
  type CallEvent,
  type CallList,
  type CallListQuery,
  type FollowUpState,
  MAX_BULK_DELETE,
  MAX_PAGE_SIZE,
  type Member,
  type Note,
  type NoteRequest,
  type Page,
} from '@parley/api';
import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import type { MutationCallbacks } from '../../lib/query-client';
import { subscribeRealtime } from '../../lib/realtime-bus';
import { showError } from '../../lib/show-error';
import { useUndoableDelete } from '../../lib/undoable-delete';

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
          ? {
              ...call,
              recordingStatus: event.recordingStatus,
              recordingUrl: event.recordingUrl,
              recordingError: event.recordingError,
            }
          : call,
      ),
    });
  }
}

/**
 * How many socket messages each call's recording has had in this tab. The answer to Generate or
 * Retry may come after the socket already said how the job ended (a call without media fails at
 * once): that answer must not put the call back to `generating`.
 */
const recordingNews = new Map<string, number>();

/**
 * Follows recording statuses from the realtime socket (`{ type: 'call', call }`) into the cached
 * pages, and asks the pages again when a visitor's message video changes status.
 */
export function useLiveCalls(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stops = [
      subscribeRealtime('call', (message) => {
        recordingNews.set(message.call.id, (recordingNews.get(message.call.id) ?? 0) + 1);
        applyCallEvent(queryClient, message.call);
      }),
      // A visitor's message that became playable (or failed): the Messages tab shows it as it is.
      subscribeRealtime('video', (message) => {
        if (message.video.kind === 'message' && message.video.status !== 'uploading') {
          void invalidateCallList(queryClient);
        }
      }),
    ];
    return () => {
      for (const stop of stops) {
        stop();
      }
    };
  }, [queryClient]);
}

// The changes. Each shows its failure by its show-type (SPEC §8) unless the screen passes its
// own onError, and updates or refetches what it changed before the screen's onSuccess runs.

/** `showError` with the router's navigation: what a change does with a failure unless the screen says otherwise. */
function useShowFailure(): (error: unknown) => void {
  const navigate = useNavigate();
  return (error) => showError(error, { navigate });
}

/** Asks again for every cached page of calls, after a change the list shows (follow-up, notes count, deletes). */
export function invalidateCallList(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [CALLS_KEY, 'list'] });
}

/** `PATCH /api/calls/:id` with the follow-up state the member set; the pages are fetched again. */
export function useUpdateFollowUp(
  callId: string,
  callbacks: MutationCallbacks<(followUp: FollowUpState) => ReturnType<typeof api.calls.update>> = {},
) {
  const queryClient = useQueryClient();
  const showFailure = useShowFailure();
  return useMutation({
    onError: showFailure,
    ...callbacks,
    mutationFn: (followUp: FollowUpState) => api.calls.update(callId, { followUp }),
    onSuccess: async (...result) => {
      await invalidateCallList(queryClient);
      await callbacks.onSuccess?.(...result);
    },
  });
}

/** `POST /api/calls/:id/recording`: starts generating the recording; its status goes into the cached pages. */
export function useGenerateRecording(
  callId: string,
  callbacks: MutationCallbacks<() => ReturnType<typeof api.calls.generateRecording>> = {},
) {
  const queryClient = useQueryClient();
  const showFailure = useShowFailure();
  // The socket's news of the call when the request left: newer news is newer than its answer.
  const newsWhenAsked = useRef(0);
  return useMutation({
    onError: showFailure,
    ...callbacks,
    mutationFn: () => {
      newsWhenAsked.current = recordingNews.get(callId) ?? 0;
      return api.calls.generateRecording(callId);
    },
    onSuccess: async (...result) => {
      if ((recordingNews.get(callId) ?? 0) === newsWhenAsked.current) {
        applyCallEvent(queryClient, { id: callId, ...result[0].data });
      }
      await callbacks.onSuccess?.(...result);
    },
  });
}

/** The call's notes and the pages (whose Notes column counts them), fetched again after a change. */
function refreshNotes(queryClient: QueryClient, callId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: callNotesKey(callId) }),
    invalidateCallList(queryClient),
  ]);
}

/** A note to save: a new one, or the text of the note `noteId` names. */
type SavedNote = NoteRequest & { noteId?: string };

function saveNote(callId: string, { noteId, ...note }: SavedNote) {
  return noteId ? api.calls.editNote(callId, noteId, note) : api.calls.addNote(callId, note);
}

/** `POST /api/calls/:id/notes`, or `PUT …/notes/:noteId` to edit one; the notes are fetched again. */
export function useSaveNote(
  callId: string,
  callbacks: MutationCallbacks<(note: SavedNote) => ReturnType<typeof saveNote>> = {},
) {
  const queryClient = useQueryClient();
  const showFailure = useShowFailure();
  return useMutation({
    onError: showFailure,
    ...callbacks,
    mutationFn: (note: SavedNote) => saveNote(callId, note),
    onSuccess: async (...result) => {
      await refreshNotes(queryClient, callId);
      await callbacks.onSuccess?.(...result);
    },
  });
}

/** `DELETE /api/calls/:id/notes/:noteId`; the notes are fetched again. */
export function useRemoveNote(callId: string) {
  const queryClient = useQueryClient();
  const showFailure = useShowFailure();
  return useMutation({
    onError: showFailure,
    mutationFn: (noteId: string) => api.calls.removeNote(callId, noteId),
    onSuccess: () => refreshNotes(queryClient, callId),
  });
}

/** Deletes calls: one by its own address, several a hundred at a time (the contract's limit). */
export async function deleteCalls(ids: readonly string[], options: { keepalive?: boolean } = {}): Promise<void> {
  const [only] = ids;
  if (ids.length === 1 && only) {
    await api.calls.remove(only, options);
    return;
  }
  for (let start = 0; start < ids.length; start += MAX_BULK_DELETE) {
    await api.calls.removeMany(ids.slice(start, start + MAX_BULK_DELETE), options);
  }
}

/**
 * Undoable deletes of calls (`undoable-delete`): `remove` hides the rows at once and sends
 * `DELETE /api/calls/:id` or `DELETE /api/calls?ids=` (see `deleteCalls`) once the Undo time has
 * passed; the pages are then fetched again. `hidden` holds the ids to leave out meanwhile.
 */
export function useDeleteCalls() {
  const queryClient = useQueryClient();
  const { hidden, remove } = useUndoableDelete(CALLS_KEY);
  return {
    hidden,
    remove: (ids: readonly string[], options: { title: React.ReactNode; onHidden?: () => void }) =>
      remove({
        ...options,
        ids,
        send: ({ keepalive }) => deleteCalls(ids, { keepalive }),
        onDeleted: () => invalidateCallList(queryClient),
      }),
  };
}
