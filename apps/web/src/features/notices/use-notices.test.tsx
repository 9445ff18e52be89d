import type { CurrentUser, Notice } from '@parley/api';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserKey, currentUserQueryOptions } from '../../lib/current-user';
import { makeCurrentUser } from '../../testing/test-utils';
import { noticesKey } from './notice-cache';
import { useNotices } from './use-notices';

const toast = vi.hoisted(() => ({
  message: { error: vi.fn(), warning: vi.fn(), info: vi.fn() },
  notification: { error: vi.fn() },
}));
vi.mock('@parley/ui/toast', () => toast);

const TOKEN = 'a.b.c';

function notice(id: number, type: Notice['type'], read: boolean): Notice {
  return {
    id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    type,
    title: `Notice ${id}`,
    description: null,
    avatar: null,
    status: null,
    link: null,
    read,
    datetime: '2025-05-01T10:00:00.000Z',
  };
}

const NOTICES = [
  notice(1, 'notification', false),
  notice(2, 'notification', true),
  notice(3, 'message', false),
  notice(4, 'message', false),
  notice(5, 'event', true),
];

// SPEC §3's placeholder counts: the list's own counts replace them.
const USER = makeCurrentUser({ name: 'Ada Admin', notifyCount: 12, unreadCount: 11 });

type Handler = (request: Request) => Response | Promise<Response>;
let handlers: Record<string, Handler>;
const requests: string[] = [];

/** A response the test releases when it chooses. */
function deferred() {
  let resolve: (response: Response) => void = () => {};
  const promise = new Promise<Response>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  requests.length = 0;
  handlers = {
    'GET /api/notices': () => json(NOTICES),
    'GET /api/currentUser': () => json({ success: true, data: USER }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(
        new URL(input instanceof Request ? input.url : String(input), 'http://parley.test'),
        init,
      );
      const url = new URL(request.url);
      const key = `${request.method} ${url.pathname}`;
      requests.push(`${key}${url.search}`);
      const handler = handlers[key];
      return handler
        ? handler(request)
        : json({ success: false, errorCode: 'NOT_FOUND', errorMessage: 'Not found', showType: 2 }, 404);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function setup() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryData(currentUserKey(TOKEN), USER);
  const hook = renderHook(
    () => {
      // The shell watches the current user, so invalidating it fetches it again.
      useQuery(currentUserQueryOptions(TOKEN));
      return useNotices(TOKEN);
    },
    {
      wrapper: ({ children }) => (
        <QueryClientProvider client={queryClient}>
          <MemoryRouter>{children}</MemoryRouter>
        </QueryClientProvider>
      ),
    },
  );
  const user = () => queryClient.getQueryData<CurrentUser>(currentUserKey(TOKEN));
  const list = () => queryClient.getQueryData<Notice[]>(noticesKey(TOKEN));
  return { ...hook, queryClient, user, list };
}

describe('useNotices (SPEC §4 notices)', () => {
  it('fetching saves the list, then updates the user’s total and unread counts', async () => {
    const { result, user } = setup();
    expect(result.current.loading).toBe(true);

    await waitFor(() => expect(result.current.notices).toHaveLength(5));
    expect(result.current.loading).toBe(false);
    expect(user()).toMatchObject({ notifyCount: 5, unreadCount: 3 });
  });

  it('marking one notice read sets its read flag, recomputes the counts and tells the server', async () => {
    const { result, user, list } = setup();
    await waitFor(() => expect(result.current.notices).toHaveLength(5));
    const id = NOTICES[0]?.id ?? '';
    const answer = deferred();
    handlers[`POST /api/notices/${id}/read`] = () => answer.promise;
    const refetched = vi.fn(() => json({ success: true, data: { ...USER, notifyCount: 5, unreadCount: 2 } }));
    handlers['GET /api/currentUser'] = refetched;

    act(() => result.current.markRead(id));

    // Recomputed from the list at once, before the server has answered.
    await waitFor(() => expect(list()?.find((item) => item.id === id)?.read).toBe(true));
    expect(user()).toMatchObject({ notifyCount: 5, unreadCount: 2 });
    expect(requests).toContain(`POST /api/notices/${id}/read`);
    expect(refetched).not.toHaveBeenCalled();

    // Once it has, the server's own counts are fetched to settle it.
    answer.resolve(json({ success: true }));
    await waitFor(() => expect(refetched).toHaveBeenCalled());
  });

  it('clearing by type removes every notice of that type and recomputes the counts', async () => {
    const { result, user, list } = setup();
    await waitFor(() => expect(result.current.notices).toHaveLength(5));
    const answer = deferred();
    handlers['DELETE /api/notices'] = () => answer.promise;

    act(() => result.current.clear('message'));

    await waitFor(() => expect(list()?.map((item) => item.type)).toEqual(['notification', 'notification', 'event']));
    expect(user()).toMatchObject({ notifyCount: 3, unreadCount: 1 });
    expect(requests).toContain('DELETE /api/notices?type=message');
    answer.resolve(json({ success: true, data: { removed: 2 } }));
  });

  it('puts the list and counts back and shows the error when the server refuses', async () => {
    const { result, user, list } = setup();
    await waitFor(() => expect(result.current.notices).toHaveLength(5));
    handlers['DELETE /api/notices'] = () =>
      json({ success: false, errorCode: 'BOOM', errorMessage: 'Could not clear', showType: 2 }, 500);
    handlers['GET /api/currentUser'] = () => json({ success: true, data: { ...USER, notifyCount: 5, unreadCount: 3 } });

    act(() => result.current.clear('notification'));

    await waitFor(() => expect(toast.message.error).toHaveBeenCalledWith('Could not clear'));
    expect(list()).toHaveLength(5);
    expect(user()).toMatchObject({ notifyCount: 5, unreadCount: 3 });
  });
});
