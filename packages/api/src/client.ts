import type * as z from 'zod/mini';
import { CLIENT_ERROR_CODES } from './error-codes';
import { ApiError } from './errors';
import { ShowType } from './schemas/common';

/** SPEC §9: the request layer's default cache time. */
export const DEFAULT_CACHE_TTL_MS = 60_000;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface ApiClientOptions {
  /** The API's base address (a build-time setting in the app); empty means the page's own origin. */
  baseUrl?: string;
  /** The bearer token of the signed-in member, read at each call. */
  getToken?: () => string | null | undefined;
  /** A fetch of your own (tests, server-side use); the global fetch otherwise. */
  fetch?: typeof globalThis.fetch;
  /** Milliseconds before a call gives up; none by default (SPEC §7.3). */
  timeout?: number;
  /** The XSRF cookie whose value is echoed in a header (SPEC §7.3); `false` turns it off. */
  xsrf?: { cookieName: string; headerName: string } | false;
  /** Where the XSRF cookie is read; `document.cookie` in a browser. */
  readCookies?: () => string;
}

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** Plain objects go as JSON; URLSearchParams, FormData, Blob and text go as they are (form encoding). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeout?: number;
  /** GET only: reuse an answer for this many milliseconds (`true` means SPEC §9's 60 000). */
  cache?: boolean | number;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** Let the request outlive the page (fetch's `keepalive`): a change sent as the page is left. */
  keepalive?: boolean;
}

export type RequestFunction = <Schema extends z.ZodMiniType>(
  schema: Schema,
  method: HttpMethod,
  path: string,
  options?: RequestOptions,
) => Promise<z.output<Schema>>;

const DEFAULT_XSRF = { cookieName: 'XSRF-TOKEN', headerName: 'X-XSRF-TOKEN' };

function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        // A cookie that is not valid URI encoding is sent as it is rather than failing every call.
        return rest.join('=');
      }
    }
  }
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') {
    return false;
  }
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null || Array.isArray(value);
}

/**
 * What goes on the wire: plain objects (copied, so one without a prototype serialises too) as JSON,
 * text as form encoding unless the caller named a type, everything else as it is.
 */
function requestBody(
  body: unknown,
  headers: Record<string, string>,
): BodyInit | Record<string, unknown> | unknown[] | undefined {
  if (body === undefined) {
    return undefined;
  }
  if (isPlainObject(body)) {
    return Array.isArray(body) ? body : { ...body };
  }
  if (typeof body === 'string' && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
  }
  return body as BodyInit;
}

function cleanQuery(query: Record<string, QueryValue> | undefined): Record<string, unknown> | undefined {
  if (!query) {
    return undefined;
  }
  const entries = Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== '');
  return Object.fromEntries(entries.map(([key, value]) => [key, Array.isArray(value) ? value.join(',') : value]));
}

/** The path and query joined to the base address (a path prefix in it is kept). */
function requestUrl(baseUrl: string, path: string, query: Record<string, unknown> | undefined): string {
  const base = baseUrl.endsWith('/') && path.startsWith('/') ? baseUrl.slice(0, -1) : baseUrl;
  // Spaces as %20 and lists' commas as they are, as the server's logs and the tests read them best.
  const encode = (text: string) => encodeURIComponent(text).replace(/%2C/gi, ',');
  const search = query
    ? Object.entries(query)
        .map(([key, value]) => `${encode(key)}=${encode(String(value))}`)
        .join('&')
    : '';
  return `${base}${path}${search ? `${path.includes('?') ? '&' : '?'}${search}` : ''}`;
}

/** A body as fetch takes it: a plain object or array as JSON, or form-encoded when the caller's content type says so. */
function encodeBody(body: ReturnType<typeof requestBody>, headers: Record<string, string>): BodyInit | undefined {
  if (body === undefined || !isPlainObject(body)) {
    return body as BodyInit | undefined;
  }
  const contentType = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  if (contentType?.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    return new URLSearchParams(body as Record<string, string>).toString();
  }
  if (!contentType) {
    headers['Content-Type'] = 'application/json';
  }
  return JSON.stringify(body);
}

/** An answer's body: JSON when it is JSON, otherwise its text; nothing for an empty body. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') {
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The request layer of SPEC §7.3 over the platform's fetch: base address, cookies sent, bearer
 * token, JSON or form bodies, XSRF header, optional cache and timeout; 2xx is success, `success:
 * false` and every other status throw an {@link ApiError}; answers are parsed with the contract's
 * zod schemas.
 */
export function createRequest(options: ApiClientOptions = {}): RequestFunction & { clearCache: () => void } {
  const baseUrl = options.baseUrl ?? '';
  const xsrf = options.xsrf === false ? null : (options.xsrf ?? DEFAULT_XSRF);
  const readCookies = options.readCookies ?? (() => (typeof document === 'undefined' ? '' : document.cookie));
  const cache = new Map<string, { expires: number; value: unknown }>();

  async function request<Schema extends z.ZodMiniType>(
    schema: Schema,
    method: HttpMethod,
    path: string,
    requestOptions: RequestOptions = {},
  ): Promise<z.output<Schema>> {
    const headers: Record<string, string> = { Accept: 'application/json', ...requestOptions.headers };
    const token = requestOptions.auth === false ? undefined : options.getToken?.();
    if (token) {
      headers.Authorization = `Bearer ${token}`;
    }
    if (xsrf) {
      const value = readCookie(readCookies(), xsrf.cookieName);
      if (value) {
        headers[xsrf.headerName] = value;
      }
    }
    const query = cleanQuery(requestOptions.query);
    const url = `${baseUrl}${path}`;

    const cacheTtl =
      method === 'GET' && requestOptions.cache
        ? requestOptions.cache === true
          ? DEFAULT_CACHE_TTL_MS
          : requestOptions.cache
        : 0;
    const cacheKey =
      cacheTtl > 0 ? `${token ?? ''} ${path}?${new URLSearchParams(query as Record<string, string>)}` : '';
    if (cacheTtl > 0) {
      const hit = cache.get(cacheKey);
      if (hit && hit.expires > Date.now()) {
        return hit.value as z.output<Schema>;
      }
    }

    const body = encodeBody(requestBody(requestOptions.body, headers), headers);
    const timeout = requestOptions.timeout ?? options.timeout;
    const signals = [requestOptions.signal, timeout ? AbortSignal.timeout(timeout) : undefined].filter(
      (signal): signal is AbortSignal => signal !== undefined,
    );
    // The global fetch is read at each call (a test or a polyfill may replace it).
    const fetcher = options.fetch ?? globalThis.fetch;
    let response: Response;
    let raw: unknown;
    try {
      response = await fetcher(requestUrl(baseUrl, path, query), {
        method,
        headers,
        credentials: 'include',
        ...(body === undefined ? {} : { body }),
        ...(requestOptions.keepalive ? { keepalive: true } : {}),
        ...(signals.length > 0 ? { signal: signals.length === 1 ? signals[0] : AbortSignal.any(signals) } : {}),
      });
      raw = await readBody(response);
    } catch (error) {
      if (requestOptions.signal?.aborted) {
        throw error;
      }
      throw new ApiError({
        status: 0,
        errorCode: CLIENT_ERROR_CODES.network,
        errorMessage: 'Your network is abnormal and cannot connect to the server',
        showType: ShowType.notification,
        url,
        cause: error,
      });
    }
    if (!response.ok) {
      throw ApiError.fromResponse(response.status, raw, url, response.statusText);
    }

    if (raw !== null && typeof raw === 'object' && (raw as { success?: unknown }).success === false) {
      throw ApiError.fromResponse(200, raw, url);
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      throw new ApiError({
        status: 200,
        errorCode: CLIENT_ERROR_CODES.invalidResponse,
        errorMessage: `The server's answer to ${method} ${path} does not match the contract.`,
        showType: ShowType.error,
        url,
        cause: parsed.error,
      });
    }
    if (cacheTtl > 0) {
      cache.set(cacheKey, { expires: Date.now() + cacheTtl, value: parsed.data });
    }
    return parsed.data;
  }

  return Object.assign(request, { clearCache: () => cache.clear() });
}
