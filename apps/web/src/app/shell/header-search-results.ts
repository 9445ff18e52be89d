import { SEARCH_MIN_LENGTH, type SearchCall } from '@parley/api';
import { useTranslation } from '@parley/i18n';
import type { HeaderSearchGroup, HeaderSearchResult, HeaderSearchStatus } from '@parley/ui/header-actions';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { hasAuthority } from '../../lib/authority';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import type { AppRoute } from '../routes';

/** Typing pauses this long before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 200;
/** At most this many screens are offered. */
const SCREEN_LIMIT = 5;

function normalise(text: string, locale: string): string {
  return text.normalize('NFKC').trim().toLocaleLowerCase(locale);
}

/** The member's local calendar day of a moment, as the call history's `from`/`to` take it. */
function localDay(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Where a found call opens: the call history showing that caller's calls of that day (the
 * screen's own filters, so the member sees the call in its row and can widen the filter).
 */
export function callHistoryPath(call: Pick<SearchCall, 'callerName' | 'incomingAt'>): string {
  const day = localDay(call.incomingAt);
  const params = new URLSearchParams({ from: day, to: day });
  if (call.callerName.trim()) {
    params.set('callerName', call.callerName.trim());
  }
  return `/call-history?${params}`;
}

/** Where a found video opens: the library searched for its title. */
export function videoLibraryPath(title: string): string {
  return `/video-library?${new URLSearchParams({ title })}`;
}

/**
 * The header search's results as the member types: the menu screens whose title contains the text
 * (at once), and — once typing pauses — the team's calls (caller name, e-mail, phone, player id) and
 * library videos (title) from `GET /api/search`. Picking one opens it.
 */
export function useHeaderSearchResults(routes: readonly AppRoute[], role: string | null) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const query = text.trim();
  const debounced = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const enough = query.length >= SEARCH_MIN_LENGTH;
  const found = useQuery({
    queryKey: ['search', debounced],
    queryFn: ({ signal }) => api.search.find(debounced, { signal }),
    enabled: debounced.length >= SEARCH_MIN_LENGTH,
    staleTime: 30_000,
    retry: false,
  });

  const screens = useMemo(() => {
    if (!enough) {
      return [];
    }
    const wanted = normalise(query, i18n.language);
    return routes
      .filter((route) => route.menu !== null && hasAuthority(route.authority, role))
      .map((route) => ({ id: route.path, label: t(route.titleKey) }))
      .filter((screen) => normalise(screen.label, i18n.language).includes(wanted))
      .slice(0, SCREEN_LIMIT);
  }, [enough, query, routes, role, t, i18n.language]);

  const data = found.data?.data;
  const settled = debounced === query && data !== undefined;
  const results = useMemo<HeaderSearchGroup[]>(() => {
    const groups: HeaderSearchGroup[] = [{ id: 'screens', label: t('web.search.screens'), results: screens }];
    if (settled && data) {
      const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
      groups.push(
        {
          id: 'calls',
          label: t('web.search.calls'),
          results: data.calls.map((call) => ({
            id: call.id,
            label: call.callerName || call.playerId,
            description: [
              call.callerEmail,
              call.callerContact,
              call.playerId,
              dateFormat.format(new Date(call.incomingAt)),
            ]
              .filter(Boolean)
              .join(' · '),
          })),
        },
        {
          id: 'videos',
          label: t('web.search.videos'),
          results: data.videos.map((video) => ({ id: video.id, label: video.title })),
        },
      );
    }
    return groups;
  }, [screens, settled, data, t, i18n.language]);

  let status: HeaderSearchStatus = 'ready';
  if (!enough) {
    status = 'idle';
  } else if (debounced !== query || found.isFetching) {
    status = 'loading';
  } else if (found.isError) {
    status = 'error';
  } else if (data === undefined) {
    status = 'loading';
  }

  function select(result: HeaderSearchResult, group: HeaderSearchGroup) {
    if (group.id === 'screens') {
      navigate(result.id);
    } else if (group.id === 'calls') {
      const call = data?.calls.find((candidate) => candidate.id === result.id);
      if (call) {
        navigate(callHistoryPath(call));
      }
    } else if (group.id === 'videos') {
      navigate(videoLibraryPath(result.label));
    }
    setText('');
  }

  return {
    resultGroups: results,
    resultsStatus: status,
    resultsError: t('web.search.failed'),
    onResultSelect: select,
    onValueChange: setText,
  };
}
