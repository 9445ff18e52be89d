import { authMessages, isApiError, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@parley/api';
import { message } from '@parley/ui/toast';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { type ErrorDisplayTarget, showError } from './show-error';

/** The translate function of `useTranslation()`. */
export interface Translate {
  (key: string): string;
  (key: string, values: Record<string, unknown>): string;
}

/**
 * The server words its field messages in English, from the same contract the forms use; the ones
 * these forms can meet are shown in the interface language, anything else as the server said it.
 */
const SERVER_MESSAGE_KEYS: Record<string, [key: string, values?: Record<string, unknown>]> = {
  [authMessages.email]: ['web.account.emailRequired'],
  [authMessages.emailInvalid]: ['web.account.emailInvalid'],
  [authMessages.password]: ['web.login.passwordRequired'],
  [authMessages.passwordLength]: ['web.account.passwordLength', { min: PASSWORD_MIN_LENGTH }],
  [authMessages.passwordTooLong]: ['web.account.passwordTooLong', { max: PASSWORD_MAX_LENGTH }],
  [authMessages.confirm]: ['web.account.confirmRequired'],
  [authMessages.mismatch]: ['web.account.mismatch'],
  [authMessages.phoneInvalid]: ['web.phoneLogin.invalid'],
  [authMessages.captcha]: ['web.phoneLogin.codeRequired'],
  [authMessages.captchaInvalid]: ['web.error.captcha'],
};

/** A server field message in the interface language when the app knows it. */
export function translateServerMessage(text: string, t: Translate): string {
  const known = SERVER_MESSAGE_KEYS[text];
  return known ? t(known[0], known[1] ?? {}) : text;
}

interface ReportOptions<Values extends FieldValues> {
  setError: UseFormSetError<Values>;
  /** The fields this form shows: only their messages go on fields. */
  fields: readonly Path<Values>[];
  t: Translate;
  /** Where a redirect show-type goes (the exception page). */
  navigate: ErrorDisplayTarget['navigate'];
  /** A field's message of this form's own (an error code the app words itself); undefined keeps the server's. */
  fieldMessage?: (field: Path<Values>, serverText: string) => string | undefined;
}

/** Limits that say more than 'wait a moment': a day-long pause, a sending quota. */
const TOO_MANY_MESSAGES: Record<string, string> = {
  PHONE_LOCKED: 'web.phoneLogin.paused',
  SEND_LIMIT: 'web.error.sendLimit',
};

/**
 * Shows a failed account call: the messages of a 422 (or 409) on the fields they name, a lock-out
 * (429) as one translated warning, and anything else by its show-type (SPEC §4, §8). Answers
 * true when something went on a field.
 */
export function reportFormError<Values extends FieldValues>(error: unknown, options: ReportOptions<Values>): boolean {
  const { setError, fields, t, navigate, fieldMessage } = options;
  if (isApiError(error) && (error.status === 422 || error.status === 409)) {
    const named = fields.filter((field) => typeof error.fields[field] === 'string');
    named.forEach((field, index) => {
      const serverText = error.fields[field] ?? '';
      setError(
        field,
        { type: 'server', message: fieldMessage?.(field, serverText) ?? translateServerMessage(serverText, t) },
        { shouldFocus: index === 0 },
      );
    });
    if (named.length > 0) {
      return true;
    }
  }
  if (isApiError(error) && error.status === 429) {
    message.warning(t(TOO_MANY_MESSAGES[error.errorCode] ?? 'web.error.tooMany'));
    return false;
  }
  showError(error, { navigate });
  return false;
}
