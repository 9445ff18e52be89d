/** The catalogue keys the loader shows (packages/i18n), built into widget.js for every language. */
export const LOADER_MESSAGE_KEYS = {
  open: 'widget.launcher.open',
  close: 'widget.launcher.close',
  refused: 'widget.loader.refused',
  failed: 'widget.loader.failed',
} as const;

export type LoaderMessages = Record<keyof typeof LOADER_MESSAGE_KEYS, string>;

/** Languages written right to left, by their language subtag. */
const RIGHT_TO_LEFT = new Set(['ar', 'fa', 'he', 'ur']);

/**
 * The locale of `available` for the visitor's languages: an exact match, else one of the same
 * language, else en-US.
 */
export function pickLocale(languages: readonly string[], available: readonly string[]): string {
  for (const language of languages) {
    const exact = available.find((locale) => locale.toLowerCase() === language.toLowerCase());
    if (exact) {
      return exact;
    }
    const subtag = language.split('-')[0]?.toLowerCase();
    const same = available.find((locale) => locale.split('-')[0]?.toLowerCase() === subtag);
    if (same) {
      return same;
    }
  }
  return 'en-US';
}

export function isRightToLeft(locale: string): boolean {
  return RIGHT_TO_LEFT.has(locale.split('-')[0]?.toLowerCase() ?? '');
}
