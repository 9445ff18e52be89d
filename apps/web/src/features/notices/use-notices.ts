import type { Notice, NoticeType } from '@parley/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { CURRENT_USER_QUERY_KEY } from '../../lib/current-user';
import { showError } from '../../lib/show-error';
import {
  clearNoticeType,
  markNoticeRead,
  type NoticeSnapshot,
  noticesKey,
  restoreSnapshot,
  saveNotices,
  takeSnapshot,
  updateCounts,
} from './notice-cache';

/** `GET /api/notices` (SPEC §7.1). SPEC §4: fetching saves the list, then updates the user's counts. */
export function noticesQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: noticesKey(token),
    queryFn: async ({ client }): Promise<Notice[]> => {
      const notices = await api.notices.list();
      updateCounts(client, token, notices);
      return notices;
    },
    enabled: token !== null,
  });
}

/** What the header's notice bell needs: the list, and the two changes a person can make. */
export interface NoticesState {
  notices: Notice[];
  loading: boolean;
  /** SPEC §4: sets the notice's read flag and recomputes the counts; the server is told. */
  markRead: (id: string) => void;
  /** SPEC §4: removes every notice of the type and recomputes the counts; the server is told. */
  clear: (type: NoticeType) => void;
}

/**
 * The signed-in member's notices. Changes show at once (the list and the current user's
 * notifyCount/unreadCount together); a refusal puts both back and is shown by its show-type.
 */
export function useNotices(token: string | null): NoticesState {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const query = useQuery(noticesQueryOptions(token));
  const { error } = query;

  useEffect(() => {
    if (error) {
      showError(error, { navigate });
    }
  }, [error, navigate]);

  function optimistic<Variables>(change: (notices: Notice[], variables: Variables) => Notice[]) {
    return {
      onMutate: async (variables: Variables): Promise<NoticeSnapshot> => {
        await queryClient.cancelQueries({ queryKey: noticesKey(token) });
        const snapshot = takeSnapshot(queryClient, token);
        if (snapshot.notices) {
          saveNotices(queryClient, token, change(snapshot.notices, variables));
        }
        return snapshot;
      },
      onError: (failure: Error, _variables: Variables, snapshot: NoticeSnapshot | undefined) => {
        if (snapshot) {
          restoreSnapshot(queryClient, token, snapshot);
        }
        showError(failure, { navigate });
      },
      // The server's own counts settle it, whatever the list held (it sends at most 200 notices).
      onSettled: () => queryClient.invalidateQueries({ queryKey: [CURRENT_USER_QUERY_KEY] }),
    };
  }

  const markRead = useMutation({
    mutationFn: (id: string) => api.notices.markRead(id),
    ...optimistic<string>(markNoticeRead),
  });
  const clear = useMutation({
    mutationFn: (type: NoticeType) => api.notices.clear(type),
    ...optimistic<NoticeType>(clearNoticeType),
  });

  return {
    notices: query.data ?? [],
    loading: query.isPending && token !== null,
    markRead: markRead.mutate,
    clear: clear.mutate,
  };
}
