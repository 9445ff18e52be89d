import { act, render, renderHook, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RootLayout, useDelayedFlag } from './root-layout';

beforeEach(() => {
  // findBy* would wait on the frozen clock: these tests settle with act and query with getBy*.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  // ScrollRestoration scrolls on navigation; jsdom has no scrolling.
  vi.stubGlobal('scrollTo', vi.fn());
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Moves the fake clock on, letting React and the router settle. */
async function wait(milliseconds: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(milliseconds);
  });
}

describe('useDelayedFlag', () => {
  it('turns true only once the flag has stayed on for the whole delay', () => {
    const { result } = renderHook(({ active }) => useDelayedFlag(active, 200), { initialProps: { active: true } });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(199));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
  });

  it('never turns true when the flag goes off before the delay', () => {
    const { result, rerender } = renderHook(({ active }) => useDelayedFlag(active, 200), {
      initialProps: { active: true },
    });
    act(() => vi.advanceTimersByTime(150));
    rerender({ active: false });
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(false);
  });

  it('starts the delay again each time the flag comes back on', () => {
    const { result, rerender } = renderHook(({ active }) => useDelayedFlag(active, 200), {
      initialProps: { active: true },
    });
    act(() => vi.advanceTimersByTime(150));
    rerender({ active: false });
    rerender({ active: true });
    act(() => vi.advanceTimersByTime(150));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(50));
    expect(result.current).toBe(true);
  });

  it('turns false at once when the flag goes off', () => {
    const { result, rerender } = renderHook(({ active }) => useDelayedFlag(active, 200), {
      initialProps: { active: true },
    });
    act(() => vi.advanceTimersByTime(200));
    expect(result.current).toBe(true);
    rerender({ active: false });
    expect(result.current).toBe(false);
  });
});

/**
 * The root layout over a start page and a `/next` screen whose code arrives only when the test
 * says so, as a lazily loaded chunk does.
 */
function renderWithSlowScreen() {
  let arrive: () => void = () => {};
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        children: [
          { path: '/', element: <h1>Start</h1> },
          {
            path: '/next',
            lazy: () =>
              new Promise((resolve) => {
                arrive = () => resolve({ element: <h1>Next screen</h1> });
              }),
          },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return {
    navigate: () => act(() => void router.navigate('/next')),
    arrive: async () => {
      arrive();
      await wait(0);
    },
  };
}

const placeholder = () => screen.queryByText('Loading Parley…');

describe('RootLayout loading placeholder (SPEC §9: after a 200 ms delay)', () => {
  it('shows while the next screen is still loading after 200 ms, then gives way to it', async () => {
    const page = renderWithSlowScreen();
    expect(screen.getByRole('heading', { name: 'Start' })).toBeInTheDocument();
    await page.navigate();

    await wait(199);
    expect(placeholder()).toBeNull();
    await wait(1);
    expect(placeholder()).toBeInTheDocument();
    expect(placeholder()?.closest('[role="status"]')).not.toBeNull();
    // The current screen stays under the placeholder until the next one is ready.
    expect(screen.getByRole('heading', { name: 'Start' })).toBeInTheDocument();

    await page.arrive();
    expect(screen.getByRole('heading', { name: 'Next screen' })).toBeInTheDocument();
    expect(placeholder()).toBeNull();
  });

  it('never shows for a screen that loads within 200 ms', async () => {
    const page = renderWithSlowScreen();
    expect(screen.getByRole('heading', { name: 'Start' })).toBeInTheDocument();
    await page.navigate();

    await wait(150);
    await page.arrive();
    expect(screen.getByRole('heading', { name: 'Next screen' })).toBeInTheDocument();
    await wait(1000);
    expect(placeholder()).toBeNull();
  });
});
