import { describe, expect, it } from 'vitest';
import { contactPath } from '../../lib/contact-links';
import {
  DEFAULT_CONTACT_VIEW,
  parseContactView,
  serialiseContactView,
  toContactListQuery,
  withPage,
  withSearch,
  withSort,
} from './contact-view';

const ID = '5b0c3f0e-8f0a-4d41-9a43-2c1c1f0c9a11';

describe('the contact book view in the address', () => {
  it('is plain at its defaults, and reads back what it wrote', () => {
    expect(serialiseContactView(DEFAULT_CONTACT_VIEW).toString()).toBe('');
    const view = withPage(withSort(withSearch(DEFAULT_CONTACT_VIEW, '  acme '), 'company', 'desc'), 3);
    const params = serialiseContactView({ ...view, pageSize: 20 });
    expect(params.toString()).toBe('q=acme&sort=company&order=desc&current=3&pageSize=20');
    expect(parseContactView(params)).toEqual({ ...view, pageSize: 20 });
  });

  it('keeps defaults for what is not valid', () => {
    const view = parseContactView(
      new URLSearchParams({ sort: 'password', order: 'up', current: '-2', pageSize: '7', contact: 'nope' }),
    );
    expect(view).toEqual(DEFAULT_CONTACT_VIEW);
  });

  it('a new search, order or page size starts from the first page', () => {
    const deep = withPage(DEFAULT_CONTACT_VIEW, 4);
    expect(withSearch(deep, 'x').current).toBe(1);
    expect(withSort(deep, 'email', 'asc').current).toBe(1);
    expect(withPage(deep, 4, 50).current).toBe(1);
  });

  it("opens a linked contact (the call history's link) and asks the server for the view's page", () => {
    const path = contactPath(ID);
    expect(path).toBe(`/settings/contact-book?contact=${ID}`);
    const view = parseContactView(new URL(path, 'http://localhost').searchParams);
    expect(view.contact).toBe(ID);
    expect(toContactListQuery(withSearch(view, 'nadia'))).toEqual({
      current: 1,
      pageSize: 10,
      q: 'nadia',
      sort: 'name',
      order: 'asc',
    });
  });
});
