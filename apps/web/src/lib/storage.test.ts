import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, isLoggedIn, STORAGE_KEYS, saveSession, storedRole, storedToken } from './storage';

afterEach(() => localStorage.clear());

describe('session storage (SPEC §3, §4)', () => {
  it('a sign-in stores isLogin, loginRole, AuthToken and LoginID', () => {
    saveSession('a.b.c', 'admin', 'ada@example.com');
    expect(isLoggedIn()).toBe(true);
    expect(storedRole()).toBe('admin');
    expect(storedToken()).toBe('a.b.c');
    expect(localStorage.getItem(STORAGE_KEYS.loginId)).toBe('ada@example.com');
  });

  it('logout removes isLogin, loginRole and AuthToken, and keeps LoginID and VideoRecording', () => {
    saveSession('a.b.c', 'user', 'sam@example.com');
    localStorage.setItem(STORAGE_KEYS.videoRecording, 'rec-1');
    clearSession();
    expect(isLoggedIn()).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.isLogin)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.loginRole)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.loginId)).toBe('sam@example.com');
    expect(localStorage.getItem(STORAGE_KEYS.videoRecording)).toBe('rec-1');
  });

  it('counts as logged in only when isLogin is non-empty, and ignores an unknown role', () => {
    localStorage.setItem(STORAGE_KEYS.isLogin, '');
    expect(isLoggedIn()).toBe(false);
    localStorage.setItem(STORAGE_KEYS.loginRole, 'owner');
    expect(storedRole()).toBeNull();
  });
});
