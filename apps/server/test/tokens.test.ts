import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema';
import { addMember, addTeam, call, createTestApp, type TestApp } from './helpers';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function claimsOf(token: string) {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
}

async function expectRefused(token: string) {
  const response = await call(server.app, { method: 'GET', url: '/api/currentUser', token });
  expect(response.statusCode).toBe(401);
  expect(response.json()).toMatchObject({ success: false, errorCode: 'UNAUTHORIZED' });
}

describe('tokens', () => {
  it("an unsigned token (alg 'none') with the right claims is refused", async () => {
    const team = await addTeam(server.app);
    const claims = claimsOf(team.admin.token);
    await expectRefused(`${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`);
  });

  it('a token signed with another key is refused, even with a live session id', async () => {
    const team = await addTeam(server.app);
    const claims = claimsOf(team.admin.token);
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-that-is-32-characters-long!!'));
    await expectRefused(forged);
  });

  it('a token signed with another algorithm is refused', async () => {
    const team = await addTeam(server.app);
    const claims = claimsOf(team.admin.token);
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .sign(new TextEncoder().encode(server.config.jwtSecret ?? ''));
    await expectRefused(hs512);
  });

  it('an expired token is refused', async () => {
    const team = await addTeam(server.app);
    const claims = claimsOf(team.admin.token);
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(server.config.jwtSecret ?? ''));
    await expectRefused(expired);
  });

  it('a token whose session expired on the server is refused', async () => {
    const team = await addTeam(server.app);
    await server.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, team.user.id));
    await expectRefused(team.user.token);
  });

  it('a revoked token is refused', async () => {
    const team = await addTeam(server.app);
    await server.app.sessions.revoke(claimsOf(team.user.token).jti);
    await expectRefused(team.user.token);
  });

  it("a token whose claims were swapped to another member's is refused", async () => {
    const team = await addTeam(server.app);
    const claims = claimsOf(team.user.token);
    const swapped = await new SignJWT({ ...claims, sub: team.admin.id, role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(server.config.jwtSecret ?? ''));
    await expectRefused(swapped);
  });

  it('garbage, an empty bearer and another scheme are refused', async () => {
    for (const authorization of ['Bearer not.a.jwt', 'Bearer ', 'Basic dXNlcjpwYXNz', 'Bearer a.b']) {
      const response = await call(server.app, { method: 'GET', url: '/api/currentUser', headers: { authorization } });
      expect(response.statusCode).toBe(401);
    }
  });

  it('the role comes from the database, not from the token', async () => {
    const team = await addTeam(server.app);
    // A second admin demotes the first, whose token still says 'admin'.
    const second = await addMember(server.app, team.id, 'admin');
    await call(server.app, {
      method: 'PATCH',
      url: `/api/users/${team.admin.id}`,
      token: second.token,
      payload: { role: 'user' },
    });
    expect(claimsOf(team.admin.token).role).toBe('admin');
    const response = await call(server.app, {
      method: 'POST',
      url: '/api/users',
      token: team.admin.token,
      payload: { email: 'role-test@example.com', name: 'Role test' },
    });
    expect(response.statusCode).toBe(403);
  });
});
