import { ERROR_CODES, isApiError } from '@parley/api';
import { message } from '@parley/ui/toast';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { serverFieldMessage, type Translate } from './contract-messages';
import { type ErrorDisplayTarget, showError } from './show-error';

interface ReportOptions<Values extends FieldValues> {
  setError: UseFormSetError<Values>;
  /** The fields this form shows: only their messages go on fields. */
  fields: readonly Path<Values>[];
  t: Translate;
  /** Where a redirect show-type goes (the exception page). */
  navigate: ErrorDisplayTarget['navigate'];
}

/** Limits that say more than 'wait a moment': a day-long pause, a sending quota. */
const TOO_MANY_MESSAGES: Record<string, string> = {
  [ERROR_CODES.phoneLocked]: 'web.phoneLogin.paused',
  [ERROR_CODES.sendLimit]: 'web.error.sendLimit',
};

/**
 * Shows a failed call of a form: the messages of a 422 (or 409) on the fields they name, in the
 * interface language by their message ids, a lock-out
 * (429) as one translated warning, and anything else by its show-type (SPEC §4, §8). Answers
 * true when something went on a field.
 */
export function reportFormError<Values extends FieldValues>(error: unknown, options: ReportOptions<Values>): boolean {
  const { setError, fields, t, navigate } = options;
  if (isApiError(error) && (error.status === 422 || error.status === 409)) {
    const named = fields.filter((field) => typeof error.fields[field] === 'string');
    named.forEach((field, index) => {
      setError(
        field,
        { type: 'server', message: serverFieldMessage(error, field, t) ?? '' },
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
