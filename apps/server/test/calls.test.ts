import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Call, type CallListQuery, callListQuerySchema } from '@parley/api';
import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMedia, calls, captions, notes } from '../src/db/schema';
import { listTeamCalls, shapeStatement } from '../src/repositories/call-list';
import { videoKey } from '../src/services/storage/store';
import {
  comparer,
  countRows,
  EDGE_SECONDS,
  queryString,
  reference,
  SPAN_DAYS,
  SPAN_START,
  type StoredCall,
  seedCalls,
} from './calls-fixtures';
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

const DAY = 86_400_000;

let server: TestApp;
let team: TestTeam;
let other: TestTeam;
let members: TestMember[];
let stored: StoredCall[];
let otherStored: StoredCall[];

beforeAll(async () => {
  server = await createTestApp();
  team = await addTeam(server.app);
  other = await addTeam(server.app);
  members = [
    team.admin,
    team.user,
    await addMember(server.app, team.id, 'user'),
    await addMember(server.app, team.id, 'user'),
  ];
  stored = await seedCalls(server.app, team.id, members, 300, 7);
  otherStored = await seedCalls(server.app, other.id, [other.admin, other.user], 40, 11);
});
afterAll(() => server.close());

async function list(query: CallListQuery, token = team.user.token) {
  const response = await call(server.app, { method: 'GET', url: `/api/calls?${queryString(query)}`, token });
  return response;
}

async function expectList(query: CallListQuery): Promise<{ list: Call[]; total: number }> {
  const response = await list(query);
  expect(response.statusCode, `${queryString(query)}: ${response.body}`).toBe(200);
  const body = response.json() as { list: Call[]; total: number };
  const expected = reference(stored, query);
  expect({ total: body.total, ids: body.list.map((item) => item.id) }, queryString(query)).toEqual({
    total: expected.total,
    ids: expected.ids,
  });
  return body;
}

/** An instant as ISO 8601 with a UTC offset of its own (minutes). */
function iso(ms: number, offsetMinutes = 0): string {
  const shifted = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 23);
  if (offsetMinutes === 0) {
    return `${shifted}Z`;
  }
  const sign = offsetMinutes > 0 ? '+' : '-';
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, '0');
  return `${shifted}${sign}${hours}:${minutes}`;
}

describe('GET /api/calls: filters', () => {
  it('lists the team’s calls, newest first, 10 a page, with the exact total', async () => {
    const body = await expectList({});
    expect(body.total).toBe(300);
    expect(body.list).toHaveLength(10);
  });

  it('shows each row as the call history does', async () => {
    const body = await expectList({ pageSize: 100, tab: 'messages' });
    const withMessage = body.list.find((item) => item.message?.playbackUrl);
    expect(withMessage?.message).toMatchObject({
      durationSeconds: 12.5,
      playbackUrl: expect.stringMatching(/^\/files\/videos\/[0-9a-f-]{36}\?expires=\d+&signature=/),
      posterUrl: null,
    });
    expect(withMessage).toMatchObject({ answered: false, receivedBy: null, durationSeconds: null, recordingUrl: null });

    const answered = (await expectList({ pageSize: 100, answered: true })).list;
    const first = answered[0];
    const seededFirst = stored.find((item) => item.id === first?.id);
    const member = members.find((item) => item.id === seededFirst?.receivedBy);
    expect(first).toMatchObject({
      answered: true,
      receivedBy: { id: member?.id, name: member?.name },
      holdSeconds: seededFirst?.holdSeconds,
      durationSeconds: seededFirst?.durationSeconds,
      notesCount: seededFirst?.notes,
      hasCaptions: seededFirst?.captions,
      recordingStatus: 'none',
      followUp: 'none',
      // The number as stored, and as it reads: grouped as its country writes it.
      callerContact: '+13035550100',
      callerContactDisplay: '+1 303 555 0100',
    });
    expect(Date.parse(first?.incomingAt ?? '')).toBe(seededFirst?.incomingAt);
    expect(answered.some((item) => item.notesCount > 1)).toBe(true);
    expect(answered.some((item) => item.hasCaptions)).toBe(true);
  });

  it('applies every filter alone', async () => {
    const middle = SPAN_START + 200 * DAY;
    const queries: CallListQuery[] = [
      { tab: 'all' },
      { tab: 'missed' },
      { tab: 'messages' },
      { from: iso(middle) },
      { to: iso(middle) },
      { from: iso(middle - 37 * DAY + 3_600_000, 120), to: iso(middle + 3 * DAY - 1, -300) },
      { from: iso(SPAN_START), to: iso(SPAN_START + SPAN_DAYS * 3 * DAY) },
      { receivedBy: team.admin.id },
      { receivedBy: members[2]?.id },
      { receivedBy: other.admin.id },
      { answered: true },
      { answered: false },
      { messageLeft: true },
      { messageLeft: false },
      { callerName: 'ada' },
      { callerName: 'LOVE' },
      { callerName: 'zoë' },
      { callerName: '100%' },
      { callerName: '%' },
      { callerName: '_' },
      { callerName: 'r_s' },
      { callerName: '\\' },
      { callerName: "o'b" },
      { callerName: '  grace  ' },
      { transcript: 'refund' },
      { transcript: 'REFUND password' },
      { transcript: 'thanks, hello' },
      { transcript: 'nowhere' },
      { holdMin: 30 },
      { holdMin: 31 },
      { holdMax: 44 },
      { holdMin: 33, holdMax: 33 },
      { holdMin: 0, holdMax: 0 },
      { holdMin: 61, holdMax: 119 },
      { durationMin: 600 },
      { durationMin: 0 },
      { durationMax: 599 },
      { durationMin: 61, durationMax: 1199 },
      { durationMin: 3601 },
    ];
    for (const query of queries) {
      await expectList({ ...query, pageSize: 100 });
    }
  });

  it('applies filters together, as a reference computed from the stored calls says (generated)', async () => {
    const instants = [
      ...stored
        .filter((_item, index) => index % 10 === 0)
        .flatMap((item) => [item.incomingAt, item.incomingAt + 1, item.incomingAt - 1]),
      ...Array.from({ length: 20 }, (_value, index) => SPAN_START + index * 23 * DAY),
      SPAN_START - 5 * DAY,
      SPAN_START + (SPAN_DAYS + 400) * DAY,
    ];
    const seconds = fc.oneof(fc.constantFrom(...EDGE_SECONDS), fc.integer({ min: 0, max: 2000 }));
    const query = fc.record(
      {
        tab: fc.constantFrom('all', 'missed', 'messages'),
        from: fc.tuple(fc.constantFrom(...instants), fc.constantFrom(0, 60, -240, 330)),
        to: fc.tuple(fc.constantFrom(...instants), fc.constantFrom(0, 60, -240, 330)),
        receivedBy: fc.constantFrom(...members.map((member) => member.id)),
        answered: fc.boolean(),
        messageLeft: fc.boolean(),
        callerName: fc.constantFrom('ada', 'LOVE', 'ë', '%', '_', '\\', "o'b", 'mar', 'zz', 'e'),
        transcript: fc.constantFrom('refund', 'password reset', 'thanks', 'Order, slack', 'nothing'),
        holdMin: seconds,
        holdMax: seconds,
        durationMin: seconds,
        durationMax: seconds,
        sort: fc.constantFrom('incomingAt', 'holdSeconds', 'durationSeconds'),
        order: fc.constantFrom('asc', 'desc'),
        current: fc.integer({ min: 1, max: 4 }),
        pageSize: fc.constantFrom(3, 10, 100),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(query, async (generated) => {
        const { from, to, ...rest } = generated;
        const filter: CallListQuery = { ...rest } as CallListQuery;
        if (from && to && from[0] > to[0]) {
          filter.from = iso(to[0], to[1]);
          filter.to = iso(from[0], from[1]);
        } else {
          filter.from = from && iso(from[0], from[1]);
          filter.to = to && iso(to[0], to[1]);
        }
        for (const [low, high] of [
          ['holdMin', 'holdMax'],
          ['durationMin', 'durationMax'],
        ] as const) {
          const min = filter[low];
          const max = filter[high];
          if (min !== undefined && max !== undefined && min > max) {
            filter[low] = max;
            filter[high] = min;
          }
        }
        await expectList(filter);
      }),
      { numRuns: 120 },
    );
  });
});

describe('GET /api/calls: order and pages', () => {
  it('sorts by each field both ways, the serial number breaking ties', async () => {
    for (const sort of ['incomingAt', 'holdSeconds', 'durationSeconds'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const seen: string[] = [];
        for (let current = 1; current <= 3; current += 1) {
          const body = await expectList({ sort, order, current, pageSize: 100 });
          seen.push(...body.list.map((item) => item.id));
        }
        expect(seen).toEqual([...stored].sort(comparer(sort, order)).map((item) => item.id));
      }
    }
    // Missed calls (no duration) come last whichever way Duration sorts.
    for (const order of ['asc', 'desc'] as const) {
      const first = await expectList({ sort: 'durationSeconds', order, current: 1, pageSize: 10 });
      expect(first.list.every((item) => item.durationSeconds !== null)).toBe(true);
      const last = await expectList({ sort: 'durationSeconds', order, current: 30, pageSize: 10 });
      expect(last.list.map((item) => item.durationSeconds)).toEqual(Array(10).fill(null));
    }
    // The data has ties to break: calls at the same instant, with the same hold and duration.
    const instants = stored.map((item) => item.incomingAt);
    expect(new Set(instants).size).toBeLessThan(instants.length);
  });

  it('answers the last partial page, an empty page past the end, and up to 100 a page', async () => {
    const last = await expectList({ pageSize: 100, current: 3 });
    expect(last.list).toHaveLength(100);
    const partial = await expectList({ pageSize: 7, current: 43 });
    expect(partial.list).toHaveLength(300 - 42 * 7);
    const beyond = await expectList({ pageSize: 10, current: 31 });
    expect(beyond).toEqual({ list: [], total: 300 });
    const far = await expectList({ pageSize: 100, current: 1000, tab: 'missed' });
    expect(far.list).toEqual([]);
    // Pages past the middle are read from the other end: the same rows.
    await expectList({ pageSize: 10, current: 17 });
    await expectList({ pageSize: 10, current: 29, sort: 'holdSeconds', order: 'asc' });
    await expectList({ pageSize: 3, current: 60, tab: 'missed', sort: 'durationSeconds', order: 'desc' });
  });

  it('finds deep pages through call_counts: the same rows as stepping over the ones before (generated)', async () => {
    const seconds = fc.oneof(fc.constantFrom(...EDGE_SECONDS), fc.integer({ min: 0, max: 2000 }));
    const query = fc.record(
      {
        tab: fc.constantFrom('all', 'missed', 'messages'),
        from: fc.integer({ min: -20, max: SPAN_DAYS }).map((day) => iso(SPAN_START + day * DAY + 3_600_000, 60)),
        receivedBy: fc.constantFrom(...members.map((member) => member.id)),
        answered: fc.boolean(),
        holdMin: seconds,
        durationMax: seconds,
        sort: fc.constantFrom('incomingAt', 'holdSeconds', 'durationSeconds'),
        order: fc.constantFrom('asc', 'desc'),
        current: fc.integer({ min: 1, max: 40 }),
        pageSize: fc.constantFrom(1, 3, 10),
      },
      { requiredKeys: ['sort', 'order', 'current', 'pageSize'] },
    );
    await fc.assert(
      fc.asyncProperty(query, async (generated) => {
        const parsed = callListQuerySchema.parse(
          Object.fromEntries(Object.entries(generated).map(([key, value]) => [key, String(value)])),
        );
        const { rows, total } = await listTeamCalls(server.app.db, team.id, parsed, { seekBeyond: 0 });
        const expected = reference(stored, generated as CallListQuery);
        expect({ total, ids: rows.map((row) => row.call.id) }, JSON.stringify(generated)).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });

  // A broad text search counted every match exactly: up to 228 ms at a million calls. Past the cap it
  // now answers the cap and says there are more, and every page is still served.
  it('counts a text search up to the cap, says there are more, and still serves every page', async () => {
    const generated: CallListQuery = { callerName: 'a', sort: 'incomingAt', order: 'desc', pageSize: 10 };
    const exact = reference(stored, { ...generated, current: 1 }).total;
    expect(exact).toBeGreaterThan(25);
    const pages = Math.ceil(exact / 10);
    for (let current = 1; current <= pages + 1; current += 1) {
      const parsed = callListQuerySchema.parse({ ...generated, pageSize: '10', current: String(current) });
      const page = await listTeamCalls(server.app.db, team.id, parsed, { textCountLimit: 20 });
      expect({ total: page.total, capped: page.totalCapped }).toEqual({ total: 20, capped: true });
      expect(
        page.rows.map((row) => row.call.id),
        `page ${current}`,
      ).toEqual(reference(stored, { ...generated, current }).ids);
    }
    // Under the cap the total is exact and not marked.
    const whole = await listTeamCalls(server.app.db, team.id, callListQuerySchema.parse({ callerName: 'a' }), {
      textCountLimit: exact,
    });
    expect({ total: whole.total, capped: whole.totalCapped }).toEqual({ total: exact, capped: false });
    // Without a text search the total is exact whatever the limit (a regression: every large total was capped).
    const all = await listTeamCalls(server.app.db, team.id, callListQuerySchema.parse({}), { textCountLimit: 20 });
    expect({ total: all.total, capped: all.totalCapped }).toEqual({ total: stored.length, capped: false });
    const answer = await call(server.app, { method: 'GET', url: '/api/calls?callerName=a', token: team.user.token });
    expect(answer.json().total).toBe(exact);
    expect(answer.json()).not.toHaveProperty('totalCapped');
  });

  it('refuses bad values with 400 and the field named', async () => {
    const cases: [string, string][] = [
      ['holdMin=abc', 'holdMin'],
      ['holdMin=-1', 'holdMin'],
      ['holdMin=1.5', 'holdMin'],
      ['durationMax=abc', 'durationMax'],
      ['from=notadate', 'from'],
      ['to=2026-13-01T00:00:00Z', 'to'],
      ['from=2026-05-02T00:00:00Z&to=2026-05-01T00:00:00Z', 'to'],
      ['holdMin=50&holdMax=10', 'holdMax'],
      ['durationMin=50&durationMax=10', 'durationMax'],
      ['answered=maybe', 'answered'],
      ['messageLeft=1', 'messageLeft'],
      ['tab=x', 'tab'],
      ['sort=callerName', 'sort'],
      ['order=up', 'order'],
      ['receivedBy=someone', 'receivedBy'],
      ['pageSize=101', 'pageSize'],
      ['pageSize=0', 'pageSize'],
      ['current=0', 'current'],
      [`callerName=${'a'.repeat(201)}`, 'callerName'],
    ];
    for (const [query, field] of cases) {
      const response = await call(server.app, { method: 'GET', url: `/api/calls?${query}`, token: team.user.token });
      expect(response.statusCode, query).toBe(400);
      const body = response.json();
      expect(body, query).toMatchObject({ success: false, errorCode: 'VALIDATION_FAILED' });
      expect(Object.keys(body.fields), query).toContain(field);
    }
    expect((await list({ pageSize: 100 })).statusCode).toBe(200);
  });

  it('needs a signed-in member, and shows each team only its own calls', async () => {
    expect((await call(server.app, { method: 'GET', url: '/api/calls' })).statusCode).toBe(401);
    const response = await list({ pageSize: 100 }, other.user.token);
    const body = response.json() as { list: Call[]; total: number };
    expect(body.total).toBe(40);
    const mine = new Set(otherStored.map((item) => item.id));
    expect(body.list.every((item) => mine.has(item.id))).toBe(true);
  });
});

describe('GET /api/calls: first pages, one prepared statement per shape', () => {
  const parse = (query: CallListQuery) =>
    callListQuerySchema.parse(
      Object.fromEntries(
        Object.entries(query)
          .filter(([, value]) => value !== undefined)
          .map(([key, value]) => [key, String(value)]),
      ),
    );

  it('reads every filter combination as the transaction did, and as the reference says', async () => {
    const tabs = ['all', 'missed', 'messages'] as const;
    const yesNo = [undefined, true, false];
    const sorts = ['incomingAt', 'holdSeconds', 'durationSeconds'] as const;
    let index = 0;
    for (const tab of tabs) {
      for (const answered of yesNo) {
        for (const messageLeft of yesNo) {
          for (const bits of [0, 1, 2, 3, 4, 5, 6, 7]) {
            index += 1;
            const query: CallListQuery = {
              tab,
              answered,
              messageLeft,
              receivedBy: bits & 1 ? members[index % members.length]?.id : undefined,
              callerName: bits & 2 ? ['a', 'mar', 'e'][index % 3] : undefined,
              transcript: bits & 4 ? ['refund', 'thanks'][index % 2] : undefined,
              holdMin: index % 5 === 0 ? EDGE_SECONDS[index % EDGE_SECONDS.length] : undefined,
              from: index % 7 === 0 ? iso(SPAN_START + (index % 300) * DAY, 60) : undefined,
              sort: sorts[index % 3],
              order: index % 2 ? 'asc' : 'desc',
              current: 1 + (index % 3),
              pageSize: 3,
            };
            const parsed = parse(query);
            const first = await listTeamCalls(server.app.db, team.id, parsed);
            const before = await listTeamCalls(server.app.db, team.id, parsed, { firstPages: 0 });
            expect(first, JSON.stringify(query)).toEqual(before);
            const expected = reference(stored, query);
            expect({ total: first.total, ids: first.rows.map((row) => row.call.id) }, JSON.stringify(query)).toEqual(
              expected,
            );
          }
        }
      }
    }
  });

  it('reuses a shape’s statement with other values, and answers their rows', async () => {
    const groups: [db: TestTeam, calls: StoredCall[], query: CallListQuery][][] = [
      // The team, the member, the page after the first: parameters of one statement.
      [
        [team, stored, { receivedBy: members[0]?.id, current: 2 }],
        [team, stored, { receivedBy: members[1]?.id, current: 3 }],
        [team, stored, { receivedBy: members[2]?.id, current: 5 }],
        [other, otherStored, { receivedBy: other.admin.id, current: 2 }],
      ],
      [
        [team, stored, { callerName: 'a', sort: 'holdSeconds', order: 'asc', pageSize: 3 }],
        [team, stored, { callerName: 'mar', sort: 'holdSeconds', order: 'asc', pageSize: 3 }],
        [other, otherStored, { callerName: 'e', sort: 'holdSeconds', order: 'asc', pageSize: 3 }],
      ],
      [
        [team, stored, { transcript: 'refund', answered: true }],
        [team, stored, { transcript: 'thanks', answered: true }],
      ],
      [
        [team, stored, {}],
        [other, otherStored, {}],
      ],
      // A range's bounds are in the text: the same bounds, the same statement.
      [
        [team, stored, { holdMin: 20, tab: 'missed' }],
        [other, otherStored, { holdMin: 20, tab: 'missed' }],
      ],
    ];
    const statements = new Set<unknown>();
    for (const group of groups) {
      const [, , firstQuery] = group[0] ?? [];
      const statement = shapeStatement(server.app.db, parse(firstQuery ?? {}), 10_000);
      expect(statements.has(statement)).toBe(false);
      statements.add(statement);
      for (const [owner, ownerCalls, query] of group) {
        expect(shapeStatement(server.app.db, parse(query), 10_000), JSON.stringify(query)).toBe(statement);
        const { rows, total } = await listTeamCalls(server.app.db, owner.id, parse(query));
        const expected = reference(ownerCalls, query);
        expect(expected.total).toBeGreaterThan(0);
        expect({ total, ids: rows.map((row) => row.call.id) }, JSON.stringify(query)).toEqual(expected);
      }
    }
    // Any other filter, order, bound or page size is another shape, and so is the first page.
    for (const query of [
      { pageSize: 20 },
      { receivedBy: members[0]?.id },
      { tab: 'missed' },
      { answered: true },
      { messageLeft: false },
      { sort: 'holdSeconds' },
      { order: 'asc' },
      { holdMin: 21, tab: 'missed' },
      { holdMax: 20, tab: 'missed' },
      { from: iso(SPAN_START) },
    ] as CallListQuery[]) {
      const statement = shapeStatement(server.app.db, parse(query), 10_000);
      expect(statements.has(statement), JSON.stringify(query)).toBe(false);
      statements.add(statement);
    }
  });

  // A named statement's plan, once PostgreSQL keeps one for every value, served a word found in
  // nearly every call through the whole word index (150-220 ms at 1,000,000 calls, bench:calls).
  it.runIf(ENGINE === 'postgres')(
    'never names the statement of a text search: it is planned for the words at hand',
    () => {
      const nameOf = (statement: unknown) => (statement as { rawQueryConfig: { name?: string } }).rawQueryConfig.name;
      // Where the driver keeps a statement's name (the list shapes' names depend on the tests before).
      expect(nameOf(server.app.db.select().from(calls).limit(1).prepare('probe_named'))).toBe('probe_named');
      for (const query of [{ transcript: 'refund' }, { callerName: 'ada' }, { transcript: 'thanks', answered: true }]) {
        const statement = shapeStatement(server.app.db, parse(query as CallListQuery), 10_000);
        expect(nameOf(statement), JSON.stringify(query)).toBeUndefined();
      }
    },
  );
});

describe('one call', () => {
  it('answers the call with its transcript; another team’s call is 404', async () => {
    const answered = stored.find((item) => item.transcript !== null);
    const response = await call(server.app, {
      method: 'GET',
      url: `/api/calls/${answered?.id}`,
      token: team.user.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: answered?.id, transcript: answered?.transcript });

    for (const id of [answered?.id, randomUUID()]) {
      const denied = await call(server.app, { method: 'GET', url: `/api/calls/${id}`, token: other.admin.token });
      expect(denied.statusCode).toBe(404);
      expect(denied.body).not.toContain(answered?.transcript ?? '--');
    }
    expect(
      (await call(server.app, { method: 'GET', url: '/api/calls/not-an-id', token: team.user.token })).statusCode,
    ).toBe(400);
  });

  it('sets the follow-up; another team cannot', async () => {
    const target = stored[5];
    const response = await call(server.app, {
      method: 'PATCH',
      url: `/api/calls/${target?.id}`,
      token: team.user.token,
      payload: { followUp: 'needed' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ id: target?.id, followUp: 'needed' });

    const denied = await call(server.app, {
      method: 'PATCH',
      url: `/api/calls/${target?.id}`,
      token: other.admin.token,
      payload: { followUp: 'done' },
    });
    expect(denied.statusCode).toBe(404);
    const bad = await call(server.app, {
      method: 'PATCH',
      url: `/api/calls/${target?.id}`,
      token: team.user.token,
      payload: { followUp: 'later' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields).toHaveProperty('followUp');
    const [row] = await server.app.db
      .select({ followUp: calls.followUp })
      .from(calls)
      .where(eq(calls.id, target?.id ?? ''));
    expect(row?.followUp).toBe('needed');
  });

  it('marks the follow-up sent when a video message goes out for the call', async () => {
    const target = stored[6];
    const messageVideo = stored.find((item) => item.messageVideoId)?.messageVideoId;
    const response = await call(server.app, {
      method: 'POST',
      url: '/api/video-messages',
      token: team.user.token,
      payload: {
        videoId: messageVideo,
        callId: target?.id,
        email: 'caller@example.com',
        phone: '+13035550123',
        message: 'Sorry we missed you',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const detail = await call(server.app, { method: 'GET', url: `/api/calls/${target?.id}`, token: team.user.token });
    expect(detail.json().data.followUp).toBe('sent');

    // Another team's call id changes nothing.
    const foreign = otherStored[0];
    const foreignVideo = otherStored.find((item) => item.messageVideoId)?.messageVideoId;
    await call(server.app, {
      method: 'POST',
      url: '/api/video-messages',
      token: other.user.token,
      payload: {
        videoId: foreignVideo,
        callId: target?.id,
        email: 'x@example.com',
        phone: '+13035550124',
        message: 'Hi',
      },
    });
    const [row] = await server.app.db
      .select({ followUp: calls.followUp })
      .from(calls)
      .where(eq(calls.id, foreign?.id ?? ''));
    expect(row?.followUp).toBe('none');
  });
});

/** A file in the local store, as a recording or a call's raw media leaves it. */
async function storeFile(teamId: string): Promise<{ key: string; file: string }> {
  const key = videoKey(teamId, randomUUID());
  const file = path.join(server.config.dataDir, key);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, 'media');
  return { key, file };
}

describe('deleting calls', () => {
  let extra: StoredCall[];

  beforeAll(async () => {
    extra = await seedCalls(server.app, team.id, members, 12, 99, 10_000);
  });

  it('deletes one call with its notes, captions, recording and raw media files', async () => {
    const target = extra[0];
    const recording = await storeFile(team.id);
    const media = await storeFile(team.id);
    await server.app.db
      .update(calls)
      .set({ recordingStatus: 'ready', recordingKey: recording.key, recordingContentType: 'video/mp4' })
      .where(eq(calls.id, target?.id ?? ''));
    await server.app.db.insert(callMedia).values({
      teamId: team.id,
      callId: target?.id ?? '',
      source: 'caller',
      storageKey: media.key,
      contentType: 'video/webm',
    });
    await server.app.db
      .insert(notes)
      .values({ teamId: team.id, callId: target?.id ?? '', authorId: team.user.id, message: 'x' });

    const denied = await call(server.app, {
      method: 'DELETE',
      url: `/api/calls/${target?.id}`,
      token: other.admin.token,
    });
    expect(denied.statusCode).toBe(404);
    expect(existsSync(recording.file)).toBe(true);

    // A user may not delete calls (issue 15): 403 as SPEC §2.2 words it, and nothing goes.
    const refused = await call(server.app, {
      method: 'DELETE',
      url: `/api/calls/${target?.id}`,
      token: team.user.token,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'FORBIDDEN' });
    expect(existsSync(recording.file)).toBe(true);
    const refusedBulk = await call(server.app, {
      method: 'DELETE',
      url: `/api/calls?ids=${target?.id}`,
      token: team.user.token,
    });
    expect(refusedBulk.statusCode).toBe(403);
    expect(
      await server.app.db
        .select({ id: calls.id })
        .from(calls)
        .where(eq(calls.id, target?.id ?? '')),
    ).toHaveLength(1);

    const response = await call(server.app, {
      method: 'DELETE',
      url: `/api/calls/${target?.id}`,
      token: team.admin.token,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(existsSync(recording.file)).toBe(false);
    expect(existsSync(media.file)).toBe(false);
    for (const table of [notes, captions, callMedia]) {
      const left = await server.app.db
        .select()
        .from(table)
        .where(eq(table.callId, target?.id ?? ''));
      expect(left).toEqual([]);
    }
    const again = await call(server.app, {
      method: 'DELETE',
      url: `/api/calls/${target?.id}`,
      token: team.admin.token,
    });
    expect(again.statusCode).toBe(404);
  });

  it('bulk deletes the team’s calls and skips other teams’ and missing ones', async () => {
    const mine = [extra[1]?.id, extra[2]?.id, extra[3]?.id] as string[];
    const theirs = otherStored[1]?.id ?? '';
    const ids = [...mine, theirs, randomUUID(), mine[0]].join(',');
    const anonymous = await call(server.app, { method: 'DELETE', url: `/api/calls?ids=${ids}` });
    expect(anonymous.statusCode).toBe(401);

    const response = await call(server.app, {
      method: 'DELETE',
      url: `/api/calls?ids=${ids}`,
      token: team.admin.token,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { deleted: 3 } });
    const left = await server.app.db
      .select({ id: calls.id })
      .from(calls)
      .where(inArray(calls.id, [...mine, theirs]));
    expect(left.map((row) => row.id)).toEqual([theirs]);

    const byOther = await call(server.app, {
      method: 'DELETE',
      url: `/api/calls?ids=${extra[4]?.id}`,
      token: other.admin.token,
    });
    expect(byOther.json()).toEqual({ success: true, data: { deleted: 0 } });

    for (const query of ['', 'ids=', 'ids=abc', `ids=${Array.from({ length: 101 }, () => randomUUID()).join(',')}`]) {
      const refused = await call(server.app, { method: 'DELETE', url: `/api/calls?${query}`, token: team.admin.token });
      expect(refused.statusCode, query).toBe(400);
      // A malformed id is named by its place in the list (`ids.0`).
      expect(
        Object.keys(refused.json().fields).some((field) => field.startsWith('ids')),
        query,
      ).toBe(true);
    }
  });

  it('keeps the totals exact through inserts, changes and deletions (call_counts equals a recount)', async () => {
    const before = await countRows(server.app);
    await server.app.db.transaction(async (transaction) => {
      await transaction.execute(sql`select call_counts_rebuild()`);
    });
    expect(await countRows(server.app)).toBe(before);

    // Every column the counts read changes; the counts follow.
    const ids = extra.slice(5).map((item) => item.id);
    await server.app.db.execute(sql`update calls set hold_seconds = hold_seconds + 47, duration_seconds = duration_seconds * 3,
      incoming_at = incoming_at - interval '9 days', received_by = ${members[3]?.id ?? null}
      where id in (${sql.join(ids.slice(0, 3), sql`, `)}) and received_at is not null`);
    await server.app.db.execute(sql`update calls set received_at = null, received_by = null, duration_seconds = null
      where id = ${ids[3] ?? ''}`);
    await server.app.db.execute(sql`update calls set follow_up = 'done' where team_id = ${team.id}`);
    await server.app.db.delete(calls).where(eq(calls.id, ids[4] ?? ''));
    const changed = await countRows(server.app);
    await server.app.db.execute(sql`select call_counts_rebuild()`);
    expect(await countRows(server.app)).toBe(changed);

    // And the API's totals agree with a plain count.
    const result = (await server.app.db.execute(
      sql`select count(*)::integer as total from calls where team_id = ${team.id} and hold_seconds between 40 and 3000 and duration_seconds >= 100`,
    )) as unknown as { rows: { total: number }[] };
    const response = await list({ holdMin: 40, holdMax: 3000, durationMin: 100 });
    expect(response.json().total).toBe(result.rows[0]?.total);
  });
});
