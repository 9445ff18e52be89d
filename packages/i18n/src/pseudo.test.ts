import {
  isLiteralElement,
  isPluralElement,
  isSelectElement,
  isTagElement,
  type MessageFormatElement,
  parse,
} from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { afterEach, describe, expect, it } from 'vitest';
import enUS from './catalogs/en-US.json';
import { getDirection } from './direction';
import { changeLocale, detectLocale, i18n, loadCatalog } from './i18n';
import {
  findLocale,
  LOCALES,
  offeredLocales,
  PSEUDO_LOCALE,
  PSEUDO_LOCALE_INFO,
  PSEUDO_LOCALE_OFFERED,
  resolveLocale,
} from './locales';
import { PSEUDO_END, PSEUDO_START, printMessage, pseudoLocalize, pseudoLocalizeCatalog } from './pseudo';

const english: Record<string, string> = enUS;

/** Messages whose escaping is easy to get wrong, beside every en-US message. */
const TRICKY = [
  "''{label}'' is required",
  "It's {n, plural, one {# '#' tag's} other {#}}",
  "a '{' b '}' c '{}' d",
  "{a, select, x {Use '#' here} other {{n, plural, one {# of '{n}'} other {#}}}}",
  '<0>Bold</0> and <1/>, as <Trans> reads them',
  "I''m '{name}' {n, number, ::percent} {n, number, integer} {d, date, short}",
  '{n, selectordinal, offset:1 one {#st} two {#nd} few {#rd} other {#th}}',
  "Trailing quote'",
];
const MESSAGES: [string, string][] = [
  ...Object.entries(english),
  ...TRICKY.map((message, index): [string, string] => [`tricky.${index}`, message]),
];

/** Parses as i18next-icu does (tags are text for react-i18next's <Trans>). */
function tree(message: string): MessageFormatElement[] {
  return parse(message, { ignoreTag: true });
}

/** A message's syntax with its text left out: argument names, kinds, styles and options. */
function shape(elements: readonly MessageFormatElement[]): unknown[] {
  return elements
    .filter((element) => !isLiteralElement(element))
    .map((element) => {
      if (isPluralElement(element) || isSelectElement(element)) {
        return {
          ...element,
          options: Object.entries(element.options).map(([key, option]) => [key, shape(option.value)]),
        };
      }
      if (isTagElement(element)) {
        return { ...element, children: shape(element.children) };
      }
      return element;
    });
}

/** Numbers serve as plural counts, numbers and plain arguments alike. */
function sampleValues(message: string): Record<string, number> {
  const names = new Set<string>();
  const collect = (elements: readonly MessageFormatElement[]) => {
    for (const element of elements) {
      if ('value' in element && !isLiteralElement(element)) {
        names.add(element.value);
      }
      if (isPluralElement(element) || isSelectElement(element)) {
        for (const option of Object.values(element.options)) {
          collect(option.value);
        }
      }
    }
  };
  collect(tree(message));
  return Object.fromEntries([...names].map((name) => [name, 3]));
}

function format(message: string, values: Record<string, unknown>, locale = 'en-US'): string {
  return String(new IntlMessageFormat(message, locale, undefined, { ignoreTag: true }).format(values));
}

afterEach(async () => {
  await changeLocale('en-US');
});

describe('printMessage', () => {
  it('prints every message back to source that parses to the same message', () => {
    const changed = MESSAGES.filter(
      ([, message]) => JSON.stringify(tree(printMessage(tree(message)))) !== JSON.stringify(tree(message)),
    );
    expect(changed).toEqual([]);
  });
});

describe('pseudoLocalize', () => {
  it('accents, lengthens and marks a message', () => {
    expect(pseudoLocalize('Save')).toBe('⟦Šáṽé ó⟧');
    expect(pseudoLocalize('OK')).toBe('⟦ÓĶ ó⟧');
    expect(format(pseudoLocalize(english['ui.validation.required'] as string), { label: 'Email' })).toBe(
      "⟦'Email' íš ŕéǫúíŕéð óñé⟧",
    );
    expect(pseudoLocalize(english['ui.code.countdown'] as string)).toBe(
      '⟦{seconds, plural, one {# šéçóñð} other {# šéçóñðš}} óñé⟧',
    );
  });

  it.each(MESSAGES)('keeps %s formatting with the same syntax', (key, message) => {
    const pseudo = pseudoLocalize(message);
    expect(shape(tree(pseudo))).toEqual(shape(tree(message)));
    const values = sampleValues(message);
    const formatted = format(pseudo, values, PSEUDO_LOCALE);
    const original = format(message, values);
    expect(formatted.startsWith(PSEUDO_START) && formatted.endsWith(PSEUDO_END)).toBe(true);
    // Every letter is accented, apart from markup <Trans> needs.
    expect(formatted.replace(/<\/?[\w.-]+\s*\/?>/g, '')).not.toMatch(/[A-Za-z]/);
    // About 35% longer: room for the languages that run longer than English. (The tricky
    // samples are mostly formatted dates and numbers, which keep their length.)
    if (key in english) {
      expect(formatted.length - 2).toBeGreaterThanOrEqual(Math.floor(original.length * 1.3));
    }
  });

  it('never quotes a placeholder into literal text', () => {
    const trapped = Object.entries(pseudoLocalizeCatalog(english)).filter(([, message]) => {
      const literals: string[] = [];
      const collect = (elements: readonly MessageFormatElement[]) => {
        for (const element of elements) {
          if (isLiteralElement(element)) {
            literals.push(element.value);
          } else if (isPluralElement(element) || isSelectElement(element)) {
            for (const option of Object.values(element.options)) {
              collect(option.value);
            }
          }
        }
      };
      collect(tree(message));
      return literals.some((literal) => /\{\s*\w+\s*[,}]/.test(literal));
    });
    expect(trapped).toEqual([]);
  });

  it('leaves a message that does not parse as it is, only marked', () => {
    expect(pseudoLocalize('Broken {')).toBe('⟦Broken {⟧');
  });

  it('pseudo-localises every key of en-US', () => {
    const catalog = pseudoLocalizeCatalog(english);
    expect(Object.keys(catalog)).toEqual(Object.keys(english));
  });
});

describe('the en-XA pseudo-locale', () => {
  it('is resolved, detected and found, but not offered in the production picker', () => {
    expect(resolveLocale('en-XA')).toBe(PSEUDO_LOCALE);
    expect(resolveLocale('EN-xa')).toBe(PSEUDO_LOCALE);
    expect(detectLocale({ getItem: () => 'en-XA' }, ['de-DE'])).toBe(PSEUDO_LOCALE);
    expect(findLocale('en-XA')).toBe(PSEUDO_LOCALE_INFO);
    expect(LOCALES.map((locale) => locale.code)).not.toContain(PSEUDO_LOCALE);
    expect(offeredLocales(false)).toBe(LOCALES);
    expect(offeredLocales(true).map((locale) => locale.code)).toEqual([
      ...LOCALES.map((locale) => locale.code),
      PSEUDO_LOCALE,
    ]);
    // Vitest runs as a development build.
    expect(PSEUDO_LOCALE_OFFERED).toBe(true);
    expect(getDirection(PSEUDO_LOCALE)).toBe('ltr');
  });

  it('has a catalogue made from en-US at run time', async () => {
    const catalog = await loadCatalog(PSEUDO_LOCALE);
    expect(catalog).toEqual(pseudoLocalizeCatalog(english));
  });

  it('formats its messages through i18next, left to right', async () => {
    expect(await changeLocale('en-XA')).toBe(PSEUDO_LOCALE);
    expect(i18n.language).toBe(PSEUDO_LOCALE);
    expect(document.documentElement.lang).toBe(PSEUDO_LOCALE);
    expect(document.documentElement.dir).toBe('ltr');
    expect(i18n.t('ui.action.save')).toBe('⟦Šáṽé ó⟧');
    expect(i18n.t('ui.code.countdown', { seconds: 1 })).toBe('⟦1 šéçóñð óñé⟧');
    expect(i18n.t('ui.code.countdown', { seconds: 5 })).toBe('⟦5 šéçóñðš óñé⟧');
    expect(i18n.t('ui.validation.required', { label: 'Email' })).toBe("⟦'Email' íš ŕéǫúíŕéð óñé⟧");
    expect(i18n.t('ui.pagination.total', { start: '1', end: '10', total: 50 })).toBe('⟦1-10 óƒ 50 íţéɱš óñé⟧');
  });
});
