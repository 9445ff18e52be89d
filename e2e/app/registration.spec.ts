import { expect, storedKeys, test, uniqueEmail } from './fixtures';

test('the Register team tab creates a team and signs its admin in', async ({ page }) => {
  const email = uniqueEmail('register-tab');
  await page.goto('/user/login');
  await page.getByRole('tab', { name: 'Register team' }).click();
  await page.getByRole('textbox', { name: 'Your name', exact: true }).fill('Tabitha Tab');
  await page.getByRole('textbox', { name: 'Team name', exact: true }).fill('Tab team');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a-good-password');
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('a-good-password');
  await page.getByRole('button', { name: 'Register', exact: true }).click();

  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('button', { name: 'Tabitha Tab' })).toBeVisible();
  expect(await storedKeys(page)).toMatchObject({ isLogin: expect.any(String), loginRole: 'admin' });

  // Both names can be changed later, from the account menu; the header follows at once.
  await page.getByRole('button', { name: 'Tabitha Tab' }).click();
  await page.getByRole('menuitem', { name: 'Name and team' }).click();
  const dialog = page.getByRole('dialog', { name: 'Name and team' });
  await expect(dialog.getByRole('textbox', { name: 'Team name' })).toHaveValue('Tab team');
  await dialog.getByRole('textbox', { name: 'Your name' }).fill('Tabitha Renamed');
  await dialog.getByRole('textbox', { name: 'Team name' }).fill('Renamed team');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Tabitha Renamed' })).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'Tabitha Renamed' }).click();
  await page.getByRole('menuitem', { name: 'Name and team' }).click();
  await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Team name' })).toHaveValue('Renamed team');
});

test('/user/registration checks the form, refuses a taken address, then registers', async ({ page }) => {
  const email = uniqueEmail('register-page');
  await page.goto('/user/registration');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('Please input your name!')).toBeVisible();
  await expect(page.getByText("Please input your team's name!")).toBeVisible();
  await expect(page.getByText('Please input your E-mail!')).toBeVisible();

  await page.getByRole('textbox', { name: 'Your name', exact: true }).fill('Regina Page');
  await page.getByRole('textbox', { name: 'Team name', exact: true }).fill('Page team');
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
