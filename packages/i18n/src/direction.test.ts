import { afterEach, describe, expect, it } from 'vitest';
import { applyDocumentLocale, getDirection } from './direction';

afterEach(() => {
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
});

describe('getDirection (SPEC §9: right to left for he, ar, fa and ku; and ur, Urdu)', () => {
  it.each(['he-IL', 'ar-EG', 'fa-IR', 'ku-IQ', 'ur-PK', 'ar', 'he', 'AR-sa', 'ku_Arab'])(
    '%s is right to left',
    (locale) => {
      expect(getDirection(locale)).toBe('rtl');
    },
  );

  it.each(['en-US', 'tr-TR', 'de-DE', 'ja-JP', 'urd', 'hea', 'kum-RU', 'en-XA'])('%s is left to right', (locale) => {
    expect(getDirection(locale)).toBe('ltr');
  });
});

describe('applyDocumentLocale', () => {
  it('sets <html lang dir> from the locale', () => {
    applyDocumentLocale('fa-IR');
    expect(document.documentElement).toHaveAttribute('lang', 'fa-IR');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    applyDocumentLocale('tr-TR');
    expect(document.documentElement).toHaveAttribute('lang', 'tr-TR');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });
});
