/**
 * The catalogues ship in two parts (apps/web's build splits them; tests and Storybook read them
 * whole). `core`: what every page may show, loaded with the page. `app`: the messages of the
 * signed-in screens below, loaded with the signed-in area (`loadAppMessages`), so the landing,
 * login and account pages carry none of them. A module outside those screens must not use these
 * namespaces: apps/web/scripts/catalog-slices.test.ts checks the sources.
 */
export const APP_SLICE_PREFIXES = [
  'web.calls.',
  'web.record.',
  'web.help.',
  'web.requests.',
  'web.library.',
  'web.followup.',
  'web.domains.',
] as const;

export type CatalogSlice = 'core' | 'app';

export function sliceOf(key: string): CatalogSlice {
  return APP_SLICE_PREFIXES.some((prefix) => key.startsWith(prefix)) ? 'app' : 'core';
}

/** The keys of one part of a catalogue. */
export function sliceCatalog(catalog: Readonly<Record<string, string>>, slice: CatalogSlice): Record<string, string> {
  return Object.fromEntries(Object.entries(catalog).filter(([key]) => sliceOf(key) === slice));
}
