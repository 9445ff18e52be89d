import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

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

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          maxWorkers: nodeWorkers,
          environment: 'jsdom',
          include: ['packages/{ui,i18n}/src/**/*.test.{ts,tsx}', 'apps/web/src/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/*.browser.test.{ts,tsx}'],
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
      // (TEST_DATABASE_URL); each test file makes its own database.
      ...(['pglite', 'postgres'] as const).map((engine) => ({
        extends: true as const,
        test: {
          name: `server-${engine}`,
          maxWorkers: nodeWorkers,
          environment: 'node' as const,
          include: ['apps/server/test/**/*.test.ts'],
          env: { PARLEY_TEST_DB: engine },
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
