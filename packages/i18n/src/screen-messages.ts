import { type Catalog, i18n, loadMessagesPart } from './i18n';
import { DEFAULT_LOCALE, PSEUDO_LOCALE } from './locales';
import type { ScreenSlice } from './slices';

/**
 * Each screen's own part of every catalogue (./slices SCREEN_SLICES): in the app's build a small
 * chunk per screen and language; empty where the catalogues are read whole (tests, Storybook).
 * Kept out of the entry: the route that shows a screen imports this module with the screen's code.
 */
const loaders: Record<ScreenSlice, Record<string, () => Promise<Catalog>>> = {
  team: import.meta.glob<Catalog>('./catalogs/*.json', { query: '?slice=team', import: 'default' }),
  contacts: import.meta.glob<Catalog>('./catalogs/*.json', { query: '?slice=contacts', import: 'default' }),
  profile: import.meta.glob<Catalog>('./catalogs/*.json', { query: '?slice=profile', import: 'default' }),
  slack: import.meta.glob<Catalog>('./catalogs/*.json', { query: '?slice=slack', import: 'default' }),
};

const loaded = new Set<string>();

async function loadSlice(slice: ScreenSlice, locale: string): Promise<void> {
  const id = `${slice}:${locale}`;
  if (loaded.has(id)) {
    return;
  }
  let catalog: Catalog | undefined;
  if (locale === PSEUDO_LOCALE) {
    const [{ pseudoLocalizeCatalog }, english] = await Promise.all([
      import('./pseudo'),
      loaders[slice][`./catalogs/${DEFAULT_LOCALE}.json`]?.(),
    ]);
    catalog = english ? pseudoLocalizeCatalog(english) : undefined;
  } else {
    catalog = await loaders[slice][`./catalogs/${locale}.json`]?.();
  }
  if (catalog) {
    i18n.addResourceBundle(locale, 'translation', catalog, true, true);
  }
  loaded.add(id);
}

/**
 * The messages of the given screens, in the current language and English, and from then on in
 * every language switched to: a screen's route waits for them with its code.
 */
export async function loadScreenMessages(slices: readonly ScreenSlice[]): Promise<void> {
  await Promise.all(slices.map((slice) => loadMessagesPart(`screen:${slice}`, (locale) => loadSlice(slice, locale))));
}
