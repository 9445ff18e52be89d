import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotice } from '../src/repositories/notices';
import { addTeam, call, createTestApp, type TestApp, type TestMember } from './helpers';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

async function give(member: TestMember, type: 'notification' | 'message' | 'event', title: string) {
  return createNotice(server.app.db, server.app.events, { teamId: member.teamId, userId: member.id, type, title });
}

async function counts(member: TestMember) {
  const me = await call(server.app, { method: 'GET', url: '/api/currentUser', token: member.token });
  const { notifyCount, unreadCount } = me.json().data;
  return { notifyCount, unreadCount };
}

describe('notices', () => {
  it("lists the member's own notices, newest first, as an array", async () => {
    const team = await addTeam(server.app);
    await give(team.user, 'notification', 'first');
    await give(team.user, 'message', 'second');
    await give(team.admin, 'event', 'for the admin');
    const response = await call(server.app, { method: 'GET', url: '/api/notices', token: team.user.token });
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((notice: { title: string }) => notice.title)).toEqual(['second', 'first']);
    expect(list[0]).toMatchObject({ type: 'message', read: false, datetime: expect.stringMatching(/Z$/) });
  });

  it('marking one read recomputes the counts', async () => {
    const team = await addTeam(server.app);
    const first = await give(team.user, 'notification', 'a');
    await give(team.user, 'notification', 'b');
    expect(await counts(team.user)).toEqual({ notifyCount: 2, unreadCount: 2 });
    const read = await call(server.app, {
      method: 'POST',
      url: `/api/notices/${first.id}/read`,
      token: team.user.token,
    });
    expect(read.statusCode).toBe(200);
    expect(await counts(team.user)).toEqual({ notifyCount: 2, unreadCount: 1 });
  });

  it('clearing by type removes every notice of that type and no other', async () => {
    const team = await addTeam(server.app);
    await give(team.user, 'notification', 'a');
    await give(team.user, 'notification', 'b');
    await give(team.user, 'event', 'c');
    const cleared = await call(server.app, {
      method: 'DELETE',
      url: '/api/notices?type=notification',
      token: team.user.token,
    });
    expect(cleared.json()).toEqual({ success: true, data: { removed: 2 } });
    const left = await call(server.app, { method: 'GET', url: '/api/notices', token: team.user.token });
    expect(left.json().map((notice: { title: string }) => notice.title)).toEqual(['c']);
    expect(await counts(team.user)).toEqual({ notifyCount: 1, unreadCount: 1 });
    const badType = await call(server.app, {
      method: 'DELETE',
      url: '/api/notices?type=everything',
      token: team.user.token,
    });
    expect(badType.statusCode).toBe(400);
  });

  it("another member's notice cannot be read or marked: 404, and it stays unread", async () => {
    const team = await addTeam(server.app);
    const other = await addTeam(server.app);
    const adminsNotice = await give(team.admin, 'notification', 'private');
    for (const member of [team.user, other.admin]) {
      const response = await call(server.app, {
        method: 'POST',
        url: `/api/notices/${adminsNotice.id}/read`,
        token: member.token,
      });
      expect(response.statusCode).toBe(404);
      const list = await call(server.app, { method: 'GET', url: '/api/notices', token: member.token });
      expect(JSON.stringify(list.json())).not.toContain(adminsNotice.id);
    }
    expect(await counts(team.admin)).toEqual({ notifyCount: 1, unreadCount: 1 });
  });
});
