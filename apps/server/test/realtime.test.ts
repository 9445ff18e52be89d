import type { RealtimeServerMessage } from '@parley/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotice } from '../src/repositories/notices';
import { addTeam, call, createTestApp, createTestDatabase, ENGINE, type TestApp } from './helpers';
import { listen, open, signedIn } from './socket-helpers';
import { startUpload } from './video-helpers';

const isNotice = (title: string) => (message: RealtimeServerMessage) =>
  message.type === 'notice' && message.notice.title === title;

describe('realtime notices over /ws', () => {
  let server: TestApp;
  let url: string;
  beforeAll(async () => {
    server = await createTestApp();
    url = await listen(server.app);
  });
  afterAll(() => server.close());

  it("pushes a new notice to the member's open tab, and not to anyone else's", async () => {
    const team = await addTeam(server.app);
    const mine = await signedIn(url, team.user);
    const theirs = await signedIn(url, team.admin);
    await createNotice(server.app.db, server.app.events, {
      teamId: team.id,
      userId: team.user.id,
      type: 'message',
      title: 'A caller left a message',
    });
    const received = await mine.next(isNotice('A caller left a message'));
    expect(received).toMatchObject({ type: 'notice', notice: { type: 'message', read: false } });
    // A marker notice for the admin arrives after; the user's notice must not have reached them.
    await createNotice(server.app.db, server.app.events, {
      teamId: team.id,
      userId: team.admin.id,
      type: 'event',
      title: 'marker',
    });
    await theirs.next(isNotice('marker'));
    expect(theirs.messages.some(isNotice('A caller left a message'))).toBe(false);
    mine.ws.close();
    theirs.ws.close();
  });

  it("pushes a video's changes to every member of its team, and to no other team", async () => {
    const team = await addTeam(server.app);
    const other = await addTeam(server.app);
    const user = await signedIn(url, team.user);
    const admin = await signedIn(url, team.admin);
    const outsider = await signedIn(url, other.admin);
    const started = await startUpload(server.app, team.user.token, 1000, { title: 'Before' });
    await call(server.app, {
      method: 'PUT',
      url: `/api/videos/${started.video.id}`,
      token: team.user.token,
      payload: { title: 'Team video renamed' },
    });
    const isRenamed = (message: RealtimeServerMessage) =>
      message.type === 'video' && message.video.id === started.video.id && message.video.title === 'Team video renamed';
    for (const socket of [user, admin]) {
      expect(await socket.next(isRenamed)).toMatchObject({ type: 'video', video: { status: 'uploading' } });
    }
    await createNotice(server.app.db, server.app.events, {
      teamId: other.id,
      userId: other.admin.id,
      type: 'event',
      title: 'outsider marker',
    });
    await outsider.next(isNotice('outsider marker'));
    expect(outsider.messages.some((message) => message.type === 'video')).toBe(false);
    for (const socket of [user, admin, outsider]) {
      socket.ws.close();
    }
  });

  it('closes with 4401 when the first message carries no valid token', async () => {
    const team = await addTeam(server.app);
    const garbage = await open(url);
    garbage.ws.send('hello');
    expect((await garbage.closed).code).toBe(4401);

    const forged = await open(url);
    forged.ws.send(JSON.stringify({ type: 'auth', token: `${team.user.token}x` }));
    expect((await forged.closed).code).toBe(4401);
    expect(forged.messages).toEqual([expect.objectContaining({ type: 'error', errorCode: 'UNAUTHORIZED' })]);
  });

  it('a first-login token cannot open the socket', async () => {
    const team = await addTeam(server.app);
    const token = await server.app.sessions.issue({
      userId: team.user.id,
      teamId: team.id,
      name: team.user.name,
      role: 'user',
      scope: 'password',
    });
    const socket = await open(url);
    socket.ws.send(JSON.stringify({ type: 'auth', token }));
    expect((await socket.closed).code).toBe(4401);
  });

  it('a socket whose session ended (logout) is closed instead of receiving', async () => {
    const team = await addTeam(server.app);
    const socket = await signedIn(url, team.user);
    await call(server.app, { method: 'POST', url: '/common/logout', token: team.user.token });
    await createNotice(server.app.db, server.app.events, {
      teamId: team.id,
      userId: team.user.id,
      type: 'notification',
      title: 'after logout',
    });
    expect((await socket.closed).code).toBe(4401);
    expect(socket.messages.some(isNotice('after logout'))).toBe(false);
  });
});

describe.runIf(ENGINE === 'postgres')('two server instances on one PostgreSQL', () => {
  it('a notice created through one instance reaches a socket held by the other (LISTEN/NOTIFY)', async () => {
    const shared = await createTestDatabase();
    const first = await createTestApp({ databaseUrl: shared.url });
    const second = await createTestApp({ databaseUrl: shared.url });
    try {
      const secondUrl = await listen(second.app);
      const team = await addTeam(first.app);
      const socket = await signedIn(secondUrl, team.user);
      await createNotice(first.app.db, first.app.events, {
        teamId: team.id,
        userId: team.user.id,
        type: 'event',
        title: 'made on the first instance',
      });
      const received = await socket.next(isNotice('made on the first instance'));
      expect(received.type).toBe('notice');
      socket.ws.close();
    } finally {
      await first.app.close();
      await second.app.close();
      await shared.drop();
    }
  });
});
