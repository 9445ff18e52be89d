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

  // It stays chosen on the next page (a public one: signed in, the login page leads into the app).
  await page.goto('/user/forgot-password');
  await expect(html).toHaveAttribute('dir', 'rtl');

  await page.getByRole('button', { name: 'اللغة العربية' }).click();
  await page.getByRole('combobox', { name: 'ابحث عن لغة' }).fill('English');
  await page.getByRole('combobox', { name: 'ابحث عن لغة' }).press('Enter');

  await expect(html).toHaveAttribute('dir', 'ltr');
  await expect(html).toHaveAttribute('lang', 'en-US');
  await expect(page.getByRole('button', { name: 'Send link' })).toBeVisible();
});

// The picker's panel loads its code on first use and anchors to the picker's own button: that
// button must still toggle the list, and Escape must give it focus back.
test('the language picker on the landing page opens, closes with its own button and with Escape', async ({ page }) => {
  await page.goto('/');
  const picker = page.getByRole('button', { name: /^Language\b/ });
  await picker.click();
  const panel = page.getByRole('dialog', { name: 'Language' });
  await expect(panel).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Search languages' })).toBeFocused();
  // Lined up under its button.
  const [button, box] = [await picker.boundingBox(), await panel.boundingBox()];
  expect(box && button && box.y).toBeGreaterThanOrEqual((button?.y ?? 0) + (button?.height ?? 0));
  await picker.click();
  await expect(panel).toBeHidden();
  await expect(picker).toHaveAttribute('aria-expanded', 'false');

  await picker.click();
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(picker).toBeFocused();
});
