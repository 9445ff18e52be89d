import {
  ERROR_CODES,
  type ErrorCode,
  englishMessages,
  type MessageId,
  ShowType,
  type ShowTypeValue,
} from '@parley/api';

/** SPEC §8: the message when something went wrong on our side. */
export const DEFAULT_ERROR_MESSAGE = 'Request error, please retry.';

/**
 * An error a route throws on purpose: the status, a code of the contract's catalogue (the web app
 * compares it and words it), an English message, how the app shows it (SPEC §4), and the fields it
 * refuses, each by the id of a contract message (the error handler words it in English and passes
 * the id on, for the app to word in the member's language).
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly showType: ShowTypeValue;
  readonly fields: Record<string, MessageId> | undefined;
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    code: ErrorCode,
    message: string,
    options: { showType?: ShowTypeValue; fields?: Record<string, MessageId>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = code;
    this.showType = options.showType ?? ShowType.error;
    this.fields = options.fields;
    this.headers = options.headers ?? {};
  }
}

export const unauthorized = (message = 'Please sign in again.', code: ErrorCode = ERROR_CODES.unauthorized) =>
  new AppError(401, code, message);

export const forbidden = (message = 'Sorry, you are not authorized to access this page.') =>
  new AppError(403, ERROR_CODES.forbidden, message);

/** Also what another team's record answers: it does not exist for you. */
export const notFound = (message = 'Record does not exist.') => new AppError(404, ERROR_CODES.notFound, message);

export const conflict = (code: ErrorCode, message: string, fields?: Record<string, MessageId>) =>
  new AppError(409, code, message, fields ? { fields } : {});

/** Input the schema let through but the server refuses: the first field's message is the error's. */
export const invalid = (
  fields: Record<string, MessageId>,
  message = englishMessages[Object.values(fields)[0] ?? 'valueInvalid'],
) => new AppError(422, ERROR_CODES.validationFailed, message, { fields, showType: ShowType.warning });

export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, ERROR_CODES.tooManyRequests, `Too many attempts. Try again in ${retryAfterSeconds} seconds.`, {
    showType: ShowType.warning,
    headers: { 'retry-after': String(retryAfterSeconds) },
  });

/** PostgreSQL's SQLSTATE of a failed query (drizzle wraps the driver's error as its cause). */
export function sqlState(error: unknown): string | undefined {
  const code = (value: unknown) => (value as { code?: unknown } | undefined)?.code;
  const state = code(error) ?? code((error as { cause?: unknown } | undefined)?.cause);
  return typeof state === 'string' && /^[0-9A-Z]{5}$/.test(state) ? state : undefined;
}

/** A unique index refused the row: another request stored the same thing first. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}
