import { createHmac } from 'node:crypto';
import { safeEqual } from './secrets';

export type SignedMethod = 'GET' | 'PUT';

export type SignatureCheck = 'valid' | 'expired' | 'invalid';

/**
 * Addresses that carry their own permission: an HMAC-SHA256 over the method, the path and the
 * expiry, with a key only the server holds. They stand in for S3's pre-signed URLs on local disk,
 * so the browser PUTs parts and plays videos without a bearer token (SPEC §7.2).
 */
export function createUrlSigner(key: string) {
  function signature(method: SignedMethod, path: string, expires: number): string {
    return createHmac('sha256', key).update(`${method}\n${path}\n${expires}`).digest('base64url');
  }

  return {
    /** `path?expires=…&signature=…`, valid until `expiresAt` (whole seconds). */
    sign(method: SignedMethod, path: string, expiresAt: Date): string {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      return `${path}?expires=${expires}&signature=${signature(method, path, expires)}`;
    },
    /** Checks a signature in constant time; an address past its expiry is `expired` even when signed. */
    verify(
      method: SignedMethod,
      path: string,
      expires: string | undefined,
      given: string | undefined,
      now = new Date(),
    ): SignatureCheck {
      if (!expires || !given || !/^\d{1,12}$/.test(expires)) {
        return 'invalid';
      }
      if (!safeEqual(signature(method, path, Number(expires)), given)) {
        return 'invalid';
      }
      return Number(expires) * 1000 < now.getTime() ? 'expired' : 'valid';
    },
  };
}
export type UrlSigner = ReturnType<typeof createUrlSigner>;

/**
 * An expiry at least `seconds` away, rounded up to the next whole `step`: the same address for
 * a while, so browsers can cache a poster or a video between two fetches of a list.
 */
export function roundedExpiry(seconds: number, step = 3600, now = Date.now()): Date {
  const earliest = now + seconds * 1000;
  return new Date(Math.ceil(earliest / (step * 1000)) * step * 1000);
}
