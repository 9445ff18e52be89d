import type { LiveCall, Notice } from '@parley/api';
import { i18n } from '@parley/i18n';
import { UiProvider } from '@parley/ui/provider';
import { expectNoAxeViolations } from '@parley/ui/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { replaceLocation } from '../../lib/browser';
import { publishRealtime } from '../../lib/realtime-bus';
import { startSession } from '../../lib/session';
import { STORAGE_KEYS } from '../../lib/storage';
import { makeCurrentUser } from '../../testing/test-utils';
import { APP_ROUTES } from '../routes';
import { BasicLayout } from './basic-layout';

vi.mock('../../lib/browser', () => ({ replaceLocation: vi.fn() }));

/** A token as the server signs it: three parts, `user_name` among the claims. */
function tokenFor(claims: Record<string, unknown>): string {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}
const TOKEN = tokenFor({ user_name: 'Ada Admin', role: 'admin' });

const USER = makeCurrentUser({ name: 'Someone Else', notifyCount: 2, unreadCount: 1 });

const NOTICES: Notice[] = [
  {
    id: '00000000-0000-4000-8000-000000000001',
    type: 'event',
    title: 'Call back Jordan',
    description: 'Promised a call before noon',
    avatar: null,
    status: 'urgent',
    link: '/call-history',
    read: false,
    datetime: '2025-05-01T10:00:00.000Z',
  },
  {
    id: '00000000-0000-4000-8000-000000000002',
    type: 'message',
    title: 'Lea left a note',
    description: null,
    avatar: null,
    status: null,
    link: null,
    read: true,
    datetime: '2025-05-01T09:00:00.000Z',
  },
];

type Handler = (request: Request) => Response | Promise<Response>;
let handlers: Record<string, Handler>;
let requests: Request[];

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The shell's socket, which never connects in these tests. */
class QuietSocket extends EventTarget {
  static readonly OPEN = 1;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readyState = 0;
  send() {}
  close() {
    this.readyState = 3;
  }
}

beforeEach(() => {
  requests = [];
  handlers = {
    'GET /api/currentUser': () => json({ success: true, data: USER }),
    'GET /api/notices': () => json(NOTICES),
    'POST /common/logout': () => json({ success: true }),
  };
  vi.stubGlobal('WebSocket', QuietSocket);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(
        new URL(input instanceof Request ? input.url : String(input), 'http://parley.test'),
        init,
      );
      requests.push(request);
      const handler = handlers[`${request.method} ${new URL(request.url).pathname}`];
      return handler
        ? handler(request)
        : json({ success: false, errorCode: 'NOT_FOUND', errorMessage: 'Not found', showType: 2 }, 404);
    }),
  );
  startSession(
    {
      statusCode: 200,
      status: 'ok',
      type: 'account',
      currentAuthority: 'admin',
      data: { token: TOKEN, firstLogin: false },
    },
    'admin@demo.parley.test',
  );
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

function open(path = '/dashboard') {
  const router = createMemoryRouter(
    [
      {
        element: <BasicLayout routes={APP_ROUTES} />,
        children: APP_ROUTES.map((route) => ({
          path: route.path,
          element: <h1>{i18n.t(route.titleKey)}</h1>,
        })),
      },
      { path: '/', element: <p>Landing page</p> },
      { path: '/user/login', element: <p>Login page</p> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <UiProvider>
        <RouterProvider router={router} />
      </UiProvider>
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

describe('BasicLayout (the authenticated shell)', () => {
  it('shows a loading placeholder until the current user has loaded, then the screen', async () => {
    open();
    expect(screen.getByTestId('shell-loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByTestId('shell-loading')).toBeNull();
  });

  it('shows the menu with the title of every route that has a menu entry', async () => {
    open();
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const navigation = screen.getByRole('navigation', { name: 'Main menu' });
    for (const route of APP_ROUTES.filter((entry) => entry.menu === 'main')) {
      expect(within(navigation).getByRole('link', { name: i18n.t(route.titleKey) })).toHaveAttribute(
        'href',
        route.path,
      );
    }
    await userEvent.click(within(navigation).getByRole('button', { name: 'Settings' }));
    const settings = await screen.findByRole('menu');
    const settingsTitles = APP_ROUTES.filter((entry) => entry.menu === 'settings').map((entry) =>
      i18n.t(entry.titleKey),
    );
    expect(
      within(settings)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(settingsTitles);
    // The video-record route has no menu label (SPEC §2.1).
    expect(screen.queryByText(i18n.t('web.menu.record'))).toBeNull();
  });

  it('names the member as stored (not the token’s older claim) and logs out: API called, storage cleared', async () => {
    const { router } = open();
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    // The token says "Ada Admin"; the member has since been renamed, and the header follows.
    expect(screen.queryByRole('button', { name: /Ada Admin/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Someone Else/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(replaceLocation).toHaveBeenCalledOnce());
    const logout = requests.find((request) => new URL(request.url).pathname === '/common/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(localStorage.getItem(STORAGE_KEYS.isLogin)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.loginRole)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.loginId)).toBe('admin@demo.parley.test');
    // A full page load to `/` carrying the browser's address (jsdom's here: the memory router does not change it).
    expect(replaceLocation).toHaveBeenCalledWith(`/?${new URLSearchParams({ redirect: window.location.href })}`);
    // The signed-in screen is not replaced by the login page while the browser leaves.
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('opens Account settings from the avatar menu', async () => {
    const { router } = open();
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await userEvent.click(screen.getByRole('button', { name: /Someone Else/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Account settings' }));
    expect(router.state.location.pathname).toBe('/settings/profile');
  });

  it("shows the member's availability on the avatar, changes it from the menu, and follows a change made on another tab", async () => {
    let chosen = 'available';
    handlers['GET /api/presence'] = () =>
      json({ success: true, data: [{ userId: USER.userid, availability: chosen, chosen }] });
    handlers['PUT /api/currentUser/availability'] = async (request) => {
      chosen = ((await request.json()) as { availability: string }).availability;
      return json({ success: true, data: { userId: USER.userid, availability: chosen, chosen } });
    };
    open();
    const trigger = await screen.findByRole('button', { name: 'Someone Else', description: 'Available' });
    await userEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitemradio', { name: 'Available' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'Away' }));
    expect(await screen.findByRole('button', { name: 'Someone Else', description: 'Away' })).toBeInTheDocument();
    const put = requests.find((request) => request.method === 'PUT');
    expect(put && new URL(put.url).pathname).toBe('/api/currentUser/availability');

    // Chosen on another device: the socket says so.
    act(() =>
      publishRealtime({
        type: 'presence',
        presence: { userId: USER.userid, availability: 'offline', chosen: 'offline' },
      }),
    );
    expect(await screen.findByRole('button', { name: 'Someone Else', description: 'Offline' })).toBeInTheDocument();
  });

  describe('live calls', () => {
    const CALL_ID = '00000000-0000-4000-8000-0000000000c1';
    const ringing: LiveCall = {
      id: CALL_ID,
      serialNumber: 7,
      state: 'ringing',
      menuItem: 'call',
      callerName: 'Ada Lovelace',
      callerEmail: 'ada@example.com',
      callerContact: null,
      incomingAt: new Date(Date.now() - 12_000).toISOString(),
      ringsUntil: new Date(Date.now() + 48_000).toISOString(),
      receivedBy: null,
      receivedAt: null,
      endedAt: null,
    };
    const connectedTo = (id: string, name: string): LiveCall => ({
      ...ringing,
      state: 'connected',
      receivedBy: { id, name },
      receivedAt: new Date().toISOString(),
    });
    let chosen: string;
    beforeEach(() => {
      chosen = 'available';
      handlers['GET /api/presence'] = () =>
        json({ success: true, data: [{ userId: USER.userid, availability: chosen, chosen }] });
      handlers['GET /api/calls/live'] = () => json({ success: true, data: { calls: [], declined: [] } });
    });
    const ring = (call: LiveCall) => act(() => publishRealtime({ type: 'live', call }));

    it('rings an available member on any screen with the caller, then Answer makes it theirs until they hang up', async () => {
      handlers[`POST /api/calls/${CALL_ID}/answer`] = () =>
        json({ success: true, data: connectedTo(USER.userid, USER.name) });
      handlers[`POST /api/calls/${CALL_ID}/hang-up`] = () =>
        json({ success: true, data: { ...connectedTo(USER.userid, USER.name), state: 'ended' } });
      handlers[`GET /api/calls/${CALL_ID}/earlier`] = () =>
        json({
          success: true,
          data: [
            {
              id: '00000000-0000-4000-8000-0000000000e1',
              serialNumber: 3,
              incomingAt: '2026-11-20T10:00:00.000Z',
              answered: true,
              receivedByName: 'Sam Carter',
              durationSeconds: 192,
              messageLeft: false,
            },
          ],
        });
      handlers[`POST /api/calls/${CALL_ID}/notes`] = async (request) =>
        json(
          {
            success: true,
            data: {
              id: '00000000-0000-4000-8000-0000000000f1',
              callId: CALL_ID,
              createdAt: new Date().toISOString(),
              updatedAt: new Date().toISOString(),
              message: ((await request.clone().json()) as { message: string }).message,
              enteredBy: { id: USER.userid, name: USER.name },
              canEdit: true,
              canDelete: true,
            },
          },
          201,
        );
      open('/call-history');
      await screen.findByRole('button', { name: 'Someone Else', description: 'Available' });
      ring(ringing);
      const card = await screen.findByRole('article', { name: 'Incoming call' });
      expect(card).toHaveAccessibleDescription(/Ada Lovelace ada@example.com Call us · Waiting 0:1\d/);
      await userEvent.click(within(card).getByRole('button', { name: 'Answer' }));
      const call = await screen.findByRole('article', { name: 'In a call' });
      expect(requests.some((request) => new URL(request.url).pathname === `/api/calls/${CALL_ID}/answer`)).toBe(true);

      // The caller's earlier calls, and a note that saves to the call's notes while they talk.
      const earlier = within(call).getByRole('region', { name: 'Earlier calls' });
      expect(await within(earlier).findByText('Answered by Sam Carter · 3:12')).toBeInTheDocument();
      expect(within(earlier).getByRole('link', { name: 'All calls from this caller' })).toHaveAttribute(
        'href',
        '/call-history?callerName=Ada+Lovelace',
      );
      await userEvent.click(within(call).getByRole('button', { name: 'Save note' }));
      expect(within(call).getByRole('textbox', { name: 'Note on this call' })).toHaveAccessibleDescription(
        'Please enter notes!',
      );
      await userEvent.type(within(call).getByRole('textbox', { name: 'Note on this call' }), 'Wants a refund');
      await userEvent.click(within(call).getByRole('button', { name: 'Save note' }));
      expect(await within(call).findByText('Note saved')).toHaveAttribute('role', 'status');
      // Without WebRTC (jsdom) the call goes on, and says it has no sound or pictures here.
      expect(within(call).getByText('This browser cannot carry the sound and pictures of a call.')).toHaveAttribute(
        'role',
        'status',
      );
      const posted = requests.find((request) => new URL(request.url).pathname === `/api/calls/${CALL_ID}/notes`);
      expect(await posted?.clone().json()).toEqual({ message: 'Wants a refund' });
      expect(within(call).getByRole('textbox', { name: 'Note on this call' })).toHaveValue('');

      await userEvent.click(within(call).getByRole('button', { name: 'Hang up' }));
      await waitFor(() => expect(screen.queryByRole('article', { name: 'In a call' })).toBeNull());
      // The page under the cards did not move.
      expect(screen.getByRole('heading', { level: 1, name: 'Call history' })).toBeInTheDocument();
    });

    it('does not ring a member who is away, and shows who answered when another member took it', async () => {
      chosen = 'away';
      open();
      await screen.findByRole('button', { name: 'Someone Else', description: 'Away' });
      ring(ringing);
      await act(async () => {});
      expect(screen.queryByRole('article', { name: 'Incoming call' })).toBeNull();

      act(() =>
        publishRealtime({
          type: 'presence',
          presence: { userId: USER.userid, availability: 'available', chosen: 'available' },
        }),
      );
      expect(await screen.findByRole('article', { name: 'Incoming call' })).toBeInTheDocument();
      ring(connectedTo('00000000-0000-4000-8000-0000000000aa', 'Lea Martin'));
      expect(await screen.findByRole('article', { name: 'Answered by Lea Martin' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Answer' })).toBeNull();
    });

    it('stops ringing for this member when they decline (here or in another tab), and shows a call that rang before the tab opened', async () => {
      handlers['GET /api/calls/live'] = () => json({ success: true, data: { calls: [ringing], declined: [] } });
      handlers[`POST /api/calls/${CALL_ID}/decline`] = () => json({ success: true, data: ringing });
      open();
      const card = await screen.findByRole('article', { name: 'Incoming call' });
      await userEvent.click(within(card).getByRole('button', { name: 'Decline' }));
      await waitFor(() => expect(screen.queryByRole('article', { name: 'Incoming call' })).toBeNull());

      const second = { ...ringing, id: '00000000-0000-4000-8000-0000000000c2', callerName: '' };
      ring(second);
      expect(await screen.findByRole('article', { name: 'Incoming call' })).toHaveAccessibleDescription(/^Visitor/);
      act(() => publishRealtime({ type: 'declined', callId: second.id }));
      await waitFor(() => expect(screen.queryByRole('article', { name: 'Incoming call' })).toBeNull());
    });

    it('says who answered first when the answer loses the race, without an error', async () => {
      handlers[`POST /api/calls/${CALL_ID}/answer`] = () =>
        json(
          {
            success: false,
            errorCode: 'CALL_TAKEN',
            errorMessage: 'Lea Martin answered this call.',
            showType: 2,
          },
          409,
        );
      handlers['GET /api/calls/live'] = () => json({ success: true, data: { calls: [ringing], declined: [] } });
      open();
      const card = await screen.findByRole('article', { name: 'Incoming call' });
      handlers['GET /api/calls/live'] = () =>
        json({
          success: true,
          data: { calls: [connectedTo('00000000-0000-4000-8000-0000000000aa', 'Lea Martin')], declined: [] },
        });
      await userEvent.click(within(card).getByRole('button', { name: 'Answer' }));
      expect(await screen.findByRole('article', { name: 'Answered by Lea Martin' })).toBeInTheDocument();
      expect(screen.queryByRole('alert')).toBeNull();
    });
  });

  it('opens the name-and-team dialog from the avatar menu, filled with the stored names', async () => {
    open();
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await userEvent.click(screen.getByRole('button', { name: /Someone Else/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Name and team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Name and team' });
    expect(within(dialog).getByRole('textbox', { name: /Your name/ })).toHaveValue('Someone Else');
    expect(within(dialog).getByRole('textbox', { name: /Team name/ })).toHaveValue('Demo');
  });

  it('ends the session when the server no longer accepts the token (401)', async () => {
    handlers['GET /api/currentUser'] = () =>
      json({ success: false, errorCode: 'UNAUTHORIZED', errorMessage: 'Your session has ended.', showType: 0 }, 401);
    open();
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.isLogin)).toBeNull());
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it('searches the screens by title and opens the match on Enter', async () => {
    const { router } = open();
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.type(screen.getByRole('combobox', { name: 'Search' }), 'contact{Enter}');
    expect(router.state.location.pathname).toBe('/settings/contact-book');
  });

  it("finds the team's calls and videos as the member types, and opens the call picked", async () => {
    const incomingAt = new Date(2025, 4, 1, 10, 30).toISOString();
    handlers['GET /api/search'] = (request) =>
      json({
        success: true,
        data: {
          calls: [
            {
              id: '00000000-0000-4000-8000-00000000000c',
              serialNumber: 7,
              incomingAt,
              playerId: 'v_ada',
              callerName: 'Ada Lovelace',
              callerContact: null,
              callerContactDisplay: null,
              callerEmail: new URL(request.url).searchParams.get('q') === 'ada' ? 'ada@example.com' : null,
            },
          ],
          videos: [{ id: '00000000-0000-4000-8000-00000000000d', title: 'Ada welcome', createdAt: incomingAt }],
        },
      });
    const { router } = open();
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.type(screen.getByRole('combobox', { name: 'Search' }), 'ada');
    const listbox = await screen.findByRole('listbox', { name: 'Search results' });
    await within(listbox).findByRole('group', { name: 'Calls' });
    expect(within(listbox).getByRole('option', { name: /Ada Lovelace/ })).toHaveTextContent('ada@example.com');
    expect(within(listbox).getByRole('group', { name: 'Videos' })).toHaveTextContent('Ada welcome');
    expect(requests.filter((request) => new URL(request.url).pathname === '/api/search')).toHaveLength(1);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(router.state.location.pathname).toBe('/call-history');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      from: '2025-05-01',
      to: '2025-05-01',
      callerName: 'Ada Lovelace',
    });
  });

  it('says plainly when the search fails', async () => {
    handlers['GET /api/search'] = () =>
      json({ success: false, errorCode: 'INTERNAL', errorMessage: 'Broken', showType: 2 }, 500);
    open();
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.type(screen.getByRole('combobox', { name: 'Search' }), 'zz');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The search did not work. Check your connection and try again.',
    );
  });

  it('shows the unread notices on the bell; opening one marks it read and follows its link', async () => {
    handlers[`POST /api/notices/${NOTICES[0]?.id}/read`] = () => json({ success: true });
    const { router } = open();
    const bell = await screen.findByRole('button', { name: 'Notices, 1 unread' });

    await userEvent.click(bell);
    await userEvent.click(await screen.findByRole('tab', { name: /Events/ }));
    await userEvent.click(await screen.findByRole('button', { name: /Call back Jordan/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/call-history'));
    expect(
      requests.some((request) => request.method === 'POST' && request.url.endsWith(`/notices/${NOTICES[0]?.id}/read`)),
    ).toBe(true);
    expect(await screen.findByRole('button', { name: 'Notices' })).toBeInTheDocument();
  });

  it('opens the help page inside the app, in the same tab, from the keyboard', async () => {
    const { router } = open();
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const help = screen.getByRole('link', { name: 'Help' });
    expect(help).toHaveAttribute('href', '/help');
    expect(help).not.toHaveAttribute('target');
    help.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/help'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Help' })).toBeInTheDocument();
  });

  it('takes its layout from the saved page settings', async () => {
    localStorage.setItem('pageSettings', JSON.stringify({ layout: 'side', navTheme: 'light', contentWidth: 'fluid' }));
    open();
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const shell = document.querySelector('[data-slot="app-shell"]');
    expect(shell).toHaveAttribute('data-layout', 'side');
    expect(shell).toHaveAttribute('data-nav-theme', 'light');
    expect(shell).toHaveAttribute('data-content-width', 'fluid');
  });

  it('offers the menu and the page style in the phone drawer; choosing a screen closes it', {
    timeout: 20_000,
  }, async () => {
    const { router } = open();
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Main menu' });
    expect(within(drawer).getByRole('link', { name: 'Parley' })).toHaveAttribute('href', '/dashboard');
    expect(within(drawer).getByRole('button', { name: 'Page style' })).toBeInTheDocument();
    // The whole menu, the entries the top bar moves under 'More' included.
    const navigation = within(drawer).getByRole('navigation', { name: 'Main menu' });
    expect(within(navigation).queryByRole('button', { name: 'More' })).toBeNull();
    await userEvent.click(within(navigation).getByRole('link', { name: i18n.t('web.menu.callHistory') }));
    expect(router.state.location.pathname).toBe('/call-history');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Main menu' })).toBeNull());
  });

  it('has no accessibility violations', async () => {
    open();
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await expectNoAxeViolations();
  });
});
