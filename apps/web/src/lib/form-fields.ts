import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@parley/api';
import * as z from 'zod/mini';
import type { Translate } from './form-errors';

/**
 * SPEC §5: e-mail required ('Please input your E-mail!') and valid ('The input is not valid
 * E-mail!'), at most 320 characters; in lower case, as the server compares it.
 */
export function emailField(t: Translate) {
  return z.pipe(
    z
      .string()
      .check(
        z.trim(),
        z.toLowerCase(),
        z.minLength(1, { error: t('web.account.emailRequired') }),
        z.maxLength(EMAIL_MAX_LENGTH, { error: t('web.account.emailTooLong', { max: EMAIL_MAX_LENGTH }) }),
      ),
    z.email({ error: t('web.account.emailInvalid') }),
  );
}

/** A new password: required ('Please input your password!'), then the contract's 8 to 128 characters. */
export function newPasswordField(t: Translate) {
  return z
    .string()
    .check(
      z.minLength(1, { error: t('web.login.passwordRequired') }),
      z.minLength(PASSWORD_MIN_LENGTH, { error: t('web.account.passwordLength', { min: PASSWORD_MIN_LENGTH }) }),
      z.maxLength(PASSWORD_MAX_LENGTH, { error: t('web.account.passwordTooLong', { max: PASSWORD_MAX_LENGTH }) }),
    );
}

/** SPEC §5: the confirmation is required ('Please confirm your password!'). */
export function confirmPasswordField(t: Translate) {
  return z.string().check(z.minLength(1, { error: t('web.account.confirmRequired') }));
}

/**
 * SPEC §5: the confirmation must match ('The passwords that you entered do not match!'). An
 * empty confirmation already has its own message, so the mismatch waits for one.
 */
export function passwordsMatch(t: Translate) {
  return z.superRefine((value: { password: string; confirmPassword: string }, context) => {
    if (value.confirmPassword !== '' && value.password !== value.confirmPassword) {
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: t('web.account.mismatch') });
    }
  });
}
