import { expect, registerTeam, signInWithForm, storedKeys, test, uniqueEmail, waitForMessage } from './fixtures';

test('an invited member signs in with the one-time password, chooses a password and reaches the dashboard', async ({
  page,
  request,
}) => {
  // The admin of a team of its own (registered for this test) invites the member through the API.
  const admin = await registerTeam(request, 'inviter');
  const email = uniqueEmail('invited');
  const invite = await request.post('/api/users', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { email, name: 'Ada Invited', role: 'user' },
  });
  expect(invite.status(), await invite.text()).toBe(201);
  const mail = await waitForMessage(request, email);
  const oneTimePassword = /One-time password: (\S+)/.exec(mail.text)?.[1];
  expect(oneTimePassword, mail.text).toBeTruthy();

  await page.goto('/user/login');
  await signInWithForm(page, email, oneTimePassword ?? '');

  await expect(page).toHaveURL(/\/user\/change-password\/[^/]+$/);
  // Not signed in yet: the first-login token may only set a password.
  expect((await storedKeys(page)).isLogin).toBeNull();
  const newPassword = 'a-password-of-my-own';
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Save password' }).click();

  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('button', { name: 'Ada Invited' })).toBeVisible();
  expect(await storedKeys(page)).toMatchObject({ isLogin: expect.any(String), loginRole: 'user' });

  // The one-time password is spent; the chosen one works.
  const old = await request.post('/common/login', { data: { email, password: oneTimePassword } });
  expect(old.status()).toBe(401);
  const chosen = await request.post('/common/login', { data: { email, password: newPassword } });
  expect(chosen.status()).toBe(200);
});
