import enUS from './catalogs/en-US.json';
import { type Catalog, loadCatalog } from './i18n';
import { DEFAULT_LOCALE, LOCALES } from './locales';

/** Which en-US keys a complete catalogue must hold: all of them, or the interface strings. */
export type CoverageScope = 'all' | 'interface';

/**
 * The interface strings: ui., validation. and web. keys. The example. keys are sample
 * admin-template content (SPEC §1) and may fall back to English.
 */
export const INTERFACE_KEY = /^(ui|validation|web)\./;

/**
 * The catalogues that must be complete (issues: at least these twenty-four), and their scope: en-US
 * and ar-EG hold every key, the others every interface key. Other locales fall back to en-US
 * per missing key.
 */
export const COMPLETE_LOCALES: Readonly<Record<string, CoverageScope>> = {
  'en-US': 'all',
  'zh-CN': 'interface',
  'es-ES': 'interface',
  'fr-FR': 'interface',
  'de-DE': 'interface',
  'pt-BR': 'interface',
  'ja-JP': 'interface',
  'ru-RU': 'interface',
  'ar-EG': 'all',
  'he-IL': 'interface',
  'fa-IR': 'interface',
  'tr-TR': 'interface',
  // Issue 15: twelve more of the most spoken languages.
  'hi-IN': 'interface',
  'bn-BD': 'interface',
  'id-ID': 'interface',
  'ko-KR': 'interface',
  'it-IT': 'interface',
  'pl-PL': 'interface',
  'nl-NL': 'interface',
  'uk-UA': 'interface',
  'vi-VN': 'interface',
  'th-TH': 'interface',
  'ur-PK': 'interface',
  'sv-SE': 'interface',
};

/** Whether a complete catalogue of this scope must hold the key. */
export function isRequiredKey(key: string, scope: CoverageScope): boolean {
  return scope === 'all' || INTERFACE_KEY.test(key);
}

/** How much of en-US one locale's catalogue translates. */
export interface CatalogCoverage {
  locale: string;
  englishName: string;
  /** Keys of en-US the catalogue holds (keys en-US has dropped do not count). */
  translated: number;
  /** Keys of en-US. */
  total: number;
  /** translated / total in percent, rounded down to a tenth (99.95 is not 100.0). */
  percent: number;
  /** The scope the catalogue must cover in full, when it is one of COMPLETE_LOCALES. */
  required: CoverageScope | undefined;
  /** Keys within `required` that the catalogue lacks. */
  missingRequired: string[];
}

/**
 * The coverage of every locale in LOCALES, from catalogues by locale (a locale with none
 * translates nothing) measured against `source` (en-US).
 */
export function computeCoverage(
  catalogs: Readonly<Record<string, Readonly<Catalog> | undefined>>,
  source: Readonly<Catalog> = enUS,
): CatalogCoverage[] {
  const keys = Object.keys(source);
  return LOCALES.map(({ code, englishName }) => {
    const catalog = catalogs[code] ?? {};
    const has = (key: string) => typeof catalog[key] === 'string' && catalog[key] !== '';
    const translated = keys.filter(has).length;
    const required = COMPLETE_LOCALES[code];
    return {
      locale: code,
      englishName,
      translated,
      total: keys.length,
      percent: keys.length === 0 ? 100 : Math.floor((translated * 1000) / keys.length) / 10,
      required,
      missingRequired: required ? keys.filter((key) => isRequiredKey(key, required) && !has(key)) : [],
    };
  });
}

/** The coverage of every locale in LOCALES, its shipped catalogue loaded as the app loads it. */
export async function catalogCoverage(): Promise<CatalogCoverage[]> {
  const catalogs = Object.fromEntries(
    await Promise.all(LOCALES.map(async ({ code }) => [code, await loadCatalog(code)] as const)),
  );
  return computeCoverage({ ...catalogs, [DEFAULT_LOCALE]: enUS });
}

/** A plain-text table of coverage rows, one locale a line, for logs and test output. */
export function formatCoverageTable(rows: readonly CatalogCoverage[]): string {
  const header = ['locale', 'language', 'translated', 'coverage', 'must be complete', 'missing'];
  const lines = rows.map((row) => [
    row.locale,
    row.englishName,
    `${row.translated} / ${row.total}`,
    `${row.percent.toFixed(1)} %`,
    row.required === 'all' ? 'every key' : row.required === 'interface' ? 'ui. validation. web.' : '-',
    row.required ? String(row.missingRequired.length) : '-',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const numeric = new Set([2, 3, 5]);
  const format = (cells: readonly string[]) =>
    cells
      .map((cell, column) =>
        numeric.has(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [format(header), widths.map((width) => '-'.repeat(width)).join('  '), ...lines.map(format)].join('\n');
}
