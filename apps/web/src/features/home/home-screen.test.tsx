import { UiProvider } from '@parley/ui/provider';
import { expectNoAxeViolations } from '@parley/ui/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';

// The landing page's code loads lazily, as in the browser; the first import is slow in jsdom.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 20_000 });

/** Opens the landing page (`/` unless told) through the app's own routes, as a visitor not signed in. */
async function openLandingPage(path = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <UiProvider locale="en-US">
        <RouterProvider router={router} />
      </UiProvider>
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { level: 1, name: 'Talk to your visitors, live' });
}

// ScrollRestoration scrolls on navigation; jsdom has no scrolling.
beforeEach(() => vi.stubGlobal('scrollTo', vi.fn()));
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the landing page /', () => {
  it('has no axe violations in the light theme', async () => {
    localStorage.setItem('theme', 'light');
    await openLandingPage();
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('has no axe violations in the dark theme', async () => {
    localStorage.setItem('theme', 'dark');
    await openLandingPage();
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('leads Sign in back to where a member was after a logout', async () => {
    await openLandingPage('/?redirect=%2Fcall-history%3Ftab%3Dmissed');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/user/login?redirect=%2Fcall-history%3Ftab%3Dmissed',
    );
  });
});
