import { IntlMessageFormat } from 'intl-messageformat';
import { afterEach, describe, expect, it, vi } from 'vitest';
import arEG from './catalogs/ar-EG.json';
import bnBD from './catalogs/bn-BD.json';
import deDE from './catalogs/de-DE.json';
import enUS from './catalogs/en-US.json';
import esES from './catalogs/es-ES.json';
import faIR from './catalogs/fa-IR.json';
import frFR from './catalogs/fr-FR.json';
import heIL from './catalogs/he-IL.json';
import hiIN from './catalogs/hi-IN.json';
import idID from './catalogs/id-ID.json';
import itIT from './catalogs/it-IT.json';
import jaJP from './catalogs/ja-JP.json';
import koKR from './catalogs/ko-KR.json';
import nlNL from './catalogs/nl-NL.json';
import plPL from './catalogs/pl-PL.json';
import ptBR from './catalogs/pt-BR.json';
import ruRU from './catalogs/ru-RU.json';
import svSE from './catalogs/sv-SE.json';
import thTH from './catalogs/th-TH.json';
import trTR from './catalogs/tr-TR.json';
import ukUA from './catalogs/uk-UA.json';
import urPK from './catalogs/ur-PK.json';
import viVN from './catalogs/vi-VN.json';
import zhCN from './catalogs/zh-CN.json';
import { COMPLETE_LOCALES, INTERFACE_KEY } from './coverage';
import { changeLocale, i18n } from './i18n';

// Tests that walk every message of 24 catalogues take seconds on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

type Catalog = Record<string, string>;
type MessageElement = ReturnType<IntlMessageFormat['getAst']>[number];

/**
 * Catalogues that translate the interface strings only: every ui., validation. and web. key;
 * the example. keys (sample admin-template content) fall back to English.
 */
const interfaceCatalogs: Record<string, Catalog> = {
  'zh-CN': zhCN,
  'es-ES': esES,
  'fr-FR': frFR,
  'de-DE': deDE,
  'pt-BR': ptBR,
  'ja-JP': jaJP,
  'ru-RU': ruRU,
  'he-IL': heIL,
  'fa-IR': faIR,
  'tr-TR': trTR,
  'bn-BD': bnBD,
  'hi-IN': hiIN,
  'id-ID': idID,
  'it-IT': itIT,
  'ko-KR': koKR,
  'nl-NL': nlNL,
  'pl-PL': plPL,
  'sv-SE': svSE,
  'th-TH': thTH,
  'uk-UA': ukUA,
  'ur-PK': urPK,
  'vi-VN': viVN,
};

const catalogs: Record<string, Catalog> = { 'en-US': enUS, 'ar-EG': arEG, ...interfaceCatalogs };
const english: Catalog = enUS;
const arabic: Catalog = arEG;

/** Element kinds as @formatjs/icu-messageformat-parser numbers them (its TYPE enum). */
const LITERAL = 0;
const ARGUMENT = 1;
const PLURAL = 6;
const TAG = 8;
const SELECT = 5;
const ARABIC_PLURAL_CATEGORIES = ['few', 'many', 'one', 'other', 'two', 'zero'];

/** Parses as i18next-icu does (tags left alone for react-i18next's <Trans>). */
function parse(message: string, locale: string): MessageElement[] {
  return new IntlMessageFormat(message, locale, undefined, { ignoreTag: true }).getAst();
}

/** Every element of a message, nested plural, select and tag bodies included. */
function* walk(elements: MessageElement[]): Generator<MessageElement> {
  for (const element of elements) {
    yield element;
    if (element.type === PLURAL || element.type === SELECT) {
      for (const option of Object.values(
        (element as { options: Record<string, { value: MessageElement[] }> }).options,
      )) {
        yield* walk(option.value);
      }
    } else if (element.type === TAG) {
      yield* walk((element as { children: MessageElement[] }).children);
    }
  }
}

/** The names of the values a message interpolates: {name}, {count, plural, …}, {n, number}… */
function placeholders(message: string, locale: string): string[] {
  const names = new Set<string>();
  for (const element of walk(parse(message, locale))) {
    if (element.type >= ARGUMENT && element.type <= PLURAL) {
      names.add((element as { value: string }).value);
    }
  }
  return [...names].sort();
}

/** Sample values for a message: numbers work for plurals, numbers and plain arguments alike. */
function sampleValues(message: string, locale: string): Record<string, number> {
  return Object.fromEntries(placeholders(message, locale).map((name) => [name, 3]));
}

afterEach(async () => {
  await changeLocale('en-US');
});

describe('catalogues', () => {
  it('checks the complete catalogues coverage.ts names, with the same scope', () => {
    const scopes = Object.fromEntries(
      Object.keys(catalogs).map((locale) => [locale, locale in interfaceCatalogs ? 'interface' : 'all']),
    );
    expect(scopes).toEqual(COMPLETE_LOCALES);
  });

  it('translates every en-US key into ar-EG', () => {
    const missing = Object.keys(english).filter((key) => !(key in arabic));
    expect(missing).toEqual([]);
  });

  it('keeps no ar-EG key that en-US has dropped', () => {
    const stale = Object.keys(arabic).filter((key) => !(key in english));
    expect(stale).toEqual([]);
  });

  it('holds only messages that parse and format as ICU', () => {
    const failures: string[] = [];
    for (const [locale, catalog] of Object.entries(catalogs)) {
      for (const [key, message] of Object.entries(catalog)) {
        try {
          new IntlMessageFormat(message, locale, undefined, { ignoreTag: true }).format(sampleValues(message, locale));
        } catch (error) {
          failures.push(`${locale} ${key}: ${(error as Error).message}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('uses the same placeholders in ar-EG as in en-US', () => {
    const mismatches: string[] = [];
    for (const [key, message] of Object.entries(english)) {
      const translation = arabic[key];
      if (translation === undefined) {
        continue;
      }
      const expected = placeholders(message, 'en-US').join(', ');
      const actual = placeholders(translation, 'ar-EG').join(', ');
      if (expected !== actual) {
        mismatches.push(`${key}: en-US {${expected}} but ar-EG {${actual}}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  // '{label}' is ICU quoting, so "'{label}' is required" printed "{label} is required" verbatim.
  it('never quotes a placeholder into literal text by accident', () => {
    const trapped: string[] = [];
    for (const [locale, catalog] of Object.entries(catalogs)) {
      for (const [key, message] of Object.entries(catalog)) {
        for (const element of walk(parse(message, locale))) {
          if (element.type === LITERAL && /\{\s*\w+\s*[,}]/.test((element as { value: string }).value)) {
            trapped.push(`${locale} ${key}`);
          }
        }
      }
    }
    expect(trapped).toEqual([]);
  });

  it('gives every Arabic plural all six CLDR categories', () => {
    const incomplete: string[] = [];
    for (const [key, message] of Object.entries(arabic)) {
      for (const element of walk(parse(message, 'ar-EG'))) {
        if (element.type !== PLURAL) {
          continue;
        }
        const categories = Object.keys((element as { options: Record<string, unknown> }).options)
          .filter((option) => !option.startsWith('='))
          .sort();
        if (categories.join() !== ARABIC_PLURAL_CATEGORIES.join()) {
          incomplete.push(`${key}: ${categories.join(' ')}`);
        }
      }
    }
    expect(incomplete).toEqual([]);
  });

  // i18next-icu could not construct IntlMessageFormat under Node, so t() returned ICU source text.
  it('formats ICU messages through i18next, in English and in Arabic', async () => {
    expect(i18n.t('ui.code.countdown', { seconds: 3 })).toBe('3 seconds');
    expect(i18n.t('ui.validation.required', { label: 'Email' })).toBe("'Email' is required");
    await changeLocale('ar-EG');
    expect(i18n.t('ui.code.countdown', { seconds: 3 })).toBe('٣ ثوانٍ');
    expect(i18n.t('ui.code.countdown', { seconds: 2 })).toBe('ثانيتان');
    expect(i18n.t('ui.pagination.total', { start: '١', end: '١٠', total: 50 })).toBe('١-١٠ من ٥٠ عنصرًا');
    expect(i18n.t('ui.validation.required', { label: 'البريد الإلكتروني' })).toBe('«البريد الإلكتروني» مطلوب');
  });
});

/** The CLDR plural categories of every plural in a message, `=n` exact matches left out. */
function pluralCategorySets(message: string, locale: string): string[][] {
  const sets: string[][] = [];
  for (const element of walk(parse(message, locale))) {
    if (element.type === PLURAL) {
      sets.push(
        Object.keys((element as { options: Record<string, unknown> }).options)
          .filter((option) => !option.startsWith('='))
          .sort(),
      );
    }
  }
  return sets;
}

describe.each(Object.entries(interfaceCatalogs))('%s interface catalogue', (locale, catalog) => {
  it('translates every ui., validation. and web. key of en-US', () => {
    const missing = Object.keys(english).filter((key) => INTERFACE_KEY.test(key) && !(key in catalog));
    expect(missing).toEqual([]);
  });

  it('keeps no key that en-US lacks', () => {
    const stale = Object.keys(catalog).filter((key) => !(key in english));
    expect(stale).toEqual([]);
  });

  it('holds only messages that parse and format as ICU', () => {
    const failures: string[] = [];
    for (const [key, message] of Object.entries(catalog)) {
      try {
        const formatted = new IntlMessageFormat(message, locale, undefined, { ignoreTag: true }).format(
          sampleValues(message, locale),
        );
        expect(typeof formatted).toBe('string');
      } catch (error) {
        failures.push(`${key}: ${(error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('uses the same placeholders as en-US', () => {
    const mismatches: string[] = [];
    for (const [key, translation] of Object.entries(catalog)) {
      const message = english[key];
      if (message === undefined) {
        continue;
      }
      const expected = placeholders(message, 'en-US').join(', ');
      const actual = placeholders(translation, locale).join(', ');
      if (expected !== actual) {
        mismatches.push(`${key}: en-US {${expected}} but ${locale} {${actual}}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("gives every plural exactly the locale's CLDR categories", () => {
    const cldr = [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories].sort();
    expect(cldr).toContain('other');
    const incomplete: string[] = [];
    for (const [key, message] of Object.entries(catalog)) {
      for (const categories of pluralCategorySets(message, locale)) {
        if (categories.join() !== cldr.join()) {
          incomplete.push(`${key}: ${categories.join(' ')} (CLDR: ${cldr.join(' ')})`);
        }
      }
    }
    expect(incomplete).toEqual([]);
  });

  it('keeps the plurals of en-US plural messages', () => {
    const flattened: string[] = [];
    for (const [key, translation] of Object.entries(catalog)) {
      const message = english[key];
      if (
        message !== undefined &&
        pluralCategorySets(message, 'en-US').length > pluralCategorySets(translation, locale).length
      ) {
        flattened.push(key);
      }
    }
    expect(flattened).toEqual([]);
  });

  it('formats its messages through i18next, falling back to English for example. keys', async () => {
    await changeLocale(locale);
    expect(i18n.language).toBe(locale);
    for (const key of ['ui.code.countdown', 'ui.validation.required', 'ui.pagination.total']) {
      const values = { seconds: 5, label: 'X', start: '1', end: '10', total: 50 };
      const translated = i18n.t(key, values);
      expect(translated).toBe(
        new IntlMessageFormat(catalog[key] as string, locale, undefined, { ignoreTag: true }).format(values),
      );
      expect(translated).not.toBe(i18n.t(key, { ...values, lng: 'en-US' }));
    }
    expect(i18n.t('example.form.submit')).toBe(english['example.form.submit']);
  });
});

describe('interface catalogues through i18next', () => {
  it('picks the CLDR plural form and the locale quotation marks', async () => {
    await changeLocale('ru-RU');
    expect(i18n.t('ui.code.countdown', { seconds: 1 })).toBe('1 секунда');
    expect(i18n.t('ui.code.countdown', { seconds: 3 })).toBe('3 секунды');
    expect(i18n.t('ui.code.countdown', { seconds: 5 })).toBe('5 секунд');
    expect(i18n.t('ui.validation.required', { label: 'Email' })).toBe('Поле «Email» обязательно для заполнения');
    await changeLocale('he-IL');
    expect(i18n.t('ui.code.countdown', { seconds: 2 })).toBe('שתי שניות');
    await changeLocale('de-DE');
    expect(i18n.t('ui.validation.required', { label: 'E-Mail' })).toBe('„E-Mail“ ist erforderlich');
    await changeLocale('ja-JP');
    expect(i18n.t('ui.validation.required', { label: 'メール' })).toBe('「メール」は必須です');
  });
});
