import { statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { DEMO_LOGINS, DEMO_TEAM_NAME, seedDemo } from '../src/demo/seed';
import { call, createTestApp, ENGINE, type TestApp, testConfig } from './helpers';

describe('demo data', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await createTestApp();
  });
  afterAll(() => server.close());

  it('loads a demo team with one admin and two users on an empty database, once', async () => {
    expect(await seedDemo(server.app, { calls: { count: 300, media: false } })).toBe(true);
    expect(await seedDemo(server.app, { calls: { count: 300, media: false } })).toBe(false);
    expect(DEMO_LOGINS.map((login) => login.role)).toEqual(['admin', 'user', 'user']);
    for (const login of DEMO_LOGINS) {
      const response = await call(server.app, {
        method: 'POST',
        url: '/common/login',
        payload: { email: login.email, password: login.password },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().currentAuthority).toBe(login.role);
      const me = await call(server.app, { method: 'GET', url: '/api/currentUser', token: response.json().data.token });
      expect(me.json().data).toMatchObject({
        name: login.name,
        team: { name: DEMO_TEAM_NAME },
        notifyCount: 3,
        unreadCount: 3,
      });
    }
    const users = await call(server.app, {
      method: 'GET',
      url: '/api/users',
      token: (await call(server.app, { method: 'POST', url: '/common/login', payload: DEMO_LOGINS[0] })).json().data
        .token,
    });
    expect(users.json().total).toBe(3);
  });
});

describe.runIf(ENGINE === 'pglite')('embedded defaults', () => {
  it('keeps the PGlite database and the signing key in the data folder across a restart', async () => {
    const config = testConfig({ jwtSecret: undefined });
    const first = await buildApp(config);
    await seedDemo(first, { calls: { count: 300, media: false } });
    const login = await first.inject({ method: 'POST', url: '/common/login', payload: DEMO_LOGINS[1] });
    const { token } = login.json().data;
    await first.close();
    const key = statSync(path.join(config.dataDir, 'jwt-secret'));
    expect(key.mode & 0o777).toBe(0o600);

    const second = await buildApp(config);
    try {
      const me = await second.inject({
        method: 'GET',
        url: '/api/currentUser',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.statusCode).toBe(200);
      expect(me.json().data.email).toBe(DEMO_LOGINS[1].email);
      expect(await seedDemo(second, { calls: { count: 300, media: false } })).toBe(false);
    } finally {
      await second.close();
    }
  });
});
