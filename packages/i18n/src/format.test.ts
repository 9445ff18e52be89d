import { describe, expect, it } from 'vitest';
import { formatDate, formatDuration, formatNumber } from './format';

/** 14 March 2025 at noon on this machine's clock, so the day is the same in every time zone. */
const MARCH_14 = new Date(2025, 2, 14, 12);

describe('formatDate', () => {
  it('writes a medium date by default, in the order and separators of the locale', () => {
    expect(formatDate(MARCH_14, 'de-DE')).toBe('14.03.2025');
    expect(formatDate(MARCH_14, 'en-US')).toBe('Mar 14, 2025');
  });

  it('writes Arabic-Indic digits for ar-EG', () => {
    // Intl marks the separators with right-to-left marks; the digits are what the reader sees.
    expect(formatDate(MARCH_14, 'ar-EG').replace(/\u200f/g, '')).toBe('١٤/٠٣/٢٠٢٥');
  });

  it('takes the options it is given, such as a long date or a time in a time zone', () => {
    expect(formatDate(MARCH_14, 'de-DE', { dateStyle: 'long' })).toBe('14. März 2025');
    expect(
      formatDate('2025-03-14T09:05:00Z', 'de-DE', { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' }),
    ).toBe('14.03.25, 09:05');
  });

  it('accepts a timestamp or an ISO string as well as a Date', () => {
    expect(formatDate(MARCH_14.getTime(), 'de-DE')).toBe('14.03.2025');
    expect(formatDate('2025-03-14T12:00:00Z', 'en-US', { dateStyle: 'medium', timeZone: 'UTC' })).toBe('Mar 14, 2025');
  });
});

describe('formatNumber', () => {
  it('groups and marks decimals as the locale does', () => {
    expect(formatNumber(1234567.5, 'en-US')).toBe('1,234,567.5');
    expect(formatNumber(1234567.5, 'de-DE')).toBe('1.234.567,5');
  });

  it('writes Arabic-Indic digits and separators for ar-EG, Persian digits for fa-IR', () => {
    expect(formatNumber(1234567.5, 'ar-EG')).toBe('١٬٢٣٤٬٥٦٧٫٥');
    expect(formatNumber(1234, 'fa-IR')).toBe('۱٬۲۳۴');
  });

  it('passes options through to Intl', () => {
    expect(formatNumber(1234.5, 'de-DE', { style: 'currency', currency: 'EUR' })).toBe('1.234,50\u00a0€');
  });
});

describe('formatDuration', () => {
  it('writes m:ss below an hour and h:mm:ss from an hour, without grouping', () => {
    expect(formatDuration(0, 'en-US')).toBe('0:00');
    expect(formatDuration(65, 'en-US')).toBe('1:05');
    expect(formatDuration(3599, 'en-US')).toBe('59:59');
    expect(formatDuration(3600, 'en-US')).toBe('1:00:00');
    expect(formatDuration(3725, 'en-US')).toBe('1:02:05');
    expect(formatDuration(36_000 * 100, 'en-US')).toBe('1000:00:00');
  });

  it('counts whole seconds and never goes below zero', () => {
    expect(formatDuration(59.9, 'en-US')).toBe('0:59');
    expect(formatDuration(-5, 'en-US')).toBe('0:00');
  });

  it("writes the locale's digits", () => {
    expect(formatDuration(3725, 'ar-EG')).toBe('١:٠٢:٠٥');
    expect(formatDuration(65, 'fa-IR')).toBe('۱:۰۵');
  });
});
