import { UiProvider } from '@parley/ui/provider';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../lib/session';
import { STORAGE_KEYS } from '../lib/storage';
import { routes } from './router';

// Screens load lazily, as in the browser; the first import of a screen's module graph is slow in jsdom.
configure({ asyncUtilTimeout: 8000 });

function signIn(role: 'admin' | 'user') {
  startSession({
    statusCode: 200,
    status: 'ok',
    type: 'account',
    currentAuthority: role,
    data: { token: 'a.b.c', firstLogin: false },
  });
}

function open(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <UiProvider>
        <RouterProvider router={router} />
      </UiProvider>
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  // The shell asks the server for the current user and notices; nothing answers in these tests.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 503 })),
  );
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('routes (SPEC §2.1, §2.2, §6)', { timeout: 20_000 }, () => {
  it('sends a visitor of an authenticated route to the login page with the address as redirect', async () => {
    const router = open('/call-history?tab=missed');
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toMatch(/\/call-history\?tab=missed$/);
  });

  it('shows a signed-in member the screen with its title', async () => {
    signIn('user');
    open('/call-history');
    expect(await screen.findByRole('heading', { level: 1, name: 'Call history' })).toBeInTheDocument();
  });

  it('shows the 403 result when the stored authority does not match', async () => {
    signIn('admin');
    localStorage.setItem(STORAGE_KEYS.loginRole, 'guest');
    open('/dashboard');
    expect(await screen.findByText('Sorry, you are not authorized to access this page.')).toBeInTheDocument();
  });

  it('redirects / to /dashboard inside the authenticated area, and shows the landing page otherwise', async () => {
    signIn('user');
    const router = open('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('shows the landing page to a visitor at /', async () => {
    open('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Talk to your visitors, live' })).toBeInTheDocument();
  });

  it('matches exactly: another case or an unknown path is the 404 page', async () => {
    signIn('user');
    open('/Dashboard');
    expect(await screen.findByText('Sorry, the page you visited does not exist.')).toBeInTheDocument();
  });

  it('has the 403, 404 and 500 exception pages, showing a redirected error', async () => {
    open('/exception/500?errorCode=DB_DOWN&errorMessage=The%20database%20is%20resting');
    expect(await screen.findByText('The database is resting')).toBeInTheDocument();
    expect(screen.getByText('Error code: DB_DOWN')).toBeInTheDocument();
  });

  it('opens /user on the login page', async () => {
    const router = open('/user');
    await screen.findByRole('button', { name: 'Submit' });
    expect(router.state.location.pathname).toBe('/user/login');
  });
});
