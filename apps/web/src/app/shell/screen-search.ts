import { useTranslation } from '@parley/i18n';
import { message } from '@parley/ui/toast';
import { useNavigate } from 'react-router';
import { hasAuthority } from '../../lib/authority';
import type { AppRoute } from '../routes';

/** A screen the header search can open. */
export interface SearchableScreen {
  path: string;
  title: string;
}

function normalise(text: string, locale: string): string {
  return text.normalize('NFKC').trim().toLocaleLowerCase(locale);
}

/**
 * The screen whose title best matches the text: the same title, else one that starts with it,
 * else one that contains it; null for nothing (or empty text).
 */
export function findScreen(query: string, screens: readonly SearchableScreen[], locale = 'en-US'): string | null {
  const wanted = normalise(query, locale);
  if (!wanted) {
    return null;
  }
  const titled = screens.map((screen) => ({ path: screen.path, title: normalise(screen.title, locale) }));
  const match =
    titled.find((screen) => screen.title === wanted) ??
    titled.find((screen) => screen.title.startsWith(wanted)) ??
    titled.find((screen) => screen.title.includes(wanted));
  return match?.path ?? null;
}

/** The header search: Enter opens the menu screen the text names; nothing matching says so. */
export function useScreenSearch(routes: readonly AppRoute[], role: string | null): (query: string) => void {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  return (query) => {
    if (!query.trim()) {
      return;
    }
    const screens = routes
      .filter((route) => route.menu !== null && hasAuthority(route.authority, role))
      .map((route) => ({ path: route.path, title: t(route.titleKey) }));
    const path = findScreen(query, screens, i18n.language);
    if (path) {
      navigate(path);
    } else {
      message.info(t('web.shell.searchNoMatch', { query: query.trim() }));
    }
  };
}
