import type { AddDomain, DomainList } from '@parley/api';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { MutationCallbacks } from '../../lib/query-client';

/** The first part of every Domain management query key. */
export const DOMAINS_KEY = 'domains';
/** The list's key: invalidate it after a change the screen did not make itself. */
export const DOMAIN_LIST_KEY = [DOMAINS_KEY, 'list'] as const;
const WIDGET_KEY = [DOMAINS_KEY, 'widget'] as const;

/** `GET /api/domains`: every origin the team's widget may run on. */
export function domainListQueryOptions() {
  return queryOptions({ queryKey: DOMAIN_LIST_KEY, queryFn: () => api.domains.list() });
}

/** `GET /api/widget`: the key the embed tag names the team by. */
export function widgetQueryOptions() {
  return queryOptions({ queryKey: WIDGET_KEY, queryFn: async () => (await api.domains.widget()).data });
}

type AddFn = (values: AddDomain) => ReturnType<typeof api.domains.add>;

/** `POST /api/domains`: the new origin joins the end of the list at once. */
export function useAddDomain(callbacks: MutationCallbacks<AddFn> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...callbacks,
    mutationFn: (values: AddDomain) => api.domains.add(values),
    onSuccess: async (...result) => {
      queryClient.setQueryData<DomainList>(DOMAIN_LIST_KEY, (list) =>
        list ? { list: [...list.list, result[0].data], total: list.total + 1 } : list,
      );
      await callbacks.onSuccess?.(...result);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: DOMAIN_LIST_KEY }),
  });
}

/** Sends the removal of an origin (after its Undo has run out) and reads the list again. */
export function removeDomain(id: string, options: { keepalive: boolean }) {
  return api.domains.remove(id, options);
}

type RenewFn = () => ReturnType<typeof api.domains.newWidgetKey>;

/** `POST /api/widget/key`: the new key replaces the old one on screen. */
export function useNewWidgetKey(callbacks: MutationCallbacks<RenewFn> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...callbacks,
    mutationFn: () => api.domains.newWidgetKey(),
    onSuccess: async (...result) => {
      queryClient.setQueryData(WIDGET_KEY, result[0].data);
      await callbacks.onSuccess?.(...result);
    },
  });
}
