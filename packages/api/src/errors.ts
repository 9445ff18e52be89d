import { type ErrorBody, errorBodySchema, ShowType, type ShowTypeValue } from './schemas/common';

/** Error codes the client itself gives, beside the server's own. */
export const CLIENT_ERROR_CODES = {
  /** Nothing answered: offline, DNS, refused, timed out (SPEC §8 'Network abnormal'). */
  network: 'NETWORK',
  /** The server answered something the contract does not describe. */
  invalidResponse: 'INVALID_RESPONSE',
  /** The server answered an error without Parley's error body (a proxy's 502 page, say). */
  http: 'HTTP',
} as const;

interface ApiErrorInit {
  status: number;
  errorCode: string;
  errorMessage: string;
  showType: ShowTypeValue;
  fields?: Record<string, string>;
  url: string;
  cause?: unknown;
}

/**
 * Every failed call throws this one error: the HTTP status (0 when nothing answered), the server's
 * code, message and show-type (SPEC §7.3), and field messages for forms. The package never shows
 * it: the app decides how (SPEC §4 show-types, §8 status descriptions).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errorCode: string;
  readonly errorMessage: string;
  readonly showType: ShowTypeValue;
  readonly fields: Record<string, string>;
  readonly url: string;

  constructor(init: ApiErrorInit) {
    super(init.errorMessage, { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.errorCode = init.errorCode;
    this.errorMessage = init.errorMessage;
    this.showType = init.showType;
    this.fields = init.fields ?? {};
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
      url,
    });
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
