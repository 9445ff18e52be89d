import { UiProvider } from '@parley/ui/provider';
import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { startSession } from '../lib/session';
import { json, makeCurrentUser, stubServer } from '../testing/test-utils';
import { createRoutes } from './router';

// Screens load lazily, as in the browser; the first import of a screen's module graph is slow in jsdom.
configure({ asyncUtilTimeout: 8000 });

const USER = makeCurrentUser();

function open(path: string) {
  // The app's own cache settings: what it keeps fresh decides whether the screen asks again.
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <UiProvider>
        <RouterProvider router={router} />
      </UiProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  localStorage.clear();
});

describe('a direct load of the call history', { timeout: 20_000 }, () => {
  // The list waited for /api/currentUser to come back before it was even asked for: two round trips in a row.
  it('asks for its calls and members while the session check is still on its way', async () => {
    startSession({
      statusCode: 200,
      status: 'ok',
      type: 'account',
      currentAuthority: 'admin',
      data: { token: 'a.b.c', firstLogin: false },
    });
    let answerUser: (response: Response) => void = () => {};
    const received = stubServer({
      'GET /api/currentUser': () => new Promise<Response>((resolve) => (answerUser = resolve)),
      'GET /api/calls': () => json(200, { list: [], total: 0 }),
      'GET /api/users': () => json(200, { list: [], total: 0 }),
      'GET /api/notices': () => json(200, []),
    });
    open('/call-history?tab=missed&current=2');

    const paths = () => received.map((call) => call.path);
    await waitFor(() => expect(paths()).toContain('/api/currentUser'));
    // Asked for no later than the session check, which has not been answered yet.
    expect(paths()).toContain('/api/calls');
    expect(paths().indexOf('/api/calls')).toBeLessThan(paths().indexOf('/api/currentUser'));
    const list = received.find((call) => call.path === '/api/calls');
    expect(list?.query.get('tab')).toBe('missed');
    expect(list?.query.get('current')).toBe('2');
    expect(paths()).toContain('/api/users');

    answerUser(json(200, { success: true, data: USER }));
    expect(await screen.findByText('No missed calls.')).toBeInTheDocument();
    // The screen used what was already asked for: one list request, not two.
    await waitFor(() => expect(received.filter((call) => call.path === '/api/calls')).toHaveLength(1));
  });

  it('asks for nothing of the screen when nobody is signed in', async () => {
    const received = stubServer({});
    open('/call-history');
    await screen.findByRole('button', { name: 'Submit' });
    expect(received.map((call) => call.path)).not.toContain('/api/calls');
  });
});
