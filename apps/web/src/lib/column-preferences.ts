import type { ColumnVisibilityState } from '@parley/ui/data-table';
import { useCallback, useState } from 'react';

/** How a member arranged a table's columns: their order (ids) and the ones hidden. */
export interface ColumnPreferences {
  order?: string[];
  hidden: string[];
}

const NONE: ColumnPreferences = { hidden: [] };

/** The local storage key of one member's arrangement of one table. */
export function columnPreferencesKey(table: string, member: string): string {
  return `parley.columns.${table}.${member}`;
}

function isIdList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** The stored arrangement, or none when nothing (or something unreadable) is stored. */
export function readColumnPreferences(key: string | null): ColumnPreferences {
  if (key === null) {
    return NONE;
  }
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<ColumnPreferences> | null;
    if (!stored || typeof stored !== 'object' || !isIdList(stored.hidden ?? [])) {
      return NONE;
    }
    return { ...(isIdList(stored.order) ? { order: stored.order } : {}), hidden: stored.hidden ?? [] };
  } catch {
    return NONE;
  }
}

/** The hidden columns as a DataTable's visibility state. */
export function toVisibility(preferences: ColumnPreferences): ColumnVisibilityState {
  return Object.fromEntries(preferences.hidden.map((id) => [id, false]));
}

/**
 * A table's column order and visibility as the signed-in member left them, kept per member in
 * this browser's storage (so two members sharing a computer keep their own); `reset` forgets them.
 */
export function useColumnPreferences(table: string, member: string | null) {
  const key = member ? columnPreferencesKey(table, member) : null;
  const [state, setState] = useState(() => ({ key, preferences: readColumnPreferences(key) }));
  // Another member signing in on this page reads their own arrangement.
  const preferences = state.key === key ? state.preferences : readColumnPreferences(key);
  if (state.key !== key) {
    setState({ key, preferences });
  }
  const save = useCallback(
    (next: ColumnPreferences | null) => {
      setState({ key, preferences: next ?? NONE });
      if (key === null) {
        return;
      }
      try {
        if (next) {
          localStorage.setItem(key, JSON.stringify(next));
        } else {
          localStorage.removeItem(key);
        }
      } catch {
        // Storage full or blocked: the arrangement lasts for this page only.
      }
    },
    [key],
  );
  return {
    order: preferences.order,
    visibility: toVisibility(preferences),
    setOrder: (order: string[]) => save({ ...preferences, order }),
    setVisibility: (visibility: ColumnVisibilityState) =>
      save({
        ...preferences,
        hidden: Object.entries(visibility)
          .filter(([, visible]) => !visible)
          .map(([id]) => id),
      }),
    reset: () => save(null),
  };
}
