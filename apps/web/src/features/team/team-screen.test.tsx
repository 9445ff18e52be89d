import { ERROR_CODES, type TeamMember } from '@parley/api';
import { expectNoAxeViolations } from '@parley/ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publishRealtime } from '../../lib/realtime-bus';
import { STORAGE_KEYS } from '../../lib/storage';
import { flushPendingDeletes } from '../../lib/undoable-delete';
import { errorBody, fakeToken, json, renderRoutes, stubServer } from '../../testing/test-utils';
import { TeamScreen, teamSignInLink } from './team-screen';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const TEAM_ID = '00000000-0000-4000-8000-000000000098';
const ADMIN_ID = '00000000-0000-4000-8000-000000000001';
const USER_ID = '00000000-0000-4000-8000-000000000002';
const GUEST_ID = '00000000-0000-4000-8000-000000000003';

function makeMember(overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    id: ADMIN_ID,
    email: 'nora@example.com',
    name: 'Nora Ali',
    role: 'admin',
    phone: null,
    avatar: null,
    firstLogin: false,
    disabled: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    availability: 'available',
    lastSeenAt: '2026-11-27T09:30:00.000Z',
    callsThisWeek: 12,
    ...overrides,
  };
}

const ADMIN = makeMember();
const USER = makeMember({
  id: USER_ID,
  email: 'sam@example.com',
  name: 'Sam Lee',
  role: 'user',
  availability: 'away',
  callsThisWeek: 3,
});
const GUEST = makeMember({
  id: GUEST_ID,
  email: 'guest@example.com',
  name: 'Gus Guest',
  role: 'user',
  firstLogin: true,
  availability: 'offline',
  lastSeenAt: null,
  callsThisWeek: 0,
});

/** Signs a member in with a token that names their team, as the server's does. */
function signIn(role: 'admin' | 'user', userId = role === 'admin' ? ADMIN_ID : USER_ID) {
  const token = fakeToken({ sub: userId, user_name: 'Tess Tester', role, team: TEAM_ID, scope: 'full' });
  localStorage.setItem(STORAGE_KEYS.isLogin, 'true');
  localStorage.setItem(STORAGE_KEYS.loginRole, role);
  localStorage.setItem(STORAGE_KEYS.authToken, token);
}

function serve(list: TeamMember[] = [ADMIN, USER, GUEST], extra: Parameters<typeof stubServer>[0] = {}) {
  return stubServer({
    'GET /api/users': () => json(200, { list, total: list.length }),
    ...extra,
  });
}

function renderScreen() {
  return renderRoutes([{ path: '/Support-Team', element: <TeamScreen /> }], '/Support-Team');
}

const table = () => screen.findByRole('table', { name: 'Members' });
async function rowOf(name: string) {
  const cell = await within(await table()).findByText(name);
  return cell.closest('tr') as HTMLElement;
}
async function openActions(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
}

describe('TeamScreen (/Support-Team), as an admin', () => {
  it('lists every member with role, availability, last seen and calls this week', async () => {
    signIn('admin');
    serve();
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Support Team' })).toBeInTheDocument();
    const nora = await rowOf('Nora Ali');
    expect(nora).toHaveTextContent('nora@example.com');
    expect(nora).toHaveTextContent('You');
    expect(nora).toHaveTextContent('Admin');
    expect(nora).toHaveTextContent('Available');
    expect(nora).toHaveTextContent('Nov 27, 2026');
    expect(nora).toHaveTextContent('12');
    const sam = await rowOf('Sam Lee');
    expect(sam).toHaveTextContent('User');
    expect(sam).toHaveTextContent('Away');
    const gus = await rowOf('Gus Guest');
    expect(gus).toHaveTextContent('Invited');
    expect(gus).toHaveTextContent('Offline');
    expect(gus).toHaveTextContent('Never');
    expect(screen.getByRole('button', { name: 'Invite member' })).toBeInTheDocument();
    expect(screen.queryByText('Only team admins can invite, change or remove members.')).toBeNull();
    await expectNoAxeViolations();
  });

  it("follows members' availability live from the socket", async () => {
    signIn('admin');
    serve();
    renderScreen();
    expect(await rowOf('Sam Lee')).toHaveTextContent('Away');
    act(() =>
      publishRealtime({ type: 'presence', presence: { userId: USER_ID, availability: 'offline', chosen: 'away' } }),
    );
    await waitFor(async () => expect(await rowOf('Sam Lee')).toHaveTextContent('Offline'));
  });

  it('invites with the contract’s messages, and puts the server’s refusal on its field', async () => {
    signIn('admin');
    const calls = serve([ADMIN], {
      'POST /api/users': ({ body }) =>
        (body as { email: string }).email === 'sam@example.com'
          ? json(409, errorBody(ERROR_CODES.emailTaken, 'This e-mail is taken.', { email: 'emailTaken' }))
          : json(201, { success: true, data: makeMember({ ...GUEST, ...(body as object) }) }),
    });
    renderScreen();
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite member' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Please input a name!')).toBeInTheDocument();
    expect(within(dialog).getByText('Please input your E-mail!')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Sam Lee');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^E-mail/ }), 'sam@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    const email = within(dialog).getByRole('textbox', { name: /^E-mail/ });
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('This e-mail address is already registered.')).toBeInTheDocument();

    await userEvent.clear(email);
    await userEvent.type(email, 'gus@example.com');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Admin' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to gus@example.com')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      name: 'Sam Lee',
      email: 'gus@example.com',
      role: 'admin',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite member' })).toBeNull());
  });

  it('changes a role and disables a member', async () => {
    signIn('admin');
    const calls = serve([ADMIN, USER], {
      [`PATCH /api/users/${USER_ID}`]: ({ body }) =>
        json(200, { success: true, data: { ...USER, ...(body as object), lastSeenAt: undefined } }),
    });
    renderScreen();
    await openActions('Sam Lee');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Make admin' }));
    expect(await screen.findByText('Role changed for Sam Lee')).toBeInTheDocument();
    await openActions('Sam Lee');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Disable' }));
    expect(await screen.findByText('Sam Lee is disabled and signed out')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { role: 'admin' },
      { disabled: true },
    ]);
  });

  it('shows the last-admin refusal', async () => {
    signIn('admin');
    serve([ADMIN, USER], {
      [`PATCH /api/users/${ADMIN_ID}`]: () =>
        json(409, errorBody(ERROR_CODES.lastAdmin, 'The team needs at least one admin.')),
    });
    renderScreen();
    await openActions('Nora Ali');
    // Their own row: no Disable or Remove.
    expect(screen.queryByRole('menuitem', { name: 'Remove' })).toBeNull();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Make user' }));
    expect(await screen.findByText('The team needs at least one admin.')).toBeInTheDocument();
    expect(await rowOf('Nora Ali')).toHaveTextContent('Admin');
  });

  it('sends an invitation again, and says why when it cannot', async () => {
    signIn('admin');
    let answered = 0;
    const calls = serve([ADMIN, GUEST], {
      [`POST /api/users/${GUEST_ID}/invitation`]: () => {
        answered += 1;
        return answered === 1
          ? json(200, { success: true, data: GUEST })
          : json(
              409,
              errorBody(
                ERROR_CODES.invitationTaken,
                'This member has signed in already: there is no invitation to send again.',
              ),
            );
      },
    });
    renderScreen();
    await openActions('Gus Guest');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Send invitation again' }));
    expect(await screen.findByText('A new invitation was sent to guest@example.com')).toBeInTheDocument();
    await openActions('Gus Guest');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Send invitation again' }));
    expect(
      await screen.findByText('This member has signed in already: there is no invitation to send again.'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').length).toBe(2);
  });

  it('removes a member after a confirmation, with Undo', async () => {
    signIn('admin');
    const calls = serve([ADMIN, USER], {
      [`DELETE /api/users/${USER_ID}`]: () => json(200, { success: true }),
    });
    renderScreen();
    await openActions('Sam Lee');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Sam Lee?' });
    expect(dialog).toHaveTextContent('Calls they took keep their name.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Sam Lee')).toBeNull());
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await rowOf('Sam Lee')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    await openActions('Sam Lee');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Remove Sam Lee?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await flushPendingDeletes();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `/api/users/${USER_ID}`,
    ]);
  });

  it("copies the team's sign-in link", async () => {
    signIn('admin');
    serve();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Copy sign-in link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/user/team-login/${TEAM_ID}`);
    expect(await screen.findByText('Sign-in link copied')).toBeInTheDocument();
    expect(teamSignInLink('https://parley.example.com', TEAM_ID)).toBe(
      `https://parley.example.com/user/team-login/${TEAM_ID}`,
    );
  });

  it('says when the list cannot be loaded, and Retry asks again', async () => {
    signIn('admin');
    let attempts = 0;
    serve([], {
      'GET /api/users': () => {
        attempts += 1;
        return attempts === 1
          ? json(500, errorBody(ERROR_CODES.internal, 'Request error, please retry.'))
          : json(200, { list: [ADMIN], total: 1 });
      },
    });
    renderScreen();
    expect(await screen.findByText('The members could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await rowOf('Nora Ali')).toBeTruthy();
  });
});

describe('TeamScreen, as a user', () => {
  it('reads the list and changes nothing', async () => {
    signIn('user');
    serve();
    renderScreen();
    expect(await rowOf('Sam Lee')).toHaveTextContent('You');
    expect(screen.getByText('Only team admins can invite, change or remove members.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite member' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy sign-in link' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
    await expectNoAxeViolations();
  });
});
