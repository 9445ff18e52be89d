import { randomUUID } from 'node:crypto';
import type { Role, Video } from '@parley/api';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callMedia,
  calls,
  captions,
  contacts,
  directoryUsers,
  domains,
  integrations,
  leadReplies,
  leads,
  notes,
  teams,
  userPreferences,
  users,
  videoMessages,
  videos,
} from '../src/db/schema';
import { insertLead } from '../src/repositories/leads';
import { createNotice } from '../src/repositories/notices';
import { findTeam } from '../src/repositories/teams';
import { findUser } from '../src/repositories/users';
import { sealMfaSecret } from '../src/services/mfa';
import { videoKey } from '../src/services/storage/store';
import { addMember, addTeam, call, createTestApp, type TestApp, type TestMember, type TestTeam } from './helpers';
import { totpCode } from './mfa-helpers';
import { FIXTURES, partAddresses, pathOf, putPart, startUpload, uploadVideo, waitForVideo } from './video-helpers';

/**
 * Every route × every kind of caller. Team A owns the records a cell aims at; team B is another
 * team. Each cell has a caller of its own (fresh member, fresh token) and fresh targets where the
 * route changes something, so no cell depends on another's effects.
 */
const CALLERS = ['A admin', 'A user', 'B admin', 'B user', 'anonymous'] as const;
type Caller = (typeof CALLERS)[number];

interface Cell {
  caller: TestMember | undefined;
  teamA: TestTeam;
  teamB: TestTeam;
}

interface Probe {
  url: string;
  payload?: Record<string, unknown> | Buffer;
  headers?: Record<string, string>;
  /** Checks after the request: what must (not) have changed, what the body must (not) hold. */
  after?: (response: { statusCode: number; body: string }) => Promise<void> | void;
}

interface RouteCase {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route as OpenAPI names it. */
  path: string;
  expected: Record<Caller, number>;
  probe: (cell: Cell) => Promise<Probe>;
}

let server: TestApp;
/** What each route answered each caller, as the route's test observed it. */
const observed = new Map<string, Record<string, number>>();
/** Everything of team A that another team must never see. */
let teamASecrets: string[] = [];

const everyone = (status: number): Record<Caller, number> => ({
  'A admin': status,
  'A user': status,
  'B admin': status,
  'B user': status,
  anonymous: status,
});
const membersOnly = (status: number) => ({ ...everyone(status), anonymous: 401 });

function uniqueEmail(): string {
  return `m-${randomUUID().slice(0, 12)}@example.com`;
}

let phoneCounter = 0;
function uniquePhone(): string {
  phoneCounter += 1;
  return `+1303555${String(phoneCounter).padStart(4, '0')}`;
}

/** A target member in team A made for one cell. */
async function targetInA(cell: Cell, role: Role = 'user'): Promise<TestMember> {
  return addMember(server.app, cell.teamA.id, role, { name: `Target ${randomUUID().slice(0, 8)}` });
}

/** Gives the caller (when signed in) a TOTP secret, bound or waiting to be, sealed as the server keeps it. */
async function storeMfaSecret(
  caller: TestMember | undefined,
  column: 'mfaSecret' | 'mfaPendingSecret',
  secret: string,
): Promise<string> {
  if (caller) {
    await server.app.db
      .update(users)
      .set({ [column]: sealMfaSecret(server.app.secretKey, secret) })
      .where(eq(users.id, caller.id));
  }
  return secret;
}

/** A contact of team A's book, made for one cell. */
async function contactInA(cell: Cell, name = `A contact ${randomUUID().slice(0, 8)}`) {
  const [contact] = await server.app.db
    .insert(contacts)
    .values({ teamId: cell.teamA.id, name, email: `${randomUUID().slice(0, 8)}@a-contact.example` })
    .returning();
  if (!contact) {
    throw new Error('no contact');
  }
  return contact;
}
async function storedContact(id: string) {
  const [row] = await server.app.db.select().from(contacts).where(eq(contacts.id, id));
  return row;
}
/** Team A's contacts: any member of team A, no one else (another team's is not found). */
const contactOfA: Record<Caller, number> = {
  'A admin': 200,
  'A user': 200,
  'B admin': 404,
  'B user': 404,
  anonymous: 401,
};

/** Team A's admin's preferences (a time zone nobody else has), made once. */
async function preferencesOfA(teamA: TestTeam): Promise<void> {
  await server.app.db
    .insert(userPreferences)
    .values({ userId: teamA.admin.id, teamId: teamA.id, timeZone: 'Pacific/Chatham', ringVolume: 7 })
    .onConflictDoNothing();
}

/** Team A's Slack settings (a placeholder token that does not open) with one synced person, made once. */
async function slackOfA(teamA: TestTeam): Promise<void> {
  await server.app.db
    .insert(integrations)
    .values({
      teamId: teamA.id,
      kind: 'slack',
      tokenSecret: 'sealed-placeholder',
      tokenLast4: '4a4a',
      workspaceId: 'TASECRET',
      workspaceName: 'A workspace secret',
    })
    .onConflictDoNothing();
  await server.app.db
    .insert(directoryUsers)
    .values({ teamId: teamA.id, slackId: 'UASECRET', name: 'A Slack person secret', email: 'a-slack@example.com' })
    .onConflictDoNothing();
}

/** A request (lead) of team A's, made for one cell: its admins only may read, change or answer it. */
async function leadInA(cell: Cell) {
  return insertLead(server.app.db, {
    teamId: cell.teamA.id,
    kind: 'contact',
    name: `A request ${randomUUID().slice(0, 8)}`,
    email: 'a-request@example.com',
    message: 'team A only',
  });
}
const requestOfA: Record<Caller, number> = {
  'A admin': 200,
  'A user': 403,
  'B admin': 404,
  'B user': 403,
  anonymous: 401,
};

/** Team A's processed video (poster and all) and a share link to it, made once. */
let teamAVideo: Video;
let teamAShareToken: string;

/** A video of team A still waiting for its parts, made for one cell. */
async function uploadInA(cell: Cell, owner: TestMember = cell.teamA.user) {
  return startUpload(server.app, owner.token, FIXTURES.mp4.length, {
    title: `A upload ${randomUUID().slice(0, 6)}`,
  });
}

async function storedVideo(id: string) {
  const [row] = await server.app.db.select().from(videos).where(eq(videos.id, id));
  return row;
}

/** A share link of team A's video made for one cell. */
async function messageInA(cell: Cell): Promise<{ id: string; token: string }> {
  const response = await call(server.app, {
    method: 'POST',
    url: '/api/video-messages',
    token: cell.teamA.user.token,
    payload: {
      videoId: teamAVideo.id,
      email: 'a-viewer@example.com',
      phone: '+13035550199',
      message: 'A message secret',
    },
  });
  const { id, shareUrl } = response.json().data;
  return { id, token: shareUrl.split('/v/')[1] };
}

/** A call of team A stored directly (as the live call would), made for one cell. */
async function callInA(cell: Cell, callerName = `A call ${randomUUID().slice(0, 8)}`): Promise<string> {
  const [row] = await server.app.db
    .insert(calls)
    .values({
      teamId: cell.teamA.id,
      serialNumber: sql`(select coalesce(max(serial_number), 0) + 1 from calls where team_id = ${cell.teamA.id})`,
      incomingAt: new Date(),
      playerId: `v_${randomUUID().slice(0, 8)}`,
      callerName,
      holdSeconds: 5,
    })
    .returning({ id: calls.id });
  if (!row) {
    throw new Error('The call was not stored.');
  }
  return row.id;
}

/** A live call of team A stored directly: ringing, or connected to `receiver`; made for one cell. */
async function liveCallInA(cell: Cell, receiver?: TestMember): Promise<string> {
  const callId = await callInA(cell, `A live call ${randomUUID().slice(0, 8)}`);
  await server.app.db
    .update(calls)
    .set(
      receiver
        ? { liveState: 'connected', receivedBy: receiver.id, receivedAt: new Date(), ringsUntil: sql`now()` }
        : { liveState: 'ringing', ringsUntil: sql`now() + interval '1 hour'` },
    )
    .where(eq(calls.id, callId));
  return callId;
}

/** A call of team A with one caption cue, made for one cell. */
async function callWithCaption(cell: Cell): Promise<string> {
  const callId = await callInA(cell);
  await server.app.db.insert(captions).values({
    teamId: cell.teamA.id,
    callId,
    startSeconds: 0,
    endSeconds: 2,
    speaker: 'Ada',
    text: 'A caption secret',
  });
  return callId;
}

async function storedCall(id: string) {
  const [row] = await server.app.db.select().from(calls).where(eq(calls.id, id));
  return row;
}

/** A note on a call of team A by `author`, made for one cell. */
async function noteInA(cell: Cell, author: TestMember): Promise<{ callId: string; noteId: string }> {
  const callId = await callInA(cell);
  const [row] = await server.app.db
    .insert(notes)
    .values({ teamId: cell.teamA.id, callId, authorId: author.id, message: 'A note secret' })
    .returning({ id: notes.id });
  return { callId, noteId: row?.id ?? '' };
}

async function storedNote(id: string) {
  const [row] = await server.app.db.select().from(notes).where(eq(notes.id, id));
  return row;
}

const teamAOnly = (status: number) => ({
  'A admin': status,
  'A user': status,
  'B admin': 404,
  'B user': 404,
  anonymous: 401,
});

/** Denied cross-team answers must hold nothing of team A. */
function leaksNothing(body: string): void {
  for (const secret of teamASecrets) {
    expect(body).not.toContain(secret);
  }
}

const routes: RouteCase[] = [
  {
    method: 'GET',
    path: '/healthz',
    expected: everyone(200),
    probe: async () => ({ url: '/healthz' }),
  },
  {
    method: 'GET',
    path: '/readyz',
    expected: everyone(200),
    probe: async () => ({ url: '/readyz' }),
  },
  {
    method: 'GET',
    path: '/api/openapi.json',
    expected: everyone(200),
    probe: async () => ({ url: '/api/openapi.json' }),
  },
  {
    method: 'GET',
    path: '/api/docs',
    expected: everyone(200),
    probe: async () => ({ url: '/api/docs/' }),
  },
  {
    method: 'POST',
    path: '/common/login',
    // A team login of team A: only team A's members get in, whatever token they carry.
    expected: { 'A admin': 200, 'A user': 200, 'B admin': 401, 'B user': 401, anonymous: 401 },
    probe: async ({ caller, teamA }) => ({
      url: '/common/login',
      payload: {
        email: caller?.email ?? uniqueEmail(),
        password: caller?.password ?? 'not-a-member',
        teamId: teamA.id,
      },
      after: ({ statusCode, body }) => {
        if (statusCode !== 200) {
          leaksNothing(body);
        }
      },
    }),
  },
  {
    method: 'POST',
    path: '/common/login/mobile',
    expected: everyone(401),
    probe: async ({ teamA }) => ({
      url: '/common/login/mobile',
      payload: { mobile: uniquePhone(), captcha: '123456', teamId: teamA.id },
      after: ({ body }) => leaksNothing(body),
    }),
  },
  {
    method: 'GET',
    path: '/api/login/captcha',
    expected: everyone(200),
    probe: async () => ({ url: `/api/login/captcha?mobile=${encodeURIComponent(uniquePhone())}` }),
  },
  {
    method: 'POST',
    path: '/common/register',
    expected: everyone(201),
    probe: async () => {
      const email = uniqueEmail();
      return {
        url: '/common/register',
        payload: {
          name: 'Founder',
          teamName: 'Founded in the matrix',
          email,
          password: 'a long password 1',
          confirmPassword: 'a long password 1',
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/common/forgot-password',
    expected: everyone(200),
    probe: async ({ teamA }) => ({
      url: '/common/forgot-password',
      payload: { email: teamA.user.email },
      after: ({ body }) => expect(JSON.parse(body)).toEqual({ success: true }),
    }),
  },
  {
    method: 'POST',
    path: '/common/reset-password',
    // A reset of a team A member without the e-mailed token: refused for everyone, tokens or not.
    expected: everyone(400),
    probe: async (cell) => {
      const target = await targetInA(cell);
      const before = (await findUser(server.app.db, target.id))?.passwordHash;
      return {
        url: '/common/reset-password',
        payload: {
          token: randomUUID(),
          userId: target.id,
          password: 'taken over 123',
          confirmPassword: 'taken over 123',
        },
        after: async ({ body }) => {
          leaksNothing(body);
          expect((await findUser(server.app.db, target.id))?.passwordHash).toBe(before);
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/common/reset-password/check',
    // Without the e-mailed token no link is live, for anyone: the member's address never shows.
    expected: everyone(400),
    probe: async (cell) => {
      const target = await targetInA(cell);
      return {
        url: '/common/reset-password/check',
        payload: { token: randomUUID(), userId: target.id },
        after: ({ body }) => {
          leaksNothing(body);
          expect(body).not.toContain(target.email);
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/common/change-password',
    // The token in the body says whose password changes: one's own, never another's.
    expected: membersOnly(200),
    probe: async ({ caller }) => ({
      url: '/common/change-password',
      payload: {
        token: caller?.token ?? 'not-a-token',
        currentPassword: caller?.password ?? '',
        password: 'my new password 1',
        confirmPassword: 'my new password 1',
      },
    }),
  },
  {
    method: 'GET',
    path: '/common/teams/{id}',
    // Public by design: a team login page shows the team's name before sign-in (its id is in the invitation).
    expected: everyone(200),
    probe: async ({ teamA }) => ({ url: `/common/teams/${teamA.id}` }),
  },
  {
    method: 'POST',
    path: '/common/logout',
    expected: membersOnly(200),
    probe: async () => ({ url: '/common/logout' }),
  },
  {
    method: 'GET',
    path: '/api/currentUser',
    expected: membersOnly(200),
    probe: async ({ caller }) => ({
      url: '/api/currentUser',
      after: ({ statusCode, body }) => {
        if (statusCode === 200) {
          expect(JSON.parse(body).data.userid).toBe(caller?.id);
        }
      },
    }),
  },
  {
    method: 'PATCH',
    path: '/api/currentUser',
    expected: membersOnly(200),
    probe: async ({ caller }) => {
      const before = caller ? (await findUser(server.app.db, caller.id))?.name : undefined;
      return {
        url: '/api/currentUser',
        payload: { name: `${before ?? 'Nobody'} ` },
        after: async ({ statusCode, body }) => {
          if (statusCode === 200) {
            // Only the caller's own name: the answer is theirs, and it is stored as they sent it, trimmed.
            expect(JSON.parse(body).data.userid).toBe(caller?.id);
            expect((await findUser(server.app.db, caller?.id ?? ''))?.name).toBe(before);
          }
        },
      };
    },
  },
  {
    method: 'PUT',
    path: '/api/currentUser',
    expected: membersOnly(200),
    probe: async ({ caller }) => ({
      url: '/api/currentUser',
      payload: {
        email: caller?.email ?? uniqueEmail(),
        name: caller?.name ?? 'Nobody',
        signature: 'Answers calls.',
        country: 'Egypt',
        province: 'Cairo',
        city: 'Cairo',
        address: '1 Tahrir Square',
        phone: uniquePhone(),
      },
      after: ({ statusCode, body }) => {
        if (statusCode === 200) {
          // Only the caller's own profile: there is no member id to aim at another.
          expect(JSON.parse(body).data.userid).toBe(caller?.id);
        }
      },
    }),
  },
  {
    method: 'GET',
    path: '/api/currentUser/security',
    expected: membersOnly(200),
    probe: async () => ({ url: '/api/currentUser/security' }),
  },
  {
    method: 'PATCH',
    path: '/api/currentUser/notifications',
    expected: membersOnly(200),
    probe: async () => ({ url: '/api/currentUser/notifications', payload: { todo: true } }),
  },
  {
    method: 'POST',
    path: '/api/currentUser/mfa',
    expected: membersOnly(200),
    probe: async ({ caller }) => ({
      url: '/api/currentUser/mfa',
      after: async ({ statusCode }) => {
        if (statusCode === 200) {
          expect((await findUser(server.app.db, caller?.id ?? ''))?.mfaPendingSecret).not.toBeNull();
        }
      },
    }),
  },
  {
    method: 'POST',
    path: '/api/currentUser/mfa/confirm',
    expected: membersOnly(200),
    probe: async ({ caller }) => ({
      url: '/api/currentUser/mfa/confirm',
      payload: { code: totpCode(await storeMfaSecret(caller, 'mfaPendingSecret', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')) },
    }),
  },
  {
    method: 'POST',
    path: '/api/currentUser/mfa/unbind',
    expected: membersOnly(200),
    probe: async ({ caller }) => ({
      url: '/api/currentUser/mfa/unbind',
      payload: { code: totpCode(await storeMfaSecret(caller, 'mfaSecret', 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU')) },
    }),
  },
  {
    method: 'POST',
    path: '/common/login/mfa',
    // Public, and only a first step's token opens it: a full session's token is no such token.
    expected: everyone(401),
    probe: async ({ caller }) => ({
      url: '/common/login/mfa',
      payload: { token: caller?.token ?? 'none', code: '123456' },
    }),
  },
  {
    method: 'PATCH',
    path: '/api/team',
    // Always the caller's own team: there is no team id to aim at another.
    expected: { 'A admin': 200, 'A user': 403, 'B admin': 200, 'B user': 403, anonymous: 401 },
    probe: async ({ caller, teamA }) => {
      const own = caller ? await findTeam(server.app.db, caller.teamId) : undefined;
      const teamABefore = (await findTeam(server.app.db, teamA.id))?.name;
      return {
        url: '/api/team',
        payload: { name: own?.name ?? 'No team' },
        after: async ({ statusCode, body }) => {
          if (statusCode === 200) {
            expect(JSON.parse(body).data.id).toBe(caller?.teamId);
          }
          if (caller?.teamId !== teamA.id) {
            expect((await findTeam(server.app.db, teamA.id))?.name).toBe(teamABefore);
          }
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/api/users',
    expected: membersOnly(200),
    probe: async ({ caller, teamA }) => ({
      url: '/api/users?pageSize=100',
      after: ({ statusCode, body }) => {
        if (statusCode === 200 && caller?.teamId !== teamA.id) {
          leaksNothing(body);
        }
        if (statusCode === 200 && caller?.teamId === teamA.id) {
          expect(body).toContain(teamA.user.email);
        }
      },
    }),
  },
  {
    method: 'POST',
    path: '/api/users',
    // An invitation always joins the inviter's own team.
    expected: { 'A admin': 201, 'A user': 403, 'B admin': 201, 'B user': 403, anonymous: 401 },
    probe: async ({ caller }) => {
      const email = uniqueEmail();
      return {
        url: '/api/users',
        payload: { email, name: 'Invited' },
        after: async ({ statusCode, body }) => {
          if (statusCode === 201) {
            const invited = await findUser(server.app.db, JSON.parse(body).data.id);
            expect(invited?.teamId).toBe(caller?.teamId);
          }
        },
      };
    },
  },
  {
    method: 'PATCH',
    path: '/api/users/{id}',
    expected: { 'A admin': 200, 'A user': 403, 'B admin': 404, 'B user': 403, anonymous: 401 },
    probe: async (cell) => {
      const target = await targetInA(cell);
      return {
        url: `/api/users/${target.id}`,
        payload: { name: 'Renamed', role: 'admin' },
        after: async ({ statusCode, body }) => {
          const stored = await findUser(server.app.db, target.id);
          if (statusCode === 200) {
            expect(stored).toMatchObject({ name: 'Renamed', role: 'admin' });
          } else {
            leaksNothing(body);
            expect(body).not.toContain(target.name);
            expect(stored).toMatchObject({ name: target.name, role: 'user' });
          }
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/api/users/{id}/invitation',
    expected: { 'A admin': 200, 'A user': 403, 'B admin': 404, 'B user': 403, anonymous: 401 },
    probe: async (cell) => {
      const invited = await call(server.app, {
        method: 'POST',
        url: '/api/users',
        token: cell.teamA.admin.token,
        payload: { email: uniqueEmail(), name: `Invited ${randomUUID().slice(0, 8)}` },
      });
      const target = invited.json().data as { id: string; name: string };
      const before = (await findUser(server.app.db, target.id))?.passwordHash;
      return {
        url: `/api/users/${target.id}/invitation`,
        after: async ({ statusCode, body }) => {
          const stored = await findUser(server.app.db, target.id);
          if (statusCode === 200) {
            expect(stored?.passwordHash).not.toBe(before);
          } else {
            leaksNothing(body);
            expect(body).not.toContain(target.name);
            expect(stored?.passwordHash).toBe(before);
          }
        },
      };
    },
  },
  {
    method: 'DELETE',
    path: '/api/users/{id}',
    expected: { 'A admin': 200, 'A user': 403, 'B admin': 404, 'B user': 403, anonymous: 401 },
    probe: async (cell) => {
      const target = await targetInA(cell);
      return {
        url: `/api/users/${target.id}`,
        after: async ({ statusCode, body }) => {
          const stored = await findUser(server.app.db, target.id);
          if (statusCode === 200) {
            expect(stored).toBeUndefined();
          } else {
            leaksNothing(body);
            expect(stored?.removedAt).toBeNull();
          }
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/api/notices',
    expected: membersOnly(200),
    probe: async ({ caller }) => ({
      url: '/api/notices',
      after: ({ statusCode, body }) => {
        if (statusCode === 200 && caller) {
          leaksNothing(body);
        }
      },
    }),
  },
  {
    method: 'POST',
    path: '/api/notices/{id}/read',
    // Notices are each member's own: a team A user's notice is theirs alone, so even A's admin gets 404.
    expected: { 'A admin': 404, 'A user': 200, 'B admin': 404, 'B user': 404, anonymous: 401 },
    probe: async (cell) => {
      const owner =
        cell.caller?.teamId === cell.teamA.id && cell.caller.role === 'user' ? cell.caller : cell.teamA.user;
      const notice = await createNotice(server.app.db, server.app.events, {
        teamId: cell.teamA.id,
        userId: owner.id,
        type: 'message',
        title: `Private ${randomUUID().slice(0, 8)}`,
      });
      return {
        url: `/api/notices/${notice.id}/read`,
        after: async ({ statusCode, body }) => {
          expect(body).not.toContain(notice.title);
          const ownersList = await call(server.app, { method: 'GET', url: '/api/notices', token: owner.token });
          const stored = ownersList.json().find((item: { id: string }) => item.id === notice.id);
          expect(stored.read).toBe(statusCode === 200);
        },
      };
    },
  },
  {
    method: 'DELETE',
    path: '/api/notices',
    expected: membersOnly(200),
    probe: async ({ teamA }) => ({
      url: '/api/notices?type=event',
      after: async () => {
        // Team A user's own event notice survives every other caller's clearing.
        const list = await call(server.app, { method: 'GET', url: '/api/notices', token: teamA.user.token });
        expect(list.json().some((item: { title: string }) => item.title === 'A user event')).toBe(true);
      },
    }),
  },
  {
    method: 'POST',
    path: '/api/leads',
    // The public contact/demo form: it goes to the receiving team (the oldest, team A) whoever sends it.
    expected: everyone(201),
    probe: async ({ teamA }) => ({
      url: '/api/leads',
      payload: { kind: 'demo', name: 'Matrix visitor', email: 'visitor@example.com', message: 'Hello' },
      after: async ({ body }) => {
        expect(Object.keys(JSON.parse(body).data)).toEqual(['id']);
        const [stored] = await server.app.db
          .select()
          .from(leads)
          .where(eq(leads.id, JSON.parse(body).data.id));
        expect(stored?.teamId).toBe(teamA.id);
      },
    }),
  },
  {
    method: 'GET',
    path: '/api/leads',
    expected: { 'A admin': 200, 'A user': 403, 'B admin': 200, 'B user': 403, anonymous: 401 },
    probe: async ({ caller, teamA }) => ({
      url: '/api/leads?pageSize=100',
      after: ({ statusCode, body }) => {
        if (statusCode === 200 && caller?.teamId === teamA.id) {
          expect(body).toContain('A lead secret');
        } else {
          leaksNothing(body);
        }
      },
    }),
  },
  {
    method: 'GET',
    path: '/api/requests',
    expected: { 'A admin': 200, 'A user': 403, 'B admin': 200, 'B user': 403, anonymous: 401 },
    probe: async ({ caller, teamA }) => ({
      url: '/api/requests?pageSize=100',
      after: ({ statusCode, body }) => {
        if (statusCode === 200 && caller?.teamId === teamA.id) {
          expect(body).toContain('A lead secret');
        } else {
          leaksNothing(body);
        }
      },
    }),
  },
  {
    method: 'GET',
    path: '/api/requests/{id}',
    expected: requestOfA,
    probe: async (cell) => {
      const lead = await leadInA(cell);
      return {
        url: `/api/requests/${lead.id}`,
        after: ({ statusCode, body }) => {
          if (statusCode === 200) {
            expect(body).toContain(lead.name);
          } else {
            expect(body).not.toContain(lead.name);
          }
        },
      };
    },
  },
  {
    method: 'PATCH',
    path: '/api/requests/{id}',
    expected: requestOfA,
    probe: async (cell) => {
      const lead = await leadInA(cell);
      return {
        url: `/api/requests/${lead.id}`,
        payload: { status: 'closed', from: 'new' },
        after: async ({ statusCode, body }) => {
          if (statusCode !== 200) {
            expect(body).not.toContain(lead.name);
          }
          const [stored] = await server.app.db.select().from(leads).where(eq(leads.id, lead.id));
          expect(stored?.status).toBe(statusCode === 200 ? 'closed' : 'new');
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/api/requests/{id}/reply',
    expected: requestOfA,
    probe: async (cell) => {
      const lead = await leadInA(cell);
      return {
        url: `/api/requests/${lead.id}/reply`,
        payload: { text: 'Matrix reply' },
        after: async ({ statusCode, body }) => {
          if (statusCode !== 200) {
            expect(body).not.toContain(lead.name);
          }
          const [stored] = await server.app.db.select().from(leads).where(eq(leads.id, lead.id));
          expect(stored?.status).toBe(statusCode === 200 ? 'replied' : 'new');
          const replies = await server.app.db.select().from(leadReplies).where(eq(leadReplies.leadId, lead.id));
          expect(replies.length).toBe(statusCode === 200 ? 1 : 0);
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/api/contacts',
    expected: membersOnly(200),
    probe: async ({ caller, teamA }) => ({
      url: '/api/contacts?pageSize=100',
      after: ({ statusCode, body }) => {
        if (statusCode === 200 && caller?.teamId === teamA.id) {
          expect(body).toContain('A contact secret');
        } else {
          leaksNothing(body);
        }
      },
    }),
  },
  {
    method: 'GET',
    path: '/api/contacts/export',
    expected: membersOnly(200),
    probe: async ({ caller, teamA }) => ({
      url: '/api/contacts/export',
      after: ({ statusCode, body }) => {
        if (statusCode === 200) {
          expect(body.split('\r\n')[0]).toBe('name,email,phone,company,notes,tags');
        }
        if (statusCode === 200 && caller?.teamId === teamA.id) {
          expect(body).toContain('A contact secret');
        } else {
          leaksNothing(body);
        }
      },
    }),
  },
  {
    method: 'POST',
    path: '/api/contacts/import/preview',
    expected: membersOnly(200),
    probe: async ({ caller, teamA }) => ({
      url: '/api/contacts/import/preview',
      // Team A's own address is in its book; another team learns nothing of it.
      payload: { rows: [{ name: 'Someone', email: 'a-contact-secret@example.com' }] },
      after: ({ statusCode, body }) => {
        if (statusCode === 200) {
          const inBook = caller?.teamId === teamA.id;
          expect(JSON.parse(body)).toMatchObject({ valid: inBook ? 0 : 1, invalid: inBook ? 1 : 0 });
        }
      },
    }),
  },
  {
    method: 'POST',
    path: '/api/contacts/import',
    expected: membersOnly(200),
    probe: async ({ caller }) => {
      const name = `Imported ${randomUUID().slice(0, 8)}`;
      return {
        url: '/api/contacts/import',
        payload: { importId: randomUUID(), rows: [{ name, email: uniqueEmail() }] },
        after: async ({ statusCode }) => {
          const stored = await server.app.db.select().from(contacts).where(eq(contacts.name, name));
          expect(stored.map((row) => row.teamId)).toEqual(statusCode === 200 ? [caller?.teamId] : []);
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/api/contacts',
    // A contact always joins the caller's own book.
    expected: { ...membersOnly(201) },
    probe: async ({ caller }) => {
      const name = `Added ${randomUUID().slice(0, 8)}`;
      return {
        url: '/api/contacts',
        payload: { name, email: uniqueEmail(), tags: ['vip'] },
        after: async ({ statusCode }) => {
          const stored = await server.app.db.select().from(contacts).where(eq(contacts.name, name));
          expect(stored.map((row) => row.teamId)).toEqual(statusCode === 201 ? [caller?.teamId] : []);
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/api/contacts/{id}',
    expected: contactOfA,
    probe: async (cell) => {
      const contact = await contactInA(cell);
      return {
        url: `/api/contacts/${contact.id}`,
        after: ({ statusCode, body }) => {
          if (statusCode !== 200) {
            expect(body).not.toContain(contact.name);
            leaksNothing(body);
          }
        },
      };
    },
  },
  {
    method: 'PUT',
    path: '/api/contacts/{id}',
    expected: contactOfA,
    probe: async (cell) => {
      const contact = await contactInA(cell);
      return {
        url: `/api/contacts/${contact.id}`,
        payload: { name: 'Renamed contact' },
        after: async ({ statusCode, body }) => {
          expect((await storedContact(contact.id))?.name).toBe(statusCode === 200 ? 'Renamed contact' : contact.name);
          if (statusCode !== 200) {
            expect(body).not.toContain(contact.name);
          }
        },
      };
    },
  },
  {
    method: 'DELETE',
    path: '/api/contacts/{id}',
    expected: contactOfA,
    probe: async (cell) => {
      const contact = await contactInA(cell);
      return {
        url: `/api/contacts/${contact.id}`,
        after: async ({ statusCode }) => {
          expect(await storedContact(contact.id)).toEqual(statusCode === 200 ? undefined : contact);
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/api/contacts/{id}/merge',
    expected: contactOfA,
    probe: async (cell) => {
      const keep = await contactInA(cell);
      const other = await contactInA(cell);
      return {
        url: `/api/contacts/${keep.id}/merge`,
        payload: { otherId: other.id },
        after: async ({ statusCode, body }) => {
          expect(await storedContact(other.id)).toEqual(statusCode === 200 ? undefined : other);
          expect(await storedContact(keep.id)).toBeDefined();
          if (statusCode !== 200) {
            expect(body).not.toContain(keep.name);
          }
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/api/domains',
    expected: membersOnly(200),
    probe: async ({ caller, teamA }) => ({
      url: '/api/domains',
      after: ({ statusCode, body }) => {
        if (statusCode === 200 && caller?.teamId === teamA.id) {
          expect(body).toContain('https://a-secret.example');
        } else {
          leaksNothing(body);
        }
      },
    }),
  },
  {
    method: 'POST',
    path: '/api/domains',
    expected: { 'A admin': 201, 'A user': 403, 'B admin': 201, 'B user': 403, anonymous: 401 },
    probe: async ({ caller }) => {
      const origin = `https://matrix-${randomUUID().slice(0, 8)}.example`;
      return {
        url: '/api/domains',
        payload: { origin },
        after: async ({ statusCode }) => {
          const stored = await server.app.db.select().from(domains).where(eq(domains.origin, origin));
          expect(stored.map((row) => row.teamId)).toEqual(statusCode === 201 ? [caller?.teamId] : []);
        },
      };
    },
  },
  {
    method: 'DELETE',
    path: '/api/domains/{id}',
    expected: requestOfA,
    probe: async ({ teamA }) => {
      const [domain] = await server.app.db
        .insert(domains)
        .values({ teamId: teamA.id, origin: `https://a-${randomUUID().slice(0, 8)}.example` })
        .returning();
      return {
        url: `/api/domains/${domain?.id}`,
        after: async ({ statusCode, body }) => {
          expect(body).not.toContain(domain?.origin);
          const stored = await server.app.db
            .select()
            .from(domains)
            .where(eq(domains.id, domain?.id ?? ''));
          expect(stored).toHaveLength(statusCode === 200 ? 0 : 1);
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/api/widget',
    expected: membersOnly(200),
    probe: async ({ caller, teamA }) => ({
      url: '/api/widget',
      after: async ({ statusCode, body }) => {
        const keyOf = async (teamId: string) =>
          (await server.app.db.select().from(teams).where(eq(teams.id, teamId)))[0]?.widgetKey;
        if (statusCode === 200) {
          expect(JSON.parse(body).data.widgetKey).toBe(await keyOf(caller?.teamId ?? ''));
        }
        if (caller?.teamId !== teamA.id) {
          expect(body).not.toContain(await keyOf(teamA.id));
          leaksNothing(body);
        }
      },
    }),
  },
  {
    method: 'POST',
    path: '/api/widget/key',
    expected: { 'A admin': 200, 'A user': 403, 'B admin': 200, 'B user': 403, anonymous: 401 },
    probe: async ({ caller, teamA }) => {
      const keyOf = async (teamId: string) =>
        (await server.app.db.select().from(teams).where(eq(teams.id, teamId)))[0]?.widgetKey;
      const before = await keyOf(teamA.id);
      return {
        url: '/api/widget/key',
        after: async ({ statusCode, body }) => {
          const after = await keyOf(teamA.id);
          if (statusCode === 200 && caller?.teamId === teamA.id) {
            expect(after).not.toBe(before);
            expect(JSON.parse(body).data.widgetKey).toBe(after);
          } else {
            expect(after).toBe(before);
            expect(body).not.toContain(before);
          }
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/api/slack',
    expected: membersOnly(200),
    probe: async ({ caller, teamA }) => {
      await slackOfA(teamA);
      return {
        url: '/api/slack',
        after: ({ statusCode, body }) => {
          if (statusCode === 200 && caller?.teamId === teamA.id) {
            expect(body).toContain('A Slack person secret');
          } else {
            expect(body).not.toContain('A Slack person secret');
            expect(body).not.toContain('A workspace secret');
          }
          expect(body).not.toContain('sealed');
        },
      };
    },
  },
  {
    method: 'PUT',
    path: '/api/slack/token',
    // Access is decided before the body is read: an admin's empty token is refused (422) without asking Slack.
    expected: { 'A admin': 422, 'A user': 403, 'B admin': 422, 'B user': 403, anonymous: 401 },
    probe: async ({ teamA }) => {
      await slackOfA(teamA);
      return {
        url: '/api/slack/token',
        payload: { token: '' },
        after: async () => {
          const [row] = await server.app.db.select().from(integrations).where(eq(integrations.teamId, teamA.id));
          expect(row?.tokenLast4).toBe('4a4a');
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/api/slack/sync',
    // Team A's stored token does not open (a placeholder): its admin passes the access check and gets
    // the failure (502) without Slack being asked; team B has no token (409) and never reaches A's.
    expected: { 'A admin': 502, 'A user': 403, 'B admin': 409, 'B user': 403, anonymous: 401 },
    probe: async ({ teamA }) => {
      await slackOfA(teamA);
      return {
        url: '/api/slack/sync',
        after: async ({ body }) => {
          expect(body).not.toContain('A Slack person secret');
          const people = await server.app.db.select().from(directoryUsers).where(eq(directoryUsers.teamId, teamA.id));
          expect(people.map((person) => person.name)).toEqual(['A Slack person secret']);
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/api/preferences',
    expected: membersOnly(200),
    probe: async ({ caller, teamA }) => {
      await preferencesOfA(teamA);
      return {
        url: '/api/preferences',
        after: ({ statusCode, body }) => {
          // Each member reads their own: team A's admin's time zone reaches nobody else.
          if (statusCode === 200 && caller?.id === teamA.admin.id) {
            expect(body).toContain('Pacific/Chatham');
          } else {
            expect(body).not.toContain('Pacific/Chatham');
          }
        },
      };
    },
  },
  {
    method: 'PATCH',
    path: '/api/preferences',
    expected: membersOnly(200),
    probe: async ({ caller, teamA }) => {
      await preferencesOfA(teamA);
      return {
        url: '/api/preferences',
        payload: { ringVolume: 33 },
        after: async ({ statusCode }) => {
          const [mine] = caller
            ? await server.app.db.select().from(userPreferences).where(eq(userPreferences.userId, caller.id))
            : [];
          expect(mine?.ringVolume).toBe(statusCode === 200 ? 33 : undefined);
          const [adminOfA] = await server.app.db
            .select()
            .from(userPreferences)
            .where(eq(userPreferences.userId, teamA.admin.id));
          expect(adminOfA?.ringVolume).toBe(7);
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/api/presence',
    expected: membersOnly(200),
    probe: async ({ caller, teamA }) => ({
      url: '/api/presence',
      after: ({ statusCode, body }) => {
        if (statusCode === 200) {
          const ids = (JSON.parse(body).data as { userId: string }[]).map((presence) => presence.userId);
          expect(ids).toContain(caller?.id);
          if (caller?.teamId !== teamA.id) {
            expect(ids).not.toContain(teamA.admin.id);
          }
        }
        if (caller?.teamId !== teamA.id) {
          leaksNothing(body);
        }
      },
    }),
  },
  {
    method: 'PUT',
    path: '/api/currentUser/availability',
    // Each member chooses their own: nobody can set another's.
    expected: membersOnly(200),
    probe: async ({ caller }) => ({
      url: '/api/currentUser/availability',
      payload: { availability: 'away' },
      after: async ({ statusCode, body }) => {
        if (statusCode === 200) {
          expect(JSON.parse(body).data).toMatchObject({ userId: caller?.id, chosen: 'away' });
          const [row] = await server.app.db
            .select()
            .from(users)
            .where(eq(users.id, caller?.id ?? ''));
          expect(row?.availability).toBe('away');
        }
      },
    }),
  },
  {
    method: 'GET',
    path: '/api/visitor/widget/{key}',
    // The loader's question, from a page of Parley's own origin: anyone may ask, and learns no more than yes.
    expected: everyone(200),
    probe: async ({ teamA }) => {
      const [team] = await server.app.db.select().from(teams).where(eq(teams.id, teamA.id));
      return {
        url: `/api/visitor/widget/${team?.widgetKey}`,
        headers: { host: 'parley.test', origin: 'http://parley.test' },
        after: ({ body }) => {
          expect(JSON.parse(body)).toEqual({ success: true, data: { allowed: true } });
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/api/visitor/session',
    // A visitor's session, from the widget's frame on Parley's origin: anyone may start one, and sees
    // the team's name (which the matrix otherwise keeps from other teams) and menu, as every visitor of
    // its pages does: the exact answer above holds nothing else.
    expected: everyone(200),
    probe: async ({ teamA }) => {
      const [team] = await server.app.db.select().from(teams).where(eq(teams.id, teamA.id));
      return {
        url: '/api/visitor/session',
        headers: { host: 'parley.test', origin: 'http://parley.test' },
        payload: { widgetKey: team?.widgetKey, host: 'http://parley.test' },
        after: ({ body }) => {
          expect(JSON.parse(body)).toEqual({
            success: true,
            data: { teamName: team?.name, menu: [{ id: 'call' }, { id: 'message' }] },
          });
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/api/calls/live',
    expected: membersOnly(200),
    probe: async (cell) => {
      const callId = await liveCallInA(cell);
      return {
        url: '/api/calls/live',
        after: ({ statusCode, body }) => {
          if (statusCode === 200 && cell.caller?.teamId === cell.teamA.id) {
            expect(body).toContain(callId);
          } else {
            expect(body).not.toContain(callId);
            leaksNothing(body);
          }
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/api/calls/{id}/answer',
    // Any member of the team may take a ringing call; another team's cannot reach it.
    expected: teamAOnly(200),
    probe: async (cell) => {
      const callId = await liveCallInA(cell);
      return {
        url: `/api/calls/${callId}/answer`,
        after: async ({ statusCode, body }) => {
          const row = await storedCall(callId);
          if (statusCode === 200) {
            expect(row).toMatchObject({ liveState: 'connected', receivedBy: cell.caller?.id });
          } else {
            expect(row).toMatchObject({ liveState: 'ringing', receivedBy: null });
            leaksNothing(body);
          }
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/api/calls/{id}/decline',
    expected: teamAOnly(200),
    probe: async (cell) => {
      const callId = await liveCallInA(cell);
      return {
        url: `/api/calls/${callId}/decline`,
        after: async ({ statusCode, body }) => {
          if (statusCode !== 200) {
            expect((await storedCall(callId))?.liveState).toBe('ringing');
            leaksNothing(body);
          }
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/api/calls/{id}/hang-up',
    // The member who took the call ends it (each A cell took its own); another team's cannot reach it.
    expected: teamAOnly(200),
    probe: async (cell) => {
      const receiver = cell.caller?.teamId === cell.teamA.id ? cell.caller : cell.teamA.admin;
      const callId = await liveCallInA(cell, receiver);
      return {
        url: `/api/calls/${callId}/hang-up`,
        after: async ({ statusCode, body }) => {
          const row = await storedCall(callId);
          if (statusCode === 200) {
            expect(row?.liveState).toBeNull();
            expect(row?.durationSeconds).not.toBeNull();
          } else {
            expect(row?.liveState).toBe('connected');
            leaksNothing(body);
          }
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/api/calls/{id}/media',
    // The member who took the call records their side (each A cell took its own).
    expected: teamAOnly(201),
    probe: async (cell) => {
      const receiver = cell.caller?.teamId === cell.teamA.id ? cell.caller : cell.teamA.admin;
      const callId = await liveCallInA(cell, receiver);
      return {
        url: `/api/calls/${callId}/media`,
        payload: { contentType: 'video/webm' },
        after: async ({ statusCode, body }) => {
          const media = await server.app.db.select().from(callMedia).where(eq(callMedia.callId, callId));
          expect(media).toHaveLength(statusCode === 201 ? 1 : 0);
          if (statusCode !== 201) {
            leaksNothing(body);
          }
        },
      };
    },
  },
  ...(['parts', 'complete'] as const).map((action) => ({
    method: 'POST' as const,
    path: `/api/calls/{id}/media/{mediaId}/${action}`,
    expected: teamAOnly(200),
    probe: async (cell: Cell) => {
      const receiver = cell.caller?.teamId === cell.teamA.id ? cell.caller : cell.teamA.admin;
      const callId = await liveCallInA(cell, receiver);
      const { id } = await server.app.callMedia.open(
        cell.teamA.id,
        callId,
        { source: 'member', userId: receiver.id },
        'video/webm',
      );
      return {
        url: `/api/calls/${callId}/media/${id}/${action}`,
        ...(action === 'parts' ? { payload: { partNumbers: [1] } } : {}),
        after: ({ statusCode, body }: { statusCode: number; body: string }) => {
          if (statusCode !== 200) {
            leaksNothing(body);
          }
        },
      };
    },
  })),
  {
    method: 'POST',
    path: '/api/visitor/calls/{id}/media',
    // Only the call's own visitor token: a member's token (the cells') is no visitor's.
    expected: { 'A admin': 401, 'A user': 401, 'B admin': 401, 'B user': 401, anonymous: 201 },
    probe: async (cell) => {
      const callId = await liveCallInA(cell, cell.teamA.admin);
      const token = await server.app.sessions.issueVisitor({ callId, teamId: cell.teamA.id });
      return {
        url: `/api/visitor/calls/${callId}/media`,
        headers: { authorization: `Bearer ${token}` },
        payload: { contentType: 'video/webm' },
      };
    },
  },
  ...(['parts', 'complete'] as const).map((action) => ({
    method: 'POST' as const,
    path: `/api/visitor/calls/{id}/media/{mediaId}/${action}`,
    expected: { 'A admin': 401, 'A user': 401, 'B admin': 401, 'B user': 401, anonymous: 200 },
    probe: async (cell: Cell) => {
      const callId = await liveCallInA(cell, cell.teamA.admin);
      const token = await server.app.sessions.issueVisitor({ callId, teamId: cell.teamA.id });
      const { id } = await server.app.callMedia.open(cell.teamA.id, callId, { source: 'caller' }, 'video/webm');
      return {
        url: `/api/visitor/calls/${callId}/media/${id}/${action}`,
        headers: { authorization: `Bearer ${token}` },
        ...(action === 'parts' ? { payload: { partNumbers: [1] } } : {}),
      };
    },
  })),
  ...(
    [
      ['POST', '/api/visitor/calls/{id}/message', 201],
      ['POST', '/api/visitor/calls/{id}/message/{mediaId}/parts', 200],
      ['POST', '/api/visitor/calls/{id}/message/{mediaId}/complete', 409],
      ['DELETE', '/api/visitor/calls/{id}/message/{mediaId}', 204],
    ] as const
  ).map(([method, path, status]) => ({
    method,
    path,
    // Only the missed call's own visitor token: a member's token (the cells') is no visitor's.
    // (Nothing was recorded yet, so sending answers 409 UPLOAD_INCOMPLETE: it got through.)
    expected: { 'A admin': 401, 'A user': 401, 'B admin': 401, 'B user': 401, anonymous: status },
    probe: async (cell: Cell) => {
      const callId = await callInA(cell, `A missed call ${randomUUID().slice(0, 8)}`);
      await server.app.db
        .update(calls)
        .set({ receivedBy: null, receivedAt: null, liveState: null })
        .where(eq(calls.id, callId));
      const token = await server.app.sessions.issueVisitor({ callId, teamId: cell.teamA.id });
      const headers = { authorization: `Bearer ${token}` };
      if (path.endsWith('/message')) {
        return { url: `/api/visitor/calls/${callId}/message`, headers, payload: { contentType: 'video/webm' } };
      }
      const opened = await server.app.inject({
        method: 'POST',
        url: `/api/visitor/calls/${callId}/message`,
        headers,
        payload: { contentType: 'video/webm' },
      });
      const mediaId = opened.json().data.id as string;
      const url = path.replace('{id}', callId).replace('{mediaId}', mediaId);
      return { url, headers, ...(path.endsWith('/parts') ? { payload: { partNumbers: [1] } } : {}) };
    },
  })),
  {
    method: 'GET',
    path: '/api/calls/{id}/earlier',
    expected: teamAOnly(200),
    probe: async (cell) => {
      const callId = await liveCallInA(cell);
      return {
        url: `/api/calls/${callId}/earlier`,
        after: ({ statusCode, body }) => {
          if (statusCode !== 200) {
            leaksNothing(body);
          }
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/api/ice-servers',
    expected: membersOnly(200),
    probe: async () => ({ url: '/api/ice-servers' }),
  },
  {
    method: 'GET',
    path: '/api/visitor/calls/{id}/ice-servers',
    // Only the call's own visitor token: a member's token (the cells') is no visitor's.
    expected: { 'A admin': 401, 'A user': 401, 'B admin': 401, 'B user': 401, anonymous: 200 },
    probe: async (cell) => {
      const callId = await liveCallInA(cell);
      const token = await server.app.sessions.issueVisitor({ callId, teamId: cell.teamA.id });
      return { url: `/api/visitor/calls/${callId}/ice-servers`, headers: { authorization: `Bearer ${token}` } };
    },
  },
  {
    method: 'POST',
    path: '/api/visitor/calls',
    // A visitor calls from the widget's frame: anyone may, whatever token their browser holds.
    expected: everyone(200),
    probe: async ({ teamA }) => {
      const [team] = await server.app.db.select().from(teams).where(eq(teams.id, teamA.id));
      return {
        url: '/api/visitor/calls',
        headers: { host: 'parley.test', origin: 'http://parley.test' },
        payload: { widgetKey: team?.widgetKey, host: 'http://parley.test', menuItem: 'call' },
        after: ({ body }) => {
          const { data } = JSON.parse(body);
          expect(Object.keys(data).sort()).toEqual(['call', 'token']);
          leaksNothing(body);
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/api/visitor/calls/{id}/hang-up',
    // Only the call's own visitor token hangs up: a member's token (the cells') is no visitor's.
    expected: { 'A admin': 401, 'A user': 401, 'B admin': 401, 'B user': 401, anonymous: 200 },
    probe: async (cell) => {
      const callId = await liveCallInA(cell);
      const token = await server.app.sessions.issueVisitor({ callId, teamId: cell.teamA.id });
      return {
        url: `/api/visitor/calls/${callId}/hang-up`,
        headers: { authorization: `Bearer ${token}` },
        after: async ({ statusCode }) => {
          expect((await storedCall(callId))?.liveState).toBe(statusCode === 200 ? null : 'ringing');
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/api/videos',
    expected: membersOnly(200),
    probe: async ({ caller, teamA }) => ({
      url: '/api/videos?pageSize=100',
      after: ({ statusCode, body }) => {
        if (statusCode === 200 && caller?.teamId === teamA.id) {
          expect(body).toContain('A video secret');
        } else {
          leaksNothing(body);
        }
      },
    }),
  },
  {
    method: 'POST',
    path: '/api/videos',
    // A new video always belongs to its maker's own team.
    expected: membersOnly(201),
    probe: async ({ caller }) => ({
      url: '/api/videos',
      payload: { title: 'Matrix video', kind: 'library', contentType: 'video/webm', size: 1000 },
      after: async ({ statusCode, body }) => {
        if (statusCode === 201) {
          expect((await storedVideo(JSON.parse(body).data.video.id))?.teamId).toBe(caller?.teamId);
        }
      },
    }),
  },
  {
    method: 'GET',
    path: '/api/videos/{id}',
    expected: teamAOnly(200),
    probe: async () => ({
      url: `/api/videos/${teamAVideo.id}`,
      after: ({ statusCode, body }) => {
        if (statusCode !== 200) {
          leaksNothing(body);
        }
      },
    }),
  },
  {
    method: 'PUT',
    path: '/api/videos/{id}',
    // The admin's video: a user renames only their own (issue 15).
    expected: { ...teamAOnly(200), 'A user': 403 },
    probe: async (cell) => {
      const { video } = await uploadInA(cell, cell.teamA.admin);
      return {
        url: `/api/videos/${video.id}`,
        payload: { title: 'Renamed' },
        after: async ({ statusCode, body }) => {
          expect((await storedVideo(video.id))?.title).toBe(statusCode === 200 ? 'Renamed' : video.title);
          if (statusCode !== 200) {
            expect(body).not.toContain(video.title);
          }
        },
      };
    },
  },
  {
    method: 'DELETE',
    path: '/api/videos/{id}',
    // The admin's video: a user deletes only their own (issue 15).
    expected: { ...teamAOnly(200), 'A user': 403 },
    probe: async (cell) => {
      const { video } = await uploadInA(cell, cell.teamA.admin);
      return {
        url: `/api/videos/${video.id}`,
        after: async ({ statusCode }) => {
          expect(await storedVideo(video.id)).toEqual(statusCode === 200 ? undefined : expect.anything());
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/api/videos/{id}/upload/parts',
    expected: teamAOnly(200),
    probe: async (cell) => {
      const { video } = await uploadInA(cell);
      return { url: `/api/videos/${video.id}/upload/parts`, payload: { partNumbers: [1] } };
    },
  },
  {
    method: 'GET',
    path: '/api/videos/{id}/upload',
    expected: teamAOnly(200),
    probe: async (cell) => {
      const { video } = await uploadInA(cell);
      return { url: `/api/videos/${video.id}/upload` };
    },
  },
  {
    method: 'POST',
    path: '/api/videos/{id}/upload/complete',
    expected: teamAOnly(200),
    probe: async (cell) => {
      const { video } = await uploadInA(cell);
      const addresses = await partAddresses(server.app, cell.teamA.user.token, video.id, [1]);
      const { etag } = await putPart(server.app, addresses.get(1) ?? '', FIXTURES.mp4);
      return {
        url: `/api/videos/${video.id}/upload/complete`,
        payload: { parts: [{ partNumber: 1, etag }] },
        after: async ({ statusCode }) => {
          expect((await storedVideo(video.id))?.status).toBe(statusCode === 200 ? 'processing' : 'uploading');
        },
      };
    },
  },
  {
    method: 'DELETE',
    path: '/api/videos/{id}/upload',
    expected: teamAOnly(204),
    probe: async (cell) => {
      const { video } = await uploadInA(cell);
      return {
        url: `/api/videos/${video.id}/upload`,
        after: async ({ statusCode }) => {
          expect(await storedVideo(video.id)).toEqual(statusCode === 204 ? undefined : expect.anything());
        },
      };
    },
  },
  {
    method: 'PUT',
    path: '/uploads/{uploadId}/{partNumber}',
    // The signed address is the permission (SPEC §7.2: no bearer token), whoever holds it.
    expected: everyone(200),
    probe: async (cell) => {
      const { video } = await uploadInA(cell);
      const addresses = await partAddresses(server.app, cell.teamA.user.token, video.id, [1]);
      return {
        url: pathOf(addresses.get(1) ?? ''),
        payload: FIXTURES.mp4,
        headers: { 'content-type': 'video/mp4' },
      };
    },
  },
  {
    method: 'GET',
    path: '/files/videos/{id}',
    // A signed address: anyone holding it may play the video until it expires.
    expected: everyone(200),
    probe: async () => ({ url: pathOf(teamAVideo.playbackUrl ?? '') }),
  },
  {
    method: 'GET',
    path: '/files/posters/{id}',
    expected: everyone(200),
    probe: async () => ({ url: pathOf(teamAVideo.posterUrl ?? '') }),
  },
  {
    method: 'GET',
    path: '/files/shared/{token}/video',
    expected: everyone(200),
    probe: async () => ({
      url: pathOf(
        server.app.urlSigner.sign('GET', `/files/shared/${teamAShareToken}/video`, new Date(Date.now() + 60_000)),
      ),
    }),
  },
  {
    method: 'GET',
    path: '/files/shared/{token}/poster',
    expected: everyone(200),
    probe: async () => ({
      url: pathOf(
        server.app.urlSigner.sign('GET', `/files/shared/${teamAShareToken}/poster`, new Date(Date.now() + 60_000)),
      ),
    }),
  },
  {
    method: 'POST',
    path: '/api/video-messages',
    expected: teamAOnly(201),
    probe: async () => ({
      url: '/api/video-messages',
      payload: { videoId: teamAVideo.id, email: 'someone@example.com', phone: '+13035550123', message: 'Watch this' },
      after: async ({ statusCode, body }) => {
        if (statusCode !== 201) {
          leaksNothing(body);
        }
      },
    }),
  },
  {
    method: 'GET',
    path: '/api/video-messages',
    expected: membersOnly(200),
    probe: async ({ caller, teamA }) => ({
      url: '/api/video-messages?pageSize=100',
      after: ({ statusCode, body }) => {
        if (statusCode === 200 && caller?.teamId === teamA.id) {
          expect(body).toContain('A message secret');
        } else {
          leaksNothing(body);
        }
      },
    }),
  },
  {
    method: 'DELETE',
    path: '/api/video-messages/{id}',
    expected: teamAOnly(200),
    probe: async (cell) => {
      const message = await messageInA(cell);
      return {
        url: `/api/video-messages/${message.id}`,
        after: async ({ statusCode }) => {
          const [row] = await server.app.db.select().from(videoMessages).where(eq(videoMessages.id, message.id));
          expect(row?.revokedAt !== null).toBe(statusCode === 200);
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/api/calls',
    expected: membersOnly(200),
    probe: async ({ caller, teamA }) => ({
      url: '/api/calls?pageSize=100',
      after: ({ statusCode, body }) => {
        if (statusCode === 200 && caller?.teamId === teamA.id) {
          expect(body).toContain('A call secret');
        } else {
          leaksNothing(body);
        }
      },
    }),
  },
  {
    method: 'GET',
    path: '/api/search',
    // Every member searches their own team's calls and library videos; another team's never show.
    expected: membersOnly(200),
    probe: async ({ caller, teamA }) => ({
      url: '/api/search?q=secret',
      after: ({ statusCode, body }) => {
        if (statusCode === 200 && caller?.teamId === teamA.id) {
          expect(body).toContain('A call secret');
          expect(body).toContain('A video secret');
        } else {
          leaksNothing(body);
        }
      },
    }),
  },
  {
    method: 'DELETE',
    path: '/api/calls',
    // Bulk delete (with the bearer token, ARCHITECTURE §7), for admins: another team's ids are skipped, not refused.
    expected: { 'A admin': 200, 'A user': 403, 'B admin': 200, 'B user': 403, anonymous: 401 },
    probe: async (cell) => {
      const id = await callInA(cell);
      const mine = cell.caller?.teamId === cell.teamA.id;
      return {
        url: `/api/calls?ids=${id}`,
        after: async ({ statusCode, body }) => {
          expect(await storedCall(id)).toEqual(statusCode === 200 && mine ? undefined : expect.anything());
          if (statusCode === 200) {
            expect(JSON.parse(body).data.deleted).toBe(mine ? 1 : 0);
          }
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/api/calls/{id}',
    expected: teamAOnly(200),
    probe: async (cell) => {
      const id = await callInA(cell, 'A call secret');
      return {
        url: `/api/calls/${id}`,
        after: ({ statusCode, body }) => {
          if (statusCode !== 200) {
            leaksNothing(body);
          }
        },
      };
    },
  },
  {
    method: 'PATCH',
    path: '/api/calls/{id}',
    expected: teamAOnly(200),
    probe: async (cell) => {
      const id = await callInA(cell);
      return {
        url: `/api/calls/${id}`,
        payload: { followUp: 'done' },
        after: async ({ statusCode }) => {
          expect((await storedCall(id))?.followUp).toBe(statusCode === 200 ? 'done' : 'none');
        },
      };
    },
  },
  {
    method: 'DELETE',
    path: '/api/calls/{id}',
    // Admins only: a user is refused before the call is looked up, in any team.
    expected: { 'A admin': 200, 'A user': 403, 'B admin': 404, 'B user': 403, anonymous: 401 },
    probe: async (cell) => {
      const id = await callInA(cell);
      return {
        url: `/api/calls/${id}`,
        after: async ({ statusCode }) => {
          expect(await storedCall(id)).toEqual(statusCode === 200 ? undefined : expect.anything());
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/api/calls/{id}/notes',
    expected: teamAOnly(200),
    probe: async (cell) => {
      const { callId } = await noteInA(cell, cell.teamA.user);
      return {
        url: `/api/calls/${callId}/notes`,
        after: ({ statusCode, body }) => {
          if (statusCode === 200) {
            expect(body).toContain('A note secret');
          } else {
            leaksNothing(body);
          }
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/api/calls/{id}/notes',
    expected: teamAOnly(201),
    probe: async (cell) => {
      const id = await callInA(cell);
      return {
        url: `/api/calls/${id}/notes`,
        payload: { message: 'Matrix note' },
        after: async ({ statusCode }) => {
          const stored = await server.app.db.select().from(notes).where(eq(notes.callId, id));
          expect(stored.map((note) => note.authorId)).toEqual(statusCode === 201 ? [cell.caller?.id] : []);
        },
      };
    },
  },
  {
    method: 'PUT',
    path: '/api/calls/{id}/notes/{noteId}',
    // Only the author edits a note: each team A caller edits its own (another member's answers 403, calls-notes.test.ts).
    expected: teamAOnly(200),
    probe: async (cell) => {
      const author = cell.caller?.teamId === cell.teamA.id ? cell.caller : cell.teamA.user;
      const { callId, noteId } = await noteInA(cell, author);
      return {
        url: `/api/calls/${callId}/notes/${noteId}`,
        payload: { message: 'Edited' },
        after: async ({ statusCode, body }) => {
          expect((await storedNote(noteId))?.message).toBe(statusCode === 200 ? 'Edited' : 'A note secret');
          if (statusCode !== 200) {
            leaksNothing(body);
          }
        },
      };
    },
  },
  {
    method: 'DELETE',
    path: '/api/calls/{id}/notes/{noteId}',
    // Team A's user wrote the note: an admin of the team may delete it, another member may not.
    expected: { 'A admin': 200, 'A user': 403, 'B admin': 404, 'B user': 404, anonymous: 401 },
    probe: async (cell) => {
      const { callId, noteId } = await noteInA(cell, cell.teamA.user);
      return {
        url: `/api/calls/${callId}/notes/${noteId}`,
        after: async ({ statusCode }) => {
          expect(await storedNote(noteId)).toEqual(statusCode === 200 ? undefined : expect.anything());
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/common/watch/{token}',
    // The public watch page: the link is the permission.
    expected: everyone(200),
    probe: async () => ({
      url: `/common/watch/${teamAShareToken}`,
      // The page shows the title, the message and the sender's name; never an id, the team or an address.
      after: ({ body }) => {
        for (const secret of [teamAVideo.id, teamAVideo.owner.id, 'a-viewer@example.com']) {
          expect(body).not.toContain(secret);
        }
        leaksNothing(body.replace('A video secret', '').replace('A message secret', ''));
      },
    }),
  },
  {
    method: 'GET',
    path: '/api/dev/outbox',
    // The development mailbox (DEV_MAILBOX, off by default with SMTP) answers this machine only; every
    // cell calls from another address (mail.test.ts covers the local side).
    expected: everyone(403),
    probe: async () => ({ url: '/api/dev/outbox' }),
  },
  {
    method: 'POST',
    path: '/api/calls/{id}/recording',
    // A call without raw media: generation starts (202) and the job then marks it as an error.
    expected: teamAOnly(202),
    probe: async (cell) => {
      const id = await callInA(cell);
      return {
        url: `/api/calls/${id}/recording`,
        after: async ({ statusCode }) => {
          const status = (await storedCall(id))?.recordingStatus;
          if (statusCode === 202) {
            expect(['generating', 'error']).toContain(status);
          } else {
            expect(status).toBe('none');
          }
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/api/calls/{id}/captions',
    expected: teamAOnly(200),
    probe: async (cell) => {
      const id = await callWithCaption(cell);
      return {
        url: `/api/calls/${id}/captions`,
        after: ({ statusCode, body }) => {
          if (statusCode === 200) {
            expect(body).toContain('A caption secret');
          } else {
            leaksNothing(body);
          }
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/api/calls/{id}/captions.vtt',
    expected: teamAOnly(200),
    probe: async (cell) => {
      const id = await callWithCaption(cell);
      return {
        url: `/api/calls/${id}/captions.vtt`,
        after: ({ statusCode, body }) => {
          if (statusCode === 200) {
            expect(body).toContain('A caption secret');
          } else {
            leaksNothing(body);
          }
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/files/recordings/{id}',
    // A signed address, like a video's: anyone holding it may play the recording until it expires.
    expected: everyone(200),
    probe: async (cell) => {
      const id = await callInA(cell);
      const key = videoKey(cell.teamA.id, randomUUID());
      await server.app.storage.put(key, FIXTURES.mp4, 'video/mp4');
      await server.app.db
        .update(calls)
        .set({ recordingStatus: 'ready', recordingKey: key, recordingContentType: 'video/mp4' })
        .where(eq(calls.id, id));
      const url = server.app.urlSigner.sign('GET', `/files/recordings/${id}`, new Date(Date.now() + 60_000));
      return { url: pathOf(url) };
    },
  },
  {
    method: 'GET',
    path: '/dev/mailbox',
    expected: everyone(403),
    probe: async () => ({ url: '/dev/mailbox' }),
  },
];

/**
 * Routes left out of the OpenAPI document on purpose; the realtime socket `/ws` is tested on its own
 * (first-message authentication, close codes 4401/4408) in realtime.test.ts.
 */
const HIDDEN_ROUTES = ['GET /api/openapi.json', 'GET /api/docs', 'GET /dev/mailbox'];

beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

describe('access matrix', () => {
  let teamA: TestTeam;
  let teamB: TestTeam;

  beforeAll(async () => {
    teamA = await addTeam(server.app, `Team A ${randomUUID().slice(0, 6)}`);
    teamB = await addTeam(server.app, `Team B ${randomUUID().slice(0, 6)}`);
    await createNotice(server.app.db, server.app.events, {
      teamId: teamA.id,
      userId: teamA.user.id,
      type: 'event',
      title: 'A user event',
      description: 'team A only',
    });
    await insertLead(server.app.db, {
      teamId: teamA.id,
      kind: 'contact',
      name: 'A lead secret',
      email: 'a-lead@example.com',
      message: 'team A only',
    });
    await server.app.db.insert(domains).values({ teamId: teamA.id, origin: 'https://a-secret.example' });
    await server.app.db.insert(contacts).values({
      teamId: teamA.id,
      name: 'A contact secret',
      email: 'a-contact-secret@example.com',
      phone: '+13035550142',
    });
    const { started } = await uploadVideo(server.app, teamA.user.token, FIXTURES.mp4, { title: 'A video secret' });
    teamAVideo = await waitForVideo(server.app, teamA.user.token, started.video.id);
    const shared = await call(server.app, {
      method: 'POST',
      url: '/api/video-messages',
      token: teamA.user.token,
      payload: {
        videoId: teamAVideo.id,
        email: 'a-viewer@example.com',
        phone: '+13035550199',
        message: 'A message secret',
      },
    });
    teamAShareToken = shared.json().data.shareUrl.split('/v/')[1];
    teamASecrets = [
      'A video secret',
      'A message secret',
      'A caption secret',
      'a-viewer@example.com',
      teamAVideo.id,
      teamA.id,
      teamA.name,
      teamA.admin.id,
      teamA.admin.email,
      teamA.user.id,
      teamA.user.email,
      'A user event',
      'A lead secret',
      'A call secret',
      'A note secret',
      'https://a-secret.example',
      'A contact secret',
      'a-contact-secret@example.com',
    ];
    await callInA({ caller: undefined, teamA, teamB }, 'A call secret');
  });

  it('covers every route the server has', async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const served = Object.entries(document.paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
      .concat(HIDDEN_ROUTES);
    const covered = routes.map((route) => `${route.method} ${route.path}`);
    expect(served.length).toBeGreaterThan(15);
    expect(served.filter((route) => !covered.includes(route))).toEqual([]);
    expect(covered.filter((route) => !served.includes(route))).toEqual([]);
  });

  for (const route of routes) {
    it(`${route.method} ${route.path}`, async () => {
      const outcomes: Record<string, number> = {};
      for (const who of CALLERS) {
        const team = who.startsWith('A') ? teamA : teamB;
        const caller =
          who === 'anonymous'
            ? undefined
            : await addMember(server.app, team.id, who.endsWith('admin') ? 'admin' : 'user');
        const probe = await route.probe({ caller, teamA, teamB });
        const response = await call(server.app, {
          method: route.method,
          url: probe.url,
          token: caller?.token,
          ...(probe.payload ? { payload: probe.payload } : {}),
          ...(probe.headers ? { headers: probe.headers } : {}),
        });
        outcomes[who] = response.statusCode;
        if (response.statusCode >= 400) {
          expect(response.json()).toMatchObject({ success: false });
        }
        await probe.after?.({ statusCode: response.statusCode, body: response.body });
      }
      observed.set(`${route.method} ${route.path}`, outcomes);
      expect(outcomes).toEqual(route.expected);
    });
  }

  it('every cross-team cell was denied when it ran', () => {
    for (const route of routes) {
      const aimsAtTeamA = /\{id\}/.test(route.path) && route.path.startsWith('/api/');
      if (aimsAtTeamA) {
        const outcomes = observed.get(`${route.method} ${route.path}`);
        expect(outcomes, `${route.method} ${route.path} ran`).toBeDefined();
        expect(outcomes?.['B admin']).toBeGreaterThanOrEqual(400);
        expect(outcomes?.['B user']).toBeGreaterThanOrEqual(400);
      }
    }
  });
});
