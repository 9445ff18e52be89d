import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { LOADER_MESSAGE_KEYS } from './src/loader/messages.ts';

const catalogs = fileURLToPath(new URL('../../packages/i18n/src/catalogs', import.meta.url));
const VIRTUAL = 'virtual:loader-messages';

/** The loader's few words in every language whose catalogue has them all, from packages/i18n. */
function loaderMessages(): Plugin {
  return {
    name: 'parley:loader-messages',
    resolveId: (id) => (id === VIRTUAL ? `\0${VIRTUAL}` : null),
    load(id) {
      if (id !== `\0${VIRTUAL}`) {
        return null;
      }
      const byLocale: Record<string, Record<string, string>> = {};
      for (const file of readdirSync(catalogs).filter((name) => name.endsWith('.json'))) {
        const catalog: Record<string, string> = JSON.parse(readFileSync(path.join(catalogs, file), 'utf8'));
        const words = Object.fromEntries(
          Object.entries(LOADER_MESSAGE_KEYS).map(([name, key]) => [name, catalog[key]]),
        );
        if (Object.values(words).every((text) => typeof text === 'string' && text !== '')) {
          byLocale[file.replace(/\.json$/, '')] = words as Record<string, string>;
        }
      }
      if (!byLocale['en-US']) {
        throw new Error('en-US has not every message of the widget loader.');
      }
      return `export default ${JSON.stringify(byLocale)};`;
    },
  };
}

/** widget.js: one classic script (an IIFE) a site's page loads from Parley; beside the frame app in dist/. */
export default defineConfig({
  plugins: [loaderMessages()],
  build: {
    target: 'es2020',
    outDir: 'dist',
    emptyOutDir: false,
    copyPublicDir: false,
    sourcemap: false,
    lib: {
      entry: 'src/loader/loader.ts',
      formats: ['iife'],
      name: 'ParleyWidget',
      fileName: () => 'widget.js',
    },
  },
});
