import { ERROR_CODES } from '@parley/api';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';
import { notifyMember } from '../repositories/notices';
import { findActiveUserByPhone } from '../repositories/users';
import { countUp, peekCount } from './rate-limits';

/** Wrong codes for one number in a day before phone sign-in for it is paused. */
export const PHONE_FAILURES_PER_DAY = 10;
/** How long phone sign-in stays paused, and the window the wrong codes are counted in. */
export const PHONE_LOCK_SECONDS = 24 * 60 * 60;
/** Codes one number may be sent in a day (besides 3 per 10 minutes). */
export const PHONE_CODES_PER_DAY = 10;

const lockKey = (phone: string) => `phone-lock:${phone}`;

export const phoneLocked = (retryAfterSeconds: number) =>
  new AppError(
    429,
    ERROR_CODES.phoneLocked,
    'Phone sign-in is paused for this number after too many wrong codes. Sign in with your password, or try again tomorrow.',
    { headers: { 'retry-after': String(retryAfterSeconds) } },
  );

/** Refuses (429) a number whose phone sign-in is paused: no code is sent, no code is checked. */
export async function assertPhoneUnlocked(app: FastifyInstance, phone: string): Promise<void> {
  const lock = await peekCount(app.db, lockKey(phone));
  if (lock.current > 0) {
    throw phoneLocked(lock.ttlSeconds);
  }
}

/** The code requests' own limit (`limits` names its counters `<rule>:<key>`; routes/api/login.ts). */
export const CODE_REQUESTS_RULE = 'captcha-number';

/**
 * Counts a wrong code for the number, whoever it belongs to (so a pause says nothing about
 * membership), when a code was asked for it in the last ten minutes: a guess with no code to hit
 * cannot succeed, and counting it would let anyone pause anyone's phone sign-in without a text.
 * The tenth in a day pauses phone sign-in for the number for a day and tells the member it
 * belongs to, in Parley and by e-mail.
 */
export async function recordWrongPhoneCode(app: FastifyInstance, phone: string): Promise<void> {
  if ((await peekCount(app.db, `${CODE_REQUESTS_RULE}:${phone}`)).current === 0) {
    return;
  }
  const failures = await countUp(app.db, `phone-fail:${phone}`, PHONE_LOCK_SECONDS);
  if (failures.current !== PHONE_FAILURES_PER_DAY) {
    return;
  }
  await countUp(app.db, lockKey(phone), PHONE_LOCK_SECONDS);
  const member = await findActiveUserByPhone(app.db, phone);
  if (!member) {
    return;
  }
  const description = `Someone entered ${PHONE_FAILURES_PER_DAY} wrong sign-in codes for ${phone} today, so phone sign-in for it is paused for 24 hours. Your password still signs you in. If it was not you, nobody got in; consider changing your password.`;
  await notifyMember(app.db, app.events, {
    category: 'account',
    teamId: member.teamId,
    userId: member.id,
    type: 'notification',
    title: 'Phone sign-in paused after wrong codes',
    description,
  });
  await app.outbox.sendEmail({
    teamId: member.teamId,
    to: member.email,
    subject: 'Phone sign-in to Parley is paused',
    text: [`Hello ${member.name},`, '', description].join('\n'),
  });
}
