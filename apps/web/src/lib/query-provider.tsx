import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext } from 'react';
import { getQueryClient } from './query-client';

/**
 * The server-state cache for the screens that read through it (the signed-in area, the watch
 * page, a team's sign-in page). Not around the whole app: the public pages that only send a
 * request (lib/use-request) load none of its code. Inside a cache already given (tests), that one.
 */
function QueryProvider({ children }: { children: React.ReactNode }) {
  const outer = useContext(QueryClientContext);
  return outer ? children : <QueryClientProvider client={getQueryClient()}>{children}</QueryClientProvider>;
}

export { QueryProvider };
