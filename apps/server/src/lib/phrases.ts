import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be mistaken for one another when read from an e-mail. */
const READABLE = 'abcdefghjkmnpqrstuvwxyzACDEFGHJKLMNPQRTUVWXY3479';

/** A one-time password for an invited member: 14 readable characters (about 78 bits). */
export function oneTimePassword(length = 14): string {
  return Array.from({ length }, () => READABLE[randomInt(READABLE.length)]).join('');
}
