import type { AddressInfo } from 'node:net';
import { ApiError, createApiClient } from '@parley/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTeam, createTestApp, TEST_PASSWORD, type TestApp } from './helpers';

/** The typed client of @parley/api against the real server: the contract holds end to end. */
describe('the @parley/api client against the server', () => {
  let server: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    server = await createTestApp();
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  it('signs in, reads the current user and notices, and signs out', async () => {
    const team = await addTeam(server.app);
    let token: string | undefined;
    const api = createApiClient({ baseUrl, getToken: () => token });
    const login = await api.auth.login({ email: team.user.email, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(200);
    token = login.data.token;
    const me = await api.users.current();
    expect(me.data).toMatchObject({ email: team.user.email, access: 'user', team: { id: team.id } });
    expect(await api.notices.list()).toEqual([]);
    const members = await api.users.list({ current: 1, pageSize: 10 });
    expect(members.total).toBe(2);
    await api.auth.logout();
    await expect(api.users.current()).rejects.toMatchObject({ status: 401, errorCode: 'UNAUTHORIZED' });
  });

  it('throws ApiError with the field messages of a refused form', async () => {
    const api = createApiClient({ baseUrl });
    const error = await api.auth
      .register({ name: 'Founder', teamName: 'A team', email: 'x', password: 'short', confirmPassword: 'other' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      errorCode: 'VALIDATION_FAILED',
      fields: {
        email: 'The input is not valid E-mail!',
        password: 'The password must have at least 8 characters.',
      },
    });
  });
});
