import type { Page } from '@playwright/test';
import { apiSignIn, DEMO, expect, openSignedIn, test } from './fixtures';

/**
 * The header search (SPEC §2.6) on the demo team's data: `/` focuses it, typing a caller's name
 * lists their calls (from `GET /api/search`) under "Calls", and picking one opens the call history
 * showing that call.
 */

async function signIn(page: Page, request: Parameters<typeof apiSignIn>[0]) {
  const answer = await apiSignIn(request, DEMO.sam.email, DEMO.password);
  await openSignedIn(page, { token: answer.data.token, role: answer.currentAuthority }, '/dashboard');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Search' })).toBeVisible();
}

async function expectOnCallOf(page: Page, caller: string, { phone = false } = {}) {
  await expect(page).toHaveURL(/\/call-history\?/);
  const params = new URL(page.url()).searchParams;
  expect(params.get('callerName')).toBe(caller);
  expect(params.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(params.get('to')).toBe(params.get('from'));
  if (phone) {
    // Phones list the calls as cards below the filters.
    await expect(page.getByRole('main').getByText(caller).first()).toBeVisible();
    return;
  }
  const table = page.getByRole('table', { name: 'Call history' });
  await expect(table.getByRole('row').filter({ hasText: caller }).first()).toBeVisible();
  // Only that caller's calls of that day are listed.
  for (const row of await table
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .all()) {
    await expect(row).toContainText(caller);
  }
}

test("typing a caller's name in the header finds their calls; picking one lands on it", async ({ page, request }) => {
  await signIn(page, request);
  await page.locator('body').press('/');
  const field = page.getByRole('combobox', { name: 'Search' });
  await expect(field).toBeFocused();
  await field.pressSequentially('grace hop');
  const listbox = page.getByRole('listbox', { name: 'Search results' });
  const calls = listbox.getByRole('group', { name: 'Calls' });
  await expect(calls.getByRole('option').first()).toContainText('Grace Hopper');
  await expect(page.getByRole('status').filter({ hasText: /\d+ results?/ })).toBeAttached();
  await calls.getByRole('option').first().click();
  await expectOnCallOf(page, 'Grace Hopper');
  // Picked, the search clears and closes.
  await expect(listbox).toBeHidden();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the search opens from its icon and is worked from the keyboard', async ({ page, request }) => {
    await signIn(page, request);
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    const field = page.getByRole('combobox', { name: 'Search' });
    await expect(field).toBeFocused();
    await field.pressSequentially('alan tur');
    const option = page.getByRole('group', { name: 'Calls' }).getByRole('option').first();
    await expect(option).toContainText('Alan Turing');
    await expect(option).toBeInViewport();
    await field.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await field.press('Enter');
    await expectOnCallOf(page, 'Alan Turing', { phone: true });
  });

  test('says when nothing matches, and Escape closes and clears', async ({ page, request }) => {
    await signIn(page, request);
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    const field = page.getByRole('combobox', { name: 'Search' });
    await field.pressSequentially('zzqxw');
    await expect(page.getByText('Nothing matches “zzqxw”.')).toBeVisible();
    await field.press('Escape');
    await expect(page.getByText('Nothing matches “zzqxw”.')).toBeHidden();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Search' })).toBeFocused();
  });
});
