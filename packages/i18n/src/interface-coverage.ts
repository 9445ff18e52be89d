// Written by scripts/i18n-coverage.mjs (i18n-add.mjs runs it); coverage.test.ts checks it is current.
/**
 * How much of the interface each catalogue translates, in whole percent (rounded down); a locale
 * without a catalogue translates nothing. The language picker shows it beside each language.
 */
export const INTERFACE_COVERAGE: Readonly<Record<string, number>> = {
  'ar-EG': 100,
  'bn-BD': 100,
  'de-DE': 100,
  'en-US': 100,
  'es-ES': 100,
  'fa-IR': 100,
  'fr-FR': 100,
  'he-IL': 100,
  'hi-IN': 100,
  'id-ID': 100,
  'it-IT': 100,
  'ja-JP': 100,
  'ko-KR': 100,
  'nl-NL': 100,
  'pl-PL': 100,
  'pt-BR': 100,
  'ru-RU': 100,
  'sv-SE': 100,
  'th-TH': 100,
  'tr-TR': 100,
  'uk-UA': 100,
  'ur-PK': 100,
  'vi-VN': 100,
  'zh-CN': 100,
};
