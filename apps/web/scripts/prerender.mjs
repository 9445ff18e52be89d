#!/usr/bin/env node
// The public pages as HTML, made at build time after `vite build` (package.json's build script).
//
// The real screens are rendered by React's server renderer (src/prerender/render.tsx, built for
// Node into node_modules/.cache/prerender) in the default locale, put into the built index.html's
// #root, and given their critical CSS inline (beasties: the rules the page's markup uses; the
// whole stylesheet is then preloaded and switched on by the app's entry, so it no longer blocks
// the first paint).
// Each page is written to dist/prerendered/ with Brotli and gzip copies, and
// dist/prerendered/pages.json tells the server which address answers which file; main.tsx
// hydrates the markup. The signed-in screens get a loading page in the shell's shape
// (src/app/shell/shell-placeholder.tsx) with their layouts' and their own code preloaded; every other address
// keeps index.html, the app's loading page.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import Beasties from 'beasties';
import postcss from 'postcss';
import { build } from 'vite';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webRoot, 'dist');
const serverBuild = path.join(webRoot, 'node_modules/.cache/prerender');
const outDir = path.join(dist, 'prerendered');

/**
 * The pages prerendered: the landing page and the public pages without a token or id in their
 * address (those depend on it, and keep the loading page).
 */
export const PRERENDERED_PATHS = [
  '/',
  '/user/login',
  '/user/registration',
  '/user/forgot-password',
  '/contact-us',
  '/request-demo',
];

/** The file a page's markup is written to, under dist/prerendered/. */
export function fileFor(pagePath) {
  return pagePath === '/' ? 'index.html' : `${pagePath.slice(1).replaceAll('/', '-')}.html`;
}

/**
 * The modules of the signed-in area every signed-in screen needs beside the entry: preloaded with
 * its loading page, so they come in the entry's round instead of the next one.
 */
const SHELL_MODULES = [
  'src/app/layouts/security-layout.tsx',
  'src/app/layouts/basic-layout.tsx',
  'src/app/authorized.tsx',
  'src/lib/query-provider.tsx',
  // The query cache, which the router's loader imports to start the screen's data.
  'src/lib/query-client.ts',
  // The signed-in screens' English messages (packages/i18n/src/slices.ts): the area waits for them.
  '../../packages/i18n/src/catalogs/en-US.json?slice=app',
];

/** The screens not built yet show the pending page (src/app/router.tsx's appScreen). */
const PENDING_SCREEN_MODULE = 'src/features/pending/pending-screen.tsx';

/**
 * Each built signed-in screen's module (src/app/routes.ts imports it lazily), preloaded with its
 * own loading page so that a direct load fetches the screen's code in the entry's round too.
 */
export const SCREEN_MODULES = {
  '/call-history': 'src/features/call-history/call-history-screen.tsx',
  '/video-library': 'src/features/library/library-screen.tsx',
  '/requests': 'src/features/requests/requests-screen.tsx',
  '/help': 'src/features/help/help-screen.tsx',
  '/settings/domain-managment': 'src/features/domains/domains-screen.tsx',
  '/widget-preview': 'src/features/domains/widget-preview-screen.tsx',
  '/settings/slack-settings': 'src/features/slack/slack-screen.tsx',
  '/Support-Team': 'src/features/team/team-screen.tsx',
  '/settings/contact-book': 'src/features/contacts/contacts-screen.tsx',
  '/settings/profile': 'src/features/profile/profile-screen.tsx',
};

/**
 * The loading page each signed-in address answers with, and the modules it preloads: the layouts,
 * and the screen's own module (or the pending page's). A built screen missing from SCREEN_MODULES
 * fails the build rather than quietly loading in a second round.
 */
export function shellPages(screens) {
  return screens.map(({ path: screenPath, built }) => {
    const screenModule = built ? SCREEN_MODULES[screenPath] : PENDING_SCREEN_MODULE;
    if (!screenModule) {
      throw new Error(`${screenPath} has a screen: add its module to SCREEN_MODULES in scripts/prerender.mjs.`);
    }
    return {
      path: screenPath,
      file: built ? `app-shell-${fileFor(screenPath)}` : 'app-shell.html',
      modules: [...SHELL_MODULES, screenModule],
    };
  });
}

/**
 * index.html with the page's markup in place of the loading placeholder, inert until the app has
 * taken it over (src/app/interactive.tsx), and marked for hydration when it is to be hydrated.
 */
export function fillTemplate(template, markup, { hydrate = true } = {}) {
  const marker = hydrate ? ' data-prerendered=""' : '';
  const filled = template.replace(
    /<div id="root">[\s\S]*?<\/div>\s*<\/div>/,
    () => `<div id="root"${marker} inert aria-busy="true">${markup}</div>`,
  );
  if (filled === template) {
    throw new Error('index.html has no <div id="root"> with the loading placeholder to replace.');
  }
  return filled;
}

/**
 * The files of some modules and of everything they import statically, from Vite's manifest, less
 * those the page already loads: as modulepreload links.
 */
export function modulePreloads(manifest, modules, html) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) {
      throw new Error(`Vite's manifest has no ${key}: did it move?`);
    }
    if (files.has(chunk.file)) {
      return;
    }
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) {
      visit(imported);
    }
  };
  for (const module of modules) {
    visit(module);
  }
  return [...files]
    .filter((file) => !html.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
}

/**
 * The page's stylesheet, fetched at once but no longer holding the first paint back: a preload
 * that the app's entry switches on (src/lib/deferred-stylesheets.ts), since the
 * Content-Security-Policy allows no inline script. Until then the inlined critical CSS styles the page.
 */
export function deferStylesheet(html) {
  const deferred = html.replace(
    /<link rel="stylesheet"( crossorigin)? href="([^"]+\.css)">/,
    (_link, crossorigin = '', href) =>
      `<link rel="preload" as="style"${crossorigin} href="${href}" data-stylesheet="">`,
  );
  if (deferred === html) {
    throw new Error('The page links no stylesheet to defer.');
  }
  return deferred;
}

/**
 * The dark theme's colours for a page painted before its script: the app puts `.dark` on <html>
 * when the saved theme or the system asks for it, which a prerendered page cannot do before its
 * code runs. Until then (no data-nav-theme on <html> yet, as index.html's loading page does) the
 * system's preference chooses, from the stylesheet's own `.dark` tokens.
 */
export function systemDarkTokens(css) {
  const declarations = [];
  postcss.parse(css).walkRules((rule) => {
    if (rule.selector === '.dark' && rule.parent?.type === 'root') {
      rule.walkDecls((declaration) => {
        declarations.push(`${declaration.prop}:${declaration.value}`);
      });
    }
  });
  if (declarations.length === 0) {
    throw new Error('The stylesheet has no .dark rule to take the dark tokens from.');
  }
  return `@media (prefers-color-scheme:dark){html:not([data-nav-theme]){${declarations.join(';')}}}`;
}

async function main() {
  await build({
    root: webRoot,
    logLevel: 'warn',
    build: { ssr: 'src/prerender/render.tsx', outDir: serverBuild, emptyOutDir: true, sourcemap: false },
  });
  const { renderPage, renderShellPlaceholder, SHELL_SCREENS } = await import(
    pathToFileURL(path.join(serverBuild, 'render.js')).href
  );
  const manifestFile = path.join(dist, '.vite/manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const stylesheet = template.match(/<link rel="stylesheet"[^>]* href="\/([^"]+\.css)"/)?.[1];
  if (!stylesheet) {
    throw new Error('index.html links no stylesheet.');
  }
  const darkTokens = `<style>${systemDarkTokens(readFileSync(path.join(dist, stylesheet), 'utf8'))}</style>`;
  const beasties = new Beasties({
    path: dist,
    publicPath: '/',
    // The stylesheet link stays as it is; deferStylesheet() below makes it a preload.
    preload: false,
    pruneSource: false,
    // The font files stay where their unicode-range asks for them.
    inlineFonts: false,
    preloadFonts: false,
    logLevel: 'warn',
  });
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const write = async (file, markup, { hydrate, head = '' }) => {
    const html = deferStylesheet(await beasties.process(fillTemplate(template, markup, { hydrate }))).replace(
      '</head>',
      `${darkTokens}${head}</head>`,
    );
    const bytes = Buffer.from(html);
    writeFileSync(path.join(outDir, file), bytes);
    writeFileSync(
      path.join(outDir, `${file}.br`),
      brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(path.join(outDir, `${file}.gz`), gzipSync(bytes, { level: 9 }));
    return `prerendered/${file}`;
  };
  // The public pages, hydrated: only at their bare address, since a query can change what they show.
  const pages = {};
  for (const pagePath of PRERENDERED_PATHS) {
    const file = await write(fileFor(pagePath), await renderPage(pagePath), { hydrate: true });
    pages[pagePath] = { file, query: false };
  }
  // The signed-in screens' loading page: replaced, not hydrated, so any query may come with it.
  // One file per built screen (its code preloaded), one for the screens still pending.
  const placeholder = await renderShellPlaceholder();
  const written = new Map();
  for (const shellPage of shellPages(SHELL_SCREENS)) {
    if (!written.has(shellPage.file)) {
      written.set(
        shellPage.file,
        await write(shellPage.file, placeholder, {
          hydrate: false,
          head: modulePreloads(manifest, shellPage.modules, template),
        }),
      );
    }
    pages[shellPage.path] = { file: written.get(shellPage.file), query: true };
  }
  rmSync(path.dirname(manifestFile), { recursive: true, force: true });
  writeFileSync(path.join(outDir, 'pages.json'), `${JSON.stringify(pages, null, 2)}\n`);
  console.info(
    `prerendered ${PRERENDERED_PATHS.length} public pages and ${written.size} loading pages of the signed-in screens into dist/prerendered`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await main();
}
