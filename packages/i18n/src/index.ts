export {
  type CatalogCoverage,
  COMPLETE_LOCALES,
  type CoverageScope,
  catalogCoverage,
  computeCoverage,
  formatCoverageTable,
  INTERFACE_KEY,
  isRequiredKey,
} from './coverage';
export { applyDocumentLocale, type Direction, getDirection } from './direction';
export { formatDate, formatDuration, formatNumber } from './format';
export {
  type Catalog,
  changeLocale,
  detectLocale,
  type I18n,
  i18n,
  LANGUAGE_STORAGE_KEY,
  loadAppMessages,
  loadCatalog,
  loadLocale,
  loadMessagesPart,
  type TranslateFunction,
  type TranslateOptions,
  translatedLocales,
} from './i18n';
export { INTERFACE_COVERAGE } from './interface-coverage';
export {
  DEFAULT_LOCALE,
  findLocale,
  isPseudoLocale,
  LOCALES,
  type LocaleInfo,
  offeredLocales,
  PSEUDO_LOCALE,
  PSEUDO_LOCALE_INFO,
  PSEUDO_LOCALE_OFFERED,
  resolveLocale,
} from './locales';
export { Trans, type TransProps, useTranslation } from './react';
