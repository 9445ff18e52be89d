import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import enUS from './catalogs/en-US.json';
import {
  type CatalogCoverage,
  COMPLETE_LOCALES,
  catalogCoverage,
  computeCoverage,
  formatCoverageTable,
  INTERFACE_KEY,
  isRequiredKey,
} from './coverage';
import { changeLocale, i18n, loadCatalog } from './i18n';
import { INTERFACE_COVERAGE } from './interface-coverage';
import { LOCALES } from './locales';

const english: Record<string, string> = enUS;
let rows: CatalogCoverage[] = [];

beforeAll(async () => {
  rows = await catalogCoverage();
});

describe('catalogue coverage', () => {
  it('reports the coverage of every offered locale', () => {
    console.info(
      `Catalogue coverage against en-US (${Object.keys(english).length} keys):\n${formatCoverageTable(rows)}`,
    );
    expect(rows.map((row) => row.locale)).toEqual(LOCALES.map((locale) => locale.code));
    for (const row of rows) {
      expect(row.total).toBe(Object.keys(english).length);
      expect(row.translated).toBeLessThanOrEqual(row.total);
    }
    expect(rows.find((row) => row.locale === 'en-US')?.percent).toBe(100);
    expect(rows.find((row) => row.locale === 'bg-BG')).toMatchObject({
      translated: 0,
      percent: 0,
      required: undefined,
    });
  });

  it('keeps the interface coverage the picker shows current (node scripts/i18n-coverage.mjs writes it)', async () => {
    const interfaceKeys = Object.keys(english).filter((key) => INTERFACE_KEY.test(key));
    for (const { code } of LOCALES) {
      const catalog: Record<string, string> = code === 'en-US' ? english : ((await loadCatalog(code)) ?? {});
      const translated = interfaceKeys.filter((key) => typeof catalog[key] === 'string' && catalog[key] !== '').length;
      expect(INTERFACE_COVERAGE[code] ?? 0, code).toBe(Math.floor((translated * 100) / interfaceKeys.length));
    }
    expect(INTERFACE_COVERAGE['pl-PL']).toBeGreaterThan(0);
  });

  it('names only offered locales as complete', () => {
    const offered = LOCALES.map((locale) => locale.code);
    expect(Object.keys(COMPLETE_LOCALES).filter((locale) => !offered.includes(locale))).toEqual([]);
    expect(Object.keys(COMPLETE_LOCALES)).toHaveLength(24);
  });

  it.each(Object.entries(COMPLETE_LOCALES))('%s translates every required key (scope: %s)', (locale, scope) => {
    const row = rows.find((candidate) => candidate.locale === locale);
    expect(row?.required).toBe(scope);
    expect(row?.missingRequired).toEqual([]);
  });

  it('counts en-US keys only, rounds down, and lists the required keys a catalogue lacks', () => {
    const source = { 'ui.a': 'A', 'ui.b': 'B', 'web.c': 'C', 'example.d': 'D', 'example.e': 'E', 'example.f': 'F' };
    const [arabic, bulgarian, german] = computeCoverage(
      {
        // example. keys may fall back; a stale key does not count; an empty message is not a translation.
        'de-DE': { 'ui.a': 'A', 'web.c': '', 'example.d': 'D', 'ui.stale': 'S' },
        'ar-EG': { 'ui.a': 'A', 'ui.b': 'B', 'web.c': 'C', 'example.d': 'D', 'example.e': 'E' },
      },
      source,
    ).filter((row) => ['de-DE', 'ar-EG', 'bg-BG'].includes(row.locale));
    expect(arabic).toMatchObject({
      translated: 5,
      total: 6,
      percent: 83.3,
      required: 'all',
      missingRequired: ['example.f'],
    });
    expect(german).toMatchObject({ translated: 2, total: 6, percent: 33.3, required: 'interface' });
    expect(german?.missingRequired).toEqual(['ui.b', 'web.c']);
    expect(bulgarian).toMatchObject({ translated: 0, percent: 0, required: undefined, missingRequired: [] });
    expect(
      computeCoverage({ 'fr-FR': { 'ui.a': 'A' } }, { ...source, 'ui.g': 'G' }).find((row) => row.locale === 'fr-FR')
        ?.percent,
    ).toBe(14.2);
  });

  it('requires the interface keys of interface catalogues, and every key of complete ones', () => {
    expect(isRequiredKey('web.login.title', 'interface')).toBe(true);
    expect(isRequiredKey('validation.email.required', 'interface')).toBe(true);
    expect(isRequiredKey('example.form.submit', 'interface')).toBe(false);
    expect(isRequiredKey('example.form.submit', 'all')).toBe(true);
  });

  it('prints one aligned line per locale', () => {
    const table = formatCoverageTable(rows).split('\n');
    expect(table).toHaveLength(LOCALES.length + 2);
    expect(table[0]).toMatch(/^locale\s+language\s+translated\s+coverage\s+must be complete\s+missing$/);
    expect(table.find((line) => line.startsWith('bg-BG'))).toMatch(/0 \/ \d+\s+0\.0 %\s+-\s+-$/);
  });
});

describe('fallback to en-US, key by key', () => {
  afterEach(async () => {
    await changeLocale('en-US');
    i18n.removeResourceBundle('nl-NL', 'translation');
  });

  it('shows English for every key of a locale without a catalogue', async () => {
    expect(await changeLocale('bg-BG')).toBe('bg-BG');
    expect(i18n.language).toBe('bg-BG');
    expect(i18n.t('ui.action.cancel')).toBe('Cancel');
    expect(i18n.t('ui.code.countdown', { seconds: 3 })).toBe('3 seconds');
    expect(i18n.t('ui.validation.required', { label: 'Email' })).toBe("'Email' is required");
  });

  it('shows the translated keys of a partial catalogue and English for the others', async () => {
    i18n.addResourceBundle('nl-NL', 'translation', {
      'ui.action.cancel': 'Annuleren',
      'ui.code.countdown': '{seconds, plural, one {# seconde} other {# seconden}}',
    });
    expect(await changeLocale('nl-NL')).toBe('nl-NL');
    expect(i18n.t('ui.action.cancel')).toBe('Annuleren');
    expect(i18n.t('ui.code.countdown', { seconds: 3 })).toBe('3 seconden');
    expect(i18n.t('ui.action.save')).toBe('Save');
    expect(i18n.t('ui.pagination.total', { start: '1', end: '10', total: 1 })).toBe('1-10 of 1 item');
    expect(i18n.t('example.form.submit')).toBe(english['example.form.submit']);
  });
});
