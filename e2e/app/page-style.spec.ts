import { expect, openSignedIn, registerTeam, test } from './fixtures';

test('the page-style panel: theme, colour, width and weak mode stay applied after a reload', async ({
  page,
  request,
}) => {
  const account = await registerTeam(request, 'page-style');
  await openSignedIn(page, account, '/dashboard');
  const html = page.locator('html');
  const shell = page.locator('[data-slot="app-shell"]');
  const primary = () =>
    page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim());
  // SPEC §9 defaults: dark navigation, fixed width, no weak mode.
  await expect(shell).toHaveAttribute('data-nav-theme', 'dark');
  await expect(shell).toHaveAttribute('data-content-width', 'fixed');
  await expect(html).not.toHaveClass(/color-weak/);
  const defaultPrimary = await primary();

  await page.getByRole('button', { name: /page style/i }).click();
  const panel = page.getByRole('dialog', { name: 'Page style setting' });
  await panel.getByRole('radio', { name: 'Light style' }).click();
  await panel.getByRole('radio', { name: 'Fluid' }).click();
  await panel.getByRole('radio', { name: 'Daybreak Blue' }).click();
  await panel.getByRole('switch', { name: 'Weak Mode' }).click();
  await expect(shell).toHaveAttribute('data-nav-theme', 'light');
  await expect(shell).toHaveAttribute('data-content-width', 'fluid');
  await expect(html).toHaveClass(/color-weak/);
  const chosenPrimary = await primary();
  expect(chosenPrimary).not.toBe(defaultPrimary);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  await page.reload();
  await expect(shell).toHaveAttribute('data-nav-theme', 'light');
  await expect(shell).toHaveAttribute('data-content-width', 'fluid');
  await expect(html).toHaveClass(/color-weak/);
  expect(await primary()).toBe(chosenPrimary);
  await page.getByRole('button', { name: /page style/i }).click();
  await expect(panel.getByRole('radio', { name: 'Light style' })).toBeChecked();
  await expect(panel.getByRole('radio', { name: 'Fluid' })).toBeChecked();
  await expect(panel.getByRole('radio', { name: 'Daybreak Blue' })).toBeChecked();
  await expect(panel.getByRole('switch', { name: 'Weak Mode' })).toBeChecked();
});
