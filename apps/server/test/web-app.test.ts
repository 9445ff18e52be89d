import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTeam, call, createTestApp, type TestApp } from './helpers';

/** A large script, as a bundle is: text that compresses well. */
const BUNDLE = Array.from({ length: 400 }, (_, index) => `export const value${index} = 'line ${index}';`).join('\n');
const PAGE = `<!doctype html><title>Parley</title>${'<!-- the app -->'.repeat(100)}`;
/** A public page as the build prerenders it (apps/web/scripts/prerender.mjs). */
const LOGIN_PAGE = `<!doctype html><title>Parley</title><div id="root" data-prerendered=""><h1>Sign in</h1>${'<!-- the form -->'.repeat(100)}</div>`;
const SHELL_PAGE = `<!doctype html><title>Parley</title><div id="root" inert><nav>menu</nav></div>`;
const LANDING_PAGE = `<!doctype html><title>Parley</title><div id="root" data-prerendered=""><h1>Parley</h1></div>`;

/** A built web app: its page and hashed assets, the large ones with the Brotli and gzip copies the build makes. */
function webDist(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'parley-web-'));
  const write = (file: string, text: string, compressed: boolean) => {
    writeFileSync(path.join(folder, file), text);
    if (compressed) {
      writeFileSync(path.join(folder, `${file}.br`), brotliCompressSync(text));
      writeFileSync(path.join(folder, `${file}.gz`), gzipSync(text));
    }
  };
  mkdirSync(path.join(folder, 'assets'));
  write('index.html', PAGE, true);
  write('assets/index-Bq3x9.js', 'console.log(1)', false);
  write('assets/bundle-Xy7.js', BUNDLE, true);
  mkdirSync(path.join(folder, 'prerendered'));
  write('prerendered/user-login.html', LOGIN_PAGE, true);
  write('prerendered/index.html', LANDING_PAGE, false);
  write('prerendered/app-shell.html', SHELL_PAGE, false);
  write(
    'prerendered/pages.json',
    JSON.stringify({
      '/': { file: 'prerendered/index.html', query: false },
      '/user/login': { file: 'prerendered/user-login.html', query: false },
      '/dashboard': { file: 'prerendered/app-shell.html', query: true },
    }),
    false,
  );
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

  it('answers a prerendered public page at its bare address, compressed, and the loading page otherwise', async () => {
    const login = await call(server.app, { method: 'GET', url: '/user/login', headers: { 'accept-encoding': 'br' } });
    expect(login.statusCode).toBe(200);
    expect(login.headers['content-type']).toContain('text/html');
    expect(login.headers['content-encoding']).toBe('br');
    expect(login.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(login.rawPayload).toString()).toBe(LOGIN_PAGE);

    const landing = await call(server.app, { method: 'GET', url: '/' });
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toBe(LANDING_PAGE);

    const expectPage = async (urls: string[], body: string) => {
      for (const url of urls) {
        const page = await call(server.app, { method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.body, url).toBe(body);
      }
    };
    // The signed-in screens' loading page is not hydrated: it answers with a query too.
    await expectPage(['/dashboard', '/dashboard?tab=week'], SHELL_PAGE);
    // A query can change what a public page shows (the landing page's sign-in link carries
    // `redirect`): the browser renders it. Addresses differing in case or a trailing slash are other pages.
    await expectPage(
      ['/?redirect=%2Fcall-history', '/user/login?redirect=%2Fcall-history', '/user/Login', '/user/login/'],
      PAGE,
    );
  });

  it('sends the Brotli or gzip copy the browser accepts, as the bytes the build made', async () => {
    const asked = (encoding: string) =>
      call(server.app, { method: 'GET', url: '/assets/bundle-Xy7.js', headers: { 'accept-encoding': encoding } });
    const brotli = await asked('gzip, deflate, br, zstd');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.rawPayload.length).toBeLessThan(BUNDLE.length / 5);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(BUNDLE);

    const gzip = await asked('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(BUNDLE);

    const plain = await asked('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.toString()).toBe(BUNDLE);
  });

  it('sends the page itself compressed too, at any app address, and never to be kept', async () => {
    const page = await call(server.app, {
      method: 'GET',
      url: '/call-history?tab=missed',
      headers: { 'accept-encoding': 'br' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(PAGE);
  });

  it('compresses API answers over 1 KiB as the browser asks, and leaves small ones as they are', async () => {
    const team = await addTeam(server.app);
    const large = await call(server.app, {
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers.vary).toMatch(/accept-encoding/i);
    const document = JSON.parse(brotliDecompressSync(large.rawPayload).toString());
    expect(document.openapi).toMatch(/^3\./);
    expect(large.rawPayload.length).toBeLessThan(JSON.stringify(document).length / 4);

    const gzip = await call(server.app, {
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(document);

    const small = await call(server.app, {
      method: 'GET',
      url: '/api/currentUser',
      token: team.user.token,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().data.userid).toBe(team.user.id);
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
