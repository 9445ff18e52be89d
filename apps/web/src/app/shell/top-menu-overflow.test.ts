import { describe, expect, it } from 'vitest';
import { fittingCount } from './top-menu-overflow';

describe('fittingCount (top menu overflow)', () => {
  it('keeps every entry when all fit, with no room kept for More', () => {
    expect(fittingCount([100, 100, 100], 300, 80)).toBe(3);
  });

  it('moves what does not fit behind More, keeping room for More itself', () => {
    expect(fittingCount([100, 100, 100, 100], 330, 80)).toBe(2);
    expect(fittingCount([100, 100, 100, 100], 390, 80)).toBe(3);
  });

  it('may keep none when the bar is very narrow', () => {
    expect(fittingCount([100, 100], 90, 80)).toBe(0);
  });
});
