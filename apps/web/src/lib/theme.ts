import { useSyncExternalStore } from 'react';

export const THEME_STORAGE_KEY = 'theme';
export type Theme = 'light' | 'dark';

/** The saved theme, else the system's preference. */
export function readTheme(): Theme {
  const stored = localStorage.getItem(THEME_STORAGE_KEY);
  if (stored === 'light' || stored === 'dark') {
    return stored;
  }
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
}

const listeners = new Set<() => void>();

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/**
 * Light or dark, as a class on `<html>`, saved per browser. A prerendered page was rendered light
 * and is hydrated so; the saved theme follows at once.
 */
export function useTheme(): [Theme, () => void] {
  const theme = useSyncExternalStore(subscribe, readTheme, () => 'light' as const);
  function toggle() {
    const next: Theme = readTheme() === 'dark' ? 'light' : 'dark';
    localStorage.setItem(THEME_STORAGE_KEY, next);
    applyTheme(next);
    for (const listener of listeners) {
      listener();
    }
  }
  return [theme, toggle];
}
