import { ERROR_CODES } from '@parley/api';
import { expectNoAxeViolations } from '@parley/ui/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, json, landedOn, type ReceivedCall, renderRoutes, stubServer } from '../../testing/test-utils';
import { ResetPasswordScreen } from './reset-password-screen';

vi.setConfig({ testTimeout: 20_000 });

const USER_ID = '7d0f3c1e-5a2b-4c3d-8e9f-1a2b3c4d5e6f';
const RESET_TOKEN = 'k3Jd9s-reset-token';

const LIVE_LINK = {
  'POST /common/reset-password/check': () => json(200, { success: true, data: { email: 'ada@example.com' } }),
};
const resetCalls = (calls: ReceivedCall[]) => calls.filter((call) => call.path === '/common/reset-password');

const passwordField = () => screen.getByLabelText(/^\*?New password$/);
const confirmField = () => screen.getByLabelText(/^\*?Confirm new password$/);
const saveButton = () => screen.getByRole('button', { name: 'Save password' });

async function fill(field: HTMLElement, value: string) {
  await userEvent.click(field);
  await userEvent.paste(value);
}

function renderReset() {
  return renderRoutes(
    [{ path: '/user/reset-password/:token/:userId', element: <ResetPasswordScreen /> }],
    `/user/reset-password/${RESET_TOKEN}/${USER_ID}`,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('ResetPasswordScreen', () => {
  it('asks for the new password and its confirmation, which must match', async () => {
    const calls = stubServer(LIVE_LINK);
    renderReset();
    await userEvent.click(await screen.findByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Please input your password!')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password!')).toBeInTheDocument();
    await fill(passwordField(), 'Correct-Horse-9');
    await fill(confirmField(), 'Correct-Horse-8');
    await userEvent.click(saveButton());
    expect(await screen.findByText('The passwords that you entered do not match!')).toBeInTheDocument();
    expect(resetCalls(calls)).toEqual([]);
    await expectNoAxeViolations();
  });

  it('sets the password with the link, then goes to the sign-in, which is told and filled in', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = stubServer({
      ...LIVE_LINK,
      'POST /common/reset-password': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const router = renderReset();
    await fill(await screen.findByLabelText(/^\*?New password$/), 'Correct-Horse-9');
    await fill(confirmField(), 'Correct-Horse-9');
    await userEvent.click(saveButton());
    await waitFor(() => expect(saveButton()).toHaveAttribute('aria-busy', 'true'));
    answer(json(200, { success: true }));
    expect(await landedOn()).toBe('/user/login');
    expect(router.state.location.state).toEqual({ passwordChanged: true });
    expect(localStorage.getItem('LoginID')).toBe('ada@example.com');
    expect(resetCalls(calls)[0]?.body).toEqual({
      token: RESET_TOKEN,
      userId: USER_ID,
      password: 'Correct-Horse-9',
      confirmPassword: 'Correct-Horse-9',
    });
  });

  it('says a used link is invalid as the page opens, before anything is typed', async () => {
    const calls = stubServer({
      'POST /common/reset-password/check': () =>
        json(400, errorBody(ERROR_CODES.resetLinkInvalid, 'This link is invalid or has expired. Ask for a new one.')),
    });
    renderReset();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is invalid or has expired. Ask for a new one.',
    );
    expect(screen.queryByLabelText(/^\*?New password$/)).not.toBeInTheDocument();
    expect(calls.map((call) => [call.path, call.body])).toEqual([
      ['/common/reset-password/check', { token: RESET_TOKEN, userId: USER_ID }],
    ]);
    await userEvent.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(await landedOn()).toBe('/user/forgot-password');
  });

  it('says a link that expired while the page was open is invalid when saving', async () => {
    stubServer({
      ...LIVE_LINK,
      'POST /common/reset-password': () =>
        json(400, errorBody(ERROR_CODES.resetLinkInvalid, 'This link is invalid or has expired. Ask for a new one.')),
    });
    renderReset();
    await fill(await screen.findByLabelText(/^\*?New password$/), 'Correct-Horse-9');
    await fill(confirmField(), 'Correct-Horse-9');
    await userEvent.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is invalid or has expired. Ask for a new one.',
    );
    expect(screen.queryByRole('button', { name: 'Save password' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(await landedOn()).toBe('/user/forgot-password');
  });

  it("shows a 422's field messages on the fields", async () => {
    stubServer({
      ...LIVE_LINK,
      'POST /common/reset-password': () =>
        json(
          422,
          errorBody(
            ERROR_CODES.validationFailed,
            'The password must have at least 8 characters.',
            { password: 'passwordTooShort' },
            1,
          ),
        ),
    });
    renderReset();
    await fill(await screen.findByLabelText(/^\*?New password$/), 'Correct-Horse-9');
    await fill(confirmField(), 'Correct-Horse-9');
    await userEvent.click(saveButton());
    expect(await screen.findByText('The password must have at least 8 characters.')).toBeInTheDocument();
    expect(passwordField()).toHaveAttribute('aria-invalid', 'true');
  });
});
