import { type CurrentUser, ERROR_CODES, type ErrorCode, englishMessages, type MessageId } from '@parley/api';
import { UiProvider } from '@parley/ui/provider';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage';

/** One call the stubbed server received. */
export interface ReceivedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Handler = (call: ReceivedCall) => Response | Promise<Response>;

/** A JSON answer, as the server sends it. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * The error body of the contract (ARCHITECTURE §4), as the server words it: each refused field by
 * the id of its contract message, sent in English under `fields` and by id under `fieldCodes`.
 */
export function errorBody(
  errorCode: ErrorCode,
  errorMessage: string,
  fields?: Record<string, MessageId>,
  showType = 2,
) {
  const refusals = fields
    ? {
        fields: Object.fromEntries(Object.entries(fields).map(([field, id]) => [field, englishMessages[id]])),
        fieldCodes: fields,
      }
    : {};
  return { success: false, errorCode, errorMessage, showType, ...refusals };
}

/** A token as the server signs it (the signature is not checked in the browser). */
export function fakeToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.c2lnbmF0dXJl`;
}

/** The signed-in member as `GET /api/currentUser` answers (SPEC §3), with these values changed. */
export function makeCurrentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    userid: '00000000-0000-4000-8000-000000000099',
    name: 'Nora Ali',
    avatar: null,
    email: 'admin@demo.parley.test',
    signature: '',
    title: '',
    group: '',
    tags: [],
    notifyCount: 0,
    unreadCount: 0,
    country: '',
    geographic: { province: { key: '', label: '' }, city: { key: '', label: '' } },
    address: '',
    phone: '',
    access: 'admin',
    team: { id: '00000000-0000-4000-8000-000000000098', name: 'Demo' },
    ...overrides,
  };
}

/** Signs a member of this role in, as a sign-in leaves storage (SPEC §3 keys); answers the token. */
export function storeSession(role: 'admin' | 'user', userId = '00000000-0000-4000-8000-000000000001'): string {
  const token = fakeToken({ sub: userId, user_name: 'Tess Tester', role, scope: 'full' });
  localStorage.setItem(STORAGE_KEYS.isLogin, 'true');
  localStorage.setItem(STORAGE_KEYS.loginRole, role);
  localStorage.setItem(STORAGE_KEYS.authToken, token);
  return token;
}

/** A successful login answer (SPEC §3). */
export function loginAnswer(token: string, { firstLogin = false, role = 'admin', type = 'account' } = {}) {
  return { statusCode: 200, status: 'ok', type, currentAuthority: role, data: { token, firstLogin } };
}

/**
 * Stubs `fetch` with a server answering `"METHOD /path"` keys; anything else is a 404. Answers
 * the calls received, in order.
 */
export function stubServer(handlers: Record<string, Handler>): ReceivedCall[] {
  const calls: ReceivedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      const text = typeof init?.body === 'string' ? init.body : undefined;
      const call = { method, path: url.pathname, query: url.searchParams, body: text ? JSON.parse(text) : undefined };
      calls.push(call);
      const handler = handlers[`${method} ${url.pathname}`];
      return handler ? handler(call) : json(404, errorBody(ERROR_CODES.notFound, 'Record does not exist.'));
    }),
  );
  return calls;
}

/** Shows where the router is, for pages the test does not render. */
function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{`${location.pathname}${location.search}`}</p>;
}

/**
 * Renders account screens in a memory router at `path`, with the app's providers; every other
 * address shows a stand-in naming itself. Answers the router, to assert navigation.
 */
export function renderRoutes(routes: RouteObject[], path: string | { pathname: string; state?: unknown }) {
  const router = createMemoryRouter([...routes, { path: '*', element: <Elsewhere /> }], { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: 0 } } });
  render(
    <QueryClientProvider client={queryClient}>
      <UiProvider locale="en-US">
        <RouterProvider router={router} />
      </UiProvider>
    </QueryClientProvider>,
  );
  return router;
}

/** The stand-in page the router ended on. */
export async function landedOn(): Promise<string> {
  return (await screen.findByTestId('elsewhere')).textContent ?? '';
}
