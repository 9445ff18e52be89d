import type { Page } from '@playwright/test';
import { apiSignIn, DEMO, expect, openSignedIn, test } from './fixtures';

/**
 * Holds back the app's entry script until `release` is called, so a test can look at the page as
 * the browser painted it from the HTML alone.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Whether React has taken the element over (hydrated or rendered it). */
function reactOwns(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber')));
}

for (const { path, heading, form } of [
  { path: '/user/login', heading: 'Parley', form: true },
  { path: '/user/registration', heading: 'Register your team', form: true },
  { path: '/user/forgot-password', heading: 'Forgot your password?', form: true },
  { path: '/', heading: 'Talk to your visitors, live', form: false },
]) {
  test(`${path} paints from its HTML before any script, and the app hydrates that markup`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (entry) => {
      if (entry.type() === 'error') {
        errors.push(entry.text());
      }
    });
    const release = await holdScripts(page);
    await page.goto(path, { waitUntil: 'commit' });

    // Before the app's code: the page is there, styled, in the default language.
    const firstHeading = page.getByRole('heading', { level: 1 }).first();
    await expect(firstHeading).toBeVisible();
    await expect(firstHeading).toHaveText(heading);
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');
    const background = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(background).not.toBe('');
    expect(await reactOwns(page, 'h1')).toBe(false);
    // Inert until the app runs: a click then does nothing (a form's native submit would have put
    // what was typed in the address).
    await expect(page.locator('#root')).toHaveAttribute('inert', '');
    if (form) {
      await page.locator('main button[type=submit]').first().click({ force: true });
      expect(page.url()).not.toContain('?');
    }
    await page
      .locator('h1')
      .first()
      .evaluate((element) => {
        (window as unknown as { prerenderedHeading: Element }).prerenderedHeading = element;
      });

    release();
    await expect.poll(() => reactOwns(page, 'h1')).toBe(true);
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    // Hydrated, not rendered anew: the element painted from the HTML is the one React now owns.
    expect(
      await page.evaluate(
        () =>
          (window as unknown as { prerenderedHeading: Element }).prerenderedHeading === document.querySelector('h1'),
      ),
    ).toBe(true);
    if (form) {
      // The form works, and its ids agreed through hydration (useId on both sides): the messages of
      // an empty submit are the ones the fields point at.
      await page.locator('main button[type=submit]').first().click();
      const field = page.locator('main input[aria-invalid=true]').first();
      await expect(field).toBeVisible();
      const described = (await field.getAttribute('aria-describedby')) ?? '';
      const message = described.split(' ').find((id) => id.endsWith('-message'));
      expect(message).toBeTruthy();
      await expect(page.locator(`[id="${message}"]`)).toBeVisible();
      await expect(page.locator(`label[for="${await field.getAttribute('id')}"]`)).toBeVisible();
    }
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
}

test('a prerendered page in another language: the app renders it anew in that language', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/user/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await expect(page.getByRole('tab', { name: 'Konto' })).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test('the last account used fills the prerendered login form once the page runs', async ({ page }) => {
  await page.goto('/user/login');
  await page.evaluate((email) => localStorage.setItem('LoginID', email), DEMO.sam.email);
  await page.reload();
  await expect(page.locator('main input[type=email], main input[autocomplete=username]').first()).toHaveValue(
    DEMO.sam.email,
  );
});

test("a signed-in screen paints the shell at once, its layouts' and its own code preloaded, and the app renders the screen in its place", async ({
  page,
  request,
}) => {
  const admin = await apiSignIn(request, DEMO.admin.email, DEMO.password);
  await openSignedIn(page, { token: admin.data.token, role: admin.currentAuthority }, '/dashboard');
  const release = await holdScripts(page);
  const preloaded: string[] = [];
  page.on('request', (sent) => {
    if (/\/assets\/(?:basic-layout|security-layout|call-history-screen)-[\w-]+\.js$/.test(sent.url())) {
      preloaded.push(new URL(sent.url()).pathname);
    }
  });
  await page.goto('/call-history?current=1&pageSize=10', { waitUntil: 'commit' });

  // Before the app's code: the shell's shape, a line for each of its menu's entries, and the loading screen.
  const placeholder = page.getByTestId('shell-placeholder');
  await expect(placeholder).toBeVisible();
  await expect(placeholder.getByRole('navigation').getByRole('listitem')).toHaveCount(6);
  await expect(page.getByTestId('shell-loading')).toBeVisible();
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
  // The layouts' and the screen's code are already on their way, in the entry's round.
  await expect.poll(() => preloaded.length).toBeGreaterThanOrEqual(3);
  expect(preloaded.some((file) => file.includes('/call-history-screen-'))).toBe(true);

  release();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(placeholder).toHaveCount(0);
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
});
