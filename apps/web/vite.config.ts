import { constants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { catalogSlices } from '../../packages/i18n/src/vite-catalog-slices.ts';
import { entryStaticGraph, signedInGroup } from './scripts/chunks.ts';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    // The catalogues without Storybook's examples, in two parts (packages/i18n/src/slices.ts).
    catalogSlices({ split: true }),
    react(),
    tailwindcss(),
    // Brotli and gzip copies of every text file, made once at build time at the highest levels; the
    // server sends the one the browser accepts (@fastify/static's preCompressed), as a CDN does.
    // Not for the prerendering build (scripts/prerender.mjs), whose code runs at build time only.
    !isSsrBuild &&
      compression({
        include: /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/,
        threshold: 512,
        skipIfLargerOrEqual: true,
        algorithms: [
          defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          defineAlgorithm('gzip', { level: 9 }),
        ],
      }),
  ],
  server: {
    port: 5173,
    // In development the API server answers these; `pnpm start` serves the built app itself.
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/common': 'http://127.0.0.1:8080',
      '/dev': 'http://127.0.0.1:8080',
      '/files': 'http://127.0.0.1:8080',
      '/uploads': 'http://127.0.0.1:8080',
      '/healthz': 'http://127.0.0.1:8080',
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
  build: {
    target: 'es2022',
    // Which file each module became: scripts/prerender.mjs preloads the signed-in area's layouts
    // and each built screen's code with its loading pages, then deletes the manifest (the server
    // has no use for it).
    manifest: true,
    rolldownOptions: {
      output: {
        // Fewer, larger files: over HTTP/1.1 a browser fetches six at a time, so on a phone's
        // network each further file costs a round trip. What the entry imports is one file
        // (scripts/chunks.ts); every icon another (apart, each was a file of 0.2 KiB); the query
        // cache a third (the signed-in screens load all of it; it was nine files); and the Radix
        // parts every floating or focus-managing component shares a fourth (the login page's
        // tooltips and tabs load them as the shell's menus do; they were some ten files); and what
        // only the signed-in shell imports a fifth (scripts/chunks.ts; it was some ten files). A page
        // that imports any part of a group loads it whole: only parts that go together are grouped.
        // The shell's group takes none of its modules' imports with it (includeDependenciesRecursively),
        // or what the public pages share with it would move in too; nothing public imports from it,
        // so the files cannot import each other in a circle. Not for the prerendering build.
        codeSplitting: isSsrBuild
          ? true
          : {
              groups: [
                { name: entryStaticGraph(), priority: 20 },
                {
                  name: signedInGroup({
                    shell:
                      /[\\/]src[\\/](?:app[\\/](?:layouts[\\/](?:security|basic)-layout|authorized)|features[\\/]pending[\\/]pending-screen)\.tsx$/,
                    screens: /[\\/]src[\\/]app[\\/]routes\.ts$/,
                  }),
                  priority: 5,
                  includeDependenciesRecursively: false,
                },
                { name: 'icons', test: /node_modules[\\/]lucide-react/, priority: 10 },
                { name: 'query', test: /node_modules[\\/]@tanstack[\\/](?:react-query|query-core)[\\/]/, priority: 10 },
                {
                  name: 'radix',
                  test: /node_modules[\\/](?:@floating-ui[\\/]|@radix-ui[\\/](?:react-(?:presence|dismissable-layer|popper|portal|collection|roving-focus|primitive|context|compose-refs|id|direction|slot|visually-hidden|arrow|use-[\w-]+)|primitive|number|rect)[\\/])/,
                  priority: 10,
                },
              ],
            },
      },
    },
    sourcemap: true,
    // Fonts stay files: inlined as data: URLs (the small Hebrew subsets were) they sit in the CSS
    // every page loads, while a file is fetched only when its unicode-range is on screen.
    assetsInlineLimit: (file) => (/\.woff2?$/.test(file) ? false : undefined),
  },
  // The prerendering build bundles the workspace's own packages (TypeScript sources); the rest
  // is Node's to load from node_modules.
  ssr: { noExternal: [/^@parley\//] },
}));
