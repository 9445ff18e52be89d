import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTeam, call, createTestApp, type TestApp, type TestTeam } from './helpers';

/** A built widget of the test's own: the loader, the frame's page and one of its files. */
function widgetDist(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'parley-widget-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'widget.js'), `(()=>{/* loader */${' '.repeat(2000)}})();`);
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Parley</title><div id="root"></div>');
  writeFileSync(path.join(root, 'assets', 'index-abc123.js'), 'console.log("frame")');
  return root;
}

/** Parley's own origin as these requests reach it (the Host header below). */
const PARLEY = 'http://parley.test';
const SHOP = 'https://shop.example.com';

let server: TestApp;
let dist: string;
let team: TestTeam;
let other: TestTeam;
let key: string;

beforeAll(async () => {
  dist = widgetDist();
  server = await createTestApp({ config: { widgetDist: dist } });
  team = await addTeam(server.app, 'Widget team');
  other = await addTeam(server.app, 'Other widget team');
  for (const origin of [SHOP, 'http://localhost:8080']) {
    const added = await call(server.app, {
      method: 'POST',
      url: '/api/domains',
      payload: { origin },
      token: team.admin.token,
    });
    expect(added.statusCode).toBe(201);
  }
  key = await widgetKey(team);
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

async function widgetKey(of: TestTeam): Promise<string> {
  return (await call(server.app, { method: 'GET', url: '/api/widget', token: of.admin.token })).json().data.widgetKey;
}

const check = (widget: string, origin?: string) =>
  call(server.app, {
    method: 'GET',
    url: `/api/visitor/widget/${widget}`,
    headers: { host: 'parley.test', ...(origin ? { origin } : {}) },
  });

const startSession = (body: unknown, origin: string | null = PARLEY) =>
  call(server.app, {
    method: 'POST',
    url: '/api/visitor/session',
    payload: body as Record<string, unknown>,
    headers: { host: 'parley.test', ...(origin ? { origin } : {}) },
  });

describe('widget.js and the frame page', () => {
  it('serves the loader to any page: a script of another origin, compressed, kept five minutes', async () => {
    const response = await call(server.app, {
      method: 'GET',
      url: '/widget.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it("lets only the team's origins and Parley's own pages frame the widget, and no X-Frame-Options", async () => {
    const response = await call(server.app, { method: 'GET', url: `/widget/${key}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain(`frame-ancestors 'self' ${SHOP} http://localhost:8080`);
    expect(policy.match(/frame-ancestors/g)).toHaveLength(1);
    // The rest of the policy stays as strict as every page's.
    expect(policy).toContain("script-src 'self'");
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<div id="root">');
  });

  it("frames another team's widget on that team's origins only, and a team with none on Parley's alone", async () => {
    const response = await call(server.app, { method: 'GET', url: `/widget/${await widgetKey(other)}` });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['content-security-policy'])).toMatch(/frame-ancestors 'self'$/);
  });

  it('answers an unknown or malformed key with 404, framed by Parley alone', async () => {
    for (const unknown of ['0'.repeat(32), 'not-a-key', `${key}x`]) {
      const response = await call(server.app, { method: 'GET', url: `/widget/${unknown}` });
      expect(response.statusCode, unknown).toBe(404);
      expect(String(response.headers['content-security-policy'])).toMatch(/frame-ancestors 'self'$/);
    }
  });

  it("serves the frame's hashed files for a year, and a missing one as 404, never the web app's page", async () => {
    const file = await call(server.app, { method: 'GET', url: '/widget/assets/index-abc123.js' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await call(server.app, { method: 'GET', url: '/widget/assets/gone-000.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
  });

  it('stops framing with the old key once an admin makes a new one', async () => {
    const own = await addTeam(server.app, 'Renewing team');
    const old = await widgetKey(own);
    const renewed = await call(server.app, { method: 'POST', url: '/api/widget/key', token: own.admin.token });
    expect(renewed.statusCode).toBe(200);
    expect((await call(server.app, { method: 'GET', url: `/widget/${old}` })).statusCode).toBe(404);
    expect((await check(old, PARLEY)).statusCode).toBe(404);
    expect(
      (await call(server.app, { method: 'GET', url: `/widget/${renewed.json().data.widgetKey}` })).statusCode,
    ).toBe(200);
  });
});

describe("the loader's question: may the widget open on this page?", () => {
  it("says yes to the team's origins and Parley's own, readable by the asking page", async () => {
    for (const origin of [SHOP, 'http://localhost:8080', PARLEY]) {
      const response = await check(key, origin);
      expect(response.statusCode, origin).toBe(200);
      expect(response.json()).toEqual({ success: true, data: { allowed: true } });
      expect(response.headers['access-control-allow-origin']).toBe(origin);
      expect(response.headers.vary).toContain('Origin');
    }
  });

  it("says no, with why, to any other origin (another team's included) and to a request without one", async () => {
    const otherTeams = await call(server.app, {
      method: 'POST',
      url: '/api/domains',
      payload: { origin: 'https://other.example.com' },
      token: other.admin.token,
    });
    expect(otherTeams.statusCode).toBe(201);
    for (const origin of ['https://evil.example.com', 'https://other.example.com', 'http://shop.example.com']) {
      const response = await check(key, origin);
      expect(response.statusCode, origin).toBe(403);
      expect(response.json()).toMatchObject({
        success: false,
        errorCode: 'FORBIDDEN',
        errorMessage: `Parley's widget may not run on ${origin}: a team admin can allow it under Domain management.`,
      });
      // The page may read the refusal, to say so.
      expect(response.headers['access-control-allow-origin']).toBe(origin);
    }
    expect((await check(key)).statusCode).toBe(403);
  });

  it("says yes to Parley's own preview page, whose same-origin GET carries no Origin, only Sec-Fetch-Site", async () => {
    const ask = (site: string) =>
      call(server.app, {
        method: 'GET',
        url: `/api/visitor/widget/${key}`,
        headers: { host: 'parley.test', 'sec-fetch-site': site },
      });
    expect((await ask('same-origin')).statusCode).toBe(200);
    for (const site of ['cross-site', 'same-site', 'none']) {
      expect((await ask(site)).statusCode, site).toBe(403);
    }
  });

  it('answers a key that names no team with 404, and a malformed one with 400', async () => {
    const unknown = await check('f'.repeat(32), SHOP);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorMessage).toBe(
      'This widget key names no team: copy the embed tag from Domain management again.',
    );
    expect((await check('not-a-key', SHOP)).statusCode).toBe(400);
  });
});

describe("the visitor's session, started by the frame", () => {
  it("answers the team's name and its menu for a frame on one of the team's pages or Parley's own", async () => {
    for (const host of [SHOP, PARLEY]) {
      const response = await startSession({ widgetKey: key, host });
      expect(response.statusCode, host).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        data: { teamName: 'Widget team', menu: [{ id: 'call' }, { id: 'message' }] },
      });
    }
  });

  it("refuses a page not on the list, and a request that is not from the frame (its Origin not Parley's)", async () => {
    const refused = await startSession({ widgetKey: key, host: 'https://evil.example.com' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorMessage).toContain('https://evil.example.com');
    for (const origin of [SHOP, 'https://evil.example.com', null]) {
      const response = await startSession({ widgetKey: key, host: SHOP }, origin);
      expect(response.statusCode, String(origin)).toBe(403);
      expect(response.json().errorMessage).toBe("Only the widget's own frame can start a visitor's session.");
    }
  });

  it('refuses bad input with the field, and an unknown key with 404', async () => {
    for (const body of [
      {},
      { widgetKey: key },
      { widgetKey: key, host: 'https://shop.example.com/page' },
      { widgetKey: key, host: 'shop.example.com' },
      { widgetKey: 'nope', host: SHOP },
      { widgetKey: key, host: 42 },
    ]) {
      const response = await startSession(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().fields, JSON.stringify(body)).toBeTruthy();
    }
    expect((await startSession({ widgetKey: 'e'.repeat(32), host: SHOP })).statusCode).toBe(404);
  });

  it('limits sessions per client address', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 31; index += 1) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/visitor/session',
        remoteAddress: '198.51.100.7',
        headers: { host: 'parley.test', origin: PARLEY },
        payload: { widgetKey: key, host: SHOP },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe("the loader's question, asked with a header of the browser's own", () => {
  it('answers the preflight for the asking origin, with the headers it asked for', async () => {
    const response = await call(server.app, {
      method: 'OPTIONS',
      url: `/api/visitor/widget/${key}`,
      headers: {
        host: 'parley.test',
        origin: SHOP,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-forwarded-for',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(SHOP);
    expect(response.headers['access-control-allow-methods']).toBe('GET');
    expect(response.headers['access-control-allow-headers']).toBe('x-forwarded-for');
  });
});
