import { defineConfig } from '@playwright/test';

/**
 * Visual regression of every Storybook story in light, dark and right-to-left (Arabic),
 * against the static build (`pnpm build-storybook`). References live in
 * e2e/visual/references and are made on this machine kind with Debian's Chromium.
 */
export default defineConfig({
  testDir: 'visual',
  outputDir: '../test-results/visual',
  snapshotPathTemplate: '{testDir}/references/{arg}{ext}',
  fullyParallel: true,
  workers: 3,
  // One retry, in a fresh browser: a changed pixel fails both attempts, while the rare software-raster
  // jitter on an anti-aliased corner (3 pixels of 1353 captures, about one run in four) does not
  // repeat. A capture that needed its retry is reported as flaky in the run's output.
  retries: 1,
  reporter: process.env.CI ? [['line']] : [['list']],
  timeout: 30_000,
  expect: {
    // A changed pixel fails: the colour threshold (0.02 of pixelmatch's YIQ range, about 5/255
    // on grey) only absorbs the ±1–5 anti-aliasing jitter Chromium's software raster shows
    // between runs on rounded corners and sticky layers. Checked: moving the primary button's
    // text from #1A0500 to #2A0800 fails 63 pixels.
    toHaveScreenshot: { maxDiffPixels: 0, threshold: 0.02, animations: 'disabled', caret: 'hide', scale: 'css' },
  },
  use: {
    baseURL: 'http://127.0.0.1:6007',
    viewport: { width: 1024, height: 640 },
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
    colorScheme: 'light',
    timezoneId: 'UTC',
    locale: 'en-US',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--font-render-hinting=none',
        '--disable-lcd-text',
      ],
    },
  },
  webServer: {
    command: 'node scripts/serve-static.mjs storybook-static 6007',
    cwd: '..',
    url: 'http://127.0.0.1:6007/index.json',
    // Never reuse: a server left from another checkout would serve another build.
    reuseExistingServer: false,
  },
});
