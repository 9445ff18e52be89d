import { randomUUID } from 'node:crypto';
import { apiSignIn, DEMO, expect, openSignedIn, test } from './fixtures';

test('an admin allows a website and takes a new widget key; a user sees both and can change neither', async ({
  browser,
  page,
  request,
}) => {
  const site = `shop-${randomUUID().slice(0, 6)}.example.com`;
  const admin = await apiSignIn(request, DEMO.admin.email, DEMO.password);
  await openSignedIn(page, { token: admin.data.token, role: admin.currentAuthority }, '/settings/domain-managment');
  await expect(page.getByRole('heading', { level: 1, name: 'Domain management' })).toBeVisible();

  // Bad input is explained on the field and kept; a good one is added as browsers write it.
  const origin = page.getByRole('textbox', { name: /^Website origin/ });
  await origin.fill(`${site}/checkout`);
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText(/^Enter an origin such as https:\/\/www\.example\.com/)).toBeVisible();
  await expect(origin).toHaveValue(`${site}/checkout`);
  await origin.fill(`HTTPS://${site.toUpperCase()}/`);
  await page.getByRole('button', { name: 'Add' }).click();
  const websites = page.getByRole('list', { name: 'Allowed websites' });
  await expect(websites.getByText(`https://${site}`, { exact: true })).toBeVisible();
  await expect(websites.getByRole('listitem').filter({ hasText: site })).toContainText(`Added by ${DEMO.admin.name}`);

  // The same origin again is refused on the field.
  await origin.fill(`https://${site}`);
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('This origin is already on the list.')).toBeVisible();

  // A new key, after the warning, replaces the old one.
  const key = page.getByTestId('widget-key');
  const before = (await key.textContent()) ?? '';
  expect(before).toMatch(/^[0-9a-f]{32}$/);
  await page.getByRole('button', { name: 'New key' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Take a new widget key?' });
  await dialog.getByRole('button', { name: 'New key' }).click();
  await expect(key).not.toHaveText(before);
  const after = (await key.textContent()) ?? '';
  expect(after).toMatch(/^[0-9a-f]{32}$/);

  // A user of the same team, in another browser, reads the list and the new key, and changes nothing.
  const sam = await apiSignIn(request, DEMO.sam.email, DEMO.password);
  const context = await browser.newContext();
  try {
    const userPage = await context.newPage();
    await openSignedIn(userPage, { token: sam.data.token, role: sam.currentAuthority }, '/settings/domain-managment');
    await expect(userPage.getByText('Only team admins can change the websites and the widget key.')).toBeVisible();
    await expect(
      userPage.getByRole('list', { name: 'Allowed websites' }).getByText(`https://${site}`, { exact: true }),
    ).toBeVisible();
    await expect(userPage.getByTestId('widget-key')).toHaveText(after);
    await expect(userPage.getByRole('textbox', { name: /^Website origin/ })).toHaveCount(0);
    await expect(userPage.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
    await expect(userPage.getByRole('button', { name: 'New key' })).toHaveCount(0);
  } finally {
    await context.close();
  }

  // The admin removes the website; Undo is offered, and once it has run out the server has it gone.
  await websites.getByRole('button', { name: `Remove https://${site}` }).click();
  await expect(websites.getByText(`https://${site}`, { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
  await expect
    .poll(
      async () => {
        const answer = await request.get('/api/domains', { headers: { authorization: `Bearer ${admin.data.token}` } });
        return JSON.stringify(await answer.json());
      },
      { timeout: 20_000 },
    )
    .not.toContain(site);
});
