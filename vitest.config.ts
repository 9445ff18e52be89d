import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { catalogSlices } from './packages/i18n/src/vite-catalog-slices';

const root = path.dirname(fileURLToPath(import.meta.url));

/** Debian's Chromium, started as TOOLCHAIN.md says (no downloaded browsers here). */
const chromium = playwright({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  },
});

/**
 * Workers for the jsdom, Node and server projects: one more than the machine's cores. Vitest's
 * default is one fewer (a single worker on a 2-core machine), while these tests spend much of their
 * time waiting on PostgreSQL, ffmpeg and timers: on 2 cores the run took 23 min with one worker
 * and 8.6 min with three, the CPU then fully used. The stories keep Vitest's default: one browser
 * already uses both cores (two took as long).
 */
const nodeWorkers = availableParallelism() + 1;

/** How long one jsdom test may run before it counts as hung. */
const JSDOM_TEST_TIMEOUT_MS = 15_000;
const JSDOM_TESTS = [
  'packages/{ui,i18n}/src/**/*.test.{ts,tsx}',
  'apps/web/src/**/*.test.{ts,tsx}',
  'apps/widget/src/**/*.test.{ts,tsx}',
];
/** jsdom tests that stub `location` or the service worker, which a VM context's window does not let go. */
const WINDOW_STUBBING_TESTS = [
  'apps/web/src/lib/locale.test.ts',
  'apps/web/src/components/language-switch.test.tsx',
  'apps/web/src/app/shell/update-notice.test.tsx',
];

export default defineConfig({
  // The catalogues whole, as Storybook reads them (packages/i18n/src/vite-catalog-slices.ts).
  plugins: [react(), catalogSlices({ split: false })],
  test: {
    projects: [
      // The jsdom tests run in VM contexts on threads, each worker loading React, Radix and the rest
      // once rather than once per file: 2.3 min against 4.6 min in forks on 2 cores. A file whose
      // test replaces something the window itself holds fast (location, navigator.serviceWorker)
      // cannot in a VM context, where the global is jsdom's window: those few run in forks.
      {
        extends: true,
        test: {
          name: 'unit',
          maxWorkers: nodeWorkers,
          pool: 'vmThreads',
          environment: 'jsdom',
          // A screen's test in jsdom takes up to 3.9 s here while the server tests run beside it; one
          // took 5.2 s of the default 5 on CI (2026-11-27). The limit is for a test that hangs.
          testTimeout: JSDOM_TEST_TIMEOUT_MS,
          include: JSDOM_TESTS,
          exclude: ['**/node_modules/**', '**/*.browser.test.{ts,tsx}', ...WINDOW_STUBBING_TESTS],
          setupFiles: ['packages/ui/src/testing/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-forks',
          maxWorkers: nodeWorkers,
          environment: 'jsdom',
          testTimeout: JSDOM_TEST_TIMEOUT_MS,
          include: WINDOW_STUBBING_TESTS,
          setupFiles: ['packages/ui/src/testing/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          maxWorkers: nodeWorkers,
          environment: 'node',
          include: [
            'packages/api/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'apps/web/scripts/**/*.test.ts',
          ],
        },
      },
      // The server's tests run twice: on embedded PGlite and on this machine's PostgreSQL
      // (TEST_DATABASE_URL); each test file makes its own database, a copy of one migrated per run.
      ...(['pglite', 'postgres'] as const).map((engine) => ({
        extends: true as const,
        test: {
          name: `server-${engine}`,
          maxWorkers: nodeWorkers,
          environment: 'node' as const,
          include: ['apps/server/test/**/*.test.ts'],
          env: { PARLEY_TEST_DB: engine },
          // The migrated database each test file copies (PGlite's dump, PostgreSQL's template).
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
      {
        extends: true,
        plugins: [tailwindcss(), storybookTest({ configDir: path.join(root, '.storybook') })],
        test: {
          name: 'storybook',
          browser: {
            enabled: true,
            headless: true,
            provider: chromium,
            instances: [{ browser: 'chromium' }],
            screenshotFailures: false,
          },
        },
      },
    ],
  },
});
