/** The browser storage keys of SPEC §3, named as the spec names them. */
export const STORAGE_KEYS = {
  isLogin: 'isLogin',
  loginRole: 'loginRole',
  authToken: 'AuthToken',
  loginId: 'LoginID',
  videoRecording: 'VideoRecording',
} as const;

export type Role = 'admin' | 'user';

/** What a successful sign-in leaves in local storage. */
export function saveSession(token: string, role: Role, loginId?: string): void {
  localStorage.setItem(STORAGE_KEYS.isLogin, 'true');
  localStorage.setItem(STORAGE_KEYS.loginRole, role);
  localStorage.setItem(STORAGE_KEYS.authToken, token);
  if (loginId) {
    localStorage.setItem(STORAGE_KEYS.loginId, loginId);
  }
}

/** SPEC §4: logout removes isLogin, loginRole and AuthToken; LoginID and VideoRecording stay. */
export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.isLogin);
  localStorage.removeItem(STORAGE_KEYS.loginRole);
  localStorage.removeItem(STORAGE_KEYS.authToken);
}

/** SPEC §4: the user counts as logged in when the stored isLogin flag is non-empty. */
export function isLoggedIn(): boolean {
  return Boolean(localStorage.getItem(STORAGE_KEYS.isLogin));
}

export function storedToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.authToken);
}

export function storedRole(): Role | null {
  const role = localStorage.getItem(STORAGE_KEYS.loginRole);
  return role === 'admin' || role === 'user' ? role : null;
}

/** Remembers the account to sign in with next (LoginID): after a reset, the login page is filled with it. */
export function rememberLoginId(loginId: string): void {
  localStorage.setItem(STORAGE_KEYS.loginId, loginId);
}

/** SPEC §3 LoginID: the last account signed in with here ('' where there is no storage, as when prerendering). */
export function storedLoginId(): string {
  return typeof localStorage === 'undefined' ? '' : (localStorage.getItem(STORAGE_KEYS.loginId) ?? '');
}
