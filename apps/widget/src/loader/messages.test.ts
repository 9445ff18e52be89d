import { describe, expect, it } from 'vitest';
import { isRightToLeft, pickLocale } from './messages';

const AVAILABLE = ['en-US', 'ar-EG', 'pt-BR', 'zh-CN', 'de-DE'];

describe("the loader's language", () => {
  it("takes the visitor's first language Parley has, exactly or by its language", () => {
    expect(pickLocale(['ar-EG'], AVAILABLE)).toBe('ar-EG');
    expect(pickLocale(['ar-SA', 'en-US'], AVAILABLE)).toBe('ar-EG');
    expect(pickLocale(['pt-PT'], AVAILABLE)).toBe('pt-BR');
    expect(pickLocale(['DE'], AVAILABLE)).toBe('de-DE');
    expect(pickLocale(['sw-KE', 'zh-TW'], AVAILABLE)).toBe('zh-CN');
  });

  it('falls back to English when none of the languages is there', () => {
    expect(pickLocale(['sw-KE'], AVAILABLE)).toBe('en-US');
    expect(pickLocale([], AVAILABLE)).toBe('en-US');
  });

  it('knows the languages written right to left', () => {
    expect(['ar-EG', 'fa-IR', 'he-IL', 'ur-PK'].every(isRightToLeft)).toBe(true);
    expect(['en-US', 'de-DE', 'zh-CN'].some(isRightToLeft)).toBe(false);
  });
});
