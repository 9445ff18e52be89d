import { readFileSync } from 'node:fs';
import { expect, openSignedIn, test } from './fixtures';
import { repositoryRoot } from './parley-server';
import { hostSite, teamWithWidget } from './widget-helpers';

const arabic: Record<string, string> = JSON.parse(
  readFileSync(`${repositoryRoot}/packages/i18n/src/catalogs/ar-EG.json`, 'utf8'),
);

test("a visitor opens the widget on an allowed site: Parley's frame shows the team's menu, and closes again", async ({
  page,
  request,
  baseURL,
}) => {
  const { widgetKey, allow } = await teamWithWidget(request, 'widget');
  const site = await hostSite(baseURL ?? '', widgetKey);
  try {
    await allow(site.origin);
    await page.goto(site.origin);
    const launcher = page.getByRole('button', { name: 'Talk to us' });
    await expect(launcher).toBeVisible();
    // The host page's CSS (every button unset, 40 px text) does not reach into the launcher's Shadow DOM.
    await expect(launcher).toHaveCSS('background-color', 'rgb(250, 84, 28)');
    await expect(launcher).toHaveCSS('inline-size', '56px');

    await launcher.click();
    await expect(page.getByRole('button', { name: 'Close' })).toHaveAttribute('aria-expanded', 'true');
    const frameElement = page.locator('iframe[title="Talk to us"]');
    await expect(frameElement).toHaveAttribute('allow', 'camera; microphone; autoplay');
    await expect(frameElement).toHaveAttribute('src', new RegExp(`^${baseURL}/widget/${widgetKey}#`));
    const frame = page.frameLocator('iframe[title="Talk to us"]');
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Team widget');
    await expect(frame.getByRole('heading', { name: 'How can we help?' })).toBeVisible();
    await expect(frame.getByRole('button', { name: /^Call us/ })).toBeVisible();
    await expect(frame.getByRole('button', { name: /^Leave a video message/ })).toBeVisible();

    // The host page's own scripts cannot drive the launcher: only the frame's window, from Parley's origin.
    await page.evaluate(() => window.postMessage({ source: 'parley-widget', type: 'close' }, '*'));
    await expect(frame.getByRole('heading', { name: 'How can we help?' })).toBeVisible();
    await expect(frameElement).toBeVisible();

    // The frame's close button tells the loader (postMessage to the host's exact origin).
    await frame.getByRole('button', { name: 'Close' }).click();
    await expect(frameElement).toBeHidden();
    await expect(launcher).toHaveAttribute('aria-expanded', 'false');
    // Open again: the same frame, kept.
    await launcher.click();
    await expect(frame.getByRole('heading', { name: 'How can we help?' })).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(1);
  } finally {
    await site.close();
  }
});

test('a site not on the list is refused: the loader says so, no frame opens, and the frame would not show there', async ({
  page,
  request,
  baseURL,
}) => {
  const { widgetKey } = await teamWithWidget(request, 'widget-refused');
  const site = await hostSite(baseURL ?? '', widgetKey);
  try {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto(site.origin);
    await page.getByRole('button', { name: 'Talk to us' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'You cannot contact us from this page right now. Please try again later.',
    );
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect
      .poll(() => warnings.join('\n'))
      .toContain(`Parley widget: Parley's widget may not run on ${site.origin}: a team admin can allow it`);

    // Framed by hand, the frame's page is refused by the browser itself (frame-ancestors).
    const response = await page.request.get(`${baseURL}/widget/${widgetKey}`);
    expect(response.headers()['content-security-policy']).toMatch(/frame-ancestors 'self'$/);
  } finally {
    await site.close();
  }
});

test.describe('in Arabic', () => {
  test.use({ locale: 'ar-EG' });

  test("the launcher and the frame speak the visitor's language, right to left", async ({ page, request, baseURL }) => {
    const { widgetKey, allow } = await teamWithWidget(request, 'widget-ar');
    const site = await hostSite(baseURL ?? '', widgetKey);
    try {
      await allow(site.origin);
      await page.goto(site.origin);
      const launcher = page.locator('[data-parley-widget]').getByRole('button');
      await expect(launcher).toHaveAttribute('aria-label', arabic['widget.launcher.open'] ?? '');
      await launcher.click();
      const frame = page.frameLocator('iframe');
      await expect(frame.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(frame.locator('html')).toHaveAttribute('lang', 'ar-EG');
      await expect(frame.getByRole('heading', { level: 2 })).toHaveText(arabic['widget.menu.heading'] ?? '');
      await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Team widget-ar');
    } finally {
      await site.close();
    }
  });
});

test('a member finds the embed tag on Domain management and tries the widget on the preview page, with no website listed', async ({
  page,
  request,
  baseURL,
}) => {
  const { admin, widgetKey } = await teamWithWidget(request, 'widget-preview');
  await openSignedIn(page, { token: admin.token, role: admin.role }, '/settings/domain-managment');
  await expect(page.getByRole('heading', { level: 2, name: 'Embed the widget' })).toBeVisible();
  await expect(page.getByTestId('embed-tag')).toHaveText(
    `<script src="${baseURL}/widget.js" data-parley-team="${widgetKey}" async></script>`,
  );
  await page.getByRole('link', { name: 'Try the widget' }).click();
  await expect(page).toHaveURL(/\/widget-preview$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Widget preview' })).toBeVisible();

  await page.getByRole('button', { name: 'Talk to us' }).click();
  const frame = page.frameLocator('iframe[title="Talk to us"]');
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Team widget-preview');
  await expect(frame.getByRole('button', { name: /^Call us/ })).toBeVisible();

  // Leaving the page takes the widget away with it.
  await page.getByRole('link', { name: 'Back to Domain management' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Domain management' })).toBeVisible();
  await expect(page.locator('[data-parley-widget]')).toHaveCount(0);
  await expect(page.locator('iframe')).toHaveCount(0);
});
