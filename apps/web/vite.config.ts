import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The catalogues' `example.*` keys are the sample content of Storybook's example pages, which
 * the app never shows (and other languages leave to English): the app's build drops them, a
 * quarter of the catalogue every page loads. Storybook and the tests read the files whole.
 */
function catalogsWithoutExamples(): Plugin {
  return {
    name: 'parley:catalogs-without-examples',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/packages\/i18n\/src\/catalogs\/[^/]+\.json$/.test(id.split('?')[0] ?? '')) {
        return null;
      }
      const catalog: Record<string, string> = JSON.parse(code);
      const kept = Object.fromEntries(Object.entries(catalog).filter(([key]) => !key.startsWith('example.')));
      return { code: JSON.stringify(kept), map: null };
    },
  };
}

export default defineConfig({
  plugins: [catalogsWithoutExamples(), react(), tailwindcss()],
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
    sourcemap: true,
    // Fonts stay files: inlined as data: URLs (the small Hebrew subsets were) they sit in the CSS
    // every page loads, while a file is fetched only when its unicode-range is on screen.
    assetsInlineLimit: (file) => (/\.woff2?$/.test(file) ? false : undefined),
  },
});
