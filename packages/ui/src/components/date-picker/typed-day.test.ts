import { LOCALES } from '@parley/i18n';
import { describe, expect, it } from 'vitest';
import { formatTypedDay, parseTypedDay } from './typed-day';

describe('typed days', () => {
  it.each(LOCALES.map((locale) => locale.code))('reads back the day it writes in %s', (locale) => {
    const day = new Date(2026, 1, 5);
    expect(parseTypedDay(formatTypedDay(day, locale), locale)).toEqual(day);
  });

  it('reads the locale order, year-first ISO days and other scripts’ digits', () => {
    expect(parseTypedDay('11/5/2026', 'en-US')).toEqual(new Date(2026, 10, 5));
    expect(parseTypedDay('11/5/2026', 'fr-FR')).toEqual(new Date(2026, 4, 11));
    expect(parseTypedDay(' 2026-11-05 ', 'de-DE')).toEqual(new Date(2026, 10, 5));
    expect(parseTypedDay('١٥/١١/٢٠٢٦', 'ar-EG')).toEqual(new Date(2026, 10, 15));
    expect(parseTypedDay('۲۰۲۶/۱۱/۱۵', 'fa-IR')).toEqual(new Date(2026, 10, 15));
  });

  it('refuses what is not a day, and reads an empty field as none', () => {
    expect(parseTypedDay('', 'en-US')).toBeNull();
    expect(parseTypedDay('   ', 'en-US')).toBeNull();
    for (const text of ['2026-02-30', '13/01/2026', '11/15/26', 'Nov 15 2026', '15 Nov 2026', '2026', 'tomorrow']) {
      expect(parseTypedDay(text, 'en-US'), text).toBe('invalid');
    }
  });
});
