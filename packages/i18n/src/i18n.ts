import i18next, { type i18n as I18nInstance } from 'i18next';
import ICU from 'i18next-icu';
import { initReactI18next } from 'react-i18next';
import enUS from './catalogs/en-US.json';
import { applyDocumentLocale } from './direction';
import { DEFAULT_LOCALE, PSEUDO_LOCALE, resolveLocale } from './locales';

/** A catalogue: flat keys to ICU messages. */
export type Catalog = Record<string, string>;

/** Catalogues other than the default load on demand, one chunk per language. */
const catalogLoaders = import.meta.glob<Catalog>(['./catalogs/*.json', '!./catalogs/en-US.json'], {
  import: 'default',
});

/** The local-storage key under which the chosen interface language is kept (SPEC §3). */
export const LANGUAGE_STORAGE_KEY = 'language';

/** The shared i18next instance: flat keys, ICU messages, English always present as fallback. */
export const i18n: I18nInstance = i18next.createInstance();

void i18n
  .use(new ICU())
  .use(initReactI18next)
  .init({
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    resources: { [DEFAULT_LOCALE]: { translation: enUS } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });

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
  return locale;
}

/** Loads a locale's catalogue (when it has one) and switches the interface to it. */
export async function changeLocale(requested: string): Promise<string> {
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
 * SPEC §9: the locale is read from local storage, then the browser language, then en-US.
 */
export function detectLocale(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
  languages: readonly string[] = globalThis.navigator?.languages ?? [],
): string {
  const stored = storage?.getItem(LANGUAGE_STORAGE_KEY);
  if (stored) {
    return resolveLocale(stored);
  }
  for (const language of languages) {
    const resolved = resolveLocale(language);
    if (resolved !== DEFAULT_LOCALE || language.toLowerCase().startsWith('en')) {
      return resolved;
    }
  }
  return DEFAULT_LOCALE;
}
