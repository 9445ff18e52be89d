import type { LiveCall, RealtimeServerMessage, VisitorCall } from '@parley/api';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMedia, calls } from '../src/db/schema';
import { CALL_MEDIA_GRACE_SECONDS } from '../src/services/call-media';
import { CALL_GONE_SECONDS } from '../src/services/live-calls';
import {
  addMember,
  addTeam,
  call,
  createTestApp,
  ENGINE,
  type TestApp,
  type TestMember,
  type TestTeam,
} from './helpers';
import { listen, open, type Socket, signedIn } from './socket-helpers';
import { FIXTURES, pathOf } from './video-helpers';

/** Parley's own origin as these requests reach it (the Host header below). */
const PARLEY = 'http://parley.test';
const SHOP = 'https://shop.example.com';

let server: TestApp;
let url: string;

beforeAll(async () => {
  server = await createTestApp();
  url = await listen(server.app);
});
afterAll(() => server.close());

async function widgetKey(team: TestTeam): Promise<string> {
  const added = await call(server.app, {
    method: 'POST',
    url: '/api/domains',
    payload: { origin: SHOP },
    token: team.admin.token,
  });
  expect(added.statusCode).toBe(201);
  return (await call(server.app, { method: 'GET', url: '/api/widget', token: team.admin.token })).json().data.widgetKey;
}

/** A team with its widget allowed on the shop, and no member online yet. */
async function widgetTeam(name: string) {
  const team = await addTeam(server.app, name);
  return { ...team, key: await widgetKey(team) };
}

const startCall = (key: string, fields: Record<string, unknown> = {}, app = server.app) =>
  call(app, {
    method: 'POST',
    url: '/api/visitor/calls',
    headers: { host: 'parley.test', origin: PARLEY },
    payload: { widgetKey: key, host: SHOP, menuItem: 'call', ...fields },
  });

async function ring(key: string, fields: Record<string, unknown> = {}) {
  const response = await startCall(key, { name: 'Ada Lovelace', email: 'ada@example.com', ...fields });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { call: VisitorCall; token: string };
}

/** The visitor's own socket, signed in with their call's token. */
async function visitorSocket(token: string): Promise<Socket> {
  const socket = await open(url);
  socket.ws.send(JSON.stringify({ type: 'auth', token }));
  await socket.next((message) => message.type === 'ready');
  return socket;
}

const live = (id: string, state: LiveCall['state']) => (message: RealtimeServerMessage) =>
  message.type === 'live' && message.call.id === id && message.call.state === state;
const visitorState = (state: VisitorCall['state']) => (message: RealtimeServerMessage) =>
  message.type === 'visitorCall' && message.call.state === state;

const memberPost = (member: TestMember, id: string, action: 'answer' | 'decline' | 'hang-up') =>
  call(server.app, { method: 'POST', url: `/api/calls/${id}/${action}`, token: member.token });
const callRow = async (id: string) => (await server.app.db.select().from(calls).where(eq(calls.id, id)))[0];
const callCount = async () =>
  (await server.app.db.select({ count: sql<number>`count(*)::integer` }).from(calls))[0]?.count ?? 0;

/** PUTs each part to its pre-signed address (the local store's `/uploads/…`), as a recorder does. */
async function putParts(addresses: Array<{ url: string }>, parts: Buffer[]) {
  for (const [index, address] of addresses.entries()) {
    const put = await server.app.inject({
      method: 'PUT',
      url: pathOf(address.url),
      headers: { 'content-type': 'video/webm' },
      payload: parts[index],
    });
    expect(put.statusCode, put.body).toBe(200);
  }
}

describe("a visitor's call", () => {
  it('rings every open tab of the team with the caller, numbered after the last call, and lists it as live', async () => {
    const team = await widgetTeam('Ringing team');
    const stranger = await widgetTeam('Stranger team');
    const lea = await signedIn(url, team.user);
    const outsider = await signedIn(url, stranger.admin);

    const { call: visitor, token } = await ring(team.key, { phone: '+44 20 7183 8750' });
    expect(visitor).toMatchObject({ state: 'ringing', position: 1, estimatedWaitSeconds: null, memberName: null });
    expect(token.split('.')).toHaveLength(3);

    const rang = await lea.next(live(visitor.id, 'ringing'));
    expect(rang).toMatchObject({
      call: {
        serialNumber: 1,
        menuItem: 'call',
        callerName: 'Ada Lovelace',
        callerEmail: 'ada@example.com',
        callerContact: '+442071838750',
        receivedBy: null,
      },
    });
    const row = await callRow(visitor.id);
    expect(row).toMatchObject({
      teamId: team.id,
      serialNumber: 1,
      holdSeconds: 0,
      liveState: 'ringing',
      endedAt: null,
    });
    expect(row?.playerId).toMatch(/^v_[0-9a-f]{12}$/);
    expect((row?.ringsUntil?.getTime() ?? 0) - (row?.incomingAt.getTime() ?? 0)).toBe(60_000);

    const listed = await call(server.app, { method: 'GET', url: '/api/calls/live', token: team.admin.token });
    expect(listed.json().data).toMatchObject({ calls: [{ id: visitor.id, state: 'ringing' }], declined: [] });
    // Another team neither hears it nor sees it.
    const theirs = await call(server.app, { method: 'GET', url: '/api/calls/live', token: stranger.admin.token });
    expect(theirs.json().data.calls).toEqual([]);
    expect(outsider.messages.some((message) => message.type === 'live')).toBe(false);

    // The next call is number 2.
    expect((await ring(team.key)).call.state).toBe('ringing');
    expect(
      (await call(server.app, { method: 'GET', url: '/api/calls/live', token: team.user.token }))
        .json()
        .data.calls.map((live: LiveCall) => live.serialNumber),
    ).toEqual([1, 2]);
    lea.ws.close();
    outsider.ws.close();
  });

  it('is missed at once when no member is available, and when the only available one declines', async () => {
    const team = await widgetTeam('Empty team');
    const nobody = await ring(team.key);
    expect(nobody.call).toMatchObject({ state: 'missed', position: null });
    const notices = await call(server.app, { method: 'GET', url: '/api/notices', token: team.user.token });
    expect(JSON.stringify(notices.json())).toContain('Missed call from Ada Lovelace');
    expect(await callRow(nobody.call.id)).toMatchObject({ liveState: null, receivedBy: null, holdSeconds: 0 });
    expect((await callRow(nobody.call.id))?.endedAt).not.toBeNull();

    // Away members do not count.
    const admin = await signedIn(url, team.admin);
    await call(server.app, {
      method: 'PUT',
      url: '/api/currentUser/availability',
      payload: { availability: 'away' },
      token: team.admin.token,
    });
    expect((await ring(team.key)).call.state).toBe('missed');

    const user = await signedIn(url, team.user);
    const { call: visitor, token } = await ring(team.key);
    expect(visitor.state).toBe('ringing');
    const waiting = await visitorSocket(token);
    const declined = await memberPost(team.user, visitor.id, 'decline');
    expect(declined.statusCode).toBe(200);
    expect(declined.json().data.state).toBe('missed');
    await user.next((message) => message.type === 'declined' && message.callId === visitor.id);
    await waiting.next(visitorState('missed'));
    await admin.next(live(visitor.id, 'missed'));
    // Every member hears of the missed call in the header's notices, which open the Missed calls tab.
    for (const socket of [admin, user]) {
      const notice = await socket.next(
        (message) => message.type === 'notice' && message.notice.title === 'Missed call from Ada Lovelace',
      );
      expect(notice).toMatchObject({
        notice: { description: 'ada@example.com', link: '/call-history?tab=missed', read: false },
      });
    }
    for (const socket of [admin, user, waiting]) {
      socket.ws.close();
    }
  });

  it("goes on ringing for the others when one member declines, and that member's list says so", async () => {
    const team = await widgetTeam('Declining team');
    const admin = await signedIn(url, team.admin);
    const user = await signedIn(url, team.user);
    const { call: visitor } = await ring(team.key);
    const declined = await memberPost(team.admin, visitor.id, 'decline');
    expect(declined.json().data.state).toBe('ringing');
    await admin.next((message) => message.type === 'declined' && message.callId === visitor.id);
    const mine = await call(server.app, { method: 'GET', url: '/api/calls/live', token: team.admin.token });
    expect(mine.json().data.declined).toEqual([visitor.id]);
    const theirs = await call(server.app, { method: 'GET', url: '/api/calls/live', token: team.user.token });
    expect(theirs.json().data.declined).toEqual([]);
    expect(user.messages.some((message) => message.type === 'declined')).toBe(false);
    expect((await memberPost(team.user, visitor.id, 'answer')).statusCode).toBe(200);
    admin.ws.close();
    user.ws.close();
  });

  it('goes to exactly one of two members answering at the same moment; the other hears who took it', async () => {
    const team = await widgetTeam('Racing team');
    const sockets = await Promise.all([signedIn(url, team.admin), signedIn(url, team.user)]);
    for (let round = 0; round < 5; round += 1) {
      const { call: visitor, token } = await ring(team.key);
      const waiting = await visitorSocket(token);
      const answers = await Promise.all(
        [team.admin, team.user].map((member) => memberPost(member, visitor.id, 'answer')),
      );
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([200, 409]);
      const won = answers.find((answer) => answer.statusCode === 200)?.json().data as LiveCall;
      const lost = answers.find((answer) => answer.statusCode === 409)?.json();
      const winner = [team.admin, team.user].find((member) => member.id === won.receivedBy?.id);
      expect(winner).toBeDefined();
      expect(lost).toMatchObject({ errorCode: 'CALL_TAKEN', errorMessage: `${winner?.name} answered this call.` });
      const row = await callRow(visitor.id);
      expect(row).toMatchObject({ liveState: 'connected', receivedBy: winner?.id });
      expect(row?.receivedAt).not.toBeNull();
      const heard = await waiting.next(visitorState('connected'));
      expect(heard).toMatchObject({ call: { memberName: winner?.name, position: null } });
      for (const socket of sockets) {
        await socket.next(live(visitor.id, 'connected'));
      }
      waiting.ws.close();
    }
    for (const socket of sockets) {
      socket.ws.close();
    }
  });

  it.runIf(ENGINE === 'postgres')(
    'goes to exactly one member when the two answers reach two server instances',
    async () => {
      const second = await createTestApp({ databaseUrl: server.config.databaseUrl });
      try {
        const team = await widgetTeam('Two instances team');
        const sockets = await Promise.all([signedIn(url, team.admin), signedIn(url, team.user)]);
        for (let round = 0; round < 5; round += 1) {
          const { call: visitor } = await ring(team.key);
          const answers = await Promise.all([
            call(server.app, { method: 'POST', url: `/api/calls/${visitor.id}/answer`, token: team.admin.token }),
            call(second.app, { method: 'POST', url: `/api/calls/${visitor.id}/answer`, token: team.user.token }),
          ]);
          expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
          // The instance that lost tells its member who won, and both instances' tabs hear it.
          const winnerId = (await callRow(visitor.id))?.receivedBy;
          expect([team.admin.id, team.user.id]).toContain(winnerId);
          for (const socket of sockets) {
            await socket.next(live(visitor.id, 'connected'));
          }
        }
        for (const socket of sockets) {
          socket.ws.close();
        }
      } finally {
        await second.app.close();
      }
    },
  );

  it('counts hold time to the answer and duration to the hang-up, by either side', async () => {
    const team = await widgetTeam('Timing team');
    const admin = await signedIn(url, team.admin);
    const { call: first, token } = await ring(team.key);
    // Pretend it rang for 42 s.
    await server.app.db
      .update(calls)
      .set({ incomingAt: sql`now() - interval '42 seconds'` })
      .where(eq(calls.id, first.id));
    expect((await memberPost(team.admin, first.id, 'answer')).statusCode).toBe(200);
    expect((await callRow(first.id))?.holdSeconds).toBeGreaterThanOrEqual(42);
    // Only the member who took it can end it.
    const notTheirs = await memberPost(team.user, first.id, 'hang-up');
    expect(notTheirs.statusCode).toBe(409);
    await server.app.db
      .update(calls)
      .set({ receivedAt: sql`now() - interval '75 seconds'` })
      .where(eq(calls.id, first.id));
    const ended = await memberPost(team.admin, first.id, 'hang-up');
    expect(ended.json().data).toMatchObject({ state: 'ended' });
    const row = await callRow(first.id);
    expect(row).toMatchObject({ liveState: null, answered: true });
    expect(row?.durationSeconds).toBeGreaterThanOrEqual(75);
    expect(row?.durationSeconds).toBeLessThan(80);
    // The visitor's hang-up after it is a no-op that says it ended.
    const late = await call(server.app, {
      method: 'POST',
      url: `/api/visitor/calls/${first.id}/hang-up`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(late.json().data).toMatchObject({ state: 'ended' });

    // The visitor hangs up a connected call.
    const second = await ring(team.key);
    await memberPost(team.admin, second.call.id, 'answer');
    const hungUp = await call(server.app, {
      method: 'POST',
      url: `/api/visitor/calls/${second.call.id}/hang-up`,
      headers: { authorization: `Bearer ${second.token}` },
    });
    expect(hungUp.json().data).toMatchObject({ state: 'ended' });
    await admin.next(live(second.call.id, 'ended'));
    expect((await callRow(second.call.id))?.durationSeconds).not.toBeNull();
    // Answering an ended call says so.
    expect((await memberPost(team.user, second.call.id, 'answer')).json()).toMatchObject({ errorCode: 'CALL_TAKEN' });
    // Answered calls are no missed calls: no notice.
    expect(admin.messages.some((message) => message.type === 'notice')).toBe(false);
    admin.ws.close();
  });

  it('is missed when the visitor gives up, with the hold time they waited', async () => {
    const team = await widgetTeam('Giving up team');
    const admin = await signedIn(url, team.admin);
    const { call: visitor, token } = await ring(team.key);
    await server.app.db
      .update(calls)
      .set({ incomingAt: sql`now() - interval '20 seconds'` })
      .where(eq(calls.id, visitor.id));
    const response = await call(server.app, {
      method: 'POST',
      url: `/api/visitor/calls/${visitor.id}/hang-up`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ state: 'missed' });
    await admin.next(live(visitor.id, 'missed'));
    const row = await callRow(visitor.id);
    expect(row).toMatchObject({ liveState: null, receivedBy: null, answered: false, durationSeconds: null });
    expect(row?.holdSeconds).toBeGreaterThanOrEqual(20);
    const answer = await memberPost(team.admin, visitor.id, 'answer');
    expect(answer.statusCode).toBe(409);
    expect(answer.json().errorCode).toBe('CALL_OVER');
    await admin.next(
      (message) => message.type === 'notice' && message.notice.title === 'Missed call from Ada Lovelace',
    );
    admin.ws.close();
  });

  it('is missed when its ring time runs out, whichever instance notices', async () => {
    const team = await widgetTeam('Timeout team');
    const admin = await signedIn(url, team.admin);
    const { call: visitor, token } = await ring(team.key);
    const waiting = await visitorSocket(token);
    await server.app.db
      .update(calls)
      .set({ incomingAt: sql`now() - interval '60 seconds'`, ringsUntil: sql`now()` })
      .where(eq(calls.id, visitor.id));
    await waiting.next(visitorState('missed'), 5000);
    await admin.next(live(visitor.id, 'missed'));
    const row = await callRow(visitor.id);
    expect(row).toMatchObject({ liveState: null, receivedBy: null });
    expect(row?.holdSeconds).toBeGreaterThanOrEqual(59);
    expect(row?.holdSeconds).toBeLessThanOrEqual(61);
    expect((await memberPost(team.admin, visitor.id, 'answer')).statusCode).toBe(409);
    admin.ws.close();
    waiting.ws.close();
  });

  it("tells each waiting visitor their place in line and the team's usual wait, live", async () => {
    const team = await widgetTeam('Queue team');
    const admin = await signedIn(url, team.admin);
    // Two answered calls of 30 s and 90 s before: the team's usual hold is 60 s.
    for (const hold of [30, 90]) {
      const { call: earlier } = await ring(team.key);
      await memberPost(team.admin, earlier.id, 'answer');
      await server.app.db.update(calls).set({ holdSeconds: hold }).where(eq(calls.id, earlier.id));
      await memberPost(team.admin, earlier.id, 'hang-up');
    }
    const first = await ring(team.key);
    const second = await ring(team.key);
    expect(first.call).toMatchObject({ position: 1, estimatedWaitSeconds: 60 });
    expect(second.call).toMatchObject({ position: 2, estimatedWaitSeconds: 120 });
    const secondSocket = await visitorSocket(second.token);
    await secondSocket.next(
      (message) =>
        message.type === 'visitorCall' && message.call.position === 2 && message.call.estimatedWaitSeconds === 120,
    );
    // A second member comes online: the two calls share out.
    const user = await signedIn(url, team.user);
    await secondSocket.next((message) => message.type === 'visitorCall' && message.call.estimatedWaitSeconds === 60);
    await memberPost(team.admin, first.call.id, 'answer');
    await secondSocket.next((message) => message.type === 'visitorCall' && message.call.position === 1);
    for (const socket of [admin, user, secondSocket]) {
      socket.ws.close();
    }
  });
});

describe("the caller's earlier calls", () => {
  it("lists the same caller's earlier calls by e-mail or phone, newest first, and nothing of another caller or team", async () => {
    const team = await widgetTeam('Earlier calls team');
    const admin = await signedIn(url, team.admin);
    const byEmail = await ring(team.key, { email: 'grace@example.com', name: 'Grace' });
    await memberPost(team.admin, byEmail.call.id, 'answer');
    await memberPost(team.admin, byEmail.call.id, 'hang-up');
    const byPhone = await ring(team.key, { email: null, phone: '+1 202 555 0199', name: 'Grace' });
    const someoneElse = await ring(team.key, { email: 'alan@example.com', name: 'Alan' });
    const now = await ring(team.key, { email: 'grace@example.com', phone: '+12025550199', name: 'Grace' });
    const anonymous = await ring(team.key, { email: null, name: null });

    const earlier = async (id: string, member: TestMember = team.user) =>
      call(server.app, { method: 'GET', url: `/api/calls/${id}/earlier`, token: member.token });
    const listed = (await earlier(now.call.id)).json().data as Array<{ id: string; answered: boolean }>;
    expect(listed.map((row) => row.id)).toEqual([byPhone.call.id, byEmail.call.id]);
    expect(listed[1]).toMatchObject({ answered: true, receivedByName: team.admin.name });
    expect(listed.map((row) => row.id)).not.toContain(someoneElse.call.id);
    // The first call of a caller, or one who gave no e-mail or phone: none.
    expect((await earlier(byEmail.call.id)).json().data).toEqual([]);
    expect((await earlier(anonymous.call.id)).json().data).toEqual([]);
    const stranger = await addTeam(server.app, 'Earlier stranger');
    expect((await earlier(now.call.id, stranger.admin)).statusCode).toBe(404);
    admin.ws.close();
  });
});

describe('WebRTC signalling over /ws', () => {
  const offer = (sdp: string) => ({ kind: 'description', description: { type: 'offer', sdp } }) as const;
  const signalFrom = (socket: Socket, callId: string, signal: unknown) =>
    socket.ws.send(JSON.stringify({ type: 'signal', callId, signal }));
  const isSignal = (callId: string) => (message: RealtimeServerMessage) =>
    message.type === 'signal' && message.callId === callId;
  const isError = (message: RealtimeServerMessage) => message.type === 'error';

  it('passes offers, answers and ICE candidates between the visitor and the member who took the call, large ones too', async () => {
    const team = await widgetTeam('Signalling team');
    const member = await signedIn(url, team.user);
    const { call: visitorCall, token } = await ring(team.key);
    const visitor = await visitorSocket(token);
    await memberPost(team.user, visitorCall.id, 'answer');
    await visitor.next(visitorState('connected'));

    // An offer larger than a notification may carry (8000 bytes) goes through whole.
    const sdp = `v=0\r\n${'a=candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host\r\n'.repeat(300)}`;
    expect(sdp.length).toBeGreaterThan(15_000);
    signalFrom(visitor, visitorCall.id, offer(sdp));
    const received = await member.next(isSignal(visitorCall.id));
    expect(received).toEqual({ type: 'signal', callId: visitorCall.id, signal: offer(sdp) });

    signalFrom(member, visitorCall.id, { kind: 'description', description: { type: 'answer', sdp: 'v=0 answer' } });
    expect(await visitor.next(isSignal(visitorCall.id))).toMatchObject({
      signal: { kind: 'description', description: { type: 'answer', sdp: 'v=0 answer' } },
    });
    // The member's side (re)opened.
    signalFrom(member, visitorCall.id, { kind: 'hello' });
    expect(await visitor.next((message) => message.type === 'signal' && message.signal.kind === 'hello')).toEqual({
      type: 'signal',
      callId: visitorCall.id,
      signal: { kind: 'hello' },
    });
    const candidate = { candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host', sdpMid: '0', sdpMLineIndex: 0 };
    signalFrom(member, visitorCall.id, { kind: 'candidate', candidate });
    await visitor.next(
      (message) =>
        message.type === 'signal' && message.signal.kind === 'candidate' && message.signal.candidate.sdpMid === '0',
    );
    expect(member.messages.some(isError)).toBe(false);
    expect(visitor.messages.some(isError)).toBe(false);
    member.ws.close();
    visitor.ws.close();
  });

  it('refuses a signal for a call the socket is not in, not yet connected, or of the wrong shape, and passes nothing on', async () => {
    const team = await widgetTeam('Refused signals team');
    const taker = await signedIn(url, team.admin);
    const bystander = await signedIn(url, team.user);
    const ringing = await ring(team.key);
    const ringingVisitor = await visitorSocket(ringing.token);
    // Not connected yet: nothing to signal.
    signalFrom(ringingVisitor, ringing.call.id, offer('v=0'));
    expect(await ringingVisitor.next(isError)).toMatchObject({
      errorMessage: 'This call is not connected: nothing to signal.',
    });

    const { call: connected, token } = await ring(team.key);
    await memberPost(team.admin, connected.id, 'answer');
    const otherVisitor = await visitorSocket(token);
    // Another member of the team, and the visitor of another call, may not signal it.
    signalFrom(bystander, connected.id, offer('v=0 from a bystander'));
    expect(await bystander.next(isError)).toMatchObject({ errorMessage: 'You can signal only a call you are in.' });
    signalFrom(ringingVisitor, connected.id, offer('v=0 from another visitor'));
    await ringingVisitor.next((message) => isError(message) && message.errorMessage.startsWith('You can signal only'));
    // Wrong shapes and sizes.
    for (const bad of [
      { kind: 'description', description: { type: 'pranswer', sdp: 'v=0' } },
      { kind: 'description', description: { type: 'offer', sdp: 'x'.repeat(20_001) } },
      { kind: 'candidate', candidate: { candidate: 'c'.repeat(1001) } },
      { kind: 'bye' },
    ]) {
      const before = otherVisitor.messages.filter(isError).length;
      signalFrom(otherVisitor, connected.id, bad);
      await expect.poll(() => otherVisitor.messages.filter(isError).length).toBe(before + 1);
    }
    otherVisitor.ws.send('not json');
    await expect.poll(() => otherVisitor.messages.filter(isError).length).toBe(5);
    // None of it reached the member in the call.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(taker.messages.some((message) => message.type === 'signal')).toBe(false);
    expect(otherVisitor.ws.readyState).toBe(otherVisitor.ws.OPEN);
    for (const socket of [taker, bystander, ringingVisitor, otherVisitor]) {
      socket.ws.close();
    }
  });

  it('closes a socket that floods signals', async () => {
    const team = await widgetTeam('Flooding signals team');
    const { call: connected, token } = await ring(team.key);
    await memberPost(team.admin, connected.id, 'answer');
    const visitor = await visitorSocket(token);
    for (let index = 0; index < 301; index += 1) {
      signalFrom(visitor, connected.id, { kind: 'candidate', candidate: { candidate: `candidate:${index}` } });
    }
    expect((await visitor.closed).code).toBe(1008);
  });
});

describe("a visitor's call refuses", () => {
  it('bad fields with their messages, writing nothing', async () => {
    const team = await widgetTeam('Bad input team');
    const before = await callCount();
    for (const [fields, field, message] of [
      [{ email: 'not-an-email' }, 'email', 'The input is not valid E-mail!'],
      [{ phone: '12' }, 'phone', 'Phone number is invalid!'],
      [{ name: 'x'.repeat(101) }, 'name', 'At most 100 characters.'],
      [{ menuItem: 'pizza' }, 'menuItem', undefined],
      [{ name: 42 }, 'name', undefined],
    ] as const) {
      const response = await startCall(team.key, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(422);
      expect(Object.keys(response.json().fields ?? {}), JSON.stringify(fields)).toContain(field);
      if (message) {
        expect(response.json().fields[field]).toBe(message);
      }
    }
    // Blank optional fields are fine: an anonymous caller.
    const anonymous = await startCall(team.key, { name: '  ', email: '', phone: null });
    expect(anonymous.statusCode).toBe(200);
    expect((await callRow(anonymous.json().data.call.id))?.callerEmail).toBeNull();
    expect(await callCount()).toBe(before + 1);
  });

  it("a page not on the team's list, and a request not from the widget's frame", async () => {
    const team = await widgetTeam('Refusing team');
    const before = await callCount();
    const elsewhere = await startCall(team.key, { host: 'https://evil.example.com' });
    expect(elsewhere.statusCode).toBe(403);
    const notFrame = await call(server.app, {
      method: 'POST',
      url: '/api/visitor/calls',
      headers: { host: 'parley.test', origin: SHOP },
      payload: { widgetKey: team.key, host: SHOP, menuItem: 'call' },
    });
    expect(notFrame.statusCode).toBe(403);
    expect((await startCall('e'.repeat(32))).statusCode).toBe(404);
    expect(await callCount()).toBe(before);
  });

  it('a visitor opening call after call from one address', async () => {
    const team = await widgetTeam('Flood team');
    const statuses: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/visitor/calls',
        remoteAddress: '198.51.100.77',
        headers: { host: 'parley.test', origin: PARLEY },
        payload: { widgetKey: team.key, host: SHOP, menuItem: 'call' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("a visitor's token for another call, for a member's routes, or none at all", async () => {
    const team = await widgetTeam('Token team');
    const admin = await signedIn(url, team.admin);
    const mine = await ring(team.key);
    const theirs = await ring(team.key);
    const hangUp = (id: string, token?: string) =>
      call(server.app, {
        method: 'POST',
        url: `/api/visitor/calls/${id}/hang-up`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    expect((await hangUp(theirs.call.id, mine.token)).statusCode).toBe(403);
    expect((await hangUp(theirs.call.id)).statusCode).toBe(401);
    expect((await hangUp(theirs.call.id, team.admin.token)).statusCode).toBe(401);
    expect((await callRow(theirs.call.id))?.liveState).toBe('ringing');
    // A visitor's token is no member's.
    for (const path of ['/api/calls', '/api/calls/live', '/api/currentUser']) {
      expect((await call(server.app, { method: 'GET', url: path, token: mine.token })).statusCode, path).toBe(401);
    }
    expect(
      (await call(server.app, { method: 'POST', url: `/api/calls/${theirs.call.id}/answer`, token: mine.token }))
        .statusCode,
    ).toBe(401);
    // Its socket hears of its own call only: the other call's answer does not reach it.
    const socket = await visitorSocket(mine.token);
    await memberPost(team.admin, theirs.call.id, 'answer');
    await admin.next(live(theirs.call.id, 'connected'));
    await socket.next((message) => message.type === 'visitorCall' && message.call.position === 1);
    expect(socket.messages.every((message) => message.type !== 'visitorCall' || message.call.id === mine.call.id)).toBe(
      true,
    );
    expect(socket.messages.some((message) => message.type === 'live' || message.type === 'presence')).toBe(false);
    admin.ws.close();
    socket.ws.close();
  });

  it("another team's member answering, declining or hanging up: the call does not exist for them", async () => {
    const team = await widgetTeam('Owner team');
    const stranger = await addTeam(server.app, 'Answering stranger');
    const admin = await signedIn(url, team.admin);
    const { call: visitor } = await ring(team.key);
    for (const action of ['answer', 'decline', 'hang-up'] as const) {
      expect((await memberPost(stranger.admin, visitor.id, action)).statusCode, action).toBe(404);
    }
    expect((await callRow(visitor.id))?.liveState).toBe('ringing');
    const lea = await addMember(server.app, team.id, 'user', { name: 'Lea' });
    expect((await memberPost(lea, visitor.id, 'answer')).json().data.receivedBy.name).toBe('Lea');
    admin.ws.close();
  });
});

describe("each side's recording while the call runs", () => {
  const WEBM = 'video/webm;codecs=vp8,opus';
  const asVisitor = (token: string) => ({ authorization: `Bearer ${token}` });
  const openMedia = (id: string, auth: { token?: string; visitor?: string }, contentType = WEBM) =>
    call(server.app, {
      method: 'POST',
      url: auth.visitor ? `/api/visitor/calls/${id}/media` : `/api/calls/${id}/media`,
      ...(auth.visitor ? { headers: asVisitor(auth.visitor) } : { token: auth.token }),
      payload: { contentType },
    });
  const mediaAction = (
    id: string,
    mediaId: string,
    action: 'parts' | 'complete',
    auth: { token?: string; visitor?: string },
    partNumbers?: number[],
  ) =>
    call(server.app, {
      method: 'POST',
      url: `${auth.visitor ? `/api/visitor/calls/${id}` : `/api/calls/${id}`}/media/${mediaId}/${action}`,
      ...(auth.visitor ? { headers: asVisitor(auth.visitor) } : { token: auth.token }),
      ...(partNumbers ? { payload: { partNumbers } } : {}),
    });
  /** Sends the bytes as the numbered parts, as a recorder does every few seconds. */
  async function sendParts(
    id: string,
    mediaId: string,
    auth: { token?: string; visitor?: string },
    parts: Buffer[],
    first = 1,
  ) {
    const numbers = parts.map((_, index) => first + index);
    const addresses = await mediaAction(id, mediaId, 'parts', auth, numbers);
    expect(addresses.statusCode, addresses.body).toBe(200);
    await putParts(addresses.json().data.parts, parts);
  }
  const thirds = (bytes: Buffer) => {
    const third = Math.ceil(bytes.length / 3);
    return [bytes.subarray(0, third), bytes.subarray(third, third * 2), bytes.subarray(third * 2)];
  };
  const mediaRows = (callId: string) =>
    server.app.db.select().from(callMedia).where(eq(callMedia.callId, callId)).orderBy(callMedia.source);

  async function connectedCall(name: string) {
    const team = await widgetTeam(name);
    const admin = await signedIn(url, team.admin);
    const { call: visitor, token } = await ring(team.key);
    expect((await memberPost(team.admin, visitor.id, 'answer')).statusCode).toBe(200);
    return { team, admin, id: visitor.id, token };
  }

  it('takes both sides in parts as the call runs and joins them into the recording, a side that never closed included', async () => {
    const { team, admin, id, token } = await connectedCall('Recording team');
    const member = await openMedia(id, { token: team.admin.token });
    expect(member.statusCode, member.body).toBe(201);
    expect(member.json().data).toMatchObject({ minPartBytes: 1, maxParts: 10_000 });
    const visitor = await openMedia(id, { visitor: token }, 'video/webm');
    expect(visitor.statusCode, visitor.body).toBe(201);
    const memberId = member.json().data.id as string;
    const visitorId = visitor.json().data.id as string;

    await sendParts(id, memberId, { token: team.admin.token }, thirds(FIXTURES.webm));
    await sendParts(id, visitorId, { visitor: token }, thirds(FIXTURES.recorderWebm));
    // A part after a gap (part 4 never came) is not part of the file.
    await sendParts(id, visitorId, { visitor: token }, [Buffer.from('after a gap')], 5);

    // No recording while the sides are still sending.
    const early = await call(server.app, {
      method: 'POST',
      url: `/api/calls/${id}/recording`,
      token: team.admin.token,
    });
    expect(early.statusCode).toBe(409);
    expect((await callRow(id))?.recordingStatus).toBe('none');

    expect((await memberPost(team.admin, id, 'hang-up')).statusCode).toBe(200);
    const closed = await mediaAction(id, memberId, 'complete', { token: team.admin.token });
    expect(closed.json().data).toEqual({ id: memberId, bytes: FIXTURES.webm.length });
    // Closing again answers the same.
    expect((await mediaAction(id, memberId, 'complete', { token: team.admin.token })).json().data.bytes).toBe(
      FIXTURES.webm.length,
    );
    // The visitor's tab died: its upload is still open when the recording is asked for.
    const [callerRow, memberRow] = await mediaRows(id);
    expect(callerRow).toMatchObject({ source: 'caller', contentType: 'video/webm' });
    expect(callerRow?.uploadId).not.toBeNull();
    expect(memberRow).toMatchObject({ source: 'member', uploadId: null });
    expect(memberRow?.offsetSeconds).toBeGreaterThanOrEqual(0);
    expect(memberRow?.offsetSeconds).toBeLessThan(5);

    const generating = await call(server.app, {
      method: 'POST',
      url: `/api/calls/${id}/recording`,
      token: team.admin.token,
    });
    expect(generating.statusCode, generating.body).toBe(202);
    const ready = await admin.next(
      (message) => message.type === 'call' && message.call.id === id && message.call.recordingStatus !== 'generating',
      60_000,
    );
    expect(ready).toMatchObject({ call: { recordingStatus: 'ready' } });
    const [caller] = await mediaRows(id);
    expect(caller?.uploadId).toBeNull();
    expect(await server.app.storage.size(caller?.storageKey ?? '')).toBe(FIXTURES.recorderWebm.length);
    const url = ready.type === 'call' ? (ready.call.recordingUrl ?? '') : '';
    const played = await server.app.inject({ method: 'GET', url: pathOf(url) });
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('video/mp4');
    expect(played.rawPayload.length).toBeGreaterThan(1000);
    admin.ws.close();
  });

  it('closes a side left open once its call has been over the grace time, and drops one that sent nothing', async () => {
    const { team, admin, id, token } = await connectedCall('Crashed tab team');
    const visitor = (await openMedia(id, { visitor: token })).json().data.id as string;
    const member = (await openMedia(id, { token: team.admin.token })).json().data.id as string;
    await sendParts(id, visitor, { visitor: token }, [FIXTURES.recorderWebm.subarray(0, 5000)]);
    await memberPost(team.admin, id, 'hang-up');
    // Within the grace time nothing is closed; past it, both are.
    await server.app.callMedia.sweep();
    expect((await mediaRows(id)).every((row) => row.uploadId !== null)).toBe(true);
    await server.app.db
      .update(calls)
      .set({ endedAt: sql`now() - make_interval(secs => ${CALL_MEDIA_GRACE_SECONDS + 1})` })
      .where(eq(calls.id, id));
    expect(await server.app.callMedia.sweep()).toBeGreaterThanOrEqual(2);
    const rows = await mediaRows(id);
    expect(rows.map((row) => [row.id, row.uploadId])).toEqual([[visitor, null]]);
    expect(await server.app.storage.size(rows[0]?.storageKey ?? '')).toBe(5000);
    // The member's empty side is gone; the visitor's is closed.
    expect((await mediaAction(id, member, 'complete', { token: team.admin.token })).statusCode).toBe(404);
    const late = await mediaAction(id, visitor, 'parts', { visitor: token }, [2]);
    expect(late.statusCode).toBe(409);
    expect(late.json().errorCode).toBe('UPLOAD_CLOSED');
    admin.ws.close();
  });

  it('refuses a call not connected, another member, another call or team, and a type no recorder makes', async () => {
    const team = await widgetTeam('Refusing media team');
    const stranger = await addTeam(server.app, 'Media stranger');
    const admin = await signedIn(url, team.admin);
    const ringing = await ring(team.key);
    const other = await ring(team.key);
    const notYet = await openMedia(ringing.call.id, { visitor: ringing.token });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().errorCode).toBe('CALL_OVER');
    expect((await openMedia(ringing.call.id, { token: team.admin.token })).statusCode).toBe(409);

    await memberPost(team.admin, ringing.call.id, 'answer');
    // Only the member who took it, and only the call's own visitor.
    expect((await openMedia(ringing.call.id, { token: team.user.token })).statusCode).toBe(403);
    expect((await openMedia(ringing.call.id, { token: stranger.admin.token })).statusCode).toBe(404);
    expect((await openMedia(ringing.call.id, { visitor: other.token })).statusCode).toBe(403);
    expect((await openMedia(ringing.call.id, { visitor: team.admin.token })).statusCode).toBe(401);
    const badType = await openMedia(ringing.call.id, { token: team.admin.token }, 'image/png');
    expect(badType.statusCode).toBe(422);
    expect(badType.json().fields).toHaveProperty('contentType');
    const mine = (await openMedia(ringing.call.id, { token: team.admin.token })).json().data.id as string;
    // Another member cannot send or close the member's side; the visitor cannot either.
    expect((await mediaAction(ringing.call.id, mine, 'parts', { token: team.user.token }, [1])).statusCode).toBe(404);
    expect((await mediaAction(ringing.call.id, mine, 'complete', { visitor: ringing.token })).statusCode).toBe(404);
    expect((await mediaAction(ringing.call.id, mine, 'parts', { token: team.admin.token }, [0])).statusCode).toBe(422);
    expect((await mediaRows(ringing.call.id)).map((row) => row.source)).toEqual(['member']);
    expect(await mediaRows(other.call.id)).toEqual([]);
    admin.ws.close();
  });
});

describe("a visitor's video message", () => {
  const asVisitor = (token: string) => ({ authorization: `Bearer ${token}` });
  const message = (id: string, token: string, path = '', method: 'POST' | 'DELETE' = 'POST', payload?: unknown) =>
    call(server.app, {
      method,
      url: `/api/visitor/calls/${id}/message${path}`,
      headers: asVisitor(token),
      ...(payload ? { payload } : {}),
    });
  async function sendParts(id: string, token: string, mediaId: string, parts: Buffer[]) {
    const addresses = await message(id, token, `/${mediaId}/parts`, 'POST', {
      partNumbers: parts.map((_, i) => i + 1),
    });
    expect(addresses.statusCode, addresses.body).toBe(200);
    await putParts(addresses.json().data.parts, parts);
  }
  const noticeTitles = async (member: TestMember) =>
    JSON.stringify((await call(server.app, { method: 'GET', url: '/api/notices', token: member.token })).json());

  it('is left after a missed call, sent as it is recorded, and shows under Messages with a notice', async () => {
    const team = await widgetTeam('Message team');
    const { call: missed, token } = await ring(team.key);
    expect(missed.state).toBe('missed');
    const admin = await signedIn(url, team.admin);
    const opened = await message(missed.id, token, '', 'POST', { contentType: 'video/webm;codecs=vp8,opus' });
    expect(opened.statusCode, opened.body).toBe(201);
    const videoId = opened.json().data.id as string;
    const bytes = FIXTURES.recorderWebm;
    const half = Math.ceil(bytes.length / 2);
    await sendParts(missed.id, token, videoId, [bytes.subarray(0, half), bytes.subarray(half)]);

    const sent = await message(missed.id, token, `/${videoId}/complete`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toEqual({ id: videoId, bytes: bytes.length });
    expect((await callRow(missed.id))?.messageVideoId).toBe(videoId);
    await admin.next(live(missed.id, 'missed'));
    expect(await noticeTitles(team.user)).toContain('Video message from Ada Lovelace');
    const listed = await call(server.app, { method: 'GET', url: `/api/videos/${videoId}`, token: team.user.token });
    expect(listed.json().data).toMatchObject({ kind: 'message', ref: missed.id, size: bytes.length });
    expect(['processing', 'ready']).toContain(listed.json().data.status);
    // One message per call.
    const again = await message(missed.id, token, '', 'POST', { contentType: 'video/webm' });
    expect(again.statusCode).toBe(409);
    admin.ws.close();
  });

  it('can be thrown away to record again, and is refused for an answered or ringing call and another call', async () => {
    const team = await widgetTeam('Message refusals team');
    const first = await ring(team.key);
    const open = async () => message(first.call.id, first.token, '', 'POST', { contentType: 'video/webm' });
    const thrownAway = (await open()).json().data.id as string;
    expect((await message(first.call.id, first.token, `/${thrownAway}`, 'DELETE')).statusCode).toBe(204);
    expect(
      (await call(server.app, { method: 'GET', url: `/api/videos/${thrownAway}`, token: team.admin.token })).statusCode,
    ).toBe(404);
    // Nothing sent yet: nothing to send.
    const empty = (await open()).json().data.id as string;
    const nothing = await message(first.call.id, first.token, `/${empty}/complete`);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().errorCode).toBe('UPLOAD_INCOMPLETE');
    // At most three under way.
    await open();
    await open();
    expect((await open()).statusCode).toBe(429);
    expect((await callRow(first.call.id))?.messageVideoId).toBeNull();

    const admin = await signedIn(url, team.admin);
    const ringing = await ring(team.key);
    const notMissed = await message(ringing.call.id, ringing.token, '', 'POST', { contentType: 'video/webm' });
    expect(notMissed.statusCode).toBe(409);
    expect(notMissed.json().errorCode).toBe('CALL_OVER');
    await memberPost(team.admin, ringing.call.id, 'answer');
    await memberPost(team.admin, ringing.call.id, 'hang-up');
    expect((await message(ringing.call.id, ringing.token, '', 'POST', { contentType: 'video/webm' })).statusCode).toBe(
      409,
    );
    // Another call's token, and another call's message.
    expect((await message(first.call.id, ringing.token, '', 'POST', { contentType: 'video/webm' })).statusCode).toBe(
      403,
    );
    expect(
      (await message(ringing.call.id, ringing.token, `/${empty}/parts`, 'POST', { partNumbers: [1] })).statusCode,
    ).toBe(404);
    admin.ws.close();
  });

  it('comes straight from the menu: a call to leave a message rings nobody and sends no missed-call notice', async () => {
    const team = await widgetTeam('Message menu team');
    const admin = await signedIn(url, team.admin);
    const { call: visitor, token } = await ring(team.key, { menuItem: 'message' });
    expect(visitor.state).toBe('missed');
    expect(admin.messages.some((item) => item.type === 'live' && item.call.state === 'ringing')).toBe(false);
    expect(await noticeTitles(team.admin)).not.toContain('Missed call');
    const videoId = (await message(visitor.id, token, '', 'POST', { contentType: 'audio/webm' })).json().data.id;
    await sendParts(visitor.id, token, videoId, [FIXTURES.recorderWebm]);
    expect((await message(visitor.id, token, `/${videoId}/complete`)).statusCode).toBe(200);
    expect(await noticeTitles(team.admin)).toContain('Video message from Ada Lovelace');
    admin.ws.close();
  });
});

describe('a live call whose sides are gone', () => {
  const until = async (check: () => Promise<boolean>) => {
    const deadline = Date.now() + 5000;
    while (!(await check())) {
      if (Date.now() > deadline) {
        throw new Error('The call row did not change in time.');
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const backdate = (id: string, side: 'callerLeftAt' | 'memberLeftAt', seconds: number) =>
    server.app.db
      .update(calls)
      .set({ [side]: sql`now() - make_interval(secs => ${seconds})` })
      .where(eq(calls.id, id));

  it('ends a connected call once both sides have been gone 30 s, when the last one left; a reconnect keeps it', async () => {
    const team = await widgetTeam('Gone team');
    const admin = await signedIn(url, team.admin);
    const { call: visitor, token } = await ring(team.key);
    const first = await visitorSocket(token);
    await memberPost(team.admin, visitor.id, 'answer');
    expect(await callRow(visitor.id)).toMatchObject({ callerLeftAt: null, memberLeftAt: null });

    // The visitor's page reloads: the old socket closes after the new one opened; they never left.
    const second = await visitorSocket(token);
    first.ws.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await callRow(visitor.id))?.callerLeftAt).toBeNull();
    second.ws.close();
    await until(async () => (await callRow(visitor.id))?.callerLeftAt !== null);

    // One side gone is not enough.
    await backdate(visitor.id, 'callerLeftAt', CALL_GONE_SECONDS + 10);
    await server.app.liveCalls.endAbandoned();
    expect((await callRow(visitor.id))?.liveState).toBe('connected');

    // The member's last tab closes too, and comes back: still in the call.
    admin.ws.close();
    await until(async () => (await callRow(visitor.id))?.memberLeftAt !== null);
    const back = await signedIn(url, team.admin);
    await until(async () => (await callRow(visitor.id))?.memberLeftAt === null);
    back.ws.close();
    await until(async () => (await callRow(visitor.id))?.memberLeftAt !== null);

    // Gone, but not yet for 30 s.
    await backdate(visitor.id, 'memberLeftAt', CALL_GONE_SECONDS - 5);
    await server.app.liveCalls.endAbandoned();
    expect((await callRow(visitor.id))?.liveState).toBe('connected');
    await backdate(visitor.id, 'memberLeftAt', CALL_GONE_SECONDS + 2);
    await server.app.db
      .update(calls)
      .set({ receivedAt: sql`now() - interval '100 seconds'` })
      .where(eq(calls.id, visitor.id));
    expect(await server.app.liveCalls.endAbandoned()).toBeGreaterThanOrEqual(1);
    const row = await callRow(visitor.id);
    expect(row?.liveState).toBeNull();
    // Ended when the last side left (the member, 32 s ago), 68 s after the answer.
    expect(row?.durationSeconds).toBeGreaterThanOrEqual(67);
    expect(row?.durationSeconds).toBeLessThanOrEqual(69);
    expect(row?.endedAt?.getTime()).toBe(row?.memberLeftAt?.getTime());
  });

  it('misses a ringing call whose visitor has been gone 30 s, with the hold they waited', async () => {
    const team = await widgetTeam('Gone while ringing team');
    const admin = await signedIn(url, team.admin);
    const { call: visitor, token } = await ring(team.key);
    const socket = await visitorSocket(token);
    socket.ws.close();
    await until(async () => (await callRow(visitor.id))?.callerLeftAt !== null);
    await server.app.db
      .update(calls)
      .set({ incomingAt: sql`now() - interval '45 seconds'`, callerLeftAt: sql`now() - interval '31 seconds'` })
      .where(eq(calls.id, visitor.id));
    await server.app.liveCalls.endAbandoned();
    await admin.next(live(visitor.id, 'missed'));
    const row = await callRow(visitor.id);
    expect(row).toMatchObject({ liveState: null, receivedBy: null });
    expect(row?.holdSeconds).toBeGreaterThanOrEqual(13);
    expect(row?.holdSeconds).toBeLessThanOrEqual(15);
    admin.ws.close();
  });
});
