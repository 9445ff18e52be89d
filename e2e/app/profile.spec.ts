import { Secret, TOTP } from 'otpauth';
import { expect, openSignedIn, registerTeam, signInWithForm, test } from './fixtures';

/** The code an authenticator app shows for `secret` now (the same library the server checks with). */
const codeFor = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret) });

test('a member binds a TOTP device on Profile and signs in with its code', async ({ browser, page, request }) => {
  const member = await registerTeam(request, 'profile-mfa');
  await openSignedIn(page, { token: member.token, role: member.role }, '/settings/profile?tab=security');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(page.getByText('Not bound: signing in asks for your password only.')).toBeVisible();

  // Bind: the QR code and its key, a wrong code refused on the field, then the app's code.
  await page.getByRole('button', { name: 'Bind', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Bind an MFA device' });
  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await dialog.getByTestId('mfa-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const code = dialog.getByRole('textbox', { name: 'Code' });
  const right = codeFor(secret);
  await code.fill(right === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Bind', exact: true }).click();
  await expect(dialog.getByText('The code is not correct.')).toBeVisible();
  await code.fill(codeFor(secret));
  await dialog.getByRole('button', { name: 'Bind', exact: true }).click();
  const codes = page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(/Recovery codes left: 10/)).toBeVisible();

  // Signing in now asks for the code after the password; the password alone opens nothing.
  const other = await browser.newContext();
  const signIn = await other.newPage();
  await signIn.goto('/user/login');
  await signInWithForm(signIn, member.email, member.password);
  const second = signIn.getByRole('form', { name: 'Two-step sign-in' });
  await expect(second).toBeVisible();
  expect(await signIn.evaluate(() => localStorage.getItem('AuthToken'))).toBeNull();
  await second.getByRole('textbox', { name: 'Code' }).fill(codeFor(secret));
  await second.getByRole('button', { name: 'Verify' }).click();
  await expect(signIn).toHaveURL(/\/dashboard$/);
  expect(await signIn.evaluate(() => localStorage.getItem('isLogin'))).toBe('true');
  await other.close();
});
