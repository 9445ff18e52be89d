import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ShowType } from '@parley/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

function webDistWithIndex(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'parley-web-'));
  writeFileSync(path.join(folder, 'index.html'), '<!doctype html><title>Parley</title>');
  return folder;
}

describe('health, docs and the web app', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await createTestApp({ config: { webDist: webDistWithIndex() } });
  });
  afterAll(() => server.close());

  it('answers the liveness and readiness checks', async () => {
    const live = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('publishes OpenAPI 3.1 made from the zod schemas, and a docs page anyone may open', async () => {
    const spec = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(spec.statusCode).toBe(200);
    const document = spec.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/common/login', '/api/currentUser', '/api/users', '/api/notices', '/api/login/captcha']),
    );
    const login = document.paths['/common/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['email', 'password']),
    );
    const docs = await server.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger-ui');
  });

  it('sends a strict Content-Security-Policy and a request id', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'probe-1' },
    });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect(response.headers['x-request-id']).toBe('probe-1');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the web app with history fallback, and a JSON 404 for unknown API paths', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/call-history?tab=missed' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Parley</title>');
    const api = await server.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
    const asset = await server.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(asset.statusCode).toBe(404);
  });
});

describe('readiness', () => {
  // /readyz said ok while the demo was still loading, and the API answered from a half-made database.
  it('answers the API 503 LOADING while start-up holds it, serves pages and /healthz, and is ready once released', async () => {
    const server = await createTestApp({ config: { webDist: webDistWithIndex() } });
    try {
      const release = server.app.readiness.hold();
      const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'loading' });
      expect(ready.headers['retry-after']).toBe('3');
      expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await server.app.inject({ method: 'GET', url: '/user/login' })).statusCode).toBe(200);
      // Member routes too, and before auth: an anonymous caller is told to wait, not to sign in.
      for (const [method, url] of [
        ['POST', '/common/login'],
        ['GET', '/api/currentUser'],
        ['GET', '/api/calls'],
        ['GET', '/ws'],
      ] as const) {
        const held = await server.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
        expect(held.statusCode, url).toBe(503);
        expect(held.json(), url).toEqual({
          success: false,
          errorCode: 'LOADING',
          errorMessage: 'Parley is loading its demo data, try again in a few seconds.',
          showType: ShowType.warning,
        });
      }

      release();
      expect((await server.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ok' });
      expect((await server.app.inject({ method: 'GET', url: '/api/currentUser' })).statusCode).toBe(401);
    } finally {
      await server.close();
    }
  });

  it('answers 503 while the database does not answer', async () => {
    const server = await createTestApp();
    try {
      await server.app.database.close();
      const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable' });
      const live = await server.app.inject({ method: 'GET', url: '/healthz' });
      expect(live.statusCode).toBe(200);
    } finally {
      await server.close();
    }
  });
});
