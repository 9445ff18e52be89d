import { describe, expect, it } from 'vitest';
import { linkedText } from './index';

const PUBLIC_URL = 'http://localhost:8080';
const OPENED = 'http://127.0.0.1:8080';

describe("the development mailbox's links", () => {
  it("points Parley's own addresses at the origin the page was opened at, as links", () => {
    expect(
      linkedText('Set a new password: http://localhost:8080/user/reset-password/abc/123', PUBLIC_URL, OPENED),
    ).toBe(
      'Set a new password: <a href="http://127.0.0.1:8080/user/reset-password/abc/123">http://127.0.0.1:8080/user/reset-password/abc/123</a>',
    );
    expect(linkedText('Sign in at http://localhost:8080', PUBLIC_URL, OPENED)).toBe(
      'Sign in at <a href="http://127.0.0.1:8080">http://127.0.0.1:8080</a>',
    );
  });

  it('keeps other addresses as they are, and a look-alike host is not Parley', () => {
    expect(linkedText('See https://example.com/help and http://localhost:80801/x', PUBLIC_URL, OPENED)).toBe(
      'See <a href="https://example.com/help">https://example.com/help</a> and <a href="http://localhost:80801/x">http://localhost:80801/x</a>',
    );
  });

  it('leaves the full stop or bracket that ends a sentence out of the link', () => {
    expect(linkedText('(open http://localhost:8080/v/abc).', PUBLIC_URL, OPENED)).toBe(
      '(open <a href="http://127.0.0.1:8080/v/abc">http://127.0.0.1:8080/v/abc</a>).',
    );
  });

  it('escapes the text and the addresses, and links nothing but http and https', () => {
    expect(linkedText('<b>hi</b> javascript:alert(1) http://localhost:8080/x?a=1&b=<i>', PUBLIC_URL, OPENED)).toBe(
      '&#60;b&#62;hi&#60;/b&#62; javascript:alert(1) <a href="http://127.0.0.1:8080/x?a=1&#38;b=">http://127.0.0.1:8080/x?a=1&#38;b=</a>&#60;i&#62;',
    );
  });
});
