import enUS from './catalogs/en-US.json';
import { applyDocumentLocale } from './direction';
import { DEFAULT_LOCALE, PSEUDO_LOCALE, resolveLocale } from './locales';
import { formatMessage } from './message-format';

/** A catalogue: flat keys to ICU messages. */
export type Catalog = Record<string, string>;

/** Values for a message's placeholders; `lng` asks for a language other than the current one. */
export type TranslateOptions = Record<string, unknown> & { lng?: string };

/** Translates a key: the message of the language (or of en-US when it has none), formatted. */
export type TranslateFunction = (key: string, options?: TranslateOptions) => string;

/**
 * The interface language and its catalogues, with the part of i18next's API that Parley uses
 * (`t`, `language`, `changeLanguage`, resource bundles). About 1 KiB instead of i18next's 15 KiB
 * plus its ICU plugin and parser; `useTranslation` (./react) re-renders on a language change.
 */
export interface I18n {
  /** The current interface language. */
  readonly language: string;
  /** Flat keys, ICU messages; a missing key falls back to en-US, then to the key itself. */
  t: TranslateFunction;
  /** Switches the interface language (catalogues are added separately: see changeLocale). */
  changeLanguage(language: string): Promise<TranslateFunction>;
  /** Adds (merges) a language's catalogue; the namespace is always `translation`. */
  addResourceBundle(language: string, namespace: string, catalog: Catalog, deep?: boolean, overwrite?: boolean): I18n;
  hasResourceBundle(language: string, namespace: string): boolean;
  removeResourceBundle(language: string, namespace: string): I18n;
  /** Calls back on `languageChanged`; answers the function that stops it. */
  on(event: 'languageChanged', listener: (language: string) => void): () => void;
}

/** The catalogues loaded so far, by language. */
const bundles = new Map<string, Catalog>([[DEFAULT_LOCALE, enUS]]);
const listeners = new Set<(language: string) => void>();
let currentLanguage = DEFAULT_LOCALE;

function translate(key: string, options: TranslateOptions = {}): string {
  const requested = options.lng ?? currentLanguage;
  for (const language of requested === DEFAULT_LOCALE ? [requested] : [requested, DEFAULT_LOCALE]) {
    const message = bundles.get(language)?.[key];
    if (message !== undefined) {
      try {
        // Formatted in the language it was found in, as i18next-icu did; parts (a value that is
        // not text, e.g. an element) come back as they are, typed as text like i18next's t().
        return formatMessage(message, language, options) as string;
      } catch {
        // A message that does not format shows its source rather than nothing (i18next-icu's way).
        return message;
      }
    }
  }
  return key;
}

/** The shared instance: flat keys, ICU messages, English always present as fallback. */
export const i18n: I18n = {
  get language() {
    return currentLanguage;
  },
  t: translate,
  async changeLanguage(language) {
    if (language !== currentLanguage) {
      currentLanguage = language;
      for (const listener of [...listeners]) {
        listener(language);
      }
    }
    return translate;
  },
  addResourceBundle(language, _namespace, catalog, deep = false, overwrite = false) {
    const existing = bundles.get(language) ?? {};
    // As i18next: a shallow add replaces keys; a deep one keeps existing keys unless told to overwrite.
    bundles.set(language, overwrite || !deep ? { ...existing, ...catalog } : { ...catalog, ...existing });
    return i18n;
  },
  hasResourceBundle(language) {
    return bundles.has(language);
  },
  removeResourceBundle(language) {
    bundles.delete(language);
    return i18n;
  },
  on(_event, listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Catalogues other than the default load on demand, one chunk per language. */
const catalogLoaders = import.meta.glob<Catalog>(['./catalogs/*.json', '!./catalogs/en-US.json'], {
  import: 'default',
});

/**
 * The signed-in screens' part of each catalogue (./slices): in the app's build a chunk per
 * language of its own; read whole where nothing splits the catalogues (tests, Storybook).
 */
const appSliceLoaders = import.meta.glob<Catalog>('./catalogs/*.json', { query: '?slice=app', import: 'default' });
/** Whether the signed-in area asked for its messages: a language switched to then brings them too. */
let appMessagesWanted = false;
/** The language a `changeLocale` is switching to, while it loads. */
let switchingTo: string | undefined;
const appSlicesLoaded = new Set<string>();

async function loadAppSlice(locale: string): Promise<void> {
  if (appSlicesLoaded.has(locale)) {
    return;
  }
  let catalog: Catalog | undefined;
  if (locale === PSEUDO_LOCALE) {
    const [{ pseudoLocalizeCatalog }, english] = await Promise.all([
      import('./pseudo'),
      appSliceLoaders[`./catalogs/${DEFAULT_LOCALE}.json`]?.(),
    ]);
    catalog = english ? pseudoLocalizeCatalog(english) : undefined;
  } else {
    catalog = await appSliceLoaders[`./catalogs/${locale}.json`]?.();
  }
  if (catalog) {
    i18n.addResourceBundle(locale, 'translation', catalog, true, true);
  }
  appSlicesLoaded.add(locale);
}

/**
 * The messages of the signed-in screens, in the current language and in English (the fallback):
 * the signed-in area waits for them before it renders. From then on a language switched to
 * brings its part too.
 */
export async function loadAppMessages(): Promise<void> {
  appMessagesWanted = true;
  const languages = new Set([DEFAULT_LOCALE, currentLanguage, ...(switchingTo ? [switchingTo] : [])]);
  await Promise.all([...languages].map(loadAppSlice));
}

/**
 * Parts of the catalogues loaded on demand besides the signed-in area's (a screen's own, see
 * ./screen-messages), by name: each is loaded again in any language switched to afterwards.
 */
const partLoaders = new Map<string, (locale: string) => Promise<void>>();

/**
 * Loads a part of the catalogues in the current language and in English (the fallback), and from
 * then on in every language switched to. `load` adds the part of one language (once).
 */
export async function loadMessagesPart(name: string, load: (locale: string) => Promise<void>): Promise<void> {
  if (!partLoaders.has(name)) {
    partLoaders.set(name, load);
  }
  const languages = new Set([DEFAULT_LOCALE, currentLanguage, ...(switchingTo ? [switchingTo] : [])]);
  await Promise.all([...languages].map((language) => partLoaders.get(name)?.(language)));
}

/** The local-storage key under which the chosen interface language is kept (SPEC §3). */
export const LANGUAGE_STORAGE_KEY = 'language';

/**
 * A locale's catalogue as shipped, or undefined when it has none (its messages fall back to
 * en-US). The pseudo-locale's is made from en-US, its transformer loaded only when asked for.
 */
export async function loadCatalog(locale: string): Promise<Catalog | undefined> {
  if (locale === DEFAULT_LOCALE) {
    return enUS;
  }
  if (locale === PSEUDO_LOCALE) {
    const { pseudoLocalizeCatalog } = await import('./pseudo');
    return pseudoLocalizeCatalog(enUS);
  }
  return catalogLoaders[`./catalogs/${locale}.json`]?.();
}

/** Loads a locale's catalogue (when it has one) without switching to it; answers the locale used. */
export async function loadLocale(requested: string): Promise<string> {
  const locale = resolveLocale(requested);
  if (!i18n.hasResourceBundle(locale, 'translation')) {
    const catalog = await loadCatalog(locale);
    if (catalog) {
      i18n.addResourceBundle(locale, 'translation', catalog, true, true);
    }
  }
  await Promise.all([
    ...(appMessagesWanted ? [loadAppSlice(locale)] : []),
    ...[...partLoaders.values()].map((load) => load(locale)),
  ]);
  return locale;
}

/** Loads a locale's catalogue (when it has one) and switches the interface to it. */
export async function changeLocale(requested: string): Promise<string> {
  switchingTo = resolveLocale(requested);
  const locale = await loadLocale(requested);
  await i18n.changeLanguage(locale);
  if (typeof document !== 'undefined') {
    applyDocumentLocale(locale);
  }
  return locale;
}

/** Locales that ship a catalogue of their own (others fall back to English). */
export function translatedLocales(): string[] {
  return [
    DEFAULT_LOCALE,
    ...Object.keys(catalogLoaders).map((path) => path.slice('./catalogs/'.length, -'.json'.length)),
  ];
}

/**
 * SPEC §9: the locale is read from local storage, then the browser language, then en-US. A stored
 * value Parley does not offer falls through to the browser language, as an unknown browser one does.
 */
export function detectLocale(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
  languages: readonly string[] = globalThis.navigator?.languages ?? [],
): string {
  const stored = storage?.getItem(LANGUAGE_STORAGE_KEY);
  for (const language of stored ? [stored, ...languages] : languages) {
    const resolved = resolveLocale(language);
    if (resolved !== DEFAULT_LOCALE || language.toLowerCase().startsWith('en')) {
      return resolved;
    }
  }
  return DEFAULT_LOCALE;
}
