import { expect, storedKeys, test, uniqueEmail } from './fixtures';

test('the Register team tab creates a team and signs its admin in', async ({ page }) => {
  const email = uniqueEmail('register-tab');
  await page.goto('/user/login');
  await page.getByRole('tab', { name: 'Register team' }).click();
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a-good-password');
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('a-good-password');
  await page.getByRole('button', { name: 'Register', exact: true }).click();

  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('button', { name: email.split('@')[0] })).toBeVisible();
  expect(await storedKeys(page)).toMatchObject({ isLogin: expect.any(String), loginRole: 'admin' });
});

test('/user/registration checks the form, refuses a taken address, then registers', async ({ page }) => {
  const email = uniqueEmail('register-page');
  await page.goto('/user/registration');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('Please input your E-mail!')).toBeVisible();
  await expect(page.getByText('Please confirm your password!')).toBeVisible();

  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('admin@demo.parley.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a-good-password');
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('another-password');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('The passwords that you entered do not match!')).toBeVisible();

  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('a-good-password');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('This e-mail address is already registered.')).toBeVisible();

  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page).toHaveURL('/dashboard');
});
