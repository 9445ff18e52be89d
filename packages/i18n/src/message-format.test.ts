import {
  isArgumentElement,
  isDateElement,
  isNumberElement,
  isPluralElement,
  isSelectElement,
  isTimeElement,
  type MessageFormatElement,
  parse,
} from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { formatMessage } from './message-format';

const catalogs = import.meta.glob<Record<string, string>>('./catalogs/*.json', { import: 'default', eager: true });

/** What intl-messageformat answers, with markup as text (as i18next-icu formatted it). */
function reference(message: string, locale: string, values: Record<string, unknown>): unknown {
  return new IntlMessageFormat(message, locale, undefined, { ignoreTag: true }).format(values);
}

/** Sets of values that reach every branch of a message: each plural count and each select key. */
function sampleValueSets(message: string): Record<string, unknown>[] {
  const base: Record<string, unknown> = {};
  const variants: Record<string, unknown[]> = {};
  function walk(elements: MessageFormatElement[]) {
    for (const element of elements) {
      if (isPluralElement(element)) {
        variants[element.value] = [0, 1, 2, 3, 5, 11, 21, 22, 100, 1.5];
        base[element.value] = 1;
        for (const option of Object.values(element.options)) {
          walk(option.value);
        }
      } else if (isSelectElement(element)) {
        variants[element.value] = [...Object.keys(element.options), 'unknown'];
        base[element.value] = 'other';
        for (const option of Object.values(element.options)) {
          walk(option.value);
        }
      } else if (isNumberElement(element)) {
        base[element.value] = 1234.5;
      } else if (isDateElement(element) || isTimeElement(element)) {
        base[element.value] = new Date(Date.UTC(2026, 10, 23, 14, 5, 9));
      } else if (isArgumentElement(element)) {
        base[element.value] ??= `«${element.value}»`;
      }
    }
  }
  walk(parse(message, { ignoreTag: true }));
  const sets = [base];
  for (const [name, values] of Object.entries(variants)) {
    for (const value of values) {
      sets.push({ ...base, [name]: value });
    }
  }
  return sets;
}

describe('formatMessage', () => {
  it('formats every catalogue message as intl-messageformat does', () => {
    const mismatches: string[] = [];
    let checked = 0;
    for (const [file, catalog] of Object.entries(catalogs)) {
      const locale = file.slice('./catalogs/'.length, -'.json'.length);
      for (const [key, message] of Object.entries(catalog)) {
        for (const values of sampleValueSets(message)) {
          checked++;
          const expected = reference(message, locale, values);
          const actual = formatMessage(message, locale, values);
          if (actual !== expected) {
            mismatches.push(`${locale} ${key} ${JSON.stringify(values)}: ${String(actual)} ≠ ${String(expected)}`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(5000);
    expect(mismatches.slice(0, 20)).toEqual([]);
    // Every message of 24 catalogues, each formatted twice: seconds on a busy machine.
  }, 30_000);

  it.each([
    ["It''s {name}''s", { name: 'Ana' }],
    ["'{name}' is literal, '{' too", { name: 'x' }],
    ["'Email' stays quoted; don't", {}],
    ["{count, plural, one {# item '#'} other {# items}}", { count: 3 }],
    ["'#' outside a plural, and {n, plural, other {'#' and #}}", { n: 2 }],
    [
      '{n, plural, offset:1 =0 {nobody} =1 {just {name}} one {{name} and # other} other {{name} and # others}}',
      { n: 1, name: 'Ana' },
    ],
    [
      '{n, plural, offset:1 =0 {nobody} =1 {just {name}} one {{name} and # other} other {{name} and # others}}',
      { n: 3, name: 'Ana' },
    ],
    ['{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}', { n: 22 }],
    [
      '{g, select, female {she} male {he} other {they}} {n, plural, one {# {g, select, female {# is literal} other {it}}} other {#}}',
      { g: 'female', n: 1 },
    ],
    ['{p, number, percent} {p, number, integer} {c, number}', { p: 0.256, c: 1234567.891 }],
    [
      '{d, date, short} · {d, date, medium} · {d, date, long} · {d, date, full} · {d, date}',
      { d: Date.UTC(2026, 0, 2) },
    ],
    ['{d, time, short} · {d, time, medium} · {d, time}', { d: Date.UTC(2026, 0, 2, 15, 4, 5) }],
    ['<b>{name}</b> stays markup, a < b > c, and a stray } too', { name: 'Ana' }],
    ['{ spaced , plural , one { # one } other { # many } }', { spaced: 1 }],
    ['{empty}{zero}{missing}', { empty: '', zero: 0, missing: null }],
  ])('formats %s like intl-messageformat', (message, values) => {
    for (const locale of ['en-US', 'ar-EG', 'ru-RU', 'fr-FR']) {
      expect(formatMessage(message, locale, values)).toEqual(reference(message, locale, values));
    }
  });

  it('answers the parts when a value is not text, as intl-messageformat does', () => {
    const element = { type: 'strong' };
    expect(formatMessage('Hello {name}!', 'en-US', { name: element })).toEqual(['Hello ', element, '!']);
    expect(reference('Hello {name}!', 'en-US', { name: element })).toEqual(['Hello ', element, '!']);
  });

  it('throws on a missing value or a malformed message, as intl-messageformat does', () => {
    expect(() => formatMessage('Hi {name}', 'en-US', {})).toThrow();
    expect(() => reference('Hi {name}', 'en-US', {})).toThrow();
    for (const malformed of ['Hi {name', '{n, plural, one {#}}', '{n, wat}', '{}']) {
      expect(() => formatMessage(malformed, 'en-US', { n: 1, name: 'x' })).toThrow();
      expect(() => reference(malformed, 'en-US', { n: 1, name: 'x' })).toThrow();
    }
  });

  it('does not read skeletons: such a message throws (t() then shows its source)', () => {
    expect(() => formatMessage('{n, number, ::percent}', 'en-US', { n: 1 })).toThrow();
  });
});
