import type { CurrentUser, Notice } from '@parley/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '../../lib/current-user';
import { FakeSocket, FakeSocketImpl as Impl } from '../../testing/fake-socket';
import { noticesKey } from './notice-cache';
import { useRealtimeNotices } from './use-realtime-notices';

function notice(id: number, read = false): Notice {
  return {
    id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    type: 'notification',
    title: `Notice ${id}`,
    description: null,
    avatar: null,
    status: null,
    link: null,
    read,
    datetime: '2025-05-01T10:00:00.000Z',
  };
}

beforeEach(() => {
  FakeSocket.instances = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('useRealtimeNotices', () => {
  const TOKEN = 'a.b.c';
  const user = { notifyCount: 1, unreadCount: 0 } as CurrentUser;

  function setup() {
    const queryClient = new QueryClient();
    queryClient.setQueryData(noticesKey(TOKEN), [notice(1, true)]);
    queryClient.setQueryData(currentUserKey(TOKEN), user);
    const hook = renderHook(({ token }) => useRealtimeNotices(token, { WebSocketImpl: Impl, url: 'ws://x/ws' }), {
      initialProps: { token: TOKEN as string | null },
      wrapper: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
    });
    return { ...hook, queryClient };
  }

  it('adds a live notice to the cached list and refreshes the counts', () => {
    const { queryClient, unmount } = setup();
    const socket = FakeSocket.last();
    act(() => {
      socket.accept();
      socket.receive({ type: 'ready' });
      socket.receive({ type: 'notice', notice: notice(2) });
    });

    expect(queryClient.getQueryData<Notice[]>(noticesKey(TOKEN))?.map((item) => item.id)).toEqual([
      notice(2).id,
      notice(1).id,
    ]);
    expect(queryClient.getQueryData(currentUserKey(TOKEN))).toMatchObject({ notifyCount: 2, unreadCount: 1 });
    unmount();
  });

  it('closes the socket on logout and on unmount', () => {
    const { rerender, unmount } = setup();
    const first = FakeSocket.last();
    first.accept();
    rerender({ token: null });
    expect(first.closedWith).toBe(1000);
    expect(FakeSocket.instances).toHaveLength(1);

    rerender({ token: TOKEN });
    const second = FakeSocket.last();
    second.accept();
    unmount();
    expect(second.closedWith).toBe(1000);
  });
});
