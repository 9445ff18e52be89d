import {
  CALL_FILTER_MAX_SECONDS,
  CALL_SEARCH_MAX_LENGTH,
  CALL_SORT_FIELDS,
  CALL_TABS,
  type CallListQuery,
  type CallSortField,
  type CallTab,
  DEFAULT_PAGE_SIZE,
  FIRST_PAGE,
  SORT_ORDERS,
  type SortOrder,
} from '@parley/api';
import { offeredPageSize } from '../../lib/page-size';

/**
 * The SPEC §2.4 filters as the address carries them: the list query's filter fields, except that
 * `from` and `to` are the member's local calendar days (`YYYY-MM-DD`, both inclusive); they become
 * moments only when the list is asked for (see `toCallListQuery`).
 */
export type CallFilters = Omit<CallListQuery, 'current' | 'pageSize' | 'tab' | 'sort' | 'order'>;

/** Everything that makes a view of the call history: the tab, the filters, the order and the page. */
export interface CallView {
  tab: CallTab;
  filters: CallFilters;
  sort: CallSortField;
  order: SortOrder;
  current: number;
  pageSize: number;
}

export const DEFAULT_SORT: CallSortField = 'incomingAt';
export const DEFAULT_ORDER: SortOrder = 'desc';

export const DEFAULT_CALL_VIEW: CallView = {
  tab: 'all',
  filters: {},
  sort: DEFAULT_SORT,
  order: DEFAULT_ORDER,
  current: FIRST_PAGE,
  pageSize: DEFAULT_PAGE_SIZE,
};

const TEXT_FILTERS = ['callerName', 'transcript'] as const;
const BOOLEAN_FILTERS = ['answered', 'messageLeft'] as const;
const SECONDS_FILTERS = ['holdMin', 'holdMax', 'durationMin', 'durationMax'] as const;

/** The order the filters appear in the address (and the filter bar). */
const FILTER_ORDER: (keyof CallFilters)[] = [
  'from',
  'to',
  'receivedBy',
  'answered',
  'messageLeft',
  'callerName',
  'transcript',
  'holdMin',
  'holdMax',
  'durationMin',
  'durationMax',
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function oneOf<Value extends string>(values: readonly Value[], text: string | null): Value | undefined {
  return values.find((value) => value === text);
}

/** A whole number within bounds written in plain ASCII digits, or undefined. */
function wholeNumber(text: string | null, min: number, max: number): number | undefined {
  if (text === null || !/^\d{1,10}$/.test(text)) {
    return undefined;
  }
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}

/** A calendar day of the local calendar from `YYYY-MM-DD`; undefined for anything else (2026-02-30 too). */
export function dayToDate(day: string | undefined): Date | undefined {
  const match = day ? DAY.exec(day) : null;
  if (!match) {
    return undefined;
  }
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const value = new Date(year, month - 1, date);
  value.setFullYear(year);
  return value.getFullYear() === year && value.getMonth() === month - 1 && value.getDate() === date ? value : undefined;
}

/** The local calendar day of a date as `YYYY-MM-DD`. */
export function dateToDay(date: Date): string {
  const pad = (value: number, length = 2) => String(value).padStart(length, '0');
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function parseText(text: string | null): string | undefined {
  const trimmed = text?.trim();
  return trimmed && trimmed.length <= CALL_SEARCH_MAX_LENGTH ? trimmed : undefined;
}

/** Drops the filters that are not set, so two equal filter sets compare equal. */
export function cleanFilters(filters: CallFilters): CallFilters {
  const clean: Record<string, unknown> = {};
  for (const key of FILTER_ORDER) {
    const raw = filters[key];
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (value === undefined || value === '' || (typeof value === 'number' && !Number.isFinite(value))) {
      continue;
    }
    clean[key] = value;
  }
  return clean as CallFilters;
}

/**
 * Reads a view from the address. Anything that is not valid (an unknown tab, a word where a
 * number belongs, a day that does not exist or is after `today`, a page size over the limit) is
 * ignored: that part of the view keeps its default. A range whose ends are the wrong way round is
 * kept, for the server to refuse with the field named.
 */
export function parseCallView(params: URLSearchParams, today: Date = new Date()): CallView {
  const filters: CallFilters = {};
  const lastDay = dateToDay(today);
  for (const key of ['from', 'to'] as const) {
    const text = params.get(key);
    // Calls between takes no future day (YYYY-MM-DD compares as text).
    if (text !== null && dayToDate(text) && text <= lastDay) {
      filters[key] = text;
    }
  }
  const receivedBy = params.get('receivedBy');
  if (receivedBy !== null && UUID.test(receivedBy)) {
    filters.receivedBy = receivedBy.toLowerCase();
  }
  for (const key of BOOLEAN_FILTERS) {
    const text = params.get(key);
    if (text === 'true' || text === 'false') {
      filters[key] = text === 'true';
    }
  }
  for (const key of TEXT_FILTERS) {
    const text = parseText(params.get(key));
    if (text !== undefined) {
      filters[key] = text;
    }
  }
  for (const key of SECONDS_FILTERS) {
    const value = wholeNumber(params.get(key), 0, CALL_FILTER_MAX_SECONDS);
    if (value !== undefined) {
      filters[key] = value;
    }
  }
  return {
    tab: oneOf(CALL_TABS, params.get('tab')) ?? DEFAULT_CALL_VIEW.tab,
    filters,
    sort: oneOf(CALL_SORT_FIELDS, params.get('sort')) ?? DEFAULT_SORT,
    order: oneOf(SORT_ORDERS, params.get('order')) ?? DEFAULT_ORDER,
    current: wholeNumber(params.get('current'), 1, Number.MAX_SAFE_INTEGER) ?? FIRST_PAGE,
    pageSize: offeredPageSize(params.get('pageSize')),
  };
}

/** Writes a view to the address: defaults are left out, so the plain screen is plain `/call-history`. */
export function serialiseCallView(view: CallView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.tab !== DEFAULT_CALL_VIEW.tab) {
    params.set('tab', view.tab);
  }
  const filters = cleanFilters(view.filters);
  for (const key of FILTER_ORDER) {
    const value = filters[key];
    if (value !== undefined) {
      params.set(key, String(value));
    }
  }
  if (view.sort !== DEFAULT_SORT || view.order !== DEFAULT_ORDER) {
    params.set('sort', view.sort);
    params.set('order', view.order);
  }
  if (view.current !== FIRST_PAGE) {
    params.set('current', String(view.current));
  }
  if (view.pageSize !== DEFAULT_PAGE_SIZE) {
    params.set('pageSize', String(view.pageSize));
  }
  return params;
}

/** Whether any filter is set (the empty state then says "nothing matches" rather than "no calls"). */
export function hasFilters(filters: CallFilters): boolean {
  return Object.keys(cleanFilters(filters)).length > 0;
}

/** The same view on another tab, from the first page. */
export function withTab(view: CallView, tab: CallTab): CallView {
  return { ...view, tab, current: FIRST_PAGE };
}

/** The same view with other filters, from the first page. */
export function withFilters(view: CallView, filters: CallFilters): CallView {
  return { ...view, filters: cleanFilters(filters), current: FIRST_PAGE };
}

/** The same view in another order, from the first page. */
export function withSort(view: CallView, sort: CallSortField, order: SortOrder): CallView {
  return { ...view, sort, order, current: FIRST_PAGE };
}

/** Another page; a new page size starts from the first page. */
export function withPage(view: CallView, current: number, pageSize: number = view.pageSize): CallView {
  return { ...view, current: pageSize === view.pageSize ? current : FIRST_PAGE, pageSize };
}

/** The ranges of a filter set whose ends are the wrong way round. */
export function invertedRanges(filters: CallFilters): ('dates' | 'hold' | 'duration')[] {
  const inverted: ('dates' | 'hold' | 'duration')[] = [];
  if (filters.from && filters.to && filters.from > filters.to) {
    inverted.push('dates');
  }
  if (filters.holdMin !== undefined && filters.holdMax !== undefined && filters.holdMin > filters.holdMax) {
    inverted.push('hold');
  }
  if (
    filters.durationMin !== undefined &&
    filters.durationMax !== undefined &&
    filters.durationMin > filters.durationMax
  ) {
    inverted.push('duration');
  }
  return inverted;
}

/**
 * What `GET /api/calls` is asked for a view. "Calls between" covers whole local days: from the
 * first moment of the first day to the last moment of the last, in the member's time zone.
 */
export function toCallListQuery(view: CallView): CallListQuery {
  const { from, to, ...rest } = cleanFilters(view.filters);
  const start = dayToDate(from);
  const end = dayToDate(to);
  if (end) {
    end.setHours(23, 59, 59, 999);
  }
  return {
    current: view.current,
    pageSize: view.pageSize,
    tab: view.tab,
    ...(start ? { from: start.toISOString() } : {}),
    ...(end ? { to: end.toISOString() } : {}),
    ...rest,
    sort: view.sort,
    order: view.order,
  };
}
