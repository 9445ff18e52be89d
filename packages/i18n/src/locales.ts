/** A language the interface can be shown in. */
export interface LocaleInfo {
  /** BCP 47 tag, also the catalogue file name. */
  code: string;
  /** The language's own name for itself, shown in the picker. */
  nativeName: string;
  /** The English name, for search and for screen readers. */
  englishName: string;
}

export const DEFAULT_LOCALE = 'en-US';

/** Every interface language the picker offers, in the order it offers them. */
export const LOCALES: readonly LocaleInfo[] = [
  { code: 'en-US', nativeName: 'English (US)', englishName: 'English (United States)' },
  { code: 'en-GB', nativeName: 'English (UK)', englishName: 'English (United Kingdom)' },
  { code: 'ar-EG', nativeName: 'العربية', englishName: 'Arabic' },
  { code: 'bg-BG', nativeName: 'Български', englishName: 'Bulgarian' },
  { code: 'bn-BD', nativeName: 'বাংলা', englishName: 'Bengali' },
  { code: 'ca-ES', nativeName: 'Català', englishName: 'Catalan' },
  { code: 'cs-CZ', nativeName: 'Čeština', englishName: 'Czech' },
  { code: 'da-DK', nativeName: 'Dansk', englishName: 'Danish' },
  { code: 'de-DE', nativeName: 'Deutsch', englishName: 'German' },
  { code: 'el-GR', nativeName: 'Ελληνικά', englishName: 'Greek' },
  { code: 'es-ES', nativeName: 'Español', englishName: 'Spanish' },
  { code: 'et-EE', nativeName: 'Eesti', englishName: 'Estonian' },
  { code: 'fa-IR', nativeName: 'فارسی', englishName: 'Persian' },
  { code: 'fi-FI', nativeName: 'Suomi', englishName: 'Finnish' },
  { code: 'fr-FR', nativeName: 'Français', englishName: 'French' },
  { code: 'ga-IE', nativeName: 'Gaeilge', englishName: 'Irish' },
  { code: 'he-IL', nativeName: 'עברית', englishName: 'Hebrew' },
  { code: 'hi-IN', nativeName: 'हिन्दी', englishName: 'Hindi' },
  { code: 'hr-HR', nativeName: 'Hrvatski', englishName: 'Croatian' },
  { code: 'hu-HU', nativeName: 'Magyar', englishName: 'Hungarian' },
  { code: 'hy-AM', nativeName: 'Հայերեն', englishName: 'Armenian' },
  { code: 'id-ID', nativeName: 'Bahasa Indonesia', englishName: 'Indonesian' },
  { code: 'is-IS', nativeName: 'Íslenska', englishName: 'Icelandic' },
  { code: 'it-IT', nativeName: 'Italiano', englishName: 'Italian' },
  { code: 'ja-JP', nativeName: '日本語', englishName: 'Japanese' },
  { code: 'ka-GE', nativeName: 'ქართული', englishName: 'Georgian' },
  { code: 'kk-KZ', nativeName: 'Қазақ тілі', englishName: 'Kazakh' },
  { code: 'km-KH', nativeName: 'ខ្មែរ', englishName: 'Khmer' },
  { code: 'ko-KR', nativeName: '한국어', englishName: 'Korean' },
  { code: 'ku-IQ', nativeName: 'کوردی', englishName: 'Kurdish (Sorani)' },
  { code: 'lt-LT', nativeName: 'Lietuvių', englishName: 'Lithuanian' },
  { code: 'lv-LV', nativeName: 'Latviešu', englishName: 'Latvian' },
  { code: 'mk-MK', nativeName: 'Македонски', englishName: 'Macedonian' },
  { code: 'ms-MY', nativeName: 'Bahasa Melayu', englishName: 'Malay' },
  { code: 'nb-NO', nativeName: 'Norsk bokmål', englishName: 'Norwegian Bokmål' },
  { code: 'nl-NL', nativeName: 'Nederlands', englishName: 'Dutch' },
  { code: 'pl-PL', nativeName: 'Polski', englishName: 'Polish' },
  { code: 'pt-BR', nativeName: 'Português (Brasil)', englishName: 'Portuguese (Brazil)' },
  { code: 'pt-PT', nativeName: 'Português (Portugal)', englishName: 'Portuguese (Portugal)' },
  { code: 'ro-RO', nativeName: 'Română', englishName: 'Romanian' },
  { code: 'ru-RU', nativeName: 'Русский', englishName: 'Russian' },
  { code: 'sk-SK', nativeName: 'Slovenčina', englishName: 'Slovak' },
  { code: 'sl-SI', nativeName: 'Slovenščina', englishName: 'Slovenian' },
  { code: 'sr-RS', nativeName: 'Српски', englishName: 'Serbian' },
  { code: 'sv-SE', nativeName: 'Svenska', englishName: 'Swedish' },
  { code: 'ta-IN', nativeName: 'தமிழ்', englishName: 'Tamil' },
  { code: 'th-TH', nativeName: 'ไทย', englishName: 'Thai' },
  { code: 'tr-TR', nativeName: 'Türkçe', englishName: 'Turkish' },
  { code: 'uk-UA', nativeName: 'Українська', englishName: 'Ukrainian' },
  { code: 'ur-PK', nativeName: 'اردو', englishName: 'Urdu' },
  { code: 'vi-VN', nativeName: 'Tiếng Việt', englishName: 'Vietnamese' },
  { code: 'zh-CN', nativeName: '简体中文', englishName: 'Chinese (Simplified)' },
  { code: 'zh-TW', nativeName: '繁體中文', englishName: 'Chinese (Traditional)' },
];

/**
 * The pseudo-locale: English with accented letters, lengthened about 35% and wrapped in ⟦…⟧, made
 * from en-US at run time. It shows hard-coded strings (no markers) and clipping (longer text).
 * Not in LOCALES: the app offers it in development only; a tester sets local storage `language`
 * to `en-XA` anywhere.
 */
export const PSEUDO_LOCALE = 'en-XA';

/** The picker entry of the pseudo-locale, for a development build's picker. */
export const PSEUDO_LOCALE_INFO: LocaleInfo = {
  code: PSEUDO_LOCALE,
  nativeName: 'Ëñĝļíšĥ (Þšéúðó)',
  englishName: 'Pseudo-locale (accented, lengthened English)',
};

/** Whether this build offers the pseudo-locale in the picker: development builds only. */
export const PSEUDO_LOCALE_OFFERED: boolean = import.meta.env.DEV;

/** The languages a picker offers: LOCALES, plus the pseudo-locale when `pseudo` (development). */
export function offeredLocales(pseudo: boolean = PSEUDO_LOCALE_OFFERED): readonly LocaleInfo[] {
  return pseudo ? [...LOCALES, PSEUDO_LOCALE_INFO] : LOCALES;
}

/** Whether a tag is the pseudo-locale. */
export function isPseudoLocale(code: string | null | undefined): boolean {
  return code?.toLowerCase() === PSEUDO_LOCALE.toLowerCase();
}

/** The locale entry for a tag (the pseudo-locale included), or undefined when Parley does not offer it. */
export function findLocale(code: string): LocaleInfo | undefined {
  if (isPseudoLocale(code)) {
    return PSEUDO_LOCALE_INFO;
  }
  return LOCALES.find((locale) => locale.code.toLowerCase() === code.toLowerCase());
}

/**
 * The best offered locale for a requested tag: an exact match (the pseudo-locale included),
 * else the first offered locale of the same language, else the default.
 */
export function resolveLocale(requested: string | null | undefined): string {
  if (!requested) {
    return DEFAULT_LOCALE;
  }
  const exact = findLocale(requested);
  if (exact) {
    return exact.code;
  }
  const language = requested.split(/[-_]/)[0]?.toLowerCase();
  const sameLanguage = LOCALES.find((locale) => locale.code.split('-')[0] === language);
  return sameLanguage?.code ?? DEFAULT_LOCALE;
}
