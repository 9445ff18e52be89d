/** SPEC §9: the page after a login when nothing else is asked for. */
export const DEFAULT_AFTER_LOGIN = '/dashboard';
export const LOGIN_PATH = '/user/login';

/**
 * SPEC §2.2: where to go after a login. A `redirect` parameter is honoured only when it points to
 * the app's own origin; another origin sends the user to `/`. A hash-style address
 * (`https://app/#/call-history`) takes its path from after the hash. Answers a path within the app.
 */
export function afterLoginPath(redirect: string | null | undefined, origin: string): string {
  if (!redirect) {
    return DEFAULT_AFTER_LOGIN;
  }
  let target: URL;
  try {
    target = new URL(redirect, origin);
  } catch {
    return '/';
  }
  if (target.origin !== origin) {
    return '/';
  }
  if (target.hash.startsWith('#/')) {
    // What follows the hash is an address of its own (`/#//host/x` names another host): checked the same way.
    return afterLoginPath(target.hash.slice(1), origin);
  }
  // `https://app//host/x` has a path the router would take for another host.
  if (target.pathname.startsWith('//')) {
    return '/';
  }
  const path = `${target.pathname}${target.search}${target.hash}`;
  // A redirect back to the login page would loop.
  return target.pathname === LOGIN_PATH ? DEFAULT_AFTER_LOGIN : path;
}

/**
 * SPEC §2.2: where logout sends the user. On the login page, or when the address already carries
 * a `redirect`, nothing changes (null); otherwise `/` with the current full address as `redirect`.
 */
export function afterLogoutLocation(current: URL): string | null {
  if (current.pathname === LOGIN_PATH || current.searchParams.has('redirect')) {
    return null;
  }
  return `/?${new URLSearchParams({ redirect: current.href })}`;
}

/** The login page, remembering the address that asked for it. */
export function loginLocation(current: URL): string {
  return `${LOGIN_PATH}?${new URLSearchParams({ redirect: current.href })}`;
}
