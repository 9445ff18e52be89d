import type { QueryClient } from '@tanstack/react-query';
import { callListQueryOptions, teamMembersQueryOptions } from './call-queries';
import { parseCallView, toCallListQuery } from './call-view';

/**
 * The call history's data for the address being opened, asked for as the page's code loads: on a
 * direct load the list and the members go out beside the session check instead of after it.
 */
export async function prefetchCallHistory(queryClient: QueryClient, url: URL): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(callListQueryOptions(toCallListQuery(parseCallView(url.searchParams)))),
    queryClient.prefetchQuery(teamMembersQueryOptions()),
  ]);
}
