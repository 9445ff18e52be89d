import type { ContactRequestDetail, ContactRequestListQuery, ReplyContactRequest, RequestStatus } from '@parley/api';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { MutationCallbacks } from '../../lib/query-client';

/** The first part of every request query key: invalidate `[REQUESTS_KEY]` after a change. */
export const REQUESTS_KEY = 'contact-requests';

export type RequestListParams = Pick<ContactRequestListQuery, 'current' | 'pageSize'> & {
  status?: RequestStatus | undefined;
};

/** `GET /api/requests`: a page of the team's requests; the previous page stays shown while the next loads. */
export function requestListQueryOptions(params: RequestListParams) {
  const { status, ...page } = params;
  return queryOptions({
    queryKey: [REQUESTS_KEY, 'list', params] as const,
    queryFn: () => api.requests.list({ ...page, ...(status ? { status } : {}) }),
    placeholderData: keepPreviousData,
  });
}

export function requestQueryKey(id: string) {
  return [REQUESTS_KEY, 'one', id] as const;
}

/** `GET /api/requests/:id`: the whole message, its status and the replies sent. */
export function requestQueryOptions(id: string) {
  return queryOptions({
    queryKey: requestQueryKey(id),
    queryFn: () => api.requests.get(id),
    // A request that is not there (or another team's) stays not found: no retries.
    retry: false,
  });
}

type UpdateFn = (status: RequestStatus) => ReturnType<typeof api.requests.update>;

/**
 * `PATCH /api/requests/:id` from the status the admin sees: if another admin changed it first the
 * server answers 409, and the request is read again to show where it now stands.
 */
export function useUpdateRequestStatus(request: ContactRequestDetail, callbacks: MutationCallbacks<UpdateFn> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...callbacks,
    mutationFn: (status: RequestStatus) => api.requests.update(request.id, { status, from: request.status }),
    onSuccess: async (...result) => {
      queryClient.setQueryData(requestQueryKey(request.id), result[0].data);
      void queryClient.invalidateQueries({ queryKey: [REQUESTS_KEY, 'list'] });
      await callbacks.onSuccess?.(...result);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestQueryKey(request.id) }),
  });
}

type ReplyFn = (values: ReplyContactRequest) => ReturnType<typeof api.requests.reply>;

/** `POST /api/requests/:id/reply`: e-mails the reply; the request comes back with it among its replies. */
export function useReplyToRequest(id: string, callbacks: MutationCallbacks<ReplyFn> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...callbacks,
    mutationFn: (values: ReplyContactRequest) => api.requests.reply(id, values),
    onSuccess: async (...result) => {
      queryClient.setQueryData(requestQueryKey(id), result[0].data);
      void queryClient.invalidateQueries({ queryKey: [REQUESTS_KEY, 'list'] });
      await callbacks.onSuccess?.(...result);
    },
  });
}
