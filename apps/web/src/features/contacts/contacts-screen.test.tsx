import { type Contact, ERROR_CODES } from '@parley/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage';
import { errorBody, fakeToken, json, renderRoutes, stubServer } from '../../testing/test-utils';
import { ContactsScreen } from './contacts-screen';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const NADIA_ID = '00000000-0000-4000-8000-0000000000a1';
const OMAR_ID = '00000000-0000-4000-8000-0000000000a2';

function makeContact(overrides: Partial<Contact> = {}): Contact {
  return {
    id: NADIA_ID,
    name: 'Nadia Haddad',
    email: 'nadia@example.com',
    phone: '+201012345678',
    company: 'Nile Co',
    notes: null,
    tags: ['vip'],
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}
const NADIA = makeContact();
const OMAR = makeContact({
  id: OMAR_ID,
  name: 'Omar N.',
  email: null,
  phone: '+442079460634',
  company: null,
  tags: [],
});

function signIn(role: 'admin' | 'user' = 'user') {
  localStorage.setItem(STORAGE_KEYS.isLogin, 'true');
  localStorage.setItem(STORAGE_KEYS.loginRole, role);
  localStorage.setItem(STORAGE_KEYS.authToken, fakeToken({ sub: 'u', role, team: 't', scope: 'full' }));
}

function renderScreen(path = '/settings/contact-book') {
  return renderRoutes([{ path: '/settings/contact-book', element: <ContactsScreen /> }], path);
}

/** The table once its rows arrived (it shows skeleton rows while the page loads). */
async function table() {
  await screen.findByRole('button', { name: 'Nadia Haddad' });
  return screen.getByRole('table', { name: 'Contacts' });
}

describe('ContactsScreen (/settings/contact-book)', () => {
  it('lists a page of contacts, and searches and sorts in the address', async () => {
    signIn();
    const calls = stubServer({
      'GET /api/contacts': ({ query }) =>
        json(200, query.get('q') === 'omar' ? { list: [OMAR], total: 1 } : { list: [NADIA, OMAR], total: 2 }),
    });
    const router = renderScreen();
    const rows = within(await table()).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText('nadia@example.com')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('vip')).toBeInTheDocument();
    expect(calls[0]?.query.toString()).toBe('current=1&pageSize=10&sort=name&order=asc');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search contacts' }), 'omar{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=omar'));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Contacts' })).getAllByRole('row')).toHaveLength(2),
    );
    expect(calls.at(-1)?.query.get('q')).toBe('omar');

    await userEvent.click(screen.getByRole('button', { name: /E-mail/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=omar&sort=email&order=asc'));
  });

  it('says so when the book is empty, and when the list cannot load', async () => {
    signIn();
    stubServer({ 'GET /api/contacts': () => json(200, { list: [], total: 0 }) });
    renderScreen();
    expect(await screen.findByText('No contacts yet. Add one, or import a CSV file.')).toBeInTheDocument();
    vi.unstubAllGlobals();
    stubServer({
      'GET /api/contacts': () => json(500, errorBody(ERROR_CODES.internal, 'Request error, please retry.')),
    });
    renderScreen('/settings/contact-book?q=x');
    expect(await screen.findByText('The contacts could not be loaded.')).toBeInTheDocument();
  });

  it('adds a contact, showing the server refusal of a taken address on its field', async () => {
    signIn();
    let taken = true;
    const calls = stubServer({
      'GET /api/contacts': () => json(200, { list: [NADIA], total: 1 }),
      'POST /api/contacts': () =>
        taken
          ? json(409, errorBody(ERROR_CODES.emailTaken, 'taken', { email: 'contactEmailTaken' }))
          : json(201, { success: true, data: OMAR }),
    });
    renderScreen();
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Add contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a contact' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please input a name!')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Omar N.');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'nadia@example.com');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Tags' }), 'vip, lead, VIP');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('A contact with this e-mail address is already in the book.'),
    ).toBeInTheDocument();
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent?.body).toMatchObject({ name: 'Omar N.', email: 'nadia@example.com', tags: ['vip', 'lead'] });
    taken = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens the contact a link names (from the call history), and says when it is gone', async () => {
    signIn();
    stubServer({
      'GET /api/contacts': () => json(200, { list: [NADIA], total: 1 }),
      [`GET /api/contacts/${NADIA_ID}`]: () => json(200, { success: true, data: NADIA }),
    });
    const router = renderScreen(`/settings/contact-book?contact=${NADIA_ID}`);
    const dialog = await screen.findByRole('dialog', { name: 'Edit contact' });
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('Nadia Haddad');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));

    vi.unstubAllGlobals();
    stubServer({ 'GET /api/contacts': () => json(200, { list: [NADIA], total: 1 }) });
    const again = renderScreen(`/settings/contact-book?contact=${OMAR_ID}`);
    expect(await screen.findByText('This contact is no longer in the book.')).toBeInTheDocument();
    await waitFor(() => expect(again.state.location.search).toBe(''));
  });

  it('merges a duplicate found by name into a contact', async () => {
    signIn();
    const calls = stubServer({
      'GET /api/contacts': ({ query }) =>
        json(200, query.get('pageSize') === '6' ? { list: [NADIA, OMAR], total: 2 } : { list: [NADIA], total: 1 }),
      [`POST /api/contacts/${NADIA_ID}/merge`]: () => json(200, { success: true, data: NADIA }),
    });
    renderScreen();
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Nadia Haddad' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Merge a duplicate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge a duplicate into Nadia Haddad' });
    // The contact itself is not offered.
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'Omar N.' }));
    expect(within(dialog).queryByRole('radio', { name: 'Nadia Haddad' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ otherId: OMAR_ID });
  });
});
