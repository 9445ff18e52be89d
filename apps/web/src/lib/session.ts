import type { LoginResponse } from '@parley/api';
import { useSyncExternalStore } from 'react';
import { clearSession, isLoggedIn, type Role, STORAGE_KEYS, saveSession, storedRole, storedToken } from './storage';
import { displayName } from './token';

/** What the app knows of the sign-in, read from local storage (SPEC §3 keys). */
export interface Session {
  loggedIn: boolean;
  token: string | null;
  /** The current authority (SPEC §6): the stored login role. */
  role: Role | null;
  /** The displayed name: the token's `user_name` claim. */
  name: string | null;
}

const listeners = new Set<() => void>();
/** Nobody is signed in where there is no browser storage: the prerendered pages and their hydration. */
const SIGNED_OUT: Session = { loggedIn: false, token: null, role: null, name: null };
let snapshot: Session = SIGNED_OUT;

function read(): Session {
  if (typeof localStorage === 'undefined') {
    return SIGNED_OUT;
  }
  const token = storedToken();
  return { loggedIn: isLoggedIn(), token, role: storedRole(), name: displayName(token) };
}

/** Re-reads storage; answers true when the session changed (the snapshot stays the same object otherwise). */
function refresh(): boolean {
  const next = read();
  if (next.loggedIn === snapshot.loggedIn && next.token === snapshot.token && next.role === snapshot.role) {
    return false;
  }
  snapshot = next;
  return true;
}

function publish(): void {
  if (refresh()) {
    for (const listener of listeners) {
      listener();
    }
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values(STORAGE_KEYS).includes(event.key as never)) {
      publish();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The session as storage holds it now (the same object while nothing changed, as React needs). */
export function getSession(): Session {
  refresh();
  return snapshot;
}

/**
 * The session, following changes. A prerendered page is hydrated as the signed-out page it was
 * rendered as; the stored session follows at once.
 */
export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession, () => SIGNED_OUT);
}

/** SPEC §4: statusCode 200 with a token stores it; the caller then redirects. */
export function startSession(response: LoginResponse, loginId?: string): void {
  saveSession(response.data.token, response.currentAuthority, loginId);
  publish();
}

/** SPEC §4: logout removes isLogin, loginRole and AuthToken, and keeps LoginID and VideoRecording. */
export function endSession(): void {
  clearSession();
  publish();
}
