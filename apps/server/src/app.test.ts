import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { readConfig } from './config';

function webDistWithIndex(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'parley-web-'));
  writeFileSync(path.join(folder, 'index.html'), '<!doctype html><title>Parley</title>');
  return folder;
}

describe('server', () => {
  it('answers the health check', async () => {
    const app = await buildApp({ port: 0, host: '127.0.0.1', webDist: '/nonexistent' });
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('serves the web app with history fallback for client routes', async () => {
    const app = await buildApp({ port: 0, host: '127.0.0.1', webDist: webDistWithIndex() });
    const page = await app.inject({ method: 'GET', url: '/call-history?tab=missed' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Parley</title>');
    const api = await app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
  });

  it('refuses a bad PORT with a message naming it', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/PORT must be a whole number/);
    expect(readConfig({ PORT: '9090' }).port).toBe(9090);
  });
});
