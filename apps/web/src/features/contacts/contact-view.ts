import {
  CONTACT_SEARCH_MAX_LENGTH,
  CONTACT_SORT_FIELDS,
  type ContactSortField,
  DEFAULT_PAGE_SIZE,
  FIRST_PAGE,
  type ParsedContactListQuery,
  SORT_ORDERS,
  type SortOrder,
} from '@parley/api';
import { CONTACT_PARAM } from '../../lib/contact-links';
import { offeredPageSize } from '../../lib/page-size';

/** Everything that makes a view of the contact book, as the address carries it. */
export interface ContactView {
  /** The search: name, e-mail, phone, company or tag. */
  q: string;
  sort: ContactSortField;
  order: SortOrder;
  current: number;
  pageSize: number;
  /** The contact open in its dialog (a link from the call history opens one). */
  contact: string | undefined;
}

export const DEFAULT_CONTACT_VIEW: ContactView = {
  q: '',
  sort: 'name',
  order: 'asc',
  current: FIRST_PAGE,
  pageSize: DEFAULT_PAGE_SIZE,
  contact: undefined,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function oneOf<Value extends string>(values: readonly Value[], text: string | null): Value | undefined {
  return values.find((value) => value === text);
}

/** Reads a view from the address; anything not valid keeps its default. */
export function parseContactView(params: URLSearchParams): ContactView {
  const q = params.get('q')?.trim() ?? '';
  const current = Number(params.get('current'));
  const contact = params.get(CONTACT_PARAM);
  return {
    q: q.length <= CONTACT_SEARCH_MAX_LENGTH ? q : '',
    sort: oneOf(CONTACT_SORT_FIELDS, params.get('sort')) ?? DEFAULT_CONTACT_VIEW.sort,
    order: oneOf(SORT_ORDERS, params.get('order')) ?? DEFAULT_CONTACT_VIEW.order,
    current: Number.isSafeInteger(current) && current >= 1 ? current : FIRST_PAGE,
    pageSize: offeredPageSize(params.get('pageSize')),
    contact: contact !== null && UUID.test(contact) ? contact.toLowerCase() : undefined,
  };
}

/** Writes a view to the address: defaults are left out, so the plain screen is a plain address. */
export function serialiseContactView(view: ContactView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.q) {
    params.set('q', view.q);
  }
  if (view.sort !== DEFAULT_CONTACT_VIEW.sort || view.order !== DEFAULT_CONTACT_VIEW.order) {
    params.set('sort', view.sort);
    params.set('order', view.order);
  }
  if (view.current !== FIRST_PAGE) {
    params.set('current', String(view.current));
  }
  if (view.pageSize !== DEFAULT_PAGE_SIZE) {
    params.set('pageSize', String(view.pageSize));
  }
  if (view.contact) {
    params.set(CONTACT_PARAM, view.contact);
  }
  return params;
}

/** The same view with another search, from the first page. */
export function withSearch(view: ContactView, q: string): ContactView {
  return { ...view, q: q.trim(), current: FIRST_PAGE };
}

/** The same view in another order, from the first page. */
export function withSort(view: ContactView, sort: ContactSortField, order: SortOrder): ContactView {
  return { ...view, sort, order, current: FIRST_PAGE };
}

/** Another page; a new page size starts from the first page. */
export function withPage(view: ContactView, current: number, pageSize: number = view.pageSize): ContactView {
  return { ...view, current: pageSize === view.pageSize ? current : FIRST_PAGE, pageSize };
}

/** What `GET /api/contacts` is asked for a view. */
export function toContactListQuery(view: ContactView): ParsedContactListQuery {
  return {
    current: view.current,
    pageSize: view.pageSize,
    ...(view.q ? { q: view.q } : {}),
    sort: view.sort,
    order: view.order,
  };
}
