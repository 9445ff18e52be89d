import { ShowType, type ShowTypeValue } from '@parley/api';

/** SPEC §8: the message when something went wrong on our side. */
export const DEFAULT_ERROR_MESSAGE = 'Request error, please retry.';

/**
 * An error a route throws on purpose: the status, a stable code the web app translates, an
 * English message, how the app shows it (SPEC §4), and field messages for forms.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly showType: ShowTypeValue;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    code: string,
    message: string,
    options: { showType?: ShowTypeValue; fields?: Record<string, string>; headers?: Record<string, string> } = {},
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

export const unauthorized = (message = 'Please sign in again.', code = 'UNAUTHORIZED') =>
  new AppError(401, code, message);

export const forbidden = (message = 'Sorry, you are not authorized to access this page.') =>
  new AppError(403, 'FORBIDDEN', message);

/** Also what another team's record answers: it does not exist for you. */
export const notFound = (message = 'Record does not exist.') => new AppError(404, 'NOT_FOUND', message);

export const conflict = (code: string, message: string, fields?: Record<string, string>) =>
  new AppError(409, code, message, fields ? { fields } : {});

export const invalid = (fields: Record<string, string>, message = Object.values(fields)[0] ?? 'Check the form.') =>
  new AppError(422, 'VALIDATION_FAILED', message, { fields, showType: ShowType.warning });

export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, 'TOO_MANY_REQUESTS', `Too many attempts. Try again in ${retryAfterSeconds} seconds.`, {
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
