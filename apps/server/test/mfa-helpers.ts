import { Secret, TOTP } from 'otpauth';

/** The six-digit code an authenticator app shows for `secret`, `stepsAhead` 30 s steps from now. */
export function totpCode(secret: string, stepsAhead = 0): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + stepsAhead * 30_000 });
}
