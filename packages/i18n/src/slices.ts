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
  'web.slack.',
  'web.liveCalls.',
  'web.team.',
  'web.contacts.',
  'web.profile.',
] as const;

/**
 * The visitor widget's messages (apps/widget): its build ships these alone (with the design
 * system's own, `ui.*`), and the web app none of them.
 */
export const WIDGET_SLICE_PREFIX = 'widget.';
/** What the widget's frame shows besides its own messages: the design system's default labels. */
const WIDGET_SHARED_PREFIX = 'ui.';

export type CatalogSlice = 'core' | 'app' | 'widget';

export function sliceOf(key: string): CatalogSlice {
  if (key.startsWith(WIDGET_SLICE_PREFIX)) {
    return 'widget';
  }
  return APP_SLICE_PREFIXES.some((prefix) => key.startsWith(prefix)) ? 'app' : 'core';
}

/** The keys the widget's build ships: its own, and the design system's labels. */
export function widgetCatalog(catalog: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(catalog).filter(
      ([key]) => key.startsWith(WIDGET_SLICE_PREFIX) || key.startsWith(WIDGET_SHARED_PREFIX),
    ),
  );
}

/** The keys of one part of a catalogue. */
export function sliceCatalog(catalog: Readonly<Record<string, string>>, slice: CatalogSlice): Record<string, string> {
  return Object.fromEntries(Object.entries(catalog).filter(([key]) => sliceOf(key) === slice));
}
