import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, addTeam, call, createTestApp, type TestApp } from './helpers';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

const DEFAULTS = {
  language: null,
  theme: 'system',
  timeZone: null,
  dateFormat: 'locale',
  pageSize: 10,
  ringSound: 'classic',
  ringVolume: 80,
  desktopNotifications: false,
  updatedAt: null,
};

function patch(token: string, payload: unknown) {
  return call(server.app, { method: 'PATCH', url: '/api/preferences', token, payload: payload as object });
}

describe('preferences', () => {
  it("are the defaults at first, change a few at a time, follow the member's other sessions, and are nobody else's", async () => {
    const team = await addTeam(server.app);
    const first = await call(server.app, { method: 'GET', url: '/api/preferences', token: team.user.token });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual(DEFAULTS);

    const changed = await patch(team.user.token, { theme: 'dark', timeZone: 'Asia/Tokyo', dateFormat: 'iso' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toEqual({
      ...DEFAULTS,
      theme: 'dark',
      timeZone: 'Asia/Tokyo',
      dateFormat: 'iso',
      updatedAt: expect.any(String),
    });
    const again = await patch(team.user.token, {
      language: 'ar-EG',
      pageSize: 50,
      ringSound: 'chime',
      ringVolume: 0,
      desktopNotifications: true,
    });
    expect(again.json().data).toMatchObject({
      language: 'ar-EG',
      theme: 'dark',
      timeZone: 'Asia/Tokyo',
      dateFormat: 'iso',
      pageSize: 50,
      ringSound: 'chime',
      ringVolume: 0,
      desktopNotifications: true,
    });
    expect(again.json().data.updatedAt).toEqual(expect.any(String));

    // Another device: a new session of the same member reads the same.
    const otherDevice = await server.app.sessions.issue({
      userId: team.user.id,
      teamId: team.id,
      name: team.user.name,
      role: 'user',
      scope: 'full',
    });
    const elsewhere = await call(server.app, { method: 'GET', url: '/api/preferences', token: otherDevice });
    expect(elsewhere.json().data).toEqual(again.json().data);

    // Back to the browser's own time zone and language.
    const cleared = await patch(team.user.token, { timeZone: null, language: null });
    expect(cleared.json().data).toMatchObject({ timeZone: null, language: null, theme: 'dark' });

    // The admin of the same team, and another team's member, keep their own.
    for (const token of [team.admin.token, (await addTeam(server.app)).user.token]) {
      const theirs = await call(server.app, { method: 'GET', url: '/api/preferences', token });
      expect(theirs.json().data).toEqual(DEFAULTS);
    }
  });

  it('refuses values the screen never sends with 422 on the field, and an empty change', async () => {
    const team = await addTeam(server.app);
    const refusals: [Record<string, unknown>, string][] = [
      [{ theme: 'blue' }, 'theme'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ timeZone: '' }, 'timeZone'],
      [{ dateFormat: 'yyyy' }, 'dateFormat'],
      [{ pageSize: 7 }, 'pageSize'],
      [{ pageSize: '10' }, 'pageSize'],
      [{ ringSound: 'siren' }, 'ringSound'],
      [{ ringVolume: 101 }, 'ringVolume'],
      [{ ringVolume: -1 }, 'ringVolume'],
      [{ ringVolume: 5.5 }, 'ringVolume'],
      [{ desktopNotifications: 'yes' }, 'desktopNotifications'],
      [{ language: 'not a language' }, 'language'],
    ];
    for (const [payload, field] of refusals) {
      const refused = await patch(team.user.token, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
      expect(refused.json().fieldCodes).toEqual({ [field]: 'valueInvalid' });
    }
    expect((await patch(team.user.token, {})).statusCode).toBe(422);
    const read = await call(server.app, { method: 'GET', url: '/api/preferences', token: team.user.token });
    expect(read.json().data).toEqual(DEFAULTS);
  });

  it('two changes at once to different preferences both stay', async () => {
    const team = await addTeam(server.app);
    const member = await addMember(server.app, team.id, 'user');
    for (let round = 0; round < 3; round += 1) {
      const pageSize = ([20, 50, 100] as const)[round];
      const theme = (['dark', 'light', 'dark'] as const)[round];
      const [one, two] = await Promise.all([patch(member.token, { theme }), patch(member.token, { pageSize })]);
      expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
      const read = await call(server.app, { method: 'GET', url: '/api/preferences', token: member.token });
      expect(read.json().data).toMatchObject({ theme, pageSize });
    }
  });
});
