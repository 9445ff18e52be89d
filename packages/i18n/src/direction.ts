export type Direction = 'ltr' | 'rtl';

/**
 * SPEC §9: right-to-left applies to locales starting with he, ar, fa or ku; and ur, since Urdu
 * (offered since issue 15 asked for it complete) is written right to left too.
 */
const RTL_LANGUAGES = ['he', 'ar', 'fa', 'ku', 'ur'];

/** The writing direction of a locale tag. */
export function getDirection(locale: string): Direction {
  const language = locale.split(/[-_]/)[0]?.toLowerCase() ?? '';
  return RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
}

/** Sets `<html lang dir>` so the page and every portal follow the locale. */
export function applyDocumentLocale(locale: string, root: HTMLElement = document.documentElement): void {
  root.lang = locale;
  root.dir = getDirection(locale);
}
