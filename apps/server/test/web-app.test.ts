import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTeam, call, createTestApp, type TestApp } from './helpers';

/** A built web app: its page and one hashed asset. */
function webDist(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'parley-web-'));
  writeFileSync(path.join(folder, 'index.html'), '<!doctype html><title>Parley</title>');
  mkdirSync(path.join(folder, 'assets'));
  writeFileSync(path.join(folder, 'assets', 'index-Bq3x9.js'), 'console.log(1)');
  return folder;
}

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp({ config: { webDist: webDist() } });
});
afterAll(() => server.close());

describe('the web app as served', () => {
  // A first-login link (/user/change-password/<JWT>) answered a JSON 404 on a full page load when
  // the token's signature had no - or _: the fallback took the path for a missing file.
  it('answers the page for any app address, even one ending like a file name', async () => {
    for (const url of [
      '/user/change-password/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9.abc123',
      '/user/change-password/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9.Zm9v-bar_baz',
      '/call-history?tab=missed',
      '/some/page.html',
      '/robots.txt',
    ]) {
      const page = await call(server.app, { method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toContain('text/html');
      expect(page.body, url).toContain('<title>Parley</title>');
    }
  });

  it('serves the built assets, and answers 404 for one that is not there', async () => {
    const asset = await call(server.app, { method: 'GET', url: '/assets/index-Bq3x9.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await call(server.app, { method: 'GET', url: '/assets/index-gone.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
    const api = await call(server.app, { method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
  });

  // No Permissions-Policy was sent: any embedded or injected content could ask for the camera.
  it('sends a Permissions-Policy on every answer: camera and microphone for Parley itself only', async () => {
    const team = await addTeam(server.app);
    const answers = await Promise.all([
      call(server.app, { method: 'GET', url: '/user/login' }),
      call(server.app, { method: 'GET', url: '/assets/index-Bq3x9.js' }),
      call(server.app, { method: 'GET', url: '/api/currentUser', token: team.user.token }),
      call(server.app, { method: 'GET', url: '/api/currentUser' }),
      call(server.app, { method: 'GET', url: '/healthz' }),
    ]);
    for (const answer of answers) {
      const policy = String(answer.headers['permissions-policy']);
      expect(policy).toContain('camera=(self)');
      expect(policy).toContain('microphone=(self)');
      expect(policy).toContain('geolocation=()');
      expect(policy).toContain('display-capture=()');
    }
  });
});
