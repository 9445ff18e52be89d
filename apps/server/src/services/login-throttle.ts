import type { Db } from '../db/client';
import { tooManyRequests } from '../lib/errors';
import { countUp, forgetCount, peekCount } from './rate-limits';

/** Failed passwords one address may try on one account in a window before it waits the window out. */
export const PAIR_FAILURES = 5;
/** Failed passwords on one account, from any address, that mark it as under attack. */
export const ACCOUNT_FAILURES = 10;
export const FAILURE_WINDOW_SECONDS = 15 * 60;
/** Under attack, an address that has failed on the account may try once this often. */
export const SLOW_SECONDS = 60;

/**
 * Password sign-in throttling that slows guessing without locking the owner out. Only failures
 * count: an address that keeps failing on an account waits (five failures, then the rest of 15
 * minutes); while an account collects failures from many addresses, each address that has failed
 * on it may try once a minute; an address with no failure on the account is never held back by
 * the others', so the right password from the owner's own device still signs in.
 *
 * Call it before checking the password; it answers a function to call with the outcome. The
 * attempt is counted for its address before the check, so parallel guesses cannot slip past the
 * limit; a right password forgets that address's failures.
 */
export async function beginPasswordAttempt(
  db: Db,
  email: string,
  address: string,
): Promise<(succeeded: boolean) => Promise<void>> {
  const pairKey = `login-fail-pair:${email}:${address}`;
  const accountKey = `login-fail-account:${email}`;
  const [pair, account] = await Promise.all([countUp(db, pairKey, FAILURE_WINDOW_SECONDS), peekCount(db, accountKey)]);
  if (pair.current > PAIR_FAILURES) {
    throw tooManyRequests(pair.ttlSeconds);
  }
  const failedHereBefore = pair.current > 1;
  if (account.current >= ACCOUNT_FAILURES && failedHereBefore) {
    const slow = await countUp(db, `login-slow:${email}:${address}`, SLOW_SECONDS);
    if (slow.current > 1) {
      throw tooManyRequests(slow.ttlSeconds);
    }
  }
  return async (succeeded) => {
    if (succeeded) {
      await forgetCount(db, pairKey);
    } else {
      await countUp(db, accountKey, FAILURE_WINDOW_SECONDS);
    }
  };
}
