import { fileURLToPath } from 'node:url';
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
  resolve: {
    alias: [
      // The design system's `cn` (packages/ui/src/lib/cn.ts) runs its classes through tailwind-merge
      // (27 KB raw), so that a caller's `className` wins over the component's own class for the same
      // CSS property. The frame, within its 110 KiB budget (scripts/bundle-budgets.json), joins them
      // instead (./src/app/join-classes.ts). That holds as long as no class given to a design-system
      // component in apps/widget/src sets what the component's own classes set (checked for issue 16:
      // the header's close button, which changed the ghost Button's hover colours, is now a plain
      // button; the only other, `self-start`, is layout the Button does not set), and as long as the
      // frame uses no Button size whose classes fight the base's (`sm` and `lg` set a text size over
      // its `text-sm`): it uses the default `md` alone. Keep it so when giving a component a class here.
      { find: /^tailwind-merge$/, replacement: fileURLToPath(new URL('./src/app/join-classes.ts', import.meta.url)) },
    ],
  },
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
