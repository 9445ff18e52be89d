import { applyPageSettings, DEFAULT_PAGE_SETTINGS, type PageSettings } from '@parley/ui/page-style-panel';
import { useCallback, useEffect, useState } from 'react';

/** Where the page-style choices are kept, per browser. */
export const PAGE_SETTINGS_STORAGE_KEY = 'pageSettings';

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

function oneOf<Value extends string>(value: unknown, allowed: readonly Value[], fallback: Value): Value {
  return allowed.includes(value as Value) ? (value as Value) : fallback;
}

function flag(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/**
 * The saved page settings over the SPEC §9 defaults. Each field is checked on its own, so a value
 * from an older build or a hand-edited one falls back alone instead of losing every choice.
 */
export function readPageSettings(storage: Pick<Storage, 'getItem'> = localStorage): PageSettings {
  const defaults = DEFAULT_PAGE_SETTINGS;
  let saved: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(storage.getItem(PAGE_SETTINGS_STORAGE_KEY) ?? '{}');
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
      saved = parsed as Record<string, unknown>;
    }
  } catch {
    // Unreadable: the defaults stand.
  }
  return {
    navTheme: oneOf(saved.navTheme, ['dark', 'light'], defaults.navTheme),
    primaryColor:
      typeof saved.primaryColor === 'string' && HEX_COLOUR.test(saved.primaryColor)
        ? saved.primaryColor
        : defaults.primaryColor,
    layout: oneOf(saved.layout, ['side', 'top'], defaults.layout),
    contentWidth: oneOf(saved.contentWidth, ['fixed', 'fluid'], defaults.contentWidth),
    fixedHeader: flag(saved.fixedHeader, defaults.fixedHeader),
    fixedSidebar: flag(saved.fixedSidebar, defaults.fixedSidebar),
    hideHeaderOnScroll: flag(saved.hideHeaderOnScroll, defaults.hideHeaderOnScroll),
    colorWeak: flag(saved.colorWeak, defaults.colorWeak),
  };
}

export function savePageSettings(settings: PageSettings, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(PAGE_SETTINGS_STORAGE_KEY, JSON.stringify(settings));
}

/**
 * The page settings, saved per browser and put on `<html>` (brand colours, `data-nav-theme`, the
 * `color-weak` class; a content-width change fires a window `resize`, SPEC §4). The brand text
 * colours differ between light and dark, so they are put on again when the theme class changes.
 */
export function usePageSettings(): [PageSettings, (next: PageSettings) => void] {
  const [settings, setSettings] = useState(readPageSettings);

  useEffect(() => {
    applyPageSettings(settings);
    const root = document.documentElement;
    let dark = root.classList.contains('dark');
    const observer = new MutationObserver(() => {
      const nowDark = root.classList.contains('dark');
      if (nowDark !== dark) {
        dark = nowDark;
        applyPageSettings(settings);
      }
    });
    observer.observe(root, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, [settings]);

  // Another tab changing the page style changes this one too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === PAGE_SETTINGS_STORAGE_KEY || event.key === null) {
        setSettings(readPageSettings());
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const update = useCallback((next: PageSettings) => {
    savePageSettings(next);
    setSettings(next);
  }, []);

  return [settings, update];
}
