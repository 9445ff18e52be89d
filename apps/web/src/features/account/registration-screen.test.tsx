import { ERROR_CODES } from '@parley/api';
import { expectNoAxeViolations } from '@parley/ui/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, fakeToken, json, landedOn, loginAnswer, renderRoutes, stubServer } from '../../testing/test-utils';
import { RegistrationScreen } from './registration-screen';

// Typing through whole forms in jsdom takes a few seconds.
vi.setConfig({ testTimeout: 20_000 });

const TOKEN = fakeToken({ sub: 'u9', user_name: 'owner', role: 'admin', scope: 'full' });

const nameField = () => screen.getByRole('textbox', { name: 'Your name' });
const teamField = () => screen.getByRole('textbox', { name: 'Team name' });
const emailField = () => screen.getByRole('textbox', { name: 'E-mail' });
const passwordField = () => screen.getByLabelText(/^\*?Password$/);
const confirmField = () => screen.getByLabelText(/^\*?Confirm password$/);
const registerButton = () => screen.getByRole('button', { name: 'Register' });

async function fill(field: HTMLElement, value: string) {
  await userEvent.click(field);
  await userEvent.paste(value);
}

function renderRegistration(path = '/user/registration') {
  return renderRoutes([{ path: '/user/registration', element: <RegistrationScreen /> }], path);
}

async function fillForm(email: string, password: string, confirm = password) {
  await fill(nameField(), ' Olive Owner ');
  await fill(teamField(), 'Night shift');
  await fill(emailField(), email);
  await fill(passwordField(), password);
  await fill(confirmField(), confirm);
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('RegistrationScreen (SPEC §2.3, §5 Team registration)', () => {
  it('has a heading, the form and a link back to sign in', async () => {
    renderRegistration();
    expect(screen.getByRole('heading', { level: 1, name: 'Register your team' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/user/login');
    await expectNoAxeViolations();
  });

  it('asks for both names, the e-mail, the password and its confirmation', async () => {
    renderRegistration();
    await userEvent.click(registerButton());
    expect(await screen.findByText('Please input your name!')).toBeInTheDocument();
    expect(screen.getByText("Please input your team's name!")).toBeInTheDocument();
    expect(nameField()).toHaveFocus();
    expect(screen.getByText('Please input your E-mail!')).toBeInTheDocument();
    expect(screen.getByText('Please input your password!')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password!')).toBeInTheDocument();
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the e-mail, the password length and that the passwords match', async () => {
    const calls = stubServer({});
    renderRegistration();
    await fillForm('not-an-address', 'short', 'different');
    await userEvent.click(registerButton());
    expect(await screen.findByText('The input is not valid E-mail!')).toBeInTheDocument();
    expect(screen.getByText('The password must have at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('The passwords that you entered do not match!')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('rates the password as it is typed', async () => {
    renderRegistration();
    await fill(passwordField(), 'Correct-Horse-9');
    expect(screen.getByText('Strength: Strong')).toBeInTheDocument();
  });

  it('registers the team, stores the session and goes to /dashboard', async () => {
    const calls = stubServer({ 'POST /common/register': () => json(201, loginAnswer(TOKEN)) });
    renderRegistration();
    await fillForm(' Owner@Example.com ', 'Correct-Horse-9');
    await userEvent.click(registerButton());
    expect(await landedOn()).toBe('/dashboard');
    expect(calls[0]?.body).toEqual({
      name: 'Olive Owner',
      teamName: 'Night shift',
      email: 'owner@example.com',
      password: 'Correct-Horse-9',
      confirmPassword: 'Correct-Horse-9',
    });
    expect(localStorage.getItem('isLogin')).toBe('true');
    expect(localStorage.getItem('loginRole')).toBe('admin');
    expect(localStorage.getItem('AuthToken')).toBe(TOKEN);
    expect(localStorage.getItem('LoginID')).toBe('owner@example.com');
  });

  it('honours a redirect of this origin after registering', async () => {
    stubServer({ 'POST /common/register': () => json(201, loginAnswer(TOKEN)) });
    renderRegistration('/user/registration?redirect=%2Fcall-history');
    await fillForm('owner@example.com', 'Correct-Horse-9');
    await userEvent.click(registerButton());
    expect(await landedOn()).toBe('/call-history');
  });

  it('shows the loading state while registering', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubServer({ 'POST /common/register': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderRegistration();
    await fillForm('owner@example.com', 'Correct-Horse-9');
    await userEvent.click(registerButton());
    await waitFor(() => expect(registerButton()).toHaveAttribute('aria-busy', 'true'));
    answer(json(201, loginAnswer(TOKEN)));
    expect(await landedOn()).toBe('/dashboard');
  });

  it('puts a taken address on the e-mail field', async () => {
    stubServer({
      'POST /common/register': () =>
        json(
          409,
          errorBody(ERROR_CODES.emailTaken, 'This e-mail address is already registered.', { email: 'emailTaken' }),
        ),
    });
    renderRegistration();
    await fillForm('admin@demo.parley.test', 'Correct-Horse-9');
    await userEvent.click(registerButton());
    expect(await screen.findByText('This e-mail address is already registered.')).toBeInTheDocument();
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(emailField()).toHaveFocus();
    expect(localStorage.getItem('isLogin')).toBeNull();
  });

  it("shows a 422's field messages on their fields", async () => {
    stubServer({
      'POST /common/register': () =>
        json(
          422,
          errorBody(
            ERROR_CODES.validationFailed,
            'The password must have at most 128 characters.',
            { password: 'passwordTooLong', somethingElse: 'valueInvalid' },
            1,
          ),
        ),
    });
    renderRegistration();
    await fillForm('owner@example.com', 'Correct-Horse-9');
    await userEvent.click(registerButton());
    expect(await screen.findByText('The password must have at most 128 characters.')).toBeInTheDocument();
    expect(passwordField()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Too long.')).not.toBeInTheDocument();
  });
});
