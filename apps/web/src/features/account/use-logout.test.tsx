import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api';
import { scheduleDelete } from '../../lib/undoable-delete';
import { json, storeSession } from '../../testing/test-utils';
import { useLogout } from './use-logout';

const replaceLocation = vi.hoisted(() => vi.fn());
vi.mock('../../lib/browser', () => ({ replaceLocation }));

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('useLogout', () => {
  it('sends the deletes still waiting for Undo with keepalive, before the session ends on the server', async () => {
    storeSession('admin');
    const sent: { method: string; path: string; keepalive: boolean | undefined; token: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = new URL(String(input), 'http://localhost');
        const headers = new Headers(init.headers);
        sent.push({
          method: init.method ?? 'GET',
          path: url.pathname,
          keepalive: init.keepalive,
          token: headers.get('Authorization'),
        });
        return json(200, { success: true });
      }),
    );
    const undoneSend = vi.fn(async () => undefined);
    scheduleDelete({ scope: 'videos', ids: ['v1'], send: ({ keepalive }) => api.videos.remove('v1', { keepalive }) });
    scheduleDelete({ scope: 'calls', ids: ['c1'], send: undoneSend }).undo();

    const queryClient = new QueryClient();
    const { result } = renderHook(() => useLogout(), {
      wrapper: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
    });
    await act(() => result.current());

    expect(sent.map(({ method, path, keepalive }) => [method, path, keepalive === true])).toEqual([
      ['DELETE', '/api/videos/v1', true],
      ['POST', '/common/logout', false],
    ]);
    expect(sent[0]?.token).toMatch(/^Bearer /);
    expect(undoneSend).not.toHaveBeenCalled();
    expect(replaceLocation).toHaveBeenCalled();
  });
});
