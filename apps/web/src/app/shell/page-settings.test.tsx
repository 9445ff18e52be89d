import { DEFAULT_PAGE_SETTINGS } from '@parley/ui/page-style-panel';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_SETTINGS_STORAGE_KEY, readPageSettings, usePageSettings } from './page-settings';

afterEach(() => {
  localStorage.clear();
  const root = document.documentElement;
  root.removeAttribute('style');
  delete root.dataset.navTheme;
  delete root.dataset.contentWidth;
});

describe('readPageSettings', () => {
  it('answers the SPEC §9 defaults when nothing is saved', () => {
    expect(readPageSettings()).toEqual(DEFAULT_PAGE_SETTINGS);
    expect(DEFAULT_PAGE_SETTINGS).toMatchObject({
      navTheme: 'dark',
      primaryColor: '#FA541C',
      layout: 'top',
      contentWidth: 'fixed',
      fixedHeader: false,
      fixedSidebar: true,
    });
  });

  it('keeps each valid saved choice and drops only the bad ones', () => {
    localStorage.setItem(
      PAGE_SETTINGS_STORAGE_KEY,
      JSON.stringify({
        layout: 'side',
        contentWidth: 'wide',
        primaryColor: 'red',
        colorWeak: true,
        fixedHeader: 'yes',
      }),
    );
    expect(readPageSettings()).toEqual({ ...DEFAULT_PAGE_SETTINGS, layout: 'side', colorWeak: true });
  });

  it('survives a value that is not JSON', () => {
    localStorage.setItem(PAGE_SETTINGS_STORAGE_KEY, '{oops');
    expect(readPageSettings()).toEqual(DEFAULT_PAGE_SETTINGS);
  });
});

describe('usePageSettings (SPEC §4 settings)', () => {
  it('saves a change per browser and a new page starts with it', () => {
    const { result, unmount } = renderHook(() => usePageSettings());
    act(() => result.current[1]({ ...result.current[0], layout: 'side', navTheme: 'light' }));

    expect(JSON.parse(localStorage.getItem(PAGE_SETTINGS_STORAGE_KEY) ?? '{}')).toMatchObject({
      layout: 'side',
      navTheme: 'light',
    });
    unmount();
    const again = renderHook(() => usePageSettings());
    expect(again.result.current[0]).toMatchObject({ layout: 'side', navTheme: 'light' });
  });

  it('fires a window resize when the content width changes, and only then', () => {
    const onResize = vi.fn();
    window.addEventListener('resize', onResize);
    const { result } = renderHook(() => usePageSettings());
    expect(onResize).not.toHaveBeenCalled();

    act(() => result.current[1]({ ...result.current[0], fixedHeader: true }));
    expect(onResize).not.toHaveBeenCalled();

    act(() => result.current[1]({ ...result.current[0], contentWidth: 'fluid' }));
    expect(onResize).toHaveBeenCalledTimes(1);
    expect(document.documentElement.dataset.contentWidth).toBe('fluid');
    window.removeEventListener('resize', onResize);
  });

  it('colour-weak mode toggles the color-weak class on the root element', () => {
    const { result } = renderHook(() => usePageSettings());
    const root = document.documentElement;
    expect(root).not.toHaveClass('color-weak');

    act(() => result.current[1]({ ...result.current[0], colorWeak: true }));
    expect(root).toHaveClass('color-weak');

    act(() => result.current[1]({ ...result.current[0], colorWeak: false }));
    expect(root).not.toHaveClass('color-weak');
  });

  it('puts the chosen theme colour on the page, and again when dark mode changes', async () => {
    const { result } = renderHook(() => usePageSettings());
    const root = document.documentElement;
    act(() => result.current[1]({ ...result.current[0], primaryColor: '#1890FF' }));
    expect(root.style.getPropertyValue('--primary')).toBe('#1890ff');
    const lightText = root.style.getPropertyValue('--primary-text');

    root.classList.add('dark');
    // The observer reports after the current task.
    await vi.waitFor(() => expect(root.style.getPropertyValue('--primary-text')).not.toBe(lightText));
  });
});
