import { describe, expect, it } from 'vitest';
import { englishMessages } from '../messages';
import { addDomainSchemaWith, normalizeOrigin } from './domains';

describe('normalizeOrigin', () => {
  it('answers an origin as a browser writes it in Origin', () => {
    expect(normalizeOrigin('https://www.example.com')).toBe('https://www.example.com');
    expect(normalizeOrigin('  HTTPS://Shop.Example.COM/  ')).toBe('https://shop.example.com');
    expect(normalizeOrigin('http://localhost:8080')).toBe('http://localhost:8080');
    expect(normalizeOrigin('https://example.com:443')).toBe('https://example.com');
    expect(normalizeOrigin('http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(normalizeOrigin('http://[::1]:8080')).toBe('http://[::1]:8080');
    expect(normalizeOrigin('https://bücher.example')).toBe('https://xn--bcher-kva.example');
  });

  it('refuses anything that is not scheme, host and port', () => {
    for (const text of [
      '',
      'example.com',
      'www.example.com/shop',
      'ftp://example.com',
      'javascript:alert(1)',
      'https://',
      'https://example.com/shop',
      'https://example.com/?a=1',
      'https://example.com#top',
      'https://user:pass@example.com',
      'https://exa mple.com',
      'https://example.com:99999',
      'https://example..com',
      'https://example.com.',
      '*.example.com',
      'https://*.example.com',
    ]) {
      expect(normalizeOrigin(text), text).toBeNull();
    }
  });
});

describe('POST /api/domains body', () => {
  const schema = addDomainSchemaWith(englishMessages);

  it('takes an origin and gives it back normalized', () => {
    expect(schema.parse({ origin: ' https://Example.com/ ' })).toEqual({ origin: 'https://example.com' });
  });

  it('says what is wrong: missing, too long, not an origin', () => {
    const message = (origin: unknown) => schema.safeParse({ origin }).error?.issues[0]?.message;
    expect(message('  ')).toBe(englishMessages.originRequired);
    expect(message(undefined)).toBe(englishMessages.originRequired);
    expect(message(`https://${'a'.repeat(300)}.com`)).toBe(englishMessages.originTooLong);
    expect(message('https://example.com/shop')).toBe(englishMessages.originInvalid);
  });
});
