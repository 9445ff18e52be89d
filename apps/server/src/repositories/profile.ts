import type { NotificationSettings, SecuritySettings } from '@parley/api';
import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mfaRecoveryCodes, users } from '../db/schema';

type UserRow = typeof users.$inferSelect;

/** The member's New Message Notification switches as the contract names them. */
export function notificationSettingsOf(user: UserRow): NotificationSettings {
  return { account: user.notifyAccount, system: user.notifySystem, todo: user.notifyTodo };
}

/** What Security Settings and New Message Notification show of the member. */
export async function securitySettings(db: Db, user: UserRow): Promise<SecuritySettings> {
  const [left] = await db
    .select({ value: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, user.id), isNull(mfaRecoveryCodes.usedAt)));
  return {
    mfa: { bound: user.mfaSecret !== null, recoveryCodesLeft: user.mfaSecret === null ? 0 : (left?.value ?? 0) },
    notifications: notificationSettingsOf(user),
  };
}

export async function updateNotificationSettings(
  db: Db,
  userId: string,
  change: Partial<NotificationSettings>,
): Promise<UserRow | undefined> {
  const [user] = await db
    .update(users)
    .set({
      ...(change.account === undefined ? {} : { notifyAccount: change.account }),
      ...(change.system === undefined ? {} : { notifySystem: change.system }),
      ...(change.todo === undefined ? {} : { notifyTodo: change.todo }),
    })
    .where(and(eq(users.id, userId), isNull(users.removedAt)))
    .returning();
  return user;
}

/** Keeps a secret offered for binding until a code from it confirms it (a new offer replaces it). */
export async function setPendingMfaSecret(db: Db, userId: string, secret: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ mfaPendingSecret: secret })
    .where(and(eq(users.id, userId), isNull(users.mfaSecret)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The member's row, locked until the transaction ends: binding and unbinding are served one at a time. */
export async function lockUser(db: Db, userId: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.removedAt)))
    .for('update');
  return user;
}

/**
 * Binds the pending secret and stores the recovery codes' hashes. The confirming code's step is not
 * kept as spent: it was typed into a signed-in session, and the member signs in again with the code
 * their app shows next, often still the same one.
 */
export async function bindMfa(db: Db, userId: string, secret: string, codeHashes: string[]) {
  await db
    .update(users)
    .set({ mfaSecret: secret, mfaPendingSecret: null, mfaLastStep: null })
    .where(eq(users.id, userId));
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.insert(mfaRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

export async function unbindMfa(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ mfaSecret: null, mfaPendingSecret: null, mfaLastStep: null })
    .where(and(eq(users.id, userId), isNotNull(users.mfaSecret)))
    .returning({ id: users.id });
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  return rows.length > 0;
}

/**
 * Accepts a TOTP code's step for the member's bound secret only if it is later than every step
 * accepted before, in one conditional statement: the same code sent twice at once works once.
 */
export async function takeTotpStep(db: Db, userId: string, secret: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ mfaLastStep: step })
    .where(
      and(
        eq(users.id, userId),
        eq(users.mfaSecret, secret),
        or(isNull(users.mfaLastStep), lt(users.mfaLastStep, step)),
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Spends a recovery code in one statement: it works once, even sent twice at once. */
export async function spendRecoveryCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, codeHash),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return rows.length > 0;
}
