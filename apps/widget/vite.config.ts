import { constants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { catalogSlices } from '../../packages/i18n/src/vite-catalog-slices.ts';

/**
 * The widget's frame app: the page Parley serves at `/widget/:key` (apps/server/src/plugins/widget.ts)
 * and its files under `/widget/assets/`. widget.js, the loader, has a build of its own
 * (vite.loader.config.ts) into the same folder.
 */
export default defineConfig({
  base: '/widget/',
  plugins: [
    // Each catalogue holds the widget's messages and the design system's labels alone.
    catalogSlices({ split: 'widget' }),
    react(),
    tailwindcss(),
    compression({
      include: /\.(?:js|css|html|svg|json)$/,
      threshold: 512,
      skipIfLargerOrEqual: true,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
  ],
  build: {
    target: 'es2022',
    outDir: 'dist',
    sourcemap: true,
    assetsInlineLimit: (file) => (/\.woff2?$/.test(file) ? false : undefined),
  },
});
