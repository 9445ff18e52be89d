import { expect, openSignedIn, registerTeam, test } from './fixtures';

test('a stored authority that the page does not allow shows the 403 result', async ({ page, request }) => {
  const account = await registerTeam(request, 'guest');
  await openSignedIn(page, account, '/dashboard');
  await expect(page.getByRole('button', { name: account.name })).toBeVisible();

  await page.evaluate(() => localStorage.setItem('loginRole', 'guest'));
  await page.reload();

  await expect(page.getByRole('heading', { name: '403', exact: true })).toBeVisible();
  await expect(page.getByText('Sorry, you are not authorized to access this page.')).toBeVisible();
});

test.describe('addresses that match no route', () => {
  for (const path of ['/no-such-page', '/Dashboard', '/user/Login', '/dashboard/extra']) {
    test(`${path} shows the 404 result`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: '404', exact: true })).toBeVisible();
      await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
      await expect(page).toHaveURL(path);
    });
  }

  test('/Dashboard is a 404 for a signed-in member too (routes are case-sensitive)', async ({ page, request }) => {
    const account = await registerTeam(request, 'case');
    await openSignedIn(page, account, '/Dashboard');
    await expect(page.getByRole('heading', { name: '404', exact: true })).toBeVisible();
  });
});

test.describe('the exception pages', () => {
  const pages = [
    { status: '403', text: 'Sorry, you are not authorized to access this page.' },
    { status: '404', text: 'Sorry, the page you visited does not exist.' },
    { status: '500', text: 'Sorry, something went wrong.' },
  ];
  for (const { status, text } of pages) {
    test(`/exception/${status} exists and leads back home`, async ({ page }) => {
      await page.goto(`/exception/${status}`);
      await expect(page.getByRole('heading', { name: status, exact: true })).toBeVisible();
      await expect(page.getByText(text)).toBeVisible();
      await page.getByRole('link', { name: 'Back Home' }).click();
      await expect(page).toHaveURL('/');
    });
  }

  test('a redirected request error shows its code and message', async ({ page }) => {
    await page.goto(`/exception/500?${new URLSearchParams({ errorCode: 'E42', errorMessage: 'The sky fell.' })}`);
    await expect(page.getByText('The sky fell.')).toBeVisible();
    await expect(page.getByText('Error code: E42')).toBeVisible();
  });
});
