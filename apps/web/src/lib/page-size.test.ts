import { describe, expect, it } from 'vitest';
import { offeredPageSize, PAGE_SIZE_OPTIONS } from './page-size';

describe('offeredPageSize', () => {
  it('keeps each size the lists offer', () => {
    for (const size of PAGE_SIZE_OPTIONS) {
      expect(offeredPageSize(String(size))).toBe(size);
    }
  });

  it('falls back to 10 for anything else', () => {
    for (const value of [null, '', '7', '25', '1000', '-10', '10.5', 'ten']) {
      expect(offeredPageSize(value), String(value)).toBe(10);
    }
  });
});
