import { randomUUID } from 'node:crypto';
import type { Contact } from '@parley/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, contacts } from '../src/db/schema';
import { csvCell } from '../src/routes/api/contacts';
import { addTeam, call, createTestApp, type TestApp, type TestTeam } from './helpers';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

async function addContact(team: TestTeam, body: Record<string, unknown>, token = team.user.token): Promise<Contact> {
  const response = await call(server.app, { method: 'POST', url: '/api/contacts', token, payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function teamContacts(teamId: string) {
  return server.app.db.select().from(contacts).where(eq(contacts.teamId, teamId));
}

function list(team: TestTeam, query: string) {
  return call(server.app, { method: 'GET', url: `/api/contacts?${query}`, token: team.user.token });
}

describe('contacts', () => {
  it('adds, reads, changes and deletes a contact; any member may; the address is kept in lower case', async () => {
    const team = await addTeam(server.app);
    const added = await addContact(team, {
      name: '  Nadia Haddad ',
      email: ' Nadia@Example.COM ',
      phone: '+20 10 1234 5678',
      company: 'Nile Co',
      tags: ['VIP', 'vip', ' lead ', ''],
    });
    expect(added).toMatchObject({
      name: 'Nadia Haddad',
      email: 'nadia@example.com',
      phone: '+201012345678',
      company: 'Nile Co',
      notes: null,
      tags: ['VIP', 'lead'],
    });
    const read = await call(server.app, { method: 'GET', url: `/api/contacts/${added.id}`, token: team.admin.token });
    expect(read.json().data).toEqual(added);
    const changed = await call(server.app, {
      method: 'PUT',
      url: `/api/contacts/${added.id}`,
      token: team.admin.token,
      payload: { name: 'Nadia H.', email: '', notes: 'Prefers calls' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ name: 'Nadia H.', email: null, phone: null, notes: 'Prefers calls' });
    const removed = await call(server.app, {
      method: 'DELETE',
      url: `/api/contacts/${added.id}`,
      token: team.user.token,
    });
    expect(removed.statusCode).toBe(200);
    const again = await call(server.app, {
      method: 'DELETE',
      url: `/api/contacts/${added.id}`,
      token: team.user.token,
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a missing name, a bad e-mail or phone and too many tags with 422 and field messages', async () => {
    const team = await addTeam(server.app);
    const response = await call(server.app, {
      method: 'POST',
      url: '/api/contacts',
      token: team.user.token,
      payload: { name: ' ', email: 'not-an-address', phone: '12', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      success: false,
      errorCode: 'VALIDATION_FAILED',
      fields: {
        name: 'Please input a name!',
        email: 'The input is not valid E-mail!',
        phone: 'Phone number is invalid!',
        tags: 'At most 20 tags.',
      },
      fieldCodes: {
        name: 'contactNameRequired',
        email: 'emailInvalid',
        phone: 'phoneInvalid',
        tags: 'contactTagsTooMany',
      },
    });
    expect(await teamContacts(team.id)).toEqual([]);
  });

  it('keeps one contact per e-mail address in a team (any case), and another team may have the same', async () => {
    const team = await addTeam(server.app);
    const other = await addTeam(server.app);
    const first = await addContact(team, { name: 'Ann', email: 'ann@example.com' });
    const duplicate = await call(server.app, {
      method: 'POST',
      url: '/api/contacts',
      token: team.user.token,
      payload: { name: 'Ann again', email: 'ANN@example.com' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ fieldCodes: { email: 'contactEmailTaken' } });
    const second = await addContact(team, { name: 'Bob', email: 'bob@example.com' });
    const onto = await call(server.app, {
      method: 'PUT',
      url: `/api/contacts/${second.id}`,
      token: team.user.token,
      payload: { name: 'Bob', email: 'ann@example.com' },
    });
    expect(onto.statusCode).toBe(409);
    await addContact(other, { name: 'Ann elsewhere', email: 'ann@example.com' });
    // Two at once: one is stored, the other told the address is taken.
    const raced = await Promise.all(
      [1, 2].map((n) =>
        call(server.app, {
          method: 'POST',
          url: '/api/contacts',
          token: team.user.token,
          payload: { name: `Race ${n}`, email: 'race@example.com' },
        }),
      ),
    );
    expect(raced.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect((await teamContacts(team.id)).map((row) => row.email).sort()).toEqual([
      first.email,
      second.email,
      'race@example.com',
    ]);
  });

  it('searches name, e-mail, phone, company and tags, sorts, and pages 10 at a time by default', async () => {
    const team = await addTeam(server.app);
    const other = await addTeam(server.app);
    await addContact(other, { name: 'Zed Outsider', company: 'Acme' });
    for (let index = 0; index < 12; index += 1) {
      await addContact(team, {
        name: `Person ${String(index).padStart(2, '0')}`,
        email: `p${index}@example.com`,
        company: index % 2 ? 'Acme' : 'Globex',
      });
    }
    await addContact(team, { name: 'Omar', phone: '+442079460634', tags: ['Partner'] });
    const first = await list(team, '');
    expect(first.json().total).toBe(13);
    expect(first.json().list).toHaveLength(10);
    expect(first.json().list[0].name).toBe('Omar');
    const desc = await list(team, 'sort=name&order=desc&pageSize=2&current=2');
    expect(desc.json().list.map((row: Contact) => row.name)).toEqual(['Person 09', 'Person 08']);
    const acme = await list(team, 'q=acme');
    expect(acme.json().total).toBe(6);
    expect(acme.json().list.every((row: Contact) => row.company === 'Acme')).toBe(true);
    expect((await list(team, 'q=P11%40example')).json().list.map((row: Contact) => row.name)).toEqual(['Person 11']);
    expect((await list(team, 'q=20%207946')).json().list.map((row: Contact) => row.name)).toEqual(['Omar']);
    expect((await list(team, 'q=partn')).json().list.map((row: Contact) => row.name)).toEqual(['Omar']);
    expect((await list(team, 'q=%25')).json().total).toBe(0);
    const bad = await list(team, 'sort=password');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldCodes).toMatchObject({ sort: 'contactSortInvalid' });
  });

  it('merges two duplicates: the kept one takes the missing fields and the tags, the other goes', async () => {
    const team = await addTeam(server.app);
    const keep = await addContact(team, { name: 'Lea Park', phone: '+13035550100', tags: ['vip'], notes: 'First' });
    const other = await addContact(team, {
      name: 'Lea P.',
      email: 'lea@example.com',
      phone: '+13035550199',
      company: 'Park & Co',
      tags: ['VIP', 'billing'],
      notes: 'Second',
    });
    const merged = await call(server.app, {
      method: 'POST',
      url: `/api/contacts/${keep.id}/merge`,
      token: team.user.token,
      payload: { otherId: other.id },
    });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().data).toMatchObject({
      id: keep.id,
      name: 'Lea Park',
      email: 'lea@example.com',
      phone: '+13035550100',
      company: 'Park & Co',
      tags: ['vip', 'billing'],
      notes: 'First\n\nSecond',
    });
    expect((await teamContacts(team.id)).map((row) => row.id)).toEqual([keep.id]);
    const self = await call(server.app, {
      method: 'POST',
      url: `/api/contacts/${keep.id}/merge`,
      token: team.user.token,
      payload: { otherId: keep.id },
    });
    expect(self.statusCode).toBe(422);
    expect(self.json().fieldCodes).toEqual({ otherId: 'contactMergeSelf' });
    const gone = await call(server.app, {
      method: 'POST',
      url: `/api/contacts/${keep.id}/merge`,
      token: team.user.token,
      payload: { otherId: other.id },
    });
    expect(gone.statusCode).toBe(404);
    // Another team's contact cannot be merged in (or out).
    const outsider = await addContact(await addTeam(server.app), { name: 'Outsider' });
    const cross = await call(server.app, {
      method: 'POST',
      url: `/api/contacts/${keep.id}/merge`,
      token: team.user.token,
      payload: { otherId: outsider.id },
    });
    expect(cross.statusCode).toBe(404);
  });

  it('a merge racing a delete or the opposite merge loses no data and leaves no duplicate', async () => {
    const team = await addTeam(server.app);
    for (let round = 0; round < 4; round += 1) {
      const a = await addContact(team, { name: `A${round}`, email: `a${round}@example.com`, tags: ['a'] });
      const b = await addContact(team, { name: `B${round}`, phone: '+13035550123', company: 'B Co', tags: ['b'] });
      const requests =
        round % 2 === 0
          ? [
              { method: 'POST' as const, url: `/api/contacts/${a.id}/merge`, payload: { otherId: b.id } },
              { method: 'DELETE' as const, url: `/api/contacts/${b.id}` },
            ]
          : [
              { method: 'POST' as const, url: `/api/contacts/${a.id}/merge`, payload: { otherId: b.id } },
              { method: 'POST' as const, url: `/api/contacts/${b.id}/merge`, payload: { otherId: a.id } },
            ];
      const responses = await Promise.all(
        requests.map((request) => call(server.app, { ...request, token: team.user.token })),
      );
      const statuses = responses.map((response) => response.statusCode);
      const rows = (await teamContacts(team.id)).filter((row) => [a.id, b.id].includes(row.id));
      // Exactly one of the two stays, whichever request landed first.
      expect(rows).toHaveLength(1);
      expect([...statuses].sort()).toEqual([200, 404]);
      const [left] = rows;
      if (round % 2 === 1 || statuses[0] === 200) {
        // A merge happened: the one left holds both contacts' data.
        expect(left).toMatchObject({ email: `a${round}@example.com`, phone: '+13035550123', company: 'B Co' });
        expect([...(left?.tags ?? [])].sort()).toEqual(['a', 'b']);
      } else {
        // The delete landed first: the merge changed nothing.
        expect(statuses).toEqual([404, 200]);
        expect(left).toMatchObject({ id: a.id, phone: null, tags: ['a'] });
      }
    }
  });

  it('previews an import with per-row problems and stores nothing until it is confirmed', async () => {
    const team = await addTeam(server.app);
    await addContact(team, { name: 'Existing', email: 'existing@example.com' });
    const rows = [
      { name: 'Good One', email: 'one@example.com', phone: '+13035550101', tags: 'vip; lead' },
      { name: '', email: 'noname@example.com' },
      { name: 'Bad Mail', email: 'not-mail' },
      { name: 'Again', email: 'ONE@example.com' },
      { name: 'In Book', email: 'existing@example.com' },
      { name: 'Bad Phone', phone: '555' },
      { name: 'No Address' },
    ];
    const preview = await call(server.app, {
      method: 'POST',
      url: '/api/contacts/import/preview',
      token: team.user.token,
      payload: { rows },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      valid: 2,
      invalid: 5,
      problems: [
        { row: 3, field: 'name', code: 'contactNameRequired' },
        { row: 4, field: 'email', code: 'emailInvalid' },
        { row: 5, field: 'email', code: 'contactEmailInFile' },
        { row: 6, field: 'email', code: 'contactEmailTaken' },
        { row: 7, field: 'phone', code: 'phoneInvalid' },
      ],
    });
    expect(await teamContacts(team.id)).toHaveLength(1);
    const importId = randomUUID();
    // A double click: both confirms at once; the rows are imported once.
    const [first, second] = await Promise.all(
      [1, 2].map(() =>
        call(server.app, {
          method: 'POST',
          url: '/api/contacts/import',
          token: team.user.token,
          payload: { importId, rows },
        }),
      ),
    );
    const results = [first?.json(), second?.json()].sort((x, y) => Number(x.repeated) - Number(y.repeated));
    expect(results).toEqual([
      { imported: 2, skipped: 5, repeated: false },
      { imported: 0, skipped: 0, repeated: true },
    ]);
    const stored = await teamContacts(team.id);
    expect(stored.map((row) => row.name).sort()).toEqual(['Existing', 'Good One', 'No Address']);
    expect(stored.find((row) => row.name === 'Good One')?.tags).toEqual(['vip', 'lead']);
    // Another team's import with the same id is its own.
    const other = await addTeam(server.app);
    const elsewhere = await call(server.app, {
      method: 'POST',
      url: '/api/contacts/import',
      token: other.user.token,
      payload: { importId, rows: [{ name: 'Other team' }] },
    });
    expect(elsewhere.json()).toEqual({ imported: 1, skipped: 0, repeated: false });
  });

  it('imports 1,000 rows in one request, and refuses an empty or over-long file with 422', async () => {
    const team = await addTeam(server.app);
    const rows = Array.from({ length: 1000 }, (_, index) => ({
      name: `Bulk ${index}`,
      email: `bulk${index}@example.com`,
      company: 'Bulk Ltd',
    }));
    const started = Date.now();
    const response = await call(server.app, {
      method: 'POST',
      url: '/api/contacts/import',
      token: team.user.token,
      payload: { importId: randomUUID(), rows },
    });
    expect(response.json()).toEqual({ imported: 1000, skipped: 0, repeated: false });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect((await list(team, 'q=bulk')).json().total).toBe(1000);
    const empty = await call(server.app, {
      method: 'POST',
      url: '/api/contacts/import/preview',
      token: team.user.token,
      payload: { rows: [] },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().fieldCodes).toEqual({ rows: 'importRowsRequired' });
    const tooMany = await call(server.app, {
      method: 'POST',
      url: '/api/contacts/import/preview',
      token: team.user.token,
      payload: { rows: Array.from({ length: 2001 }, () => ({ name: 'x' })) },
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().fieldCodes).toEqual({ rows: 'importRowsTooMany' });
  });

  it('exports the book (or a search) as CSV with a header row, safe against formulas', async () => {
    const team = await addTeam(server.app);
    await addContact(team, { name: '=HYPERLINK("http://evil.example","x")', email: 'evil@example.com' });
    await addContact(team, { name: 'Ann, the "first"', company: '@corp', notes: 'line 1\nline 2', tags: ['a', 'b'] });
    await addContact(team, { name: 'Zoe', phone: '+13035550177', company: '-minus' });
    const response = await call(server.app, { method: 'GET', url: '/api/contacts/export', token: team.user.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toContain('contacts.csv');
    expect(response.body).toBe(
      [
        'name,email,phone,company,notes,tags',
        '"\'=HYPERLINK(""http://evil.example"",""x"")",evil@example.com,,,,',
        '"Ann, the ""first""",,,\'@corp,"line 1\nline 2",a; b',
        "Zoe,,'+13035550177,'-minus,,",
        '',
      ].join('\r\n'),
    );
    const searched = await call(server.app, {
      method: 'GET',
      url: '/api/contacts/export?q=zoe',
      token: team.user.token,
    });
    expect(searched.body.split('\r\n')).toEqual([
      'name,email,phone,company,notes,tags',
      "Zoe,,'+13035550177,'-minus,,",
      '',
    ]);
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('\tTab')).toBe("'\tTab");
  });

  it("links each call of the call list to the caller's contact, by e-mail first, else phone", async () => {
    const team = await addTeam(server.app);
    const byEmail = await addContact(team, { name: 'Mail person', email: 'caller@example.com', phone: '+13035550150' });
    const byPhone = await addContact(team, { name: 'Phone person', phone: '+13035550160' });
    const other = await addTeam(server.app);
    await addContact(other, { name: 'Other team', email: 'stranger@example.com' });
    const values = [
      { callerEmail: 'Caller@Example.com', callerContact: '+13035550160' },
      { callerEmail: null, callerContact: '+13035550160' },
      { callerEmail: 'stranger@example.com', callerContact: null },
    ];
    await server.app.db.insert(calls).values(
      values.map((caller, index) => ({
        teamId: team.id,
        serialNumber: index + 1,
        incomingAt: new Date(Date.now() - (3 - index) * 60_000),
        playerId: `v_${index}`,
        holdSeconds: 1,
        ...caller,
      })),
    );
    const page = await call(server.app, {
      method: 'GET',
      url: '/api/calls?sort=incomingAt&order=asc',
      token: team.user.token,
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().list.map((row: { contactId: string | null }) => row.contactId)).toEqual([
      byEmail.id,
      byPhone.id,
      null,
    ]);
  });
});
