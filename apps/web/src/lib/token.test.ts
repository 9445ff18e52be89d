import { describe, expect, it } from 'vitest';
import { decodeToken, displayName } from './token';

function tokenWith(claims: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}

describe('token claims (SPEC §6)', () => {
  it('reads user_name from a three-part token', () => {
    const token = tokenWith({ user_name: 'Ada Lovelace', role: 'admin' });
    expect(decodeToken(token)).toMatchObject({ user_name: 'Ada Lovelace', role: 'admin' });
    expect(displayName(token)).toBe('Ada Lovelace');
  });

  it('reads names outside Latin script', () => {
    expect(displayName(tokenWith({ user_name: 'ليلى' }))).toBe('ليلى');
  });

  it('answers null for anything that is not a three-part token', () => {
    expect(decodeToken(null)).toBeNull();
    expect(decodeToken('abc')).toBeNull();
    expect(decodeToken('a.b')).toBeNull();
    expect(decodeToken('a.%%%.c')).toBeNull();
    expect(displayName(tokenWith({ role: 'user' }))).toBeNull();
  });
});
