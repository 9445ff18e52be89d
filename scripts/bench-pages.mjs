#!/usr/bin/env node
// `pnpm bench:pages`: how fast the pages feel on a phone, measured on the built app served by the
// real server (as `npm start` serves it). Not a test: it prints figures.
//
// - Lighthouse 12, mobile preset (simulated slow 4G and a 4× slower CPU), on the landing and login
//   pages: median score, FCP, LCP and TBT of 3 runs, taken round-robin.
// - The signed-in call history on a direct, cold load, in Chromium with the same conditions applied
//   (DevTools throttling: 562.5 ms round trip, 1.4745 Mbit/s down, CPU 4×): the time from navigation
//   to its first table row, beside the login page's first contentful paint under the same conditions
//   (median of 3 each).
//
// Usage: node scripts/bench-pages.mjs [--no-build] [--checkout DIR]
//   --checkout: also measure another checkout (its apps/server and built apps/web/dist, say the
//   previous commit's in a worktree), side by side in the same run.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright';
import { freePort, freshContext, signedInStorage, startServer } from './bundle-size.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = 3;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Lighthouse's mobile preset, applied in DevTools terms (its "devtools" throttling). */
const NETWORK = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.5 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

/**
 * The median of the runs that measured something: a run whose page reported no paint (Lighthouse
 * or Chromium now and then gives none) is left out, and said so, rather than making the median NaN.
 */
const median = (values) => {
  const sorted = values.filter(Number.isFinite).sort((first, second) => first - second);
  if (sorted.length < values.length) {
    console.warn(`  (${values.length - sorted.length} of ${values.length} runs measured nothing and are left out)`);
  }
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor(sorted.length / 2)];
};

async function lighthouseRun(port, url) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const audits = result?.lhr.audits ?? {};
  return {
    score: Math.round((result?.lhr.categories.performance.score ?? 0) * 100),
    fcp: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
    lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbt: audits['total-blocking-time']?.numericValue ?? Number.NaN,
  };
}

/** A cold page in a fresh context, throttled like a phone; answers when `ready` is on screen. */
async function throttledLoad(browser, url, ready, storage) {
  const context = await freshContext(browser, storage);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator(ready).first().waitFor({ state: 'visible', timeout: 120_000 });
  const times = await page.evaluate(() => ({
    now: performance.now(),
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
  }));
  await context.close();
  return times;
}

async function measure(label, checkout) {
  const server = await startServer(undefined, checkout);
  // Lighthouse drives the same Chromium over its debugging port.
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', `--remote-debugging-port=${port}`],
  });
  try {
    const pages = [
      { name: 'landing', path: '/' },
      { name: 'login', path: '/user/login' },
    ];
    const runs = Object.fromEntries(pages.map((page) => [page.name, []]));
    for (let run = 0; run < RUNS; run += 1) {
      for (const page of pages) {
        runs[page.name].push(await lighthouseRun(port, `${server.url}${page.path}`));
      }
    }
    const storage = await signedInStorage(server.url);
    const loginPaint = [];
    const firstRow = [];
    for (let run = 0; run < RUNS; run += 1) {
      loginPaint.push((await throttledLoad(browser, `${server.url}/user/login`, 'button[type=submit]')).fcp);
      firstRow.push(
        (await throttledLoad(browser, `${server.url}/call-history`, '[data-slot=app-shell] table', storage)).now,
      );
    }
    console.info(`\n${label}`);
    console.info('  page      Lighthouse   FCP       LCP       TBT      (median of 3, mobile preset)');
    for (const page of pages) {
      const list = runs[page.name];
      const s = (key) => median(list.map((entry) => entry[key]));
      console.info(
        `  ${page.name.padEnd(9)} ${String(s('score')).padStart(10)}   ${(s('fcp') / 1000).toFixed(2)} s    ${(s('lcp') / 1000).toFixed(2)} s    ${Math.round(s('tbt'))} ms`,
      );
    }
    const row = median(firstRow);
    const paint = median(loginPaint);
    console.info(
      `  call history, direct cold load, throttled: first table row ${(row / 1000).toFixed(2)} s; login first paint ${(paint / 1000).toFixed(2)} s (ratio ${(row / paint).toFixed(2)})`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

const checkoutIndex = process.argv.indexOf('--checkout');
const other = checkoutIndex > 0 ? path.resolve(process.argv[checkoutIndex + 1]) : undefined;
if (!process.argv.includes('--no-build')) {
  const result = spawnSync('pnpm', ['--filter', '@parley/web', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.exit(result.status ?? 1);
  }
}
await measure('this build', root);
if (other) {
  await measure(`other checkout (${other})`, other);
}
