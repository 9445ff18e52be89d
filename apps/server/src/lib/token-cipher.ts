import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts a secret to keep at rest (AES-256-GCM): base64 of a random 12-byte IV, the 16-byte
 * authentication tag and the ciphertext. `purpose` is bound in as additional data, so a value made
 * for one use does not decrypt as another.
 */
export interface TokenCipher {
  seal: (plain: string) => string;
  /** Throws when the value was not sealed with this key and purpose, or was changed. */
  open: (sealed: string) => string;
}

/**
 * A key: the configured one when set (SLACK_TOKEN_KEY), else HKDF-SHA256 of the server's secret key
 * (itself derived from the JWT signing secret), a different key for each `info` (use).
 */
export function tokenKey(configured: Buffer | undefined, signingSecret: string, info: string): Buffer {
  if (configured) {
    return configured;
  }
  return Buffer.from(hkdfSync('sha256', signingSecret, 'parley-token-encryption', info, 32));
}

export function createTokenCipher(key: Buffer, purpose: string): TokenCipher {
  if (key.length !== 32) {
    throw new Error('An AES-256 key has 32 bytes.');
  }
  const aad = Buffer.from(purpose);
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(sealed) {
      const bytes = Buffer.from(sealed, 'base64');
      if (bytes.length < IV_BYTES + TAG_BYTES) {
        throw new Error('Not a sealed value.');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(aad);
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}
