import { useCallback, useRef, useState } from 'react';

/**
 * What a screen adds to a request of its feature's module: its own reaction to success and
 * failure (toasts, field errors, navigation). `RequestFn` is the request, e.g. `typeof api.auth.login`.
 * The same shape as a mutation's callbacks (lib/query-client's MutationCallbacks).
 */
export interface RequestCallbacks<RequestFn extends (...variables: never[]) => Promise<unknown>> {
  onSuccess?: (data: Awaited<ReturnType<RequestFn>>, variables: VariablesOf<RequestFn>) => unknown;
  onError?: (error: Error, variables: VariablesOf<RequestFn>) => unknown;
}

type VariablesOf<RequestFn extends (...variables: never[]) => Promise<unknown>> =
  Parameters<RequestFn> extends [] ? undefined : Parameters<RequestFn>[0];

type RequestStatus = 'idle' | 'pending' | 'success' | 'error';

/**
 * A request's state and how to send it: the part of a TanStack Query mutation the public pages
 * use, narrowed the same way (after a success, `data` and `variables` are there).
 */
export type RequestState<Data, Variables> = {
  /** Sends the request; the outcome goes to the callbacks and the state, never thrown. */
  mutate: (variables: Variables) => void;
  /** Sends the request and answers its outcome (rejects on failure, after the callbacks ran). */
  mutateAsync: (variables: Variables) => Promise<Data>;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
} & (
  | { status: 'success'; isSuccess: true; data: Data; variables: Variables }
  | { status: Exclude<RequestStatus, 'success'>; isSuccess: false; data: undefined; variables: Variables | undefined }
);

interface Snapshot<Data, Variables> {
  status: RequestStatus;
  data: Data | undefined;
  error: Error | null;
  variables: Variables | undefined;
}

/**
 * A one-off request with its pending, success and error state, without a query cache: the public
 * pages (sign-in, registration, passwords, contact) send a request and react to it, and caching
 * it would only bring the cache's code to pages that must load fast. The state follows the latest
 * call; the callbacks run for every call.
 */
export function useRequest<Data, Variables>(
  request: (variables: Variables) => Promise<Data>,
  callbacks: {
    onSuccess?: (data: Data, variables: Variables) => unknown;
    onError?: (error: Error, variables: Variables) => unknown;
  } = {},
): RequestState<Data, Variables> {
  const [snapshot, setSnapshot] = useState<Snapshot<Data, Variables>>({
    status: 'idle',
    data: undefined,
    error: null,
    variables: undefined,
  });
  const latest = useRef(0);
  // The newest request and callbacks, so that the functions below stay the same between renders.
  const current = useRef({ request, callbacks });
  current.current = { request, callbacks };

  const mutateAsync = useCallback(async (variables: Variables) => {
    const call = ++latest.current;
    const settle = (next: Snapshot<Data, Variables>) => {
      if (call === latest.current) {
        setSnapshot(next);
      }
    };
    settle({ status: 'pending', data: undefined, error: null, variables });
    const { request: send, callbacks: reactions } = current.current;
    try {
      const data = await send(variables);
      settle({ status: 'success', data, error: null, variables });
      await reactions.onSuccess?.(data, variables);
      return data;
    } catch (caught) {
      const error = caught instanceof Error ? caught : new Error(String(caught));
      settle({ status: 'error', data: undefined, error, variables });
      await reactions.onError?.(error, variables);
      throw error;
    }
  }, []);
  const mutate = useCallback(
    (variables: Variables) => {
      mutateAsync(variables).catch(() => {});
    },
    [mutateAsync],
  );

  return {
    ...snapshot,
    isPending: snapshot.status === 'pending',
    isSuccess: snapshot.status === 'success',
    isError: snapshot.status === 'error',
    mutate,
    mutateAsync,
  } as RequestState<Data, Variables>;
}
