import { focusManager, QueryClient, type UseMutationOptions } from '@tanstack/react-query';

/** SPEC §9: the data helper caches for 5 minutes. */
export const QUERY_CACHE_MS = 5 * 60 * 1000;
/** SPEC §9: refreshing on focus happens at most once every 5000 ms. */
export const FOCUS_REFRESH_THROTTLE_MS = 5000;

/** Calls `onFocus` when the page becomes visible or focused, at most once per `throttleMs`. */
export function throttledFocusListener(throttleMs: number, now: () => number = Date.now) {
  return (onFocus: (focused?: boolean) => void) => {
    let last = Number.NEGATIVE_INFINITY;
    const handler = () => {
      if (document.visibilityState !== 'visible') {
        return;
      }
      const time = now();
      if (time - last >= throttleMs) {
        last = time;
        onFocus(true);
      }
    };
    window.addEventListener('visibilitychange', handler, false);
    window.addEventListener('focus', handler, false);
    return () => {
      window.removeEventListener('visibilitychange', handler);
      window.removeEventListener('focus', handler);
    };
  };
}

export function createQueryClient(): QueryClient {
  focusManager.setEventListener(throttledFocusListener(FOCUS_REFRESH_THROTTLE_MS));
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_CACHE_MS, gcTime: QUERY_CACHE_MS, refetchOnWindowFocus: true, retry: 1 },
      mutations: { retry: 0 },
    },
  });
}

let shared: QueryClient | undefined;

/** The app's one cache, made when a screen first needs it (lib/query-provider, route prefetches). */
export function getQueryClient(): QueryClient {
  shared ??= createQueryClient();
  return shared;
}

/**
 * What a screen adds to a mutation of its feature's queries module: its own reaction to success
 * and failure (toasts, field errors, navigation), while the module keeps the request and the
 * cache updates. `MutationFn` is the mutation's function, e.g. `typeof api.auth.login`.
 */
export type MutationCallbacks<MutationFn extends (...variables: never[]) => Promise<unknown>> = Pick<
  UseMutationOptions<
    Awaited<ReturnType<MutationFn>>,
    Error,
    Parameters<MutationFn> extends [] ? void : Parameters<MutationFn>[0]
  >,
  'onSuccess' | 'onError'
>;
