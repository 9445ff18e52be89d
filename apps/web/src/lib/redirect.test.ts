import { describe, expect, it } from 'vitest';
import { afterLoginPath, afterLogoutLocation, loginLocation } from './redirect';

const ORIGIN = 'https://parley.example';

describe('afterLoginPath (SPEC §2.2)', () => {
  it('goes to /dashboard without a redirect', () => {
    expect(afterLoginPath(null, ORIGIN)).toBe('/dashboard');
    expect(afterLoginPath('', ORIGIN)).toBe('/dashboard');
  });

  it('honours a redirect of the same origin, keeping its query and hash', () => {
    expect(afterLoginPath(`${ORIGIN}/call-history?tab=missed#top`, ORIGIN)).toBe('/call-history?tab=missed#top');
    expect(afterLoginPath('/settings/profile', ORIGIN)).toBe('/settings/profile');
  });

  it('sends a redirect to another origin to /', () => {
    expect(afterLoginPath('https://evil.example/call-history', ORIGIN)).toBe('/');
    expect(afterLoginPath('//evil.example/x', ORIGIN)).toBe('/');
    expect(afterLoginPath('http://parley.example/call-history', ORIGIN)).toBe('/');
    expect(afterLoginPath('javascript:alert(1)', ORIGIN)).toBe('/');
  });

  it('takes a hash-style redirect from after the hash', () => {
    expect(afterLoginPath(`${ORIGIN}/#/call-history?tab=messages`, ORIGIN)).toBe('/call-history?tab=messages');
  });

  // A hash-form redirect (`/#//host/x`) gave '//host/x', which the router refused with an uncaught error.
  it('checks the address after the hash like any other', () => {
    expect(afterLoginPath('/#//evil.example/x', ORIGIN)).toBe('/');
    expect(afterLoginPath(`${ORIGIN}/#//evil.example/x`, ORIGIN)).toBe('/');
    expect(afterLoginPath('/#/#//evil.example/x', ORIGIN)).toBe('/');
    expect(afterLoginPath('/#/\\evil.example/x', ORIGIN)).toBe('/');
    expect(afterLoginPath('/#https://evil.example/x', ORIGIN)).toBe('/#https://evil.example/x');
    expect(afterLoginPath('/#/user/login', ORIGIN)).toBe('/dashboard');
    expect(afterLoginPath('/#/call-history?tab=missed', ORIGIN)).toBe('/call-history?tab=missed');
  });

  it('never answers a path the router would take for another host', () => {
    expect(afterLoginPath(`${ORIGIN}//evil.example/x`, ORIGIN)).toBe('/');
    for (const redirect of ['/#//a', '//a', '/\\a', `${ORIGIN}//a`, '/#/\\a', '/%2F%2Fa']) {
      const path = afterLoginPath(redirect, ORIGIN);
      expect(path.startsWith('/'), redirect).toBe(true);
      expect(/^\/[\\/]/.test(path), redirect).toBe(false);
    }
  });

  it('never goes back to the login page', () => {
    expect(afterLoginPath(`${ORIGIN}/user/login?redirect=x`, ORIGIN)).toBe('/dashboard');
  });
});

describe('afterLogoutLocation (SPEC §2.2)', () => {
  it('sends the user to / with the current full address as redirect', () => {
    const target = afterLogoutLocation(new URL(`${ORIGIN}/call-history?tab=missed`));
    expect(target).toBe(`/?redirect=${encodeURIComponent(`${ORIGIN}/call-history?tab=missed`)}`);
  });

  it('stays put on the login page or when a redirect is present', () => {
    expect(afterLogoutLocation(new URL(`${ORIGIN}/user/login`))).toBeNull();
    expect(afterLogoutLocation(new URL(`${ORIGIN}/dashboard?redirect=%2Fx`))).toBeNull();
  });
});

describe('loginLocation', () => {
  it('names the page that asked for sign-in', () => {
    expect(loginLocation(new URL(`${ORIGIN}/analytics`))).toBe(
      `/user/login?redirect=${encodeURIComponent(`${ORIGIN}/analytics`)}`,
    );
  });
});
