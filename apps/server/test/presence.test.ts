import type { MemberPresence, RealtimeServerMessage } from '@parley/api';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presenceConnections } from '../src/db/schema';
import { PRESENCE_STALE_SECONDS } from '../src/services/presence';
import { addMember, addTeam, call, createTestApp, type TestApp, type TestMember, type TestTeam } from './helpers';
import { listen, signedIn } from './socket-helpers';

let server: TestApp;
let url: string;
let team: TestTeam;
let other: TestTeam;

beforeAll(async () => {
  server = await createTestApp();
  url = await listen(server.app);
  team = await addTeam(server.app, 'Presence team');
  other = await addTeam(server.app, 'Other presence team');
});
afterAll(() => server.close());

const list = async (member: TestMember): Promise<MemberPresence[]> =>
  (await call(server.app, { method: 'GET', url: '/api/presence', token: member.token })).json().data;
const presenceOf = async (member: TestMember, of: TestMember) =>
  (await list(member)).find((presence) => presence.userId === of.id);
const choose = (member: TestMember, availability: unknown) =>
  call(server.app, {
    method: 'PUT',
    url: '/api/currentUser/availability',
    payload: { availability },
    token: member.token,
  });
const isPresence = (of: TestMember, availability: string) => (message: RealtimeServerMessage) =>
  message.type === 'presence' && message.presence.userId === of.id && message.presence.availability === availability;

describe("members' availability", () => {
  it('is Offline to the team until the member opens a tab, then what they chose; Offline again when the last tab closes', async () => {
    const lea = await addMember(server.app, team.id, 'user');
    expect(await presenceOf(team.admin, lea)).toEqual({ userId: lea.id, availability: 'offline', chosen: 'available' });

    const watcher = await signedIn(url, team.admin);
    const first = await signedIn(url, lea);
    await watcher.next(isPresence(lea, 'available'));
    expect(await presenceOf(team.admin, lea)).toMatchObject({ availability: 'available' });

    // A second tab, then the first closes: still there.
    const second = await signedIn(url, lea);
    first.ws.close();
    await first.closed;
    await expect
      .poll(
        async () =>
          (await server.app.db.select().from(presenceConnections).where(eq(presenceConnections.userId, lea.id))).length,
      )
      .toBe(1);
    expect(await presenceOf(team.admin, lea)).toMatchObject({ availability: 'available' });

    second.ws.close();
    await second.closed;
    await watcher.next(isPresence(lea, 'offline'));
    expect(await presenceOf(team.admin, lea)).toEqual({ userId: lea.id, availability: 'offline', chosen: 'available' });
    watcher.ws.close();
  });

  it("keeps the member's choice across tabs and devices, and tells every open tab of the team, not another team's", async () => {
    const sam = await addMember(server.app, team.id, 'user');
    const samTab = await signedIn(url, sam);
    const teammate = await signedIn(url, team.admin);
    const stranger = await signedIn(url, other.admin);

    const chosen = await choose(sam, 'away');
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().data).toEqual({ userId: sam.id, availability: 'away', chosen: 'away' });
    await teammate.next(isPresence(sam, 'away'));
    // The member's own other tab (another device, say) hears it too.
    await samTab.next(isPresence(sam, 'away'));

    expect((await choose(sam, 'offline')).json().data).toMatchObject({ availability: 'offline', chosen: 'offline' });
    await teammate.next(isPresence(sam, 'offline'));
    expect((await choose(sam, 'available')).json().data).toMatchObject({ availability: 'available' });
    await teammate.next((message) => isPresence(sam, 'available')(message));

    expect(stranger.messages.filter((message) => message.type === 'presence')).toEqual(
      stranger.messages.filter((message) => message.type === 'presence' && message.presence.userId === other.admin.id),
    );
    // Another team's member is not in the list.
    expect((await list(other.admin)).map((presence) => presence.userId)).not.toContain(sam.id);
    for (const socket of [samTab, teammate, stranger]) {
      socket.ws.close();
    }
  });

  it('refuses a choice that is not one of the three, and changes nothing', async () => {
    const before = await presenceOf(team.admin, team.user);
    for (const availability of ['busy', '', null, 3]) {
      const response = await choose(team.user, availability);
      expect(response.statusCode, String(availability)).toBe(422);
      expect(response.json().fields?.availability).toBeTruthy();
    }
    expect(await presenceOf(team.admin, team.user)).toEqual(before);
    expect((await call(server.app, { method: 'GET', url: '/api/presence' })).statusCode).toBe(401);
  });

  it('ages out the sockets of an instance that stopped without closing them, and tells the team', async () => {
    const nora = await addMember(server.app, team.id, 'user');
    const watcher = await signedIn(url, team.admin);
    // A socket held by another instance that died: its row was last refreshed long ago.
    await server.app.db.insert(presenceConnections).values({
      teamId: team.id,
      userId: nora.id,
      instanceId: 'a-dead-instance',
      seenAt: sql`now() - make_interval(secs => ${PRESENCE_STALE_SECONDS + 5})`,
    });
    expect(await presenceOf(team.admin, nora)).toMatchObject({ availability: 'offline' });
    await server.app.db
      .update(presenceConnections)
      .set({ seenAt: sql`now()` })
      .where(eq(presenceConnections.userId, nora.id));
    expect(await presenceOf(team.admin, nora)).toMatchObject({ availability: 'available' });
    await server.app.db
      .update(presenceConnections)
      .set({ seenAt: sql`now() - make_interval(secs => ${PRESENCE_STALE_SECONDS + 5})` })
      .where(eq(presenceConnections.userId, nora.id));
    await server.app.presence.beat();
    await watcher.next(isPresence(nora, 'offline'));
    expect(
      await server.app.db.select().from(presenceConnections).where(eq(presenceConnections.userId, nora.id)),
    ).toEqual([]);
    watcher.ws.close();
  });

  it('keeps its own sockets fresh at each heartbeat', async () => {
    const tab = await signedIn(url, team.user);
    await expect
      .poll(
        async () =>
          (await server.app.db.select().from(presenceConnections).where(eq(presenceConnections.userId, team.user.id)))
            .length,
      )
      .toBe(1);
    await server.app.db
      .update(presenceConnections)
      .set({ seenAt: sql`now() - interval '50 seconds'` })
      .where(eq(presenceConnections.userId, team.user.id));
    await server.app.presence.beat();
    const [row] = await server.app.db
      .select({ fresh: sql<boolean>`${presenceConnections.seenAt} > now() - interval '5 seconds'` })
      .from(presenceConnections)
      .where(eq(presenceConnections.userId, team.user.id));
    expect(row?.fresh).toBe(true);
    tab.ws.close();
  });
});
