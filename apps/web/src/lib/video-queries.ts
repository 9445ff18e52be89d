import type { UpdateVideoRequest, Video, VideoList, VideoListQuery } from '@parley/api';
import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { api } from './api';
import type { MutationCallbacks } from './query-client';
import { subscribeRealtime } from './realtime-bus';
import { showError } from './show-error';
import { useUndoableDelete } from './undoable-delete';

// The team's videos, read and changed by the library, the follow-up's recording picker and the
// recorder's recovery: their queries and mutations sit here, below the features.

/** The first part of every video query key: invalidate `[VIDEOS_KEY]` after a change. */
export const VIDEOS_KEY = 'videos';

/** Asks again for every cached video query, after a video was added or removed. */
export function invalidateVideos(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [VIDEOS_KEY] });
}

export type VideoListParams = Pick<VideoListQuery, 'current' | 'pageSize'> &
  Partial<Pick<VideoListQuery, 'title' | 'kind' | 'ref'>> & {
    /** Only these statuses (a picker wants `ready` ones). */
    status?: Video['status'][];
  };

export function videoListKey(params: VideoListParams) {
  return [VIDEOS_KEY, 'list', params] as const;
}

/**
 * While a video on the page is processing, the page is asked for again this often: its status
 * normally arrives over the realtime socket, and this is the fallback when that message is missed
 * (a dropped connection, or the change landing between the list's read and the socket's delivery).
 */
export const PROCESSING_REFRESH_MS = 5000;

/** `GET /api/videos`: a page of the team's videos; the previous page stays shown while the next loads. */
export function videoListQueryOptions(params: VideoListParams) {
  const { status, title, ...rest } = params;
  return queryOptions({
    queryKey: videoListKey(params),
    queryFn: async (): Promise<VideoList> =>
      api.videos.list({
        ...rest,
        ...(title ? { title } : {}),
        // The client sends a list comma-separated, as the endpoint takes it.
        ...(status?.length ? { status } : {}),
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.list.some((video) => video.status === 'processing') ? PROCESSING_REFRESH_MS : false,
  });
}

/** Puts a changed video into every cached list that shows it; lists that might gain it are refetched. */
export function applyVideoUpdate(queryClient: QueryClient, video: Video): void {
  let found = false;
  for (const [key, list] of queryClient.getQueriesData<VideoList>({ queryKey: [VIDEOS_KEY, 'list'] })) {
    if (!list?.list.some((item) => item.id === video.id)) {
      continue;
    }
    found = true;
    queryClient.setQueryData<VideoList>(key, {
      ...list,
      // A change keeps what only the list says (how many messages sent the video).
      list: list.list.map((item) => (item.id === video.id ? { ...item, ...video } : item)),
    });
  }
  if (!found) {
    void queryClient.invalidateQueries({ queryKey: [VIDEOS_KEY, 'list'] });
  }
}

/** Follows video changes from the realtime socket (`{ type: 'video', video }`) into the cached lists. */
export function useLiveVideos(): void {
  const queryClient = useQueryClient();
  useEffect(() => subscribeRealtime('video', (message) => applyVideoUpdate(queryClient, message.video)), [queryClient]);
}

// The changes. Each shows its failure by its show-type (SPEC §8) unless the screen passes its
// own onError, and updates or refetches what it changed before the screen's onSuccess runs.

/** `showError` with the router's navigation: what a change does with a failure unless the screen says otherwise. */
function useShowFailure(): (error: unknown) => void {
  const navigate = useNavigate();
  return (error) => showError(error, { navigate });
}

/** `PUT /api/videos/:id`: a new title; the renamed video goes into the cached lists. */
export function useRenameVideo(
  videoId: string,
  callbacks: MutationCallbacks<(values: UpdateVideoRequest) => ReturnType<typeof api.videos.rename>> = {},
) {
  const queryClient = useQueryClient();
  const showFailure = useShowFailure();
  return useMutation({
    onError: showFailure,
    ...callbacks,
    mutationFn: (values: UpdateVideoRequest) => api.videos.rename(videoId, values),
    onSuccess: async (...result) => {
      applyVideoUpdate(queryClient, result[0].data);
      await callbacks.onSuccess?.(...result);
    },
  });
}

/**
 * Undoable deletes of videos (`undoable-delete`): `remove` hides the video at once and sends
 * `DELETE /api/videos/:id` once the Undo time has passed; the video lists are then fetched again.
 * `hidden` holds the ids to leave out meanwhile.
 */
export function useRemoveVideo() {
  const queryClient = useQueryClient();
  const { hidden, remove } = useUndoableDelete(VIDEOS_KEY);
  return {
    hidden,
    remove: (id: string, title: React.ReactNode) =>
      remove({
        title,
        ids: [id],
        send: ({ keepalive }) => api.videos.remove(id, { keepalive }),
        onDeleted: () => invalidateVideos(queryClient),
      }),
  };
}
