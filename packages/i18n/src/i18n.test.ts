import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLocale, LANGUAGE_STORAGE_KEY } from './i18n';

/** A local storage holding only the given language choice (or nothing). */
function storageWith(language: string | null): Pick<Storage, 'getItem'> {
  return { getItem: (key) => (key === LANGUAGE_STORAGE_KEY ? language : null) };
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('detectLocale (SPEC §9: local storage, then the browser language, then en-US)', () => {
  it('keeps the choice under the `language` key', () => {
    expect(LANGUAGE_STORAGE_KEY).toBe('language');
  });

  it('takes the stored language before the browser languages', () => {
    expect(detectLocale(storageWith('tr-TR'), ['de-DE', 'fr-FR'])).toBe('tr-TR');
  });

  it('resolves a stored language tag to the offered locale of that language', () => {
    expect(detectLocale(storageWith('de'), ['fr-FR'])).toBe('de-DE');
  });

  it('takes the first browser language Parley offers when nothing is stored', () => {
    expect(detectLocale(storageWith(null), ['de-DE', 'fr-FR'])).toBe('de-DE');
    expect(detectLocale(storageWith(null), ['fr-CA', 'de-DE'])).toBe('fr-FR');
  });

  it('skips browser languages Parley does not offer', () => {
    expect(detectLocale(storageWith(null), ['xx-YY', 'sw-KE', 'ja-JP'])).toBe('ja-JP');
  });

  it('takes an English browser language as English, not as a miss', () => {
    expect(detectLocale(storageWith(null), ['en-AU', 'de-DE'])).toBe('en-US');
    expect(detectLocale(storageWith(null), ['en-GB', 'de-DE'])).toBe('en-GB');
  });

  it('falls back to en-US when neither storage nor browser give an offered language', () => {
    expect(detectLocale(storageWith(null), ['xx-YY'])).toBe('en-US');
    expect(detectLocale(storageWith(null), [])).toBe('en-US');
    expect(detectLocale(undefined, [])).toBe('en-US');
  });

  // A stored language Parley does not offer became en-US, hiding the browser's language.
  it('lets an unknown stored value fall through to the browser language', () => {
    expect(detectLocale(storageWith('klingon'), ['de-DE'])).toBe('de-DE');
    expect(detectLocale(storageWith('xx-YY'), ['xx-ZZ', 'he-IL'])).toBe('he-IL');
    expect(detectLocale(storageWith('klingon'), ['xx-ZZ'])).toBe('en-US');
  });

  it("reads the page's local storage and navigator.languages by default", () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['ar-EG', 'en-US'] });
    expect(detectLocale()).toBe('ar-EG');
    localStorage.setItem('language', 'fa-IR');
    expect(detectLocale()).toBe('fa-IR');
  });
});
