import { describe, expect, it } from 'vitest';
import { hasAuthority } from './authority';

describe('hasAuthority (SPEC §6)', () => {
  it('passes when nothing is required', () => {
    expect(hasAuthority(undefined, null)).toBe(true);
  });

  it('matches a string', () => {
    expect(hasAuthority('admin', 'admin')).toBe(true);
    expect(hasAuthority('admin', 'user')).toBe(false);
    expect(hasAuthority('admin', null)).toBe(false);
  });

  it('matches any entry of a list', () => {
    expect(hasAuthority(['admin', 'user'], 'user')).toBe(true);
    expect(hasAuthority(['admin'], 'user')).toBe(false);
    expect(hasAuthority([], 'admin')).toBe(false);
  });

  it('asks a function', () => {
    expect(hasAuthority((current) => current === 'user', 'user')).toBe(true);
    expect(hasAuthority((current) => current === 'user', 'admin')).toBe(false);
    expect(hasAuthority(() => true, null)).toBe(true);
  });
});
