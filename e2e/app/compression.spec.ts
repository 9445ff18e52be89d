import { expect, test } from './fixtures';

// `npm start` sent every script and style uncompressed: 768 KiB for the login page, three times what
// a browser should download.
test('the login page arrives compressed: every script and style in Brotli, the page too', async ({ page }) => {
  const arrived: { url: string; encoding: string; sent: number; size: number }[] = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (/\.(?:js|css)$/.test(url.pathname) || url.pathname === '/user/login') {
      const sizes = await response.request().sizes();
      const body = await response.body();
      arrived.push({
        url: url.pathname,
        encoding: (await response.headerValue('content-encoding')) ?? 'identity',
        sent: sizes.responseBodySize,
        size: body.length,
      });
    }
  });
  await page.goto('/user/login');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const large = arrived.filter((file) => file.size >= 1024);
  expect(large.length).toBeGreaterThan(5);
  expect(large.filter((file) => file.encoding !== 'br')).toEqual([]);
  const sent = large.reduce((total, file) => total + file.sent, 0);
  const size = large.reduce((total, file) => total + file.size, 0);
  // Brotli at level 11 takes minified JavaScript and CSS to well under a third.
  expect(sent).toBeLessThan(size / 3);
});
