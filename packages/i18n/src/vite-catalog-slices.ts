import { isScreenSlice, sliceCatalog, widgetCatalog } from './slices';

/** The part of a Vite plugin this one is (the package does not depend on Vite). */
interface TransformPlugin {
  name: string;
  enforce: 'pre';
  transform(code: string, id: string): { code: string; map: null } | null;
}

/**
 * How a build reads the catalogues (./catalogs/*.json), for Vite.
 *
 * `split: true` (the app): the `example.*` keys, the sample content of Storybook's example pages
 * that the app never shows, are dropped, and the rest ships in parts (./slices): a catalogue
 * imported as it is holds the core, what every page may show; imported with `?slice=app`, the
 * messages of the signed-in screens, which load with the signed-in area; with `?slice=<screen>`,
 * one screen's own (SCREEN_SLICES), which load with that screen.
 *
 * `split: false` (Storybook, the tests): a catalogue is read whole, and its `?slice=…` imports are
 * empty (nothing is left to add).
 *
 * `split: 'widget'` (the visitor widget, apps/widget): a catalogue holds the widget's messages and
 * the design system's labels alone.
 */
export function catalogSlices({ split }: { split: boolean | 'widget' }): TransformPlugin {
  return {
    name: 'parley:catalog-slices',
    enforce: 'pre',
    transform(code, id) {
      const [file = '', query = ''] = id.split('?');
      if (!/[\\/]packages[\\/]i18n[\\/]src[\\/]catalogs[\\/][^\\/]+\.json$/.test(file)) {
        return null;
      }
      const slice = new URLSearchParams(query).get('slice');
      const part = slice === 'app' || (slice !== null && isScreenSlice(slice)) ? slice : undefined;
      if (slice !== null && part === undefined) {
        throw new Error(`${file}?slice=${slice}: no such part of the catalogues (./slices)`);
      }
      const wantsApp = part !== undefined;
      if (!split) {
        // With a query the file is not read as JSON any more: the module is written out.
        return wantsApp ? { code: 'export default {};', map: null } : null;
      }
      const catalog: Record<string, string> = JSON.parse(code);
      if (split === 'widget') {
        // The visitor widget's frame: its own messages and the design system's, nothing of the app.
        return wantsApp
          ? { code: 'export default {};', map: null }
          : { code: JSON.stringify(widgetCatalog(catalog)), map: null };
      }
      const shown = Object.fromEntries(Object.entries(catalog).filter(([key]) => !key.startsWith('example.')));
      return part
        ? { code: `export default ${JSON.stringify(sliceCatalog(shown, part))};`, map: null }
        : { code: JSON.stringify(sliceCatalog(shown, 'core')), map: null };
    },
  };
}
