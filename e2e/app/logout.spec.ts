import { expect, registerTeam, signInWithForm, storedKeys, test } from './fixtures';

test('logout sends the member to / with the full previous address, keeping only LoginID', async ({
  page,
  request,
  baseURL,
}) => {
  const account = await registerTeam(request, 'logout');
  await page.goto('/user/login');
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL('/dashboard');
  await page.evaluate(() => localStorage.setItem('VideoRecording', 'draft-1'));

  await page.goto('/call-history?tab=missed');
  const previous = page.url();
  expect(previous).toBe(new URL('/call-history?tab=missed', baseURL).href);
  await page.getByRole('button', { name: account.name }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();

  await expect(page).toHaveURL(`/?${new URLSearchParams({ redirect: previous })}`);
  const keys = await storedKeys(page);
  expect(keys).toMatchObject({
    isLogin: null,
    loginRole: null,
    AuthToken: null,
    LoginID: account.email,
    VideoRecording: 'draft-1',
  });

  // Signed out, a protected address leads to the login page, which remembers it.
  await page.goto('/analytics');
  await expect(page).toHaveURL(`/user/login?${new URLSearchParams({ redirect: new URL('/analytics', baseURL).href })}`);
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
});

test('after logout the old token no longer opens the API', async ({ page, request }) => {
  const account = await registerTeam(request, 'logout-token');
  await page.goto('/user/login');
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL('/dashboard');
  const token = (await storedKeys(page)).AuthToken;

  await page.getByRole('button', { name: account.name }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/\?redirect=/);

  const response = await request.get('/api/currentUser', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(401);
});
