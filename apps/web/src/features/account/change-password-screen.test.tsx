import { ERROR_CODES } from '@parley/api';
import { expectNoAxeViolations } from '@parley/ui/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, fakeToken, json, landedOn, loginAnswer, renderRoutes, stubServer } from '../../testing/test-utils';
import { ChangePasswordScreen } from './change-password-screen';

vi.setConfig({ testTimeout: 20_000 });

const inAQuarterHour = () => Math.floor(Date.now() / 1000) + 15 * 60;
const firstLoginToken = () =>
  fakeToken({ sub: 'u2', user_name: 'Lea Martin', role: 'user', scope: 'password', exp: inAQuarterHour() });
const sessionToken = () => fakeToken({ sub: 'u2', user_name: 'Lea Martin', role: 'user', scope: 'full' });
const NEW_TOKEN = fakeToken({ sub: 'u2', user_name: 'Lea Martin', role: 'user', scope: 'full', jti: 'new' });

const currentField = () => screen.queryByLabelText(/^\*?Current password$/);
const passwordField = () => screen.getByLabelText(/^\*?New password$/);
const confirmField = () => screen.getByLabelText(/^\*?Confirm new password$/);
const saveButton = () => screen.getByRole('button', { name: 'Save password' });

async function fill(field: HTMLElement, value: string) {
  await userEvent.click(field);
  await userEvent.paste(value);
}

async function fillNewPassword(password = 'Correct-Horse-9') {
  await fill(passwordField(), password);
  await fill(confirmField(), password);
}

function renderChange(token: string, search = '') {
  return renderRoutes(
    [{ path: '/user/change-password/:token', element: <ChangePasswordScreen /> }],
    `/user/change-password/${token}${search}`,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('ChangePasswordScreen: first login', () => {
  it('welcomes the member and asks only for the new password', async () => {
    const calls = stubServer({});
    renderChange(firstLoginToken());
    expect(screen.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeInTheDocument();
    // The name, as its owner typed it, sits isolated in the sentence.
    const welcome = screen.getByText(
      (_, element) => element?.tagName === 'P' && /^Welcome, /.test(element.textContent ?? ''),
    );
    expect(welcome).toHaveTextContent('Welcome, Lea Martin. Choose a password of your own before you go on.');
    expect(welcome.querySelector('bdi')).toHaveTextContent('Lea Martin');
    expect(currentField()).not.toBeInTheDocument();
    await userEvent.click(saveButton());
    expect(await screen.findByText('Please input your password!')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password!')).toBeInTheDocument();
    await fill(passwordField(), 'short');
    await fill(confirmField(), 'shorter');
    await userEvent.click(saveButton());
    expect(await screen.findByText('The password must have at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('The passwords that you entered do not match!')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await expectNoAxeViolations();
  });

  it('sets the password, then signs in with the answer and goes to /dashboard', async () => {
    const token = firstLoginToken();
    let answer: (response: Response) => void = () => undefined;
    const calls = stubServer({
      'POST /common/change-password': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderChange(token);
    await fillNewPassword();
    await userEvent.click(saveButton());
    await waitFor(() => expect(saveButton()).toHaveAttribute('aria-busy', 'true'));
    answer(json(200, loginAnswer(NEW_TOKEN, { role: 'user' })));
    expect(await landedOn()).toBe('/dashboard');
    expect(calls[0]?.body).toEqual({ token, password: 'Correct-Horse-9', confirmPassword: 'Correct-Horse-9' });
    expect(localStorage.getItem('isLogin')).toBe('true');
    expect(localStorage.getItem('loginRole')).toBe('user');
    expect(localStorage.getItem('AuthToken')).toBe(NEW_TOKEN);
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
  });

  it("says 'This link has expired' on a 401 TOKEN_INVALID, with a link to sign in", async () => {
    stubServer({
      'POST /common/change-password': () =>
        json(401, errorBody(ERROR_CODES.tokenInvalid, 'This link has expired. Please sign in again.')),
    });
    renderChange(firstLoginToken());
    await fillNewPassword();
    await userEvent.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired. Please sign in again.');
    expect(screen.queryByRole('button', { name: 'Save password' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await landedOn()).toBe('/user/login');
  });

  it('says at once that a link whose token has run out has expired', () => {
    const stale = fakeToken({ sub: 'u2', scope: 'password', exp: Math.floor(Date.now() / 1000) - 60 });
    renderChange(stale);
    expect(screen.getByRole('alert')).toHaveTextContent('This link has expired. Please sign in again.');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/user/login');
  });
});

describe('ChangePasswordScreen: a signed-in member', () => {
  it('asks for the current password too, and sends it', async () => {
    const token = sessionToken();
    const calls = stubServer({ 'POST /common/change-password': () => json(200, loginAnswer(NEW_TOKEN)) });
    renderChange(token, '?redirect=%2Fsettings%2Fprofile');
    expect(screen.getByRole('heading', { level: 1, name: 'Change your password' })).toBeInTheDocument();
    await fillNewPassword();
    await userEvent.click(saveButton());
    expect(await screen.findByText('Please input your current password!')).toBeInTheDocument();
    const current = currentField();
    if (!current) {
      throw new Error('The current password field is missing.');
    }
    await fill(current, 'parley-demo');
    await userEvent.click(saveButton());
    expect(await landedOn()).toBe('/settings/profile');
    expect(calls[0]?.body).toEqual({
      token,
      currentPassword: 'parley-demo',
      password: 'Correct-Horse-9',
      confirmPassword: 'Correct-Horse-9',
    });
    expect(localStorage.getItem('AuthToken')).toBe(NEW_TOKEN);
  });

  it('says when the current password is wrong', async () => {
    stubServer({
      'POST /common/change-password': () =>
        json(
          422,
          errorBody(
            ERROR_CODES.validationFailed,
            'The current password is not correct.',
            { currentPassword: 'currentPasswordWrong' },
            1,
          ),
        ),
    });
    renderChange(sessionToken());
    const current = currentField();
    if (!current) {
      throw new Error('The current password field is missing.');
    }
    await fill(current, 'not-my-password');
    await fillNewPassword();
    await userEvent.click(saveButton());
    expect(await screen.findByText('The current password is not correct.')).toBeInTheDocument();
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(localStorage.getItem('isLogin')).toBeNull();
  });

  it('asks for the current password when the server wants it for a token it could not read', async () => {
    const calls = stubServer({
      'POST /common/change-password': (call) =>
        (call.body as { currentPassword?: string }).currentPassword
          ? json(200, loginAnswer(NEW_TOKEN))
          : json(
              422,
              errorBody(
                ERROR_CODES.validationFailed,
                'The current password is not correct.',
                { currentPassword: 'currentPasswordWrong' },
                1,
              ),
            ),
    });
    renderChange('opaque-token');
    expect(currentField()).not.toBeInTheDocument();
    await fillNewPassword();
    await userEvent.click(saveButton());
    expect(await screen.findByText('Please input your current password!')).toBeInTheDocument();
    const current = currentField();
    if (!current) {
      throw new Error('The current password field is missing.');
    }
    await fill(current, 'parley-demo');
    await userEvent.click(saveButton());
    expect(await landedOn()).toBe('/dashboard');
    expect(calls).toHaveLength(2);
  });
});
