import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, FOCUS_REFRESH_THROTTLE_MS, QUERY_CACHE_MS, throttledFocusListener } from './query-client';

afterEach(() => vi.restoreAllMocks());

describe('query client (SPEC §9)', () => {
  it('caches for five minutes', () => {
    const client = createQueryClient();
    expect(QUERY_CACHE_MS).toBe(300_000);
    expect(client.getDefaultOptions().queries?.staleTime).toBe(300_000);
  });

  it('refreshes on focus at most once every 5000 ms', () => {
    expect(FOCUS_REFRESH_THROTTLE_MS).toBe(5000);
    let now = 1_000_000;
    const onFocus = vi.fn();
    const stop = throttledFocusListener(5000, () => now)(onFocus);
    window.dispatchEvent(new Event('focus'));
    window.dispatchEvent(new Event('focus'));
    expect(onFocus).toHaveBeenCalledTimes(1);
    now += 4999;
    window.dispatchEvent(new Event('visibilitychange'));
    expect(onFocus).toHaveBeenCalledTimes(1);
    now += 1;
    window.dispatchEvent(new Event('focus'));
    expect(onFocus).toHaveBeenCalledTimes(2);
    stop();
    now += 10_000;
    window.dispatchEvent(new Event('focus'));
    expect(onFocus).toHaveBeenCalledTimes(2);
  });
});
