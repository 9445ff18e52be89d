import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A random URL-safe token of `bytes` bytes (32 bytes: 256 bits). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A numeric code of `length` digits, from a cryptographic source. */
export function randomDigits(length: number): string {
  return Array.from({ length }, () => randomInt(10)).join('');
}

/** SHA-256 of a high-entropy token: enough to store it so that a database leak reveals nothing usable. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** Keyed hash for low-entropy secrets (six-digit codes), so a leaked table cannot be brute-forced offline. */
export function hmac(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The signing secret: from the setting when given, otherwise made on first start and kept in the
 * data folder (readable by its owner only), so sessions survive a restart.
 */
export function loadSigningSecret(configured: string | undefined, dataDir: string): string {
  if (configured) {
    return configured;
  }
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    return readFileSync(file, 'utf8').trim();
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomToken(48);
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
