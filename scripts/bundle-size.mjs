#!/usr/bin/env node
// `pnpm size`: how many bytes of JavaScript and CSS each page of the built web app makes the
// browser download, against the budgets in scripts/bundle-budgets.json.
//
// Measured the honest way: each page is opened in Chromium against the real server serving
// apps/web/dist, and the body bytes Chromium received for every .js and .css response the page
// loads (entry, preloads, lazy route chunks, the locale catalogue) are summed, as they came over
// the wire: Chromium asks for br, and the server sends the build's Brotli copies.
// Usage: node scripts/bundle-size.mjs [--no-build] [--web-dist DIR] [--verbose]
//   --no-build: apps/web/dist is already fresh; --web-dist: measure another build (say the previous
//   commit's, built in a worktree) with this server, for a side-by-side figure; it implies --no-build.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const KIB = 1024;

/** The gzip size (zlib level 9) of some bytes. */
export function gzipSize(bytes) {
  return gzipSync(bytes, { level: 9 }).length;
}

/** Sums the assets one page loaded into JS and CSS totals (bytes as sent, and raw). */
export function summarise(assets) {
  const totals = { js: 0, css: 0, jsRaw: 0, cssRaw: 0, files: assets.length, uncompressed: 0 };
  for (const asset of assets) {
    totals[asset.kind] += asset.sent;
    totals[`${asset.kind}Raw`] += asset.raw;
    if (asset.encoding === 'identity') {
      totals.uncompressed += 1;
    }
  }
  return totals;
}

/** Each page's measured gzip total against its budget (KiB); `over` when it does not fit. */
export function checkBudgets(pages, measured) {
  return pages.map((page) => {
    const totals = measured[page.name];
    const totalKiB = (totals.js + totals.css) / KIB;
    return {
      name: page.name,
      path: page.path,
      jsKiB: totals.js / KIB,
      cssKiB: totals.css / KIB,
      totalKiB,
      budgetKiB: page.budgetKiB,
      files: totals.files,
      uncompressed: totals.uncompressed ?? 0,
      over: totalKiB > page.budgetKiB,
    };
  });
}

/** A plain-text table of the results. */
export function formatTable(rows) {
  const header = ['page', 'path', 'files', 'JS sent', 'CSS sent', 'total', 'budget', ''];
  const kib = (value) => `${value.toFixed(1)} KiB`;
  const lines = rows.map((row) => [
    row.name,
    row.path,
    String(row.files),
    kib(row.jsKiB),
    kib(row.cssKiB),
    kib(row.totalKiB),
    kib(row.budgetKiB),
    row.over ? `OVER by ${kib(row.totalKiB - row.budgetKiB)}` : 'ok',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const numeric = new Set([2, 3, 4, 5, 6]);
  const format = (cells) =>
    cells
      .map((cell, column) => (numeric.has(column) ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
      .join('  ')
      .trimEnd();
  return [format(header), format(widths.map((width) => '-'.repeat(width))), ...lines.map(format)].join('\n');
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The real server on a fresh database in a temporary folder (no demo data: a registered team signs
 * in); `checkout` runs another checkout's server and built app instead (bench:pages compares builds).
 */
export async function startServer(webDist, checkout = root) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-size-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'JWT_SECRET', 'WEB_DIST']) {
    delete env[name];
  }
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    DEV_MAILBOX: 'true',
    LOG_LEVEL: 'warn',
    WEB_DIST: path.resolve(webDist ?? path.join(checkout, 'apps/web/dist')),
  });
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(checkout, 'apps/server'),
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server stopped while starting (exit code ${child.exitCode}).`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) {
        return { url, stop };
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error('The server did not start within 120 s.');
}

/** A new team's admin, signed in: what the shell needs in local storage (SPEC §3 keys). */
export async function signedInStorage(url) {
  const password = `size-${Date.now()}-password`;
  const response = await fetch(`${url}/common/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Size',
      teamName: 'Size team',
      email: `size-${Date.now()}@example.test`,
      password,
      confirmPassword: password,
    }),
  });
  if (response.status !== 201) {
    throw new Error(`Registering a team for the signed-in page failed: ${response.status} ${await response.text()}`);
  }
  const { currentAuthority, data } = await response.json();
  return { isLogin: 'true', loginRole: currentAuthority, AuthToken: data.token };
}

/** A fresh browser context (no service worker, en-US), signed in when `storage` holds a session. */
export async function freshContext(browser, storage) {
  const context = await browser.newContext({ locale: 'en-US', serviceWorkers: 'block' });
  if (storage) {
    await context.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) {
        localStorage.setItem(key, value);
      }
    }, storage);
  }
  return context;
}

/** Opens one page in a fresh browser context and answers every same-origin .js and .css it loaded. */
async function measurePage(browser, url, page, storage) {
  const context = await freshContext(browser, storage);
  const tab = await context.newPage();
  const responses = new Map();
  tab.on('response', (response) => {
    const address = new URL(response.url());
    const kind = address.pathname.endsWith('.js') ? 'js' : address.pathname.endsWith('.css') ? 'css' : null;
    if (kind && address.origin === url && !responses.has(address.pathname)) {
      responses.set(address.pathname, { response, kind });
    }
  });
  const navigation = await tab.goto(`${url}${page.path}`, { waitUntil: 'networkidle' });
  await tab.locator(page.ready).first().waitFor({ state: 'visible', timeout: 30_000 });
  if (new URL(tab.url()).pathname !== page.path) {
    throw new Error(`${page.path} ended on ${tab.url()}: the measurement would be of another page.`);
  }
  await tab.waitForLoadState('networkidle');
  const assets = [];
  for (const [file, { response, kind }] of responses) {
    const bytes = await response.body();
    const sizes = await response.request().sizes();
    const encoding = (await response.headerValue('content-encoding')) ?? 'identity';
    assets.push({ file, kind, raw: bytes.length, sent: sizes.responseBodySize, encoding, gzip: gzipSize(bytes) });
  }
  // The page itself, apart: a prerendered page carries its markup and critical CSS inline.
  const document = navigation
    ? { sent: (await navigation.request().sizes()).responseBodySize, raw: (await navigation.body()).length }
    : { sent: 0, raw: 0 };
  await context.close();
  return { assets, document };
}

/** The widget key of the team whose admin `storage` signs in. */
async function widgetKey(url, storage) {
  const response = await fetch(`${url}/api/widget`, { headers: { authorization: `Bearer ${storage.AuthToken}` } });
  if (!response.ok) {
    throw new Error(`The widget key could not be read: ${response.status}`);
  }
  return (await response.json()).data.widgetKey;
}

/** One script on its own (widget.js, which a site's page loads): its bytes, raw and gzip -9. */
async function measureFile(url, file) {
  const response = await fetch(`${url}${file}`);
  if (!response.ok) {
    throw new Error(`${file} answered ${response.status}`);
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  const asset = {
    file,
    kind: 'js',
    raw: bytes.length,
    sent: bytes.length,
    encoding: 'identity',
    gzip: gzipSize(bytes),
  };
  return { assets: [asset], document: { sent: 0, raw: 0 } };
}

async function main() {
  const distIndex = process.argv.indexOf('--web-dist');
  const webDist = distIndex > 0 ? process.argv[distIndex + 1] : undefined;
  const build = !process.argv.includes('--no-build') && !webDist;
  const config = JSON.parse(readFileSync(path.join(root, 'scripts/bundle-budgets.json'), 'utf8'));
  if (build) {
    const result = spawnSync('pnpm', ['--filter', '@parley/web', '--filter', '@parley/widget', 'build'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) {
      process.exit(result.status ?? 1);
    }
  }
  const { chromium } = await import('playwright');
  const server = await startServer(webDist);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const measured = {};
  const details = {};
  const documents = {};
  try {
    for (const configured of config.pages) {
      // The visitor widget's frame is addressed by a team's widget key.
      const usesKey = configured.path.includes('{widgetKey}');
      const storage = configured.signedIn || usesKey ? await signedInStorage(server.url) : undefined;
      const page = usesKey
        ? { ...configured, path: configured.path.replace('{widgetKey}', await widgetKey(server.url, storage)) }
        : configured;
      const { assets, document } = page.file
        ? await measureFile(server.url, page.path)
        : await measurePage(browser, server.url, page, page.signedIn ? storage : undefined);
      // The widget's targets are in gzip (issue 16): its figures are the files' gzip -9 sizes.
      measured[page.name] = summarise(
        page.gzip ? assets.map((asset) => ({ ...asset, sent: asset.gzip, encoding: 'gzip' })) : assets,
      );
      documents[page.name] = document;
      details[page.name] = assets.sort((first, second) => second.sent - first.sent);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const rows = checkBudgets(config.pages, measured);
  console.info(
    `\nJS and CSS bytes each page made Chromium download from the real server${webDist ? ` (${webDist})` : ''}, ` +
      'as sent (Accept-Encoding: gzip, deflate, br, zstd); budgets: scripts/bundle-budgets.json\n',
  );
  console.info(formatTable(rows));
  console.info(
    `\nThe HTML page itself, as sent (not in the totals): ${Object.entries(documents)
      .map(
        ([name, document]) =>
          `${name} ${(document.sent / KIB).toFixed(1)} KiB (${(document.raw / KIB).toFixed(1)} raw)`,
      )
      .join(', ')}`,
  );
  for (const row of rows.filter((row) => row.uncompressed > 0)) {
    console.info(`${row.name}: ${row.uncompressed} of ${row.files} files arrived without compression`);
  }
  if (process.argv.includes('--verbose')) {
    for (const [name, assets] of Object.entries(details)) {
      console.info(`\n${name}:`);
      for (const asset of assets) {
        const figures = `${(asset.sent / KIB).toFixed(1).padStart(7)} KiB ${asset.encoding.padEnd(8)}`;
        console.info(`  ${figures} (gzip -9 ${(asset.gzip / KIB).toFixed(1)} KiB)  ${asset.file}`);
      }
    }
  }
  mkdirSync(path.join(root, 'test-results'), { recursive: true });
  writeFileSync(
    path.join(root, 'test-results/bundle-size.json'),
    `${JSON.stringify({ rows, details, documents }, null, 2)}\n`,
  );
  const over = rows.filter((row) => row.over);
  if (over.length > 0) {
    console.error(`\nOver budget: ${over.map((row) => `${row.name} (${row.path})`).join(', ')}`);
    process.exit(1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
