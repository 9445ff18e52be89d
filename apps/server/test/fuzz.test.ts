import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, contacts, leads, notes } from '../src/db/schema';
import { addTeam, call, createTestApp, type TestApp, type TestTeam } from './helpers';
import { startUpload } from './video-helpers';

/**
 * Generated bad input for every route that takes any: wrong types, missing and unknown fields,
 * odd strings, malformed JSON, bad ids and query values. Nothing may answer 5xx, every refusal
 * is the error envelope, and no refused request writes anything.
 */
let server: TestApp;
let team: TestTeam;
/** A video of the team still waiting for its parts, for the routes that aim at one. */
let videoId: string;
/** A call of the team and a note on it by the admin, for the call routes that take a body. */
let callId: string;
let noteId: string;
/** A contact request (lead) of the team, for the request routes that take a body. */
let leadId: string;
/** A contact of the team's book, for the contact routes that take a body. */
let contactId: string;

beforeAll(async () => {
  server = await createTestApp();
  team = await addTeam(server.app);
  videoId = (await startUpload(server.app, team.admin.token, 1000)).video.id;
  const [stored] = await server.app.db
    .insert(calls)
    .values({ teamId: team.id, serialNumber: 1, incomingAt: new Date(), playerId: 'v_fuzz', holdSeconds: 3 })
    .returning({ id: calls.id });
  callId = stored?.id ?? '';
  const [note] = await server.app.db
    .insert(notes)
    .values({ teamId: team.id, callId, authorId: team.admin.id, message: 'Fuzz note' })
    .returning({ id: notes.id });
  noteId = note?.id ?? '';
  const [lead] = await server.app.db
    .insert(leads)
    .values({ teamId: team.id, kind: 'contact', name: 'Fuzz visitor', email: 'fuzz@example.com', message: 'Hi' })
    .returning({ id: leads.id });
  leadId = lead?.id ?? '';
  const [contact] = await server.app.db
    .insert(contacts)
    .values({ teamId: team.id, name: 'Fuzz contact', email: 'fuzz-contact@example.com' })
    .returning({ id: contacts.id });
  contactId = contact?.id ?? '';
});
afterAll(() => server.close());

interface Target {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: (id: string) => string;
  /** The fields the route reads, so generated objects often hold them with wrong values. */
  fields: string[];
  /** Where its input goes. */
  input: 'body' | 'query' | 'params';
  /** The caller's address when it matters (the development mailbox answers only this machine). */
  remoteAddress?: string;
  /** Sent with the admin's token (member and admin routes). */
  signedIn: boolean;
}

const targets: Target[] = [
  {
    method: 'POST',
    url: () => '/common/login',
    fields: ['email', 'password', 'teamId', 'autoLogin'],
    input: 'body',
    signedIn: false,
  },
  {
    method: 'POST',
    url: () => '/common/login/mobile',
    fields: ['mobile', 'captcha', 'teamId', 'autoLogin'],
    input: 'body',
    signedIn: false,
  },
  { method: 'GET', url: () => '/api/login/captcha', fields: ['mobile'], input: 'query', signedIn: false },
  {
    method: 'POST',
    url: () => '/common/register',
    fields: ['name', 'teamName', 'email', 'password', 'confirmPassword'],
    input: 'body',
    signedIn: false,
  },
  { method: 'POST', url: () => '/common/forgot-password', fields: ['email'], input: 'body', signedIn: false },
  {
    method: 'POST',
    url: () => '/common/reset-password/check',
    fields: ['token', 'userId'],
    input: 'body',
    signedIn: false,
  },
  {
    method: 'POST',
    url: () => '/common/reset-password',
    fields: ['token', 'userId', 'password', 'confirmPassword'],
    input: 'body',
    signedIn: false,
  },
  {
    method: 'POST',
    url: () => '/common/change-password',
    fields: ['token', 'currentPassword', 'password', 'confirmPassword'],
    input: 'body',
    signedIn: false,
  },
  { method: 'GET', url: (id) => `/common/teams/${id}`, fields: [], input: 'params', signedIn: false },
  { method: 'PATCH', url: () => '/api/currentUser', fields: ['name'], input: 'body', signedIn: true },
  { method: 'PATCH', url: () => '/api/team', fields: ['name'], input: 'body', signedIn: true },
  {
    method: 'PUT',
    url: () => '/api/currentUser',
    fields: ['email', 'name', 'signature', 'country', 'province', 'city', 'address', 'phone'],
    input: 'body',
    signedIn: true,
  },
  {
    method: 'PATCH',
    url: () => '/api/currentUser/notifications',
    fields: ['account', 'system', 'todo'],
    input: 'body',
    signedIn: true,
  },
  { method: 'POST', url: () => '/api/currentUser/mfa/confirm', fields: ['code'], input: 'body', signedIn: true },
  { method: 'POST', url: () => '/api/currentUser/mfa/unbind', fields: ['code'], input: 'body', signedIn: true },
  {
    method: 'POST',
    url: () => '/common/login/mfa',
    fields: ['token', 'code', 'autoLogin'],
    input: 'body',
    signedIn: false,
  },
  { method: 'GET', url: () => '/api/users', fields: ['current', 'pageSize'], input: 'query', signedIn: true },
  { method: 'POST', url: () => '/api/users', fields: ['email', 'name', 'role'], input: 'body', signedIn: true },
  {
    method: 'PATCH',
    url: (id) => `/api/users/${id}`,
    fields: ['name', 'role', 'disabled'],
    input: 'params',
    signedIn: true,
  },
  {
    method: 'PATCH',
    url: (id) => `/api/users/${id}`,
    fields: ['name', 'role', 'disabled'],
    input: 'body',
    signedIn: true,
  },
  { method: 'DELETE', url: (id) => `/api/users/${id}`, fields: [], input: 'params', signedIn: true },
  { method: 'POST', url: (id) => `/api/users/${id}/invitation`, fields: [], input: 'params', signedIn: true },
  { method: 'POST', url: (id) => `/api/notices/${id}/read`, fields: [], input: 'params', signedIn: true },
  { method: 'DELETE', url: () => '/api/notices', fields: ['type'], input: 'query', signedIn: true },
  {
    method: 'POST',
    url: () => '/api/leads',
    fields: ['kind', 'name', 'email', 'company', 'phone', 'message'],
    input: 'body',
    signedIn: false,
  },
  { method: 'GET', url: () => '/api/leads', fields: ['current', 'pageSize'], input: 'query', signedIn: true },
  {
    method: 'GET',
    url: () => '/api/requests',
    fields: ['current', 'pageSize', 'status'],
    input: 'query',
    signedIn: true,
  },
  { method: 'GET', url: (id) => `/api/requests/${id}`, fields: [], input: 'params', signedIn: true },
  { method: 'POST', url: () => '/api/domains', fields: ['origin'], input: 'body', signedIn: true },
  { method: 'PUT', url: () => '/api/slack/token', fields: ['token'], input: 'body', signedIn: true },
  {
    method: 'PATCH',
    url: () => '/api/preferences',
    fields: [
      'language',
      'theme',
      'timeZone',
      'dateFormat',
      'pageSize',
      'ringSound',
      'ringVolume',
      'desktopNotifications',
    ],
    input: 'body',
    signedIn: true,
  },
  {
    method: 'GET',
    url: () => '/api/contacts',
    fields: ['current', 'pageSize', 'q', 'sort', 'order'],
    input: 'query',
    signedIn: true,
  },
  { method: 'GET', url: () => '/api/contacts/export', fields: ['q'], input: 'query', signedIn: true },
  {
    method: 'POST',
    url: () => '/api/contacts',
    fields: ['name', 'email', 'phone', 'company', 'notes', 'tags'],
    input: 'body',
    signedIn: true,
  },
  { method: 'GET', url: (id) => `/api/contacts/${id}`, fields: [], input: 'params', signedIn: true },
  { method: 'PUT', url: (id) => `/api/contacts/${id}`, fields: [], input: 'params', signedIn: true },
  {
    method: 'PUT',
    url: () => `/api/contacts/${contactId}`,
    fields: ['name', 'email', 'phone', 'company', 'notes', 'tags'],
    input: 'body',
    signedIn: true,
  },
  { method: 'DELETE', url: (id) => `/api/contacts/${id}`, fields: [], input: 'params', signedIn: true },
  { method: 'POST', url: (id) => `/api/contacts/${id}/merge`, fields: [], input: 'params', signedIn: true },
  { method: 'POST', url: () => `/api/contacts/${contactId}/merge`, fields: ['otherId'], input: 'body', signedIn: true },
  { method: 'POST', url: () => '/api/contacts/import/preview', fields: ['rows'], input: 'body', signedIn: true },
  { method: 'POST', url: () => '/api/contacts/import', fields: ['importId', 'rows'], input: 'body', signedIn: true },
  {
    method: 'PUT',
    url: () => '/api/currentUser/availability',
    fields: ['availability'],
    input: 'body',
    signedIn: true,
  },
  { method: 'GET', url: (id) => `/api/visitor/widget/${id}`, fields: [], input: 'params', signedIn: false },
  {
    method: 'POST',
    url: () => '/api/visitor/session',
    fields: ['widgetKey', 'host'],
    input: 'body',
    signedIn: false,
  },
  { method: 'DELETE', url: (id) => `/api/domains/${id}`, fields: [], input: 'params', signedIn: true },
  { method: 'GET', url: () => '/api/search', fields: ['q'], input: 'query', signedIn: true },
  { method: 'PATCH', url: (id) => `/api/requests/${id}`, fields: ['status', 'from'], input: 'params', signedIn: true },
  { method: 'PATCH', url: () => `/api/requests/${leadId}`, fields: ['status', 'from'], input: 'body', signedIn: true },
  { method: 'POST', url: (id) => `/api/requests/${id}/reply`, fields: ['text'], input: 'params', signedIn: true },
  { method: 'POST', url: () => `/api/requests/${leadId}/reply`, fields: ['text'], input: 'body', signedIn: true },
  {
    method: 'GET',
    url: () => '/api/dev/outbox',
    fields: ['to'],
    input: 'query',
    signedIn: false,
    remoteAddress: '127.0.0.1',
  },
  {
    method: 'GET',
    url: () => '/api/videos',
    fields: ['current', 'pageSize', 'title', 'kind', 'ref', 'status'],
    input: 'query',
    signedIn: true,
  },
  {
    method: 'POST',
    url: () => '/api/videos',
    fields: ['title', 'kind', 'contentType', 'size', 'ref', 'durationSeconds'],
    input: 'body',
    signedIn: true,
  },
  { method: 'GET', url: (id) => `/api/videos/${id}`, fields: [], input: 'params', signedIn: true },
  { method: 'PUT', url: () => `/api/videos/${videoId}`, fields: ['title'], input: 'body', signedIn: true },
  { method: 'DELETE', url: (id) => `/api/videos/${id}`, fields: [], input: 'params', signedIn: true },
  {
    method: 'POST',
    url: () => `/api/videos/${videoId}/upload/parts`,
    fields: ['partNumbers'],
    input: 'body',
    signedIn: true,
  },
  { method: 'GET', url: (id) => `/api/videos/${id}/upload`, fields: [], input: 'params', signedIn: true },
  {
    method: 'POST',
    url: () => `/api/videos/${videoId}/upload/complete`,
    fields: ['parts'],
    input: 'body',
    signedIn: true,
  },
  { method: 'DELETE', url: (id) => `/api/videos/${id}/upload`, fields: [], input: 'params', signedIn: true },
  {
    method: 'POST',
    url: () => '/api/video-messages',
    fields: ['videoId', 'callId', 'email', 'phone', 'message'],
    input: 'body',
    signedIn: true,
  },
  {
    method: 'GET',
    url: () => '/api/video-messages',
    fields: ['current', 'pageSize', 'videoId', 'callId'],
    input: 'query',
    signedIn: true,
  },
  { method: 'DELETE', url: (id) => `/api/video-messages/${id}`, fields: [], input: 'params', signedIn: true },
  {
    method: 'GET',
    url: () => '/api/calls',
    fields: [
      'current',
      'pageSize',
      'tab',
      'from',
      'to',
      'receivedBy',
      'answered',
      'messageLeft',
      'callerName',
      'transcript',
      'holdMin',
      'holdMax',
      'durationMin',
      'durationMax',
      'sort',
      'order',
    ],
    input: 'query',
    signedIn: true,
  },
  { method: 'DELETE', url: () => '/api/calls', fields: ['ids'], input: 'query', signedIn: true },
  { method: 'GET', url: (id) => `/api/calls/${id}`, fields: [], input: 'params', signedIn: true },
  { method: 'PATCH', url: () => `/api/calls/${callId}`, fields: ['followUp'], input: 'body', signedIn: true },
  { method: 'DELETE', url: (id) => `/api/calls/${id}`, fields: [], input: 'params', signedIn: true },
  { method: 'GET', url: (id) => `/api/calls/${id}/notes`, fields: [], input: 'params', signedIn: true },
  { method: 'POST', url: () => `/api/calls/${callId}/notes`, fields: ['message'], input: 'body', signedIn: true },
  {
    method: 'PUT',
    url: () => `/api/calls/${callId}/notes/${noteId}`,
    fields: ['message'],
    input: 'body',
    signedIn: true,
  },
  { method: 'DELETE', url: (id) => `/api/calls/${callId}/notes/${id}`, fields: [], input: 'params', signedIn: true },
  { method: 'GET', url: (id) => `/common/watch/${id}`, fields: [], input: 'params', signedIn: false },
  { method: 'PUT', url: (id) => `/uploads/${id}/1`, fields: [], input: 'params', signedIn: false },
  {
    method: 'GET',
    url: (id) => `/files/videos/${id}`,
    fields: ['expires', 'signature'],
    input: 'query',
    signedIn: false,
  },
  { method: 'GET', url: (id) => `/files/shared/${id}/video`, fields: [], input: 'params', signedIn: false },
  { method: 'GET', url: (id) => `/files/shared/${id}/poster`, fields: [], input: 'params', signedIn: false },
  {
    method: 'GET',
    url: (id) => `/files/posters/${id}`,
    fields: ['expires', 'signature'],
    input: 'query',
    signedIn: false,
  },
  { method: 'GET', url: (id) => `/files/posters/${id}`, fields: [], input: 'params', signedIn: false },
  {
    method: 'GET',
    url: (id) => `/files/recordings/${id}`,
    fields: ['expires', 'signature'],
    input: 'query',
    signedIn: false,
  },
  { method: 'GET', url: (id) => `/files/recordings/${id}`, fields: [], input: 'params', signedIn: false },
  { method: 'POST', url: (id) => `/api/calls/${id}/recording`, fields: [], input: 'params', signedIn: true },
  { method: 'GET', url: (id) => `/api/calls/${id}/captions`, fields: [], input: 'params', signedIn: true },
  { method: 'GET', url: (id) => `/api/calls/${id}/captions.vtt`, fields: [], input: 'params', signedIn: true },
  { method: 'POST', url: (id) => `/api/calls/${id}/answer`, fields: [], input: 'params', signedIn: true },
  { method: 'GET', url: (id) => `/api/calls/${id}/earlier`, fields: [], input: 'params', signedIn: true },
  { method: 'POST', url: (id) => `/api/calls/${id}/decline`, fields: [], input: 'params', signedIn: true },
  { method: 'POST', url: (id) => `/api/calls/${id}/hang-up`, fields: [], input: 'params', signedIn: true },
  { method: 'POST', url: (id) => `/api/calls/${id}/media`, fields: [], input: 'params', signedIn: true },
  { method: 'POST', url: () => `/api/calls/${callId}/media`, fields: ['contentType'], input: 'body', signedIn: true },
  {
    method: 'POST',
    url: (id) => `/api/calls/${callId}/media/${id}/parts`,
    fields: [],
    input: 'params',
    signedIn: true,
  },
  {
    method: 'POST',
    url: () => `/api/calls/${callId}/media/${callId}/parts`,
    fields: ['partNumbers'],
    input: 'body',
    signedIn: true,
  },
  {
    method: 'POST',
    url: (id) => `/api/calls/${callId}/media/${id}/complete`,
    fields: [],
    input: 'params',
    signedIn: true,
  },
  { method: 'POST', url: (id) => `/api/visitor/calls/${id}/media`, fields: [], input: 'params', signedIn: false },
  {
    method: 'POST',
    url: (id) => `/api/visitor/calls/${callId}/media/${id}/parts`,
    fields: [],
    input: 'params',
    signedIn: false,
  },
  {
    method: 'POST',
    url: (id) => `/api/visitor/calls/${callId}/media/${id}/complete`,
    fields: [],
    input: 'params',
    signedIn: false,
  },
  { method: 'POST', url: (id) => `/api/visitor/calls/${id}/message`, fields: [], input: 'params', signedIn: false },
  {
    method: 'POST',
    url: (id) => `/api/visitor/calls/${callId}/message/${id}/parts`,
    fields: [],
    input: 'params',
    signedIn: false,
  },
  {
    method: 'POST',
    url: (id) => `/api/visitor/calls/${callId}/message/${id}/complete`,
    fields: [],
    input: 'params',
    signedIn: false,
  },
  {
    method: 'DELETE',
    url: (id) => `/api/visitor/calls/${callId}/message/${id}`,
    fields: [],
    input: 'params',
    signedIn: false,
  },
  {
    method: 'POST',
    url: () => '/api/visitor/calls',
    fields: ['widgetKey', 'host', 'menuItem', 'name', 'email', 'phone'],
    input: 'body',
    signedIn: false,
  },
  { method: 'POST', url: (id) => `/api/visitor/calls/${id}/hang-up`, fields: [], input: 'params', signedIn: false },
  { method: 'GET', url: (id) => `/api/visitor/calls/${id}/ice-servers`, fields: [], input: 'params', signedIn: false },
  {
    method: 'GET',
    url: () => '/dev/mailbox',
    fields: ['to'],
    input: 'query',
    signedIn: false,
    remoteAddress: '127.0.0.1',
  },
];

/** Values of every JSON kind, with strings that tend to break things. */
const oddString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    "' or 1=1 --",
    '../../etc/passwd',
    '<script>',
    '💥',
    'a'.repeat(5000),
    'NaN',
    '-1',
  ),
);
const jsonValue = fc.oneof(fc.jsonValue({ maxDepth: 2 }), oddString);

function bodyFor(fields: string[]) {
  return fc.oneof(
    jsonValue,
    fc.dictionary(
      fc.oneof(fc.constantFrom(...(fields.length ? fields : ['x'])), fc.string({ maxLength: 8 })),
      jsonValue,
      {
        maxKeys: 5,
      },
    ),
  );
}

function queryFor(fields: string[]) {
  return fc
    .dictionary(fc.constantFrom(...fields, 'x'), oddString, { maxKeys: 3 })
    .map((values) => new URLSearchParams(values).toString());
}

async function rowCounts(): Promise<string> {
  const result = await server.app.db.execute(
    sql`select (select count(*) from teams) as teams, (select count(*) from users) as users,
      (select count(*) from outbox_messages) as outbox, (select count(*) from password_resets) as resets,
      (select count(*) from leads) as leads, (select count(*) from notices) as notices,
      (select count(*) from videos) as videos, (select count(*) from video_uploads) as uploads,
      (select count(*) from video_messages) as video_messages, (select count(*) from calls) as calls,
      (select count(*) from notes) as notes, (select count(*) from lead_replies) as lead_replies,
      (select count(*) from domains) as domains, (select count(*) from contacts) as contacts,
      (select count(*) from contact_imports) as contact_imports`,
  );
  return JSON.stringify((result as { rows: unknown[] }).rows[0]);
}

function expectRefusal(response: { statusCode: number; body: string }): void {
  expect(response.statusCode, response.body).toBeLessThan(500);
  if (response.statusCode >= 400) {
    const body = JSON.parse(response.body);
    expect(body).toMatchObject({ success: false, errorMessage: expect.any(String) });
  }
}

describe('generated bad input', () => {
  for (const target of targets) {
    // A body target's address holds ids made in beforeAll, not known yet as the tests are named.
    const path = target.url(':id').replaceAll('/undefined', '/:id');
    it(`${target.method} ${path} (${target.input}) never answers 5xx and writes nothing when it refuses`, async () => {
      const token = target.signedIn ? team.admin.token : undefined;
      const generator =
        target.input === 'body'
          ? bodyFor(target.fields).map((body) => ({ url: target.url(team.user.id), body, query: '' }))
          : target.input === 'query'
            ? queryFor(target.fields).map((query) => ({ url: target.url(team.user.id), body: undefined, query }))
            : oddString.map((id) => ({ url: target.url(encodeURIComponent(id)), body: undefined, query: '' }));
      await fc.assert(
        fc.asyncProperty(generator, async ({ url, body, query }) => {
          const before = await rowCounts();
          const response = await call(server.app, {
            method: target.method,
            url: query ? `${url}?${query}` : url,
            token,
            ...(target.remoteAddress ? { remoteAddress: target.remoteAddress } : {}),
            ...(body === undefined
              ? {}
              : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
          });
          expectRefusal(response);
          if (response.statusCode === 400 || response.statusCode === 422) {
            expect(await rowCounts()).toBe(before);
          }
        }),
        { numRuns: 40 },
      );
    });
  }

  it('malformed JSON, a wrong content type and an oversized body are refused with 4xx', async () => {
    for (const target of targets.filter((item) => item.input === 'body')) {
      const token = target.signedIn ? team.admin.token : undefined;
      const url = target.url(team.user.id);
      const malformed = await call(server.app, {
        method: target.method,
        url,
        token,
        payload: '{"email": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(malformed.statusCode).toBe(400);
      expectRefusal(malformed);
      const wrongType = await call(server.app, {
        method: target.method,
        url,
        token,
        payload: '<xml/>',
        headers: { 'content-type': 'application/xml' },
      });
      expect(wrongType.statusCode).toBe(415);
      expectRefusal(wrongType);
      const huge = await call(server.app, {
        method: target.method,
        url,
        token,
        payload: JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024) }),
        headers: { 'content-type': 'application/json' },
      });
      expect(huge.statusCode).toBe(413);
      expectRefusal(huge);
    }
  });

  it('found by the generator: a NUL character and an over-long id are refused, not a 500', async () => {
    const nul = await call(server.app, { method: 'GET', url: '/api/dev/outbox?to=%00', remoteAddress: '127.0.0.1' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ success: false, errorCode: 'BAD_INPUT' });
    const nulInBody = await call(server.app, {
      method: 'POST',
      url: '/common/forgot-password',
      payload: { email: 'a\u0000@example.com' },
    });
    expect(nulInBody.statusCode).toBeLessThan(500);
    const longId = await call(server.app, { method: 'GET', url: `/common/teams/${'a'.repeat(300)}` });
    expect(longId.statusCode).toBe(414);
    expect(longId.json()).toMatchObject({ success: false, errorCode: 'BAD_URL' });
    const badUrl = await call(server.app, { method: 'GET', url: '/common/teams/%E0%A4%A' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toMatchObject({ success: false, errorCode: 'BAD_URL' });
  });
});
