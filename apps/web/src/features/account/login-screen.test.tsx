import { ERROR_CODES } from '@parley/api';
import { expectNoAxeViolations } from '@parley/ui/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  errorBody,
  fakeToken,
  json,
  landedOn,
  loginAnswer,
  renderRoutes,
  storeSession,
  stubServer,
} from '../../testing/test-utils';
import { LoginScreen } from './login-screen';
import { TeamLoginScreen } from './team-login-screen';

const TEAM_ID = '0b8c6d1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e';
const TOKEN = fakeToken({ sub: 'u1', user_name: 'Nora Ali', role: 'admin', scope: 'full' });

function renderLogin(path = '/user/login') {
  return renderRoutes(
    [
      { path: '/user/login', element: <LoginScreen /> },
      { path: '/user/team-login/:id', element: <TeamLoginScreen /> },
    ],
    path,
  );
}

/** Types a whole value at once, as a paste or autofill would: quicker than key by key in jsdom. */
async function fill(field: HTMLElement, value: string) {
  await userEvent.click(field);
  await userEvent.paste(value);
}

async function openTab(name: string) {
  await userEvent.click(screen.getByRole('tab', { name }));
  if (name === 'Phone') {
    // The phone tab's code loads on demand.
    await screen.findByRole('textbox', { name: 'Phone number' });
  }
}

const phoneField = () => screen.getByRole('textbox', { name: 'Phone number' });
const codeField = () => screen.getByRole('textbox', { name: 'Verification code' });
const getCode = () => screen.getByRole('button', { name: /Get Code|seconds?$/ });
const submit = () => screen.getByRole('button', { name: 'Submit' });

// Typing through whole forms in jsdom takes a few seconds.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('LoginScreen tabs (SPEC §2.3)', () => {
  it('has the account, phone and team registration tabs, and the Register Account link', async () => {
    renderLogin();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Account', 'Phone', 'Register team']);
    expect(screen.getByRole('link', { name: 'Register Account' })).toHaveAttribute('href', '/user/registration');
    await openTab('Register team');
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^\*?Confirm password$/)).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('goes with Tab from the tab straight to the first field: the panel is no Tab stop of its own', async () => {
    renderLogin();
    for (const tab of ['Account', 'Phone', 'Register team']) {
      await userEvent.click(screen.getByRole('tab', { name: tab }));
      // The phone tab's code loads on demand (the first time in this file: give it time).
      await within(screen.getByRole('tabpanel', { name: tab })).findAllByRole(
        tab === 'Phone' ? 'combobox' : 'textbox',
        {},
        { timeout: 10_000 },
      );
      expect(screen.getByRole('tab', { name: tab })).toHaveFocus();
      await userEvent.tab();
      const panel = screen.getByRole('tabpanel', { name: tab });
      expect(panel).not.toHaveAttribute('tabindex');
      // The panel's first field: a text box (a country code for the phone number).
      const first = within(panel).getAllByRole(tab === 'Phone' ? 'combobox' : 'textbox')[0];
      expect(first).toHaveFocus();
    }
  });
});

describe("'Login with' third-party sign-in (SPEC §2.3)", () => {
  const providers = ['Google', 'Microsoft', 'Slack'];
  const providerButton = (provider: string) =>
    screen.getByRole('button', { name: `${provider} sign-in is not configured on this server yet` });

  it('offers Google, Microsoft and Slack, each shown disabled', () => {
    renderLogin();
    expect(screen.getByText('Login with')).toBeInTheDocument();
    for (const provider of providers) {
      const button = providerButton(provider);
      expect(button).toHaveTextContent(provider);
      expect(button).toHaveAttribute('aria-disabled', 'true');
    }
  });

  it('explains on hover that the provider is not configured', async () => {
    renderLogin();
    await userEvent.hover(providerButton('Google'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Google sign-in is not configured on this server yet');
    expect(providerButton('Google')).toHaveAccessibleDescription('Google sign-in is not configured on this server yet');
  });

  it('stays reachable by keyboard, and explains on focus', async () => {
    renderLogin();
    const slack = providerButton('Slack');
    act(() => slack.focus());
    expect(slack).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Slack sign-in is not configured on this server yet');
    await expectNoAxeViolations();
  });

  it('does nothing when pressed: no request, no navigation, no session', async () => {
    const calls = stubServer({});
    renderLogin();
    for (const provider of providers) {
      await userEvent.click(providerButton(provider));
    }
    expect(calls).toEqual([]);
    expect(screen.queryByTestId('elsewhere')).toBeNull();
    expect(screen.queryByText('Please input your username!')).toBeNull();
    expect(localStorage.getItem('isLogin')).toBeNull();
  });

  it('is not offered to someone registering a team', async () => {
    renderLogin();
    await openTab('Register team');
    expect(screen.queryByText('Login with')).toBeNull();
    expect(screen.queryByRole('button', { name: /sign-in is not configured/ })).toBeNull();
  });
});

describe('account tab (SPEC §4 Login)', () => {
  it('asks for the username and password', async () => {
    renderLogin();
    await userEvent.click(submit());
    expect(await screen.findByText('Please input your username!')).toBeInTheDocument();
    expect(screen.getByText('Please input your password!')).toBeInTheDocument();
  });

  it("says 'Please check credential and try again !' on a 401", async () => {
    stubServer({
      'POST /common/login': () => json(401, errorBody(ERROR_CODES.badCredentials, 'Incorrect username/password')),
    });
    renderLogin();
    await fill(screen.getByRole('textbox', { name: 'Username or e-mail' }), 'sam@demo.parley.test');
    await fill(screen.getByLabelText(/^\*?Password$/), 'wrong-password');
    await userEvent.click(submit());
    expect(await screen.findByText('Please check credential and try again !')).toBeInTheDocument();
    expect(localStorage.getItem('isLogin')).toBeNull();
  });

  it('says Parley is starting, not that the credentials are wrong, while the demo loads (503 LOADING)', async () => {
    stubServer({
      'POST /common/login': () =>
        json(503, errorBody(ERROR_CODES.loading, 'English text from the server', undefined, 1)),
    });
    renderLogin();
    await fill(screen.getByRole('textbox', { name: 'Username or e-mail' }), 'sam@demo.parley.test');
    await fill(screen.getByLabelText(/^\*?Password$/), 'parley-demo');
    await userEvent.click(submit());
    expect(
      await screen.findByText('Parley is starting and loading its demo data. Try again in a few seconds.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('English text from the server')).toBeNull();
    expect(localStorage.getItem('isLogin')).toBeNull();
  });

  it('stores the session and goes to /dashboard', async () => {
    const calls = stubServer({ 'POST /common/login': () => json(200, loginAnswer(TOKEN, { role: 'user' })) });
    renderLogin();
    await fill(screen.getByRole('textbox', { name: 'Username or e-mail' }), 'sam@demo.parley.test');
    await fill(screen.getByLabelText(/^\*?Password$/), 'parley-demo');
    await userEvent.click(submit());
    expect(await landedOn()).toBe('/dashboard');
    expect(calls[0]?.body).toEqual({ email: 'sam@demo.parley.test', password: 'parley-demo', autoLogin: true });
    expect(localStorage.getItem('isLogin')).toBe('true');
    expect(localStorage.getItem('loginRole')).toBe('user');
    expect(localStorage.getItem('AuthToken')).toBe(TOKEN);
    expect(localStorage.getItem('LoginID')).toBe('sam@demo.parley.test');
  });

  it('asks a member with an MFA device for its code, says when it is wrong, then signs in', async () => {
    const halfway = fakeToken({ sub: 'u1', user_name: 'Nora Ali', scope: 'mfa' });
    const calls = stubServer({
      'POST /common/login': () =>
        json(200, { ...loginAnswer(halfway), data: { token: halfway, firstLogin: false, mfaRequired: true } }),
      'POST /common/login/mfa': (call) =>
        (call.body as { code: string }).code === '123456'
          ? json(200, loginAnswer(TOKEN))
          : json(401, errorBody(ERROR_CODES.mfaCodeInvalid, 'The code is not correct.')),
    });
    renderLogin();
    await fill(screen.getByRole('textbox', { name: 'Username or e-mail' }), 'sam@demo.parley.test');
    await fill(screen.getByLabelText(/^\*?Password$/), 'parley-demo');
    await userEvent.click(submit());
    const code = await screen.findByRole('textbox', { name: /Code/ });
    expect(localStorage.getItem('AuthToken')).toBeNull();
    await fill(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is not correct.')).toBeInTheDocument();
    await userEvent.clear(code);
    await fill(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await landedOn()).toBe('/dashboard');
    expect(calls.at(-1)?.body).toEqual({ token: halfway, code: '123456', autoLogin: true });
    expect(localStorage.getItem('AuthToken')).toBe(TOKEN);
    expect(localStorage.getItem('LoginID')).toBe('sam@demo.parley.test');
  });

  it('leads a first login to /user/change-password/{token} without signing in', async () => {
    const passwordToken = fakeToken({ sub: 'u2', user_name: 'New Member', scope: 'password' });
    stubServer({ 'POST /common/login': () => json(200, loginAnswer(passwordToken, { firstLogin: true })) });
    renderLogin();
    await fill(screen.getByRole('textbox', { name: 'Username or e-mail' }), 'new@demo.parley.test');
    await fill(screen.getByLabelText(/^\*?Password$/), 'one-time-password');
    await userEvent.click(submit());
    expect(await landedOn()).toBe(`/user/change-password/${passwordToken}`);
    expect(localStorage.getItem('isLogin')).toBeNull();
    expect(localStorage.getItem('AuthToken')).toBeNull();
  });
});

describe('phone tab (SPEC §2.3, §5, §8)', () => {
  it("asks for a valid number and the code ('Phone number is invalid!')", async () => {
    renderLogin();
    await openTab('Phone');
    await userEvent.click(submit());
    expect(await screen.findByText('Phone number is invalid!')).toBeInTheDocument();
    expect(screen.getByText('Please input verification code!')).toBeInTheDocument();
    expect(phoneField()).toHaveAttribute('aria-invalid', 'true');

    await fill(phoneField(), '12');
    await fill(codeField(), '123');
    await userEvent.click(submit());
    expect(await screen.findByText('Phone number is invalid!')).toBeInTheDocument();
    expect(screen.getByText('Verification Code Error')).toBeInTheDocument();
  });

  it('does not ask for a code for a number that is not valid', async () => {
    const calls = stubServer({});
    renderLogin();
    await openTab('Phone');
    await fill(phoneField(), '555');
    await userEvent.click(getCode());
    expect(await screen.findByText('Phone number is invalid!')).toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(getCode()).toHaveTextContent('Get Code');
  });

  it('asks for a code, then counts down 60 seconds before another', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const calls = stubServer({
      'GET /api/login/captcha': () => json(200, { success: true, data: { expiresInSeconds: 300 } }),
    });
    renderLogin();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Phone' }));
    await screen.findByRole('textbox', { name: 'Phone number' });
    fireEvent.change(phoneField(), { target: { value: '2025550102' } });
    fireEvent.click(getCode());
    expect(await screen.findByRole('button', { name: '60 seconds' })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.query.get('mobile')).toBe('+12025550102');
    expect(await screen.findByText('If this number belongs to a member, a code is on its way by SMS.')).toBeVisible();

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(getCode()).toHaveTextContent('59 seconds');
    // While it counts, another press asks for nothing.
    fireEvent.click(getCode());
    expect(calls).toHaveLength(1);

    act(() => {
      vi.advanceTimersByTime(59_000);
    });
    expect(getCode()).toHaveTextContent('Get Code');
  });

  it("says 'Verification Code Error' when the code is wrong", async () => {
    stubServer({
      'POST /common/login/mobile': () => json(401, errorBody(ERROR_CODES.captchaInvalid, 'Verification Code Error')),
    });
    renderLogin();
    await openTab('Phone');
    await fill(phoneField(), '2025550102');
    await fill(codeField(), '000000');
    await userEvent.click(submit());
    expect(await screen.findByText('Verification Code Error')).toBeInTheDocument();
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    expect(localStorage.getItem('isLogin')).toBeNull();
  });

  // A day-long pause after wrong codes was shown as the server's English text, or as 'wait a moment'.
  it('says phone sign-in is paused for the number, in the language shown, when asking for a code or signing in', async () => {
    const paused =
      'Phone sign-in is paused for this number after too many wrong codes. Sign in with your password, or try again tomorrow.';
    stubServer({
      'GET /api/login/captcha': () =>
        json(429, errorBody(ERROR_CODES.phoneLocked, 'English text from the server', undefined, 1)),
      'POST /common/login/mobile': () =>
        json(429, errorBody(ERROR_CODES.phoneLocked, 'English text from the server', undefined, 1)),
    });
    renderLogin();
    await openTab('Phone');
    await fill(phoneField(), '2025550102');
    await userEvent.click(getCode());
    expect(await screen.findByText(paused)).toBeInTheDocument();
    await fill(codeField(), '123456');
    await userEvent.click(submit());
    await waitFor(() => expect(screen.getAllByText(paused)).toHaveLength(2));
    expect(screen.queryByText('English text from the server')).toBeNull();
    expect(localStorage.getItem('isLogin')).toBeNull();
  });

  it('signs in with the number and code, and goes to /dashboard', async () => {
    const calls = stubServer({
      'POST /common/login/mobile': () => json(200, loginAnswer(TOKEN, { type: 'mobile', role: 'user' })),
    });
    renderLogin();
    await openTab('Phone');
    await fill(phoneField(), '2025550102');
    await fill(codeField(), '123456');
    await userEvent.click(submit());
    expect(await landedOn()).toBe('/dashboard');
    expect(calls[0]?.body).toEqual({ mobile: '+12025550102', captcha: '123456', autoLogin: true });
    expect(localStorage.getItem('isLogin')).toBe('true');
    expect(localStorage.getItem('loginRole')).toBe('user');
    expect(localStorage.getItem('AuthToken')).toBe(TOKEN);
  });

  it('leads a first phone login to /user/change-password/{token}', async () => {
    const passwordToken = fakeToken({ sub: 'u2', scope: 'password' });
    stubServer({
      'POST /common/login/mobile': () => json(200, loginAnswer(passwordToken, { firstLogin: true, type: 'mobile' })),
    });
    renderLogin();
    await openTab('Phone');
    await fill(phoneField(), '2025550102');
    await fill(codeField(), '123456');
    await userEvent.click(submit());
    expect(await landedOn()).toBe(`/user/change-password/${passwordToken}`);
    expect(localStorage.getItem('isLogin')).toBeNull();
  });

  it('shows the loading state while signing in', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubServer({ 'POST /common/login/mobile': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderLogin();
    await openTab('Phone');
    await fill(phoneField(), '2025550102');
    await fill(codeField(), '123456');
    await userEvent.click(submit());
    await waitFor(() => expect(submit()).toHaveAttribute('aria-busy', 'true'));
    expect(submit()).toBeDisabled();
    answer(json(200, loginAnswer(TOKEN)));
    expect(await landedOn()).toBe('/dashboard');
  });
});

describe('TeamLoginScreen (/user/team-login/:id)', () => {
  it('names the team, has no registration tab, and signs in by phone within the team', async () => {
    const calls = stubServer({
      [`GET /common/teams/${TEAM_ID}`]: () => json(200, { success: true, data: { id: TEAM_ID, name: 'Acme' } }),
      'POST /common/login/mobile': () => json(200, loginAnswer(TOKEN, { type: 'mobile' })),
    });
    renderLogin(`/user/team-login/${TEAM_ID}`);
    expect(await screen.findByRole('heading', { name: 'Sign in to Acme' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Account', 'Phone']);
    await openTab('Phone');
    await fill(phoneField(), '2025550102');
    await fill(codeField(), '123456');
    await userEvent.click(submit());
    expect(await landedOn()).toBe('/dashboard');
    expect(calls.find((call) => call.path === '/common/login/mobile')?.body).toEqual({
      mobile: '+12025550102',
      captcha: '123456',
      autoLogin: true,
      teamId: TEAM_ID,
    });
  });

  it('signs in by account within the team', async () => {
    const calls = stubServer({
      [`GET /common/teams/${TEAM_ID}`]: () => json(200, { success: true, data: { id: TEAM_ID, name: 'Acme' } }),
      'POST /common/login': () => json(200, loginAnswer(TOKEN)),
    });
    renderLogin(`/user/team-login/${TEAM_ID}`);
    const panel = screen.getByRole('tabpanel', { name: 'Account' });
    await fill(within(panel).getByRole('textbox', { name: 'Username or e-mail' }), 'lea@demo.parley.test');
    await fill(within(panel).getByLabelText(/^\*?Password$/), 'parley-demo');
    await userEvent.click(submit());
    expect(await landedOn()).toBe('/dashboard');
    expect(calls.find((call) => call.path === '/common/login')?.body).toMatchObject({ teamId: TEAM_ID });
  });
});

describe('a member already signed in', () => {
  it('is taken on to the dashboard instead of the login page', async () => {
    storeSession('user');
    renderLogin();
    expect(await landedOn()).toBe('/dashboard');
    expect(screen.queryByRole('tab', { name: 'Account' })).not.toBeInTheDocument();
    localStorage.clear();
  });

  it('is taken to the redirect when it is of this origin', async () => {
    storeSession('admin');
    renderLogin('/user/login?redirect=%2Fcall-history%3Ftab%3Dmissed');
    expect(await landedOn()).toBe('/call-history?tab=missed');
    localStorage.clear();
  });
});

describe('after a password reset', () => {
  it('says the password changed, with the account filled in', async () => {
    localStorage.setItem('LoginID', 'ada@example.com');
    renderRoutes([{ path: '/user/login', element: <LoginScreen /> }], {
      pathname: '/user/login',
      state: { passwordChanged: true },
    });
    expect(
      await screen.findByText('Your password has been changed. Sign in with your new password.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Username or e-mail' })).toHaveValue('ada@example.com'),
    );
    localStorage.clear();
  });
});
