import type { Page } from '@playwright/test';
import { expect, openSignedIn, registerTeam, test } from './fixtures';

// The narrowest phone the product supports.
test.use({ viewport: { width: 360, height: 740 } });

/** Nothing makes the page scroll sideways: the document is no wider than the window. */
async function expectNoSidewaysScroll(page: Page) {
  const [scrollWidth, clientWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scrollWidth, 'the page is no wider than the window').toBeLessThanOrEqual(clientWidth ?? 0);
}

test('the signed-in shell on a 360 px phone: a header that fits, the menu in a drawer, page style and dialogs', async ({
  page,
  request,
}) => {
  const account = await registerTeam(request, 'phone-shell');
  await openSignedIn(page, account, '/dashboard');
  const banner = page.getByRole('banner');
  // While the drawer is open the rest of the page is hidden from assistive technology, the button too.
  const menuButton = page.getByRole('button', { name: 'Open menu', includeHidden: true });
  await expect(menuButton).toBeVisible();
  await expectNoSidewaysScroll(page);
  // Every action of the header is whole on screen; the account shows its avatar alone.
  for (const control of [
    menuButton,
    banner.getByRole('button', { name: 'Search' }),
    banner.getByRole('link', { name: 'Help' }),
    banner.getByRole('button', { name: /^Notices/ }),
    banner.getByRole('button', { name: account.name }),
    banner.getByRole('button', { name: /^Language/ }),
  ]) {
    await expect(control).toBeInViewport({ ratio: 1 });
  }
  // The menu is in the drawer, and no page-style gear floats over the page.
  await expect(banner.getByRole('navigation')).toBeHidden();
  await expect(page.locator('[data-slot="page-style-panel-trigger"]')).toBeHidden();

  // The account menu's dialog fits the phone.
  await banner.getByRole('button', { name: account.name }).click();
  await page.getByRole('menuitem', { name: 'Name and team' }).click();
  const names = page.getByRole('dialog', { name: 'Name and team' });
  await expect(names).toBeInViewport({ ratio: 1 });
  await expectNoSidewaysScroll(page);
  await page.keyboard.press('Escape');
  await expect(names).toBeHidden();

  // The drawer: choosing a screen goes there and closes it, focus back on the menu button.
  await menuButton.click();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  const drawer = page.getByRole('dialog', { name: 'Main menu' });
  await expect(drawer).toBeInViewport({ ratio: 1 });
  await drawer.getByRole('link', { name: 'Call history' }).click();
  await expect(page).toHaveURL(/\/call-history$/);
  await expect(drawer).toBeHidden();
  await expect(menuButton).toBeFocused();

  // Page style from the drawer; closing it gives focus back to the menu button.
  await menuButton.click();
  await drawer.getByRole('button', { name: 'Page style' }).click();
  await expect(drawer).toBeHidden();
  const panel = page.getByRole('dialog', { name: 'Page style setting' });
  await expect(panel).toBeInViewport({ ratio: 1 });
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(menuButton).toBeFocused();
});

test('in Arabic with the side menu, the phone drawer opens from the right', async ({ page, request }) => {
  const account = await registerTeam(request, 'phone-shell-rtl');
  await page.goto('/exception/404');
  await page.evaluate(() => {
    localStorage.setItem('language', 'ar-EG');
    localStorage.setItem('pageSettings', JSON.stringify({ layout: 'side' }));
  });
  await openSignedIn(page, account, '/dashboard');
  // Measured while the prerendered loading page (left to right) was being replaced, the button was
  // once at x 0 on CI: openSignedIn waits for the app now, and the position is polled.
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const menuButton = page.locator('[data-slot="app-shell-menu-button"]');
  await expect(menuButton).toBeVisible();
  await expect(page.locator('[data-slot="app-shell-sidebar"]')).toBeHidden();
  await expectNoSidewaysScroll(page);
  await expect
    .poll(async () => (await menuButton.boundingBox())?.x ?? 0, {
      message: 'the menu button starts the header on the right',
    })
    .toBeGreaterThan(360 / 2);

  await menuButton.click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toHaveAttribute('dir', 'rtl');
  await expect(drawer).toBeInViewport({ ratio: 1 });
  const drawerBox = await drawer.boundingBox();
  expect(Math.round((drawerBox?.x ?? 0) + (drawerBox?.width ?? 0))).toBe(360);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menuButton).toBeFocused();
});
