import { describe, expect, it } from 'vitest';
import { contactForReading } from './contact-display';

describe('contactForReading', () => {
  it('groups an international number as its country writes it', () => {
    expect(contactForReading('+442079460634')).toBe('+44 20 7946 0634');
    expect(contactForReading('+12025550123')).toBe('+1 202 555 0123');
    expect(contactForReading('+4930901820')).toBe('+49 30 901820');
    expect(contactForReading(' +442079460634 ')).toBe('+44 20 7946 0634');
  });

  it('leaves what is not a valid number as it was', () => {
    expect(contactForReading('0800 FLOWERS')).toBe('0800 FLOWERS');
    expect(contactForReading('+1234')).toBe('+1234');
    expect(contactForReading('')).toBe('');
    expect(contactForReading(null)).toBeNull();
  });

  it('answers the same again from memory, and keeps reading new contacts once its memory is full', () => {
    expect(contactForReading('+442079460634')).toBe('+44 20 7946 0634');
    expect(contactForReading('+442079460634')).toBe('+44 20 7946 0634');
    for (let index = 0; index < 6000; index += 1) {
      expect(contactForReading(`caller-${index}`)).toBe(`caller-${index}`);
    }
    expect(contactForReading('+12025550123')).toBe('+1 202 555 0123');
    expect(contactForReading('+442079460634')).toBe('+44 20 7946 0634');
  });
});
