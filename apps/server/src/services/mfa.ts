import { randomInt } from 'node:crypto';
import { MFA_RECOVERY_CODE_LENGTH, MFA_RECOVERY_CODES } from '@parley/api';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Db } from '../db/client';
import { hmac } from '../lib/secrets';
import { createTokenCipher, type TokenCipher, tokenKey } from '../lib/token-cipher';
import { spendRecoveryCode, takeTotpStep } from '../repositories/profile';

/** RFC 6238 as every authenticator app reads it: SHA-1, six digits, 30 s steps. */
const PERIOD_SECONDS = 30;

function totp(secret: string, label = 'Parley'): TOTP {
  return new TOTP({
    issuer: 'Parley',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

const ciphers = new Map<string, TokenCipher>();
/** AES-256-GCM under a key derived from the server's secret key: TOTP secrets are kept sealed. */
function mfaCipher(secretKey: string): TokenCipher {
  let cipher = ciphers.get(secretKey);
  if (!cipher) {
    cipher = createTokenCipher(tokenKey(undefined, secretKey, 'mfa-secret'), 'mfa-secret');
    ciphers.set(secretKey, cipher);
  }
  return cipher;
}

/**
 * A TOTP secret as it is stored: sealed (AES-256-GCM), so that a copy of the database (a backup,
 * a leaked dump) does not hand out anyone's second factor, as the Slack token is kept.
 */
export function sealMfaSecret(secretKey: string, secret: string): string {
  return mfaCipher(secretKey).seal(secret);
}

/** The stored TOTP secret opened again; throws when it was not sealed with this server's key. */
export function openMfaSecret(secretKey: string, sealed: string): string {
  return mfaCipher(secretKey).open(sealed);
}

/** A new secret (160 bits, RFC 4226's recommendation) for a member to bind, with its URI and QR code. */
export async function newEnrolment(account: string): Promise<{ secret: string; uri: string; qrCode: string }> {
  const secret = new Secret({ size: 20 }).base32;
  const uri = totp(secret, account).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * The time step a six-digit code belongs to, or undefined when it is wrong: the current step, or one
 * either side (a clock a little off, a code typed as its step ended). The caller stores the step so
 * that no code, and no earlier one, is ever accepted again.
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | undefined {
  const delta = totp(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? undefined : TOTP.counter({ period: PERIOD_SECONDS, timestamp: now }) + delta;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten recovery codes of ten letters and digits (about 49 bits each), easy to read and type. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: MFA_RECOVERY_CODES }, () =>
    Array.from({ length: MFA_RECOVERY_CODE_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(
      '',
    ),
  );
}

/** Whether typed text has a recovery code's form rather than a six-digit TOTP code's. */
export function isRecoveryCode(code: string): boolean {
  return code.length === MFA_RECOVERY_CODE_LENGTH;
}

/**
 * Checks a code from the member's bound device (a six-digit TOTP code, each step once) or one of
 * their recovery codes (each once). False when the member has no device bound.
 */
export async function checkMfaCode(
  db: Db,
  secretKey: string,
  user: { id: string; mfaSecret: string | null },
  code: string,
): Promise<boolean> {
  if (user.mfaSecret === null) {
    return false;
  }
  if (isRecoveryCode(code)) {
    return spendRecoveryCode(db, user.id, recoveryCodeHash(secretKey, user.id, code));
  }
  const step = totpStep(openMfaSecret(secretKey, user.mfaSecret), code);
  // The conditional update compares the stored (sealed) value: the secret is still the one checked.
  return step !== undefined && takeTotpStep(db, user.id, user.mfaSecret, step);
}

/** A recovery code's stored form: keyed, so a leaked table cannot be tried offline. */
export function recoveryCodeHash(secretKey: string, userId: string, code: string): string {
  return hmac(secretKey, `mfa-recovery:${userId}:${code}`);
}
