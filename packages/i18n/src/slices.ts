/**
 * The catalogues ship in parts (apps/web's build splits them; tests and Storybook read them
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
  'web.liveCalls.',
] as const;

/**
 * Signed-in screens whose messages ship in a part of their own, loaded by the screen's route with
 * its code (`loadScreenMessages`, ./screen-messages), so the signed-in shell carries none of them:
 * each screen added brings its own messages rather than growing every signed-in page. A route
 * lists the parts it shows (apps/web/src/app/routes.ts `messages`).
 */
export const SCREEN_SLICES = {
  team: 'web.team.',
  contacts: 'web.contacts.',
  profile: 'web.profile.',
  slack: 'web.slack.',
} as const;

export type ScreenSlice = keyof typeof SCREEN_SLICES;

/**
 * The visitor widget's messages (apps/widget): its build ships these alone (with the design
 * system's own, `ui.*`), and the web app none of them.
 */
export const WIDGET_SLICE_PREFIX = 'widget.';
/** What the widget's frame shows besides its own messages: the design system's default labels. */
const WIDGET_SHARED_PREFIX = 'ui.';

export type CatalogSlice = 'core' | 'app' | 'widget' | ScreenSlice;

export function isScreenSlice(slice: string): slice is ScreenSlice {
  return Object.hasOwn(SCREEN_SLICES, slice);
}

export function sliceOf(key: string): CatalogSlice {
  if (key.startsWith(WIDGET_SLICE_PREFIX)) {
    return 'widget';
  }
  const screen = (Object.keys(SCREEN_SLICES) as ScreenSlice[]).find((name) => key.startsWith(SCREEN_SLICES[name]));
  if (screen) {
    return screen;
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
