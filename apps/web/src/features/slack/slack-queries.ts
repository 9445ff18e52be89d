import type { SaveSlackTokenRequest } from '@parley/api';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { MutationCallbacks } from '../../lib/query-client';

/** The Slack settings' query key: the token's last 4 characters and the latest Sync Users. */
export const SLACK_KEY = ['slack'] as const;

/** `GET /api/slack`. */
export function slackQueryOptions() {
  return queryOptions({ queryKey: SLACK_KEY, queryFn: async () => (await api.slack.get()).data });
}

type SaveFn = (values: SaveSlackTokenRequest) => ReturnType<typeof api.slack.saveToken>;

/** Admin: `PUT /api/slack/token`; the screen shows the settings it answers at once. */
export function useSaveSlackToken(callbacks: MutationCallbacks<SaveFn> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...callbacks,
    mutationFn: (values: SaveSlackTokenRequest) => api.slack.saveToken(values),
    onSuccess: async (...result) => {
      queryClient.setQueryData(SLACK_KEY, result[0].data);
      await callbacks.onSuccess?.(...result);
    },
  });
}

type SyncFn = () => ReturnType<typeof api.slack.sync>;

/** Admin: `POST /api/slack/sync` (Sync Users); the result replaces the screen's. */
export function useSyncSlack(callbacks: MutationCallbacks<SyncFn> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...callbacks,
    mutationFn: () => api.slack.sync(),
    onSuccess: async (...result) => {
      queryClient.setQueryData(SLACK_KEY, result[0].data);
      await callbacks.onSuccess?.(...result);
    },
  });
}
