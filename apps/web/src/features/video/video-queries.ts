import type { Video, VideoList, VideoListQuery } from '@parley/api';
import { keepPreviousData, type QueryClient, queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import { subscribeRealtime } from '../notices/realtime-bus';

/** The first part of every video query key: invalidate `[VIDEOS_KEY]` after a change. */
export const VIDEOS_KEY = 'videos';

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
      list: list.list.map((item) => (item.id === video.id ? video : item)),
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
