import type { CurrentUser, SecuritySettings } from '@parley/api';
import { expectNoAxeViolations } from '@parley/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage';
import { errorBody, fakeToken, json, renderRoutes, stubServer } from '../../testing/test-utils';
import { strengthOfScore } from './password-strength';
import { ProfileScreen } from './profile-screen';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const USER_ID = '00000000-0000-4000-8000-000000000002';
const TOKEN = fakeToken({ sub: USER_ID, user_name: 'Lea Haddad', role: 'user', scope: 'full' });

const USER: CurrentUser = {
  userid: USER_ID,
  name: 'Lea Haddad',
  avatar: null,
  email: 'lea@example.com',
  signature: 'Answers with a smile.',
  title: '',
  group: '',
  tags: [],
  notifyCount: 0,
  unreadCount: 0,
  country: 'Egypt',
  geographic: { province: { key: 'Cairo', label: 'Cairo' }, city: { key: 'Cairo', label: 'Cairo' } },
  address: '1 Tahrir Square',
  phone: '+201001234567',
  access: 'user',
  team: { id: '00000000-0000-4000-8000-000000000098', name: 'Acme' },
};

const SECURITY: SecuritySettings = {
  mfa: { bound: false, recoveryCodesLeft: 0 },
  notifications: { account: true, system: true, todo: true },
};

function signIn() {
  localStorage.setItem(STORAGE_KEYS.isLogin, 'true');
  localStorage.setItem(STORAGE_KEYS.loginRole, 'user');
  localStorage.setItem(STORAGE_KEYS.authToken, TOKEN);
}

function serve(extra: Parameters<typeof stubServer>[0] = {}) {
  return stubServer({
    'GET /api/currentUser': () => json(200, { success: true, data: USER }),
    'GET /api/currentUser/security': () => json(200, { success: true, data: SECURITY }),
    ...extra,
  });
}

function renderScreen(path = '/settings/profile') {
  signIn();
  return renderRoutes([{ path: '/settings/profile', element: <ProfileScreen /> }], path);
}

describe('ProfileScreen (/settings/profile): Basic Settings', () => {
  it("shows the member's own details and saves them with Update Information", async () => {
    const calls = serve({
      'PUT /api/currentUser': () => json(200, { success: true, data: { ...USER, name: 'Lea H.' } }),
    });
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    const nickname = await screen.findByRole('textbox', { name: 'Nickname' });
    expect(nickname).toHaveValue('Lea Haddad');
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveValue('lea@example.com');
    expect(screen.getByRole('textbox', { name: 'Personal profile' })).toHaveValue('Answers with a smile.');
    await expectNoAxeViolations();
    await userEvent.clear(nickname);
    await userEvent.type(nickname, 'Lea H.');
    await userEvent.click(screen.getByRole('button', { name: 'Update Information' }));
    expect(await screen.findByText('Your information was updated.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      email: 'lea@example.com',
      name: 'Lea H.',
      signature: 'Answers with a smile.',
      country: 'Egypt',
      province: 'Cairo',
      city: 'Cairo',
      address: '1 Tahrir Square',
      phone: '+201001234567',
    });
  });

  it("asks for each field with SPEC §5's 'Please input your …' messages, and shows the server's refusals", async () => {
    const calls = serve({
      'PUT /api/currentUser': () =>
        json(409, errorBody('PHONE_TAKEN', 'This phone number belongs to another member.', { phone: 'phoneTaken' })),
    });
    renderScreen();
    for (const name of ['Nickname', 'Personal profile', 'Country/Region', 'Street address']) {
      await userEvent.clear(await screen.findByRole('textbox', { name }));
    }
    await userEvent.click(screen.getByRole('button', { name: 'Update Information' }));
    for (const text of [
      'Please input your nickname!',
      'Please input your personal profile!',
      'Please input your country/region!',
      'Please input your street address!',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await userEvent.type(screen.getByRole('textbox', { name: 'Nickname' }), 'Lea');
    await userEvent.type(screen.getByRole('textbox', { name: 'Personal profile' }), 'Hi');
    await userEvent.type(screen.getByRole('textbox', { name: 'Country/Region' }), 'Egypt');
    await userEvent.type(screen.getByRole('textbox', { name: 'Street address' }), '1 Nile St');
    await userEvent.click(screen.getByRole('button', { name: 'Update Information' }));
    expect(await screen.findByText('This phone number belongs to another member.')).toBeInTheDocument();
  });

  it('says so, with Retry, when the member cannot be loaded', async () => {
    stubServer({ 'GET /api/currentUser': () => json(500, errorBody('INTERNAL', 'Request error, please retry.')) });
    renderScreen();
    expect(await screen.findByText('Your profile could not be loaded.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('ProfileScreen: Security Settings', () => {
  it('binds an MFA device: QR code and key, the first code, then the ten recovery codes once', async () => {
    const codes = Array.from({ length: 10 }, (_, index) => `code${index}abcde`.slice(0, 10));
    const calls = serve({
      'POST /api/currentUser/mfa': () =>
        json(200, {
          success: true,
          data: {
            secret: 'JBSWY3DPEHPK3PXP',
            uri: 'otpauth://totp/Parley:lea',
            qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
          },
        }),
      'POST /api/currentUser/mfa/confirm': () => json(200, { success: true, data: { recoveryCodes: codes } }),
    });
    renderScreen('/settings/profile?tab=security');
    expect(await screen.findByText('Not bound: signing in asks for your password only.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bind' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bind an MFA device' });
    expect(await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(within(dialog).getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bind' }));
    expect(await within(dialog).findByText('Please input the code!')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Code/ }), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bind' }));
    const list = await screen.findByRole('list', { name: 'Your recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(calls.find((call) => call.path === '/api/currentUser/mfa/confirm')?.body).toEqual({ code: '123456' });
  });

  it('unbinds with a code, and shows a wrong one on the field', async () => {
    let tries = 0;
    serve({
      'GET /api/currentUser/security': () =>
        json(200, { success: true, data: { ...SECURITY, mfa: { bound: true, recoveryCodesLeft: 7 } } }),
      'POST /api/currentUser/mfa/unbind': () => {
        tries += 1;
        return tries === 1
          ? json(422, errorBody('MFA_CODE_INVALID', 'The code is not correct.', { code: 'mfaCodeInvalid' }))
          : json(200, { success: true, data: SECURITY });
      },
    });
    renderScreen('/settings/profile?tab=security');
    expect(await screen.findByText(/Recovery codes left: 7/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Unbind' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unbind the MFA device' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Code/ }), '000000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unbind' }));
    expect(await within(dialog).findByText('The code is not correct.')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /Code/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Code/ }), 'abcde12345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unbind' }));
    expect(await screen.findByText('Not bound: signing in asks for your password only.')).toBeInTheDocument();
  });

  it('modifies the password with the current one and takes up the new session', async () => {
    const next = fakeToken({ sub: USER_ID, user_name: 'Lea Haddad', role: 'user', scope: 'full', jti: 'new' });
    const calls = serve({
      'POST /common/change-password': () =>
        json(200, {
          statusCode: 200,
          status: 'ok',
          type: 'account',
          currentAuthority: 'user',
          data: { token: next, firstLogin: false },
        }),
    });
    renderScreen('/settings/profile?tab=security');
    await userEvent.click(await screen.findByRole('button', { name: 'Modify' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modify password' });
    await userEvent.type(within(dialog).getByLabelText(/^\*?Current password$/), 'old password');
    await userEvent.type(within(dialog).getByLabelText(/^\*?New password$/), 'a much better password 42');
    expect(within(dialog).getByText(/Strength: /)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^\*?Confirm new password$/), 'a much better password 42');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Modify' }));
    expect(await screen.findByText('Your password was changed.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/common/change-password')?.body).toEqual({
      token: TOKEN,
      currentPassword: 'old password',
      password: 'a much better password 42',
      confirmPassword: 'a much better password 42',
    });
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe(next));
  });
});

describe('ProfileScreen: New Message Notification', () => {
  it('switches each kind Open or Close at once, and puts it back when refused', async () => {
    let refuse = false;
    const calls = serve({
      'PATCH /api/currentUser/notifications': (call) =>
        refuse
          ? json(500, errorBody('INTERNAL', 'Request error, please retry.'))
          : json(200, { success: true, data: { ...SECURITY.notifications, ...(call.body as object) } }),
    });
    renderScreen('/settings/profile?tab=notifications');
    const todo = await screen.findByRole('switch', { name: 'To-do' });
    expect(todo).toBeChecked();
    expect(screen.getByRole('switch', { name: 'System messages' })).toBeChecked();
    await userEvent.click(todo);
    await waitFor(() => expect(todo).not.toBeChecked());
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ todo: false });
    refuse = true;
    const system = screen.getByRole('switch', { name: 'System messages' });
    await userEvent.click(system);
    await waitFor(() => expect(system).toBeChecked());
    await expectNoAxeViolations();
  });
});

describe('the password meter', () => {
  it("words zxcvbn's score as Weak (0–1), Medium (2) or Strong (3–4)", () => {
    expect([0, 1, 2, 3, 4].map(strengthOfScore)).toEqual(['weak', 'weak', 'medium', 'strong', 'strong']);
  });
});
