import { describe, expect, it } from 'vitest';
import { createUrlSigner, roundedExpiry } from './signed-urls';

describe('signed addresses', () => {
  const signer = createUrlSigner('a-key-only-the-server-holds');
  const later = new Date(Date.now() + 60_000);

  function parts(url: string) {
    const parsed = new URL(url, 'http://x');
    return {
      path: parsed.pathname,
      expires: parsed.searchParams.get('expires') ?? undefined,
      signature: parsed.searchParams.get('signature') ?? undefined,
    };
  }

  it('accepts its own address, and nothing changed in it', () => {
    const { path, expires, signature } = parts(signer.sign('PUT', '/uploads/abc/1', later));
    expect(signer.verify('PUT', path, expires, signature)).toBe('valid');
    expect(signer.verify('GET', path, expires, signature)).toBe('invalid');
    expect(signer.verify('PUT', '/uploads/abc/2', expires, signature)).toBe('invalid');
    expect(signer.verify('PUT', path, String(Number(expires) + 1), signature)).toBe('invalid');
    expect(signer.verify('PUT', path, expires, `${signature}x`)).toBe('invalid');
    expect(signer.verify('PUT', path, expires, undefined)).toBe('invalid');
    expect(signer.verify('PUT', path, '1e12', signature)).toBe('invalid');
    expect(createUrlSigner('another key').verify('PUT', path, expires, signature)).toBe('invalid');
  });

  it('says expired once the time is up, even for a right signature', () => {
    const { path, expires, signature } = parts(signer.sign('GET', '/files/videos/x', later));
    expect(signer.verify('GET', path, expires, signature, new Date(Date.now() + 120_000))).toBe('expired');
  });

  it('rounds expiries up to the hour, so an address stays the same for a while', () => {
    const now = Date.UTC(2026, 0, 1, 10, 17);
    expect(roundedExpiry(6 * 3600, 3600, now).toISOString()).toBe('2026-01-01T17:00:00.000Z');
    expect(roundedExpiry(6 * 3600, 3600, now + 60_000).toISOString()).toBe('2026-01-01T17:00:00.000Z');
  });
});
