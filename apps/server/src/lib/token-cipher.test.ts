import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenCipher, tokenKey } from './token-cipher';

describe('token cipher', () => {
  const key = randomBytes(32);

  it('seals a token so that it does not appear, with a new IV every time, and opens it again', () => {
    const cipher = createTokenCipher(key, 'slack');
    const first = cipher.seal('xoxb-1234-secret-abcd');
    const second = cipher.seal('xoxb-1234-secret-abcd');
    expect(first).not.toContain('secret');
    expect(Buffer.from(first, 'base64').toString('latin1')).not.toContain('secret');
    expect(first).not.toBe(second);
    expect(cipher.open(first)).toBe('xoxb-1234-secret-abcd');
    expect(cipher.open(second)).toBe('xoxb-1234-secret-abcd');
  });

  it('refuses a changed value, another key and another purpose', () => {
    const sealed = createTokenCipher(key, 'slack').seal('xoxb-token');
    const bytes = Buffer.from(sealed, 'base64');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(() => createTokenCipher(key, 'slack').open(bytes.toString('base64'))).toThrow();
    expect(() => createTokenCipher(randomBytes(32), 'slack').open(sealed)).toThrow();
    expect(() => createTokenCipher(key, 'other').open(sealed)).toThrow();
    expect(() => createTokenCipher(key, 'slack').open('c2hvcnQ=')).toThrow();
  });

  it('takes the configured key, or derives a stable one from the signing secret', () => {
    expect(tokenKey(key, 'a-signing-secret-of-enough-characters', 'slack')).toBe(key);
    const derived = tokenKey(undefined, 'a-signing-secret-of-enough-characters', 'slack');
    expect(derived).toHaveLength(32);
    expect(tokenKey(undefined, 'a-signing-secret-of-enough-characters', 'slack').equals(derived)).toBe(true);
    expect(tokenKey(undefined, 'another-signing-secret-of-enough-chars', 'slack').equals(derived)).toBe(false);
  });
});
