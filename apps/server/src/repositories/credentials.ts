import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { passwordResets, phoneCodes } from '../db/schema';
import { safeEqual } from '../lib/secrets';

/** Stores a forgot-password token's hash; it lasts one hour and works once. */
export async function insertPasswordReset(db: Db, userId: string, tokenHash: string): Promise<void> {
  await db.insert(passwordResets).values({ userId, tokenHash, expiresAt: sql`now() + interval '1 hour'` });
}

/**
 * Uses a reset token: answers true only for the member's unused, unexpired token, and spends it
 * (with every other token of theirs) in the same statement, so it can never work twice.
 */
/** The reset link of this member and token, while it is unused and unexpired. */
function liveReset(userId: string, tokenHash: string) {
  return and(
    eq(passwordResets.userId, userId),
    eq(passwordResets.tokenHash, tokenHash),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, sql`now()`),
  );
}

export async function spendPasswordReset(db: Db, userId: string, tokenHash: string): Promise<boolean> {
  const spent = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(liveReset(userId, tokenHash))
    .returning({ id: passwordResets.id });
  if (spent.length === 0) {
    return false;
  }
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  return true;
}

/** Whether a reset link is live (not used, not expired), without spending it. */
export async function isPasswordResetLive(db: Db, userId: string, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(liveReset(userId, tokenHash))
    .limit(1);
  return row !== undefined;
}

export async function insertPhoneCode(db: Db, phone: string, codeHash: string, ttlSeconds: number): Promise<void> {
  // A new code replaces the ones before it.
  await db
    .update(phoneCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(phoneCodes.phone, phone), isNull(phoneCodes.usedAt)));
  await db.insert(phoneCodes).values({ phone, codeHash, expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})` });
}

/**
 * Checks a phone code against the newest live code for the number. Each check first takes one of
 * its tries in a single statement, so concurrent guesses cannot exceed the limit; the right code
 * is then spent.
 */
export async function checkPhoneCode(db: Db, phone: string, codeHash: string, maxAttempts: number): Promise<boolean> {
  const [code] = await db
    .select({ id: phoneCodes.id })
    .from(phoneCodes)
    .where(and(eq(phoneCodes.phone, phone), isNull(phoneCodes.usedAt), gt(phoneCodes.expiresAt, sql`now()`)))
    .orderBy(desc(phoneCodes.createdAt))
    .limit(1);
  if (!code) {
    return false;
  }
  const [tried] = await db
    .update(phoneCodes)
    .set({ attempts: sql`${phoneCodes.attempts} + 1` })
    .where(and(eq(phoneCodes.id, code.id), isNull(phoneCodes.usedAt), lt(phoneCodes.attempts, maxAttempts)))
    .returning({ codeHash: phoneCodes.codeHash });
  if (!tried || !safeEqual(tried.codeHash, codeHash)) {
    return false;
  }
  const spent = await db
    .update(phoneCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(phoneCodes.id, code.id), isNull(phoneCodes.usedAt)))
    .returning({ id: phoneCodes.id });
  return spent.length > 0;
}
