import { expect, openSignedIn, registerTeam, test } from './fixtures';

test('the language picker switches to Arabic (right to left) and back to English', async ({ page, request }) => {
  const account = await registerTeam(request, 'language');
  await openSignedIn(page, account, '/dashboard');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', 'en-US');
  await expect(html).toHaveAttribute('dir', 'ltr');

  await page.getByRole('button', { name: /^Language\b/ }).click();
  await page.getByRole('combobox', { name: 'Search languages' }).fill('Arabic');
  await page.getByRole('combobox', { name: 'Search languages' }).press('Enter');

  // The choice is saved and the page reloads in Arabic, right to left.
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(html).toHaveAttribute('lang', 'ar-EG');
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ar-EG');
  await expect(page.getByRole('button', { name: 'اللغة العربية' })).toBeVisible();
  await expect(page.getByRole('button', { name: account.name })).toBeVisible();

  // It stays chosen on the next page.
  await page.goto('/user/login');
  await expect(html).toHaveAttribute('dir', 'rtl');

  await page.getByRole('button', { name: 'اللغة العربية' }).click();
  await page.getByRole('combobox', { name: 'ابحث عن لغة' }).fill('English');
  await page.getByRole('combobox', { name: 'ابحث عن لغة' }).press('Enter');

  await expect(html).toHaveAttribute('dir', 'ltr');
  await expect(html).toHaveAttribute('lang', 'en-US');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
});
