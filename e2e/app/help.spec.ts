import { expect, openSignedIn, registerTeam, test } from './fixtures';

test('the header Help opens the help page inside the app; the API documentation opens in a new tab', async ({
  page,
  request,
}) => {
  const account = await registerTeam(request, 'help');
  await openSignedIn(page, account, '/video-library');
  const help = page.getByRole('banner').getByRole('link', { name: 'Help' });
  await help.focus();
  await page.keyboard.press('Enter');

  // Same tab, no reload: the shell stays and the help page shows.
  await expect(page).toHaveURL('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  for (const section of ['Screens', 'Keyboard shortcuts', 'For developers']) {
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  // An admin reads about the requests too, and each screen's link leads there.
  await expect(page.getByRole('link', { name: 'Requests', exact: true }).last()).toHaveAttribute('href', '/requests');
  await page.getByRole('main').getByRole('link', { name: 'Call history' }).click();
  await expect(page).toHaveURL('/call-history');
  await page.goBack();

  const popup = page.waitForEvent('popup');
  await page.getByRole('link', { name: 'API documentation (opens in a new tab)' }).click();
  const docs = await popup;
  await expect(docs).toHaveURL(/\/api\/docs/);
  await expect(page).toHaveURL('/help');
});
