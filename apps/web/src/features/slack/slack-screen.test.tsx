import { ERROR_CODES, type SlackSettings } from '@parley/api';
import { expectNoAxeViolations } from '@parley/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage';
import { errorBody, fakeToken, json, renderRoutes, stubServer } from '../../testing/test-utils';
import { SlackScreen } from './slack-screen';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const TEAM_ID = '00000000-0000-4000-8000-000000000098';
const ADMIN_ID = '00000000-0000-4000-8000-000000000001';
const SPEC_MESSAGE = 'Something went wrong, please try again later';

const EMPTY: SlackSettings = {
  connected: false,
  tokenLast4: null,
  workspace: null,
  savedAt: null,
  syncedAt: null,
  matched: [],
  unmatched: [],
};
const CONNECTED: SlackSettings = {
  ...EMPTY,
  connected: true,
  tokenLast4: 'WXYZ',
  workspace: 'Acme Support',
  savedAt: '2026-11-27T09:00:00.000Z',
};
const SYNCED: SlackSettings = {
  ...CONNECTED,
  syncedAt: '2026-11-27T10:15:00.000Z',
  matched: [
    {
      slackId: 'U1',
      name: 'Lea Slack',
      email: 'lea@example.com',
      member: { id: '00000000-0000-4000-8000-000000000002', name: 'Lea Member' },
    },
  ],
  unmatched: [
    { slackId: 'U2', name: 'Omar Outside', email: 'omar@elsewhere.test' },
    { slackId: 'U3', name: 'No Mail', email: null },
  ],
};

function signIn(role: 'admin' | 'user') {
  const token = fakeToken({ sub: ADMIN_ID, user_name: 'Tess Tester', role, team: TEAM_ID, scope: 'full' });
  localStorage.setItem(STORAGE_KEYS.isLogin, 'true');
  localStorage.setItem(STORAGE_KEYS.loginRole, role);
  localStorage.setItem(STORAGE_KEYS.authToken, token);
}

function renderScreen() {
  return renderRoutes([{ path: '/settings/slack-settings', element: <SlackScreen /> }], '/settings/slack-settings');
}

describe('SlackScreen (/settings/slack-settings)', () => {
  it('an admin saves a token (checked with the contract first) and then sees only its last 4 characters', async () => {
    signIn('admin');
    const calls = stubServer({
      'GET /api/slack': () => json(200, { success: true, data: EMPTY }),
      'PUT /api/slack/token': () => json(200, { success: true, data: CONNECTED }),
    });
    renderScreen();
    expect(await screen.findByText('No token saved yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sync Users' })).toBeDisabled();
    expect(screen.getByText('Save a token before you sync users.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please input the Slack token!')).toBeInTheDocument();
    const field = screen.getByLabelText(/Token/);
    await userEvent.type(field, 'not a token');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/A Slack token starts with xox/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await userEvent.clear(field);
    await userEvent.type(field, 'xoxb-1-secretWXYZ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Token saved: connected to Acme Support')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ token: 'xoxb-1-secretWXYZ' });
    expect(screen.getByTestId('slack-token-last4')).toHaveTextContent('Token ending in WXYZ');
    expect(screen.getByText('Connected to Acme Support')).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(document.body).not.toHaveTextContent('secret');
    expect(screen.getByRole('button', { name: 'Sync Users' })).toBeEnabled();
    await expectNoAxeViolations();
  });

  it("Slack refusing the token shows SPEC's message", async () => {
    signIn('admin');
    stubServer({
      'GET /api/slack': () => json(200, { success: true, data: EMPTY }),
      'PUT /api/slack/token': () => json(502, errorBody(ERROR_CODES.slackFailed, SPEC_MESSAGE)),
    });
    renderScreen();
    await userEvent.type(await screen.findByLabelText(/Token/), 'xoxb-revoked');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SPEC_MESSAGE);
    expect(screen.getByText('No token saved yet.')).toBeInTheDocument();
  });

  it('Sync Users shows who matched, who did not and when it ran; a failed sync says SPEC’s message', async () => {
    signIn('admin');
    let syncs = 0;
    stubServer({
      'GET /api/slack': () => json(200, { success: true, data: CONNECTED }),
      'POST /api/slack/sync': () => {
        syncs += 1;
        return syncs === 1
          ? json(200, { success: true, data: SYNCED })
          : json(502, errorBody(ERROR_CODES.slackFailed, SPEC_MESSAGE));
      },
    });
    renderScreen();
    expect(await screen.findByText('Not run yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sync Users' }));
    expect(await screen.findByText('Users synced')).toBeInTheDocument();
    expect(screen.getByTestId('slack-last-run')).toHaveTextContent('Last run Nov 27, 2026');
    const matched = await screen.findByRole('table', { name: 'Matched' });
    expect(within(matched).getByText('Lea Slack')).toBeInTheDocument();
    expect(within(matched).getByText('Lea Member')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Matched/ })).toHaveTextContent('1');
    expect(screen.getByRole('tab', { name: /Not matched/ })).toHaveTextContent('2');

    await userEvent.click(screen.getByRole('tab', { name: /Not matched/ }));
    const unmatched = await screen.findByRole('table', { name: 'Not matched' });
    expect(within(unmatched).getByText('Omar Outside')).toBeInTheDocument();
    expect(within(unmatched).getByText('No e-mail address')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Sync Users' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SPEC_MESSAGE);
    // The last result stays.
    expect(screen.getByRole('tab', { name: /Not matched/ })).toHaveTextContent('2');
  });

  it('a user sees the settings and the result read-only', async () => {
    signIn('user');
    stubServer({ 'GET /api/slack': () => json(200, { success: true, data: SYNCED }) });
    renderScreen();
    expect(await screen.findByText('Only team admins can save the token and sync users.')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Matched' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sync Users' })).toBeNull();
    expect(screen.queryByLabelText(/Token/)).toBeNull();
  });

  it('says when the settings cannot be loaded, with Retry', async () => {
    signIn('admin');
    let answered = 0;
    stubServer({
      'GET /api/slack': () => {
        answered += 1;
        return answered === 1
          ? json(500, errorBody(ERROR_CODES.internal, 'Request error, please retry.'))
          : json(200, { success: true, data: CONNECTED });
      },
    });
    renderScreen();
    expect(await screen.findByText('The Slack settings could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByText('Connected to Acme Support')).toBeInTheDocument());
  });
});
