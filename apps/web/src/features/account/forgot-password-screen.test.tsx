import { ERROR_CODES } from '@parley/api';
import { expectNoAxeViolations } from '@parley/ui/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, json, landedOn, renderRoutes, stubServer } from '../../testing/test-utils';
import { ForgotPasswordScreen } from './forgot-password-screen';

vi.setConfig({ testTimeout: 20_000 });

const emailField = () => screen.getByRole('textbox', { name: 'E-mail' });
const sendButton = () => screen.getByRole('button', { name: 'Send link' });

async function fill(field: HTMLElement, value: string) {
  await userEvent.click(field);
  await userEvent.paste(value);
}

function renderForgot() {
  return renderRoutes([{ path: '/user/forgot-password', element: <ForgotPasswordScreen /> }], '/user/forgot-password');
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('ForgotPasswordScreen', () => {
  it('asks for a valid e-mail address', async () => {
    const calls = stubServer({});
    renderForgot();
    await userEvent.click(sendButton());
    expect(await screen.findByText('Please input your E-mail!')).toBeInTheDocument();
    await fill(emailField(), 'nobody');
    await userEvent.click(sendButton());
    expect(await screen.findByText('The input is not valid E-mail!')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await expectNoAxeViolations();
  });

  it('starts with the address last signed in with', () => {
    localStorage.setItem('LoginID', 'sam@demo.parley.test');
    renderForgot();
    expect(emailField()).toHaveValue('sam@demo.parley.test');
  });

  it('sends the link and says it is on its way if the address has an account', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = stubServer({
      'POST /common/forgot-password': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderForgot();
    await fill(emailField(), 'Sam@Demo.Parley.Test');
    await userEvent.click(sendButton());
    await waitFor(() => expect(sendButton()).toHaveAttribute('aria-busy', 'true'));
    answer(json(200, { success: true }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'If sam@demo.parley.test belongs to a Parley account, a link to choose a new password is on its way. The link works for one hour.',
      ),
    ).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ email: 'sam@demo.parley.test' });
    await userEvent.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(await landedOn()).toBe('/user/login');
  });

  it("shows a 422's message on the e-mail field", async () => {
    stubServer({
      'POST /common/forgot-password': () =>
        json(
          422,
          errorBody(ERROR_CODES.validationFailed, 'The input is not valid E-mail!', { email: 'emailInvalid' }, 1),
        ),
    });
    renderForgot();
    await fill(emailField(), 'sam@demo.parley.test');
    await userEvent.click(sendButton());
    expect(await screen.findByText('The input is not valid E-mail!')).toBeInTheDocument();
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
  });

  it('says so when there were too many requests', async () => {
    stubServer({
      'POST /common/forgot-password': () =>
        json(429, errorBody(ERROR_CODES.tooManyRequests, 'Too many attempts. Try again in 60 seconds.', undefined, 1)),
    });
    renderForgot();
    await fill(emailField(), 'sam@demo.parley.test');
    await userEvent.click(sendButton());
    expect(await screen.findByText('Too many attempts. Wait a moment, then try again.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Check your e-mail' })).not.toBeInTheDocument();
  });
});
