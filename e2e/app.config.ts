import { defineConfig } from '@playwright/test';

/**
 * End-to-end journeys of the web app: the built app (apps/web/dist) on the real server
 * (apps/server) with a fresh PGlite database, demo data and the development mailbox, in Debian's
 * Chromium. The global setup builds, starts and stops it; the tests read its address from
 * PARLEY_E2E_URL (the workers start after the setup has set it).
 */
export default defineConfig({
  testDir: 'app',
  outputDir: '../test-results/app',
  globalSetup: './app/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  // On CI a journey that fails is run once more: a run on a busy 2-core machine once failed one
  // journey that passes alone. run-tests.mjs names every journey that needed the retry, so a
  // flake is seen and fixed rather than hidden; a journey that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['line']] : [['list']],
  timeout: 45_000,
  expect: { timeout: 10_000 },
  use: {
    ...(process.env.PARLEY_E2E_URL ? { baseURL: process.env.PARLEY_E2E_URL } : {}),
    viewport: { width: 1280, height: 800 },
    reducedMotion: 'reduce',
    colorScheme: 'light',
    timezoneId: 'UTC',
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // A fake camera and microphone, granted without a prompt (the recorder's journeys).
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        // WebRTC between two pages of this machine: with only loopback, Chromium otherwise gathers no candidate.
        '--allow-loopback-in-peer-connection',
      ],
    },
  },
});
