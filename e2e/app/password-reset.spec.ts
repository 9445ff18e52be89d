import { expect, registerTeam, test, waitForMessage } from './fixtures';

// The account whose password changes is this test's own: the demo members' passwords stay as they
// are for every other test, whatever order the suite runs in.
test('forgot password: the e-mailed link sets a new password that then signs in', async ({ page, request }) => {
  const { email, name } = await registerTeam(request, 'reset');
  const asked = new Date().toISOString();
  await page.goto('/user/login');
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await expect(page).toHaveURL('/user/forgot-password');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText('Check your e-mail')).toBeVisible();

  const mail = await waitForMessage(request, email, (message) => message.createdAt >= asked);
  const link = /https?:\/\/\S+\/user\/reset-password\/\S+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  await page.goto(link ?? '');

  const newPassword = 'a-new-password-of-mine';
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Save password' }).click();
  // The login page says so, with the account's address already filled in.
  await expect(page).toHaveURL('/user/login');
  await expect(page.getByText('Your password has been changed. Sign in with your new password.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Username or e-mail', exact: true })).toHaveValue(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('button', { name })).toBeVisible();

  // The link works once: opened again, it says so before anything is typed.
  await page.goto(link ?? '');
  await expect(page.getByText('This link is invalid or has expired. Ask for a new one.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toHaveCount(0);
});

test('forgot password asks for a valid e-mail', async ({ page }) => {
  await page.goto('/user/forgot-password');
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText('Please input your E-mail!')).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('not-an-address');
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText('The input is not valid E-mail!')).toBeVisible();
});
