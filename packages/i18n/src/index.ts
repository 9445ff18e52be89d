export { Trans, useTranslation } from 'react-i18next';
export { applyDocumentLocale, type Direction, getDirection } from './direction';
export { formatDate, formatDuration, formatNumber } from './format';
export { changeLocale, detectLocale, i18n, LANGUAGE_STORAGE_KEY, loadLocale, translatedLocales } from './i18n';
export { DEFAULT_LOCALE, findLocale, LOCALES, type LocaleInfo, resolveLocale } from './locales';
