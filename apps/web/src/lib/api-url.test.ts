import { describe, expect, it } from 'vitest';
import { resolveApiUrl } from './api-url';

describe('resolveApiUrl', () => {
  it('keeps absolute addresses and resolves paths against the API address or the page', () => {
    expect(resolveApiUrl('https://bucket.s3.test/v?sig=1', '', 'http://app.test')).toBe(
      'https://bucket.s3.test/v?sig=1',
    );
    expect(resolveApiUrl('/files/videos/a?expires=1', '', 'http://app.test')).toBe(
      'http://app.test/files/videos/a?expires=1',
    );
    expect(resolveApiUrl('/files/x', 'https://api.test', 'http://app.test')).toBe('https://api.test/files/x');
  });
});
