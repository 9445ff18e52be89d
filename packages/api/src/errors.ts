import { CLIENT_ERROR_CODES } from './error-codes';
import { type ErrorBody, errorBodySchema, ShowType, type ShowTypeValue } from './schemas/common';

interface ApiErrorInit {
  status: number;
  errorCode: string;
  errorMessage: string;
  showType: ShowTypeValue;
  fields?: Record<string, string>;
  fieldCodes?: Record<string, string>;
  url: string;
  cause?: unknown;
}

/**
 * Every failed call throws this one error: the HTTP status (0 when nothing answered), the server's
 * code, message and show-type (SPEC §7.3), and field messages for forms: `fields` in English,
 * `fieldCodes` the ids of the same messages (see `englishMessages`), for an app to word them in its
 * own language. The package never shows it: the app decides how (SPEC §4 show-types, §8 status
 * descriptions).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errorCode: string;
  readonly errorMessage: string;
  readonly showType: ShowTypeValue;
  readonly fields: Record<string, string>;
  /** A field's message id, where the server's rule has one (a newer server's may be unknown here). */
  readonly fieldCodes: Record<string, string>;
  readonly url: string;

  constructor(init: ApiErrorInit) {
    super(init.errorMessage, { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.errorCode = init.errorCode;
    this.errorMessage = init.errorMessage;
    this.showType = init.showType;
    this.fields = init.fields ?? {};
    this.fieldCodes = init.fieldCodes ?? {};
    this.url = init.url;
  }

  /** True when nothing answered at all. */
  get isNetworkError(): boolean {
    return this.errorCode === CLIENT_ERROR_CODES.network;
  }

  /** Builds the error from a response body, whatever shape it has. */
  static fromResponse(status: number, body: unknown, url: string, statusText = ''): ApiError {
    const parsed = errorBodySchema.safeParse(body);
    if (parsed.success) {
      return ApiError.fromBody(status, parsed.data, url);
    }
    return new ApiError({
      status,
      errorCode: CLIENT_ERROR_CODES.http,
      errorMessage: statusText || `HTTP ${status}`,
      showType: ShowType.notification,
      url,
    });
  }

  static fromBody(status: number, body: ErrorBody, url: string): ApiError {
    return new ApiError({
      status,
      errorCode: body.errorCode,
      errorMessage: body.errorMessage,
      showType: body.showType,
      ...(body.fields ? { fields: body.fields } : {}),
      ...(body.fieldCodes ? { fieldCodes: body.fieldCodes } : {}),
      url,
    });
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
