import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadReplies, leads } from '../src/db/schema';
import { addMember, addTeam, call, createTestApp, type TestApp, type TestMember, type TestTeam } from './helpers';
import { mailboxFor } from './mailbox';

let server: TestApp;
/** The oldest team: with no LEADS_TEAM_ID it receives every lead. */
let receiving: TestTeam;
let secondAdmin: TestMember;
let other: TestTeam;

beforeAll(async () => {
  server = await createTestApp();
  receiving = await addTeam(server.app, 'Receiving team');
  secondAdmin = await addMember(server.app, receiving.id, 'admin', { name: 'Second Admin' });
  other = await addTeam(server.app, 'Other team');
});
afterAll(() => server.close());

/** Sends the public form; answers the new request's id. */
async function sendForm(overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await call(server.app, {
    method: 'POST',
    url: '/api/leads',
    payload: {
      kind: 'contact',
      name: `Visitor ${randomUUID().slice(0, 8)}`,
      email: `visitor-${randomUUID().slice(0, 8)}@example.com`,
      message: 'Line one\nLine two',
      ...overrides,
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data.id;
}

const get = (url: string, member: TestMember = receiving.admin) =>
  call(server.app, { method: 'GET', url, token: member.token });
const patch = (id: string, payload: Record<string, unknown>, member: TestMember = receiving.admin) =>
  call(server.app, { method: 'PATCH', url: `/api/requests/${id}`, payload, token: member.token });
const reply = (id: string, payload: Record<string, unknown>, member: TestMember = receiving.admin) =>
  call(server.app, { method: 'POST', url: `/api/requests/${id}/reply`, payload, token: member.token });

describe('a new request', () => {
  it("e-mails each of the receiving team's admins, and the notice and e-mail open the request", async () => {
    const id = await sendForm({ kind: 'demo', name: 'Grace Hopper', company: 'Navy', message: 'Show us, please.' });
    for (const admin of [receiving.admin, secondAdmin]) {
      const mail = (await mailboxFor(server.app, admin.email)).find((message) => message.text.includes(id));
      expect(mail).toMatchObject({ channel: 'email', subject: 'New demo request from Grace Hopper' });
      expect(mail?.text).toContain('Company: Navy');
      expect(mail?.text).toContain('Show us, please.');
      expect(mail?.text).toContain(`/requests/${id}`);
      const notices = await get('/api/notices', admin);
      const notice = notices
        .json()
        .find((item: { title: string }) => item.title === 'New demo request from Grace Hopper');
      expect(notice).toMatchObject({ link: `/requests/${id}` });
    }
    for (const bystander of [receiving.user, other.admin]) {
      expect(JSON.stringify(await mailboxFor(server.app, bystander.email))).not.toContain(id);
    }
  });
});

describe('GET /api/requests', () => {
  it('lists the team’s requests newest first, paged, with status, and filters by status', async () => {
    const older = await sendForm({ name: 'Older' });
    const newer = await sendForm({ name: 'Newer', kind: 'demo' });
    const page = await get('/api/requests?pageSize=2');
    expect(page.statusCode).toBe(200);
    expect(page.json().list.map((item: { id: string }) => item.id)).toEqual([newer, older]);
    expect(page.json().list[0]).toMatchObject({
      id: newer,
      kind: 'demo',
      name: 'Newer',
      status: 'new',
      repliedAt: null,
    });
    const total = page.json().total;
    expect(total).toBeGreaterThanOrEqual(2);
    const second = await get('/api/requests?pageSize=1&current=2', secondAdmin);
    expect(second.json().list.map((item: { id: string }) => item.id)).toEqual([older]);
    expect(second.json().total).toBe(total);

    expect((await patch(older, { status: 'closed' })).statusCode).toBe(200);
    const closed = await get('/api/requests?status=closed&pageSize=100');
    expect(closed.json().list.map((item: { id: string }) => item.id)).toEqual([older]);
    expect(closed.json().total).toBe(1);
    const fresh = await get('/api/requests?status=new&pageSize=100');
    expect(fresh.json().list.map((item: { id: string }) => item.id)).not.toContain(older);
  });

  it('refuses a bad status or page with field messages', async () => {
    const response = await get('/api/requests?status=open&pageSize=0');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'VALIDATION_FAILED' });
    expect(response.json().fields.status).toBe('Choose new, replied or closed.');
    expect(response.json().fields.pageSize).toBeDefined();
  });

  it('is for admins: a user gets 403 with a clear message; another team sees none; no session 401', async () => {
    await sendForm({ name: 'Private visitor' });
    const user = await get('/api/requests', receiving.user);
    expect(user.statusCode).toBe(403);
    expect(user.json()).toMatchObject({
      errorCode: 'FORBIDDEN',
      errorMessage: 'Only team admins can see contact and demo requests.',
    });
    expect(user.body).not.toContain('Private visitor');
    expect((await get('/api/requests', other.admin)).json()).toEqual({ list: [], total: 0 });
    expect((await call(server.app, { method: 'GET', url: '/api/requests' })).statusCode).toBe(401);
  });
});

describe('GET /api/requests/:id', () => {
  it('answers the whole message with no replies yet; another team gets 404, a user 403', async () => {
    const id = await sendForm({ name: 'Whole', phone: '+44 20 7183 8750', company: 'Acme' });
    const response = await get(`/api/requests/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id,
      kind: 'contact',
      name: 'Whole',
      email: expect.stringMatching(/@example\.com$/),
      company: 'Acme',
      phone: '+442071838750',
      message: 'Line one\nLine two',
      status: 'new',
      repliedAt: null,
      createdAt: expect.stringMatching(/Z$/),
      replies: [],
    });
    const foreign = await get(`/api/requests/${id}`, other.admin);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Whole');
    expect((await get(`/api/requests/${randomUUID()}`)).statusCode).toBe(404);
    expect((await get(`/api/requests/${id}`, receiving.user)).statusCode).toBe(403);
    const malformed = await get('/api/requests/not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toEqual({ id: 'The id is not valid.' });
  });
});

describe('PATCH /api/requests/:id', () => {
  it('sets the status; with `from`, the second of two racing admins gets 409 and the first change stays', async () => {
    const id = await sendForm();
    const closed = await patch(id, { status: 'closed', from: 'new' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ success: true, data: { id, status: 'closed' } });

    const late = await patch(id, { status: 'replied', from: 'new' }, secondAdmin);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ errorCode: 'CONFLICT' });
    expect(late.json().errorMessage).toContain('closed');
    const [row] = await server.app.db.select().from(leads).where(eq(leads.id, id));
    expect(row?.status).toBe('closed');

    // Both at once from the same status: exactly one wins.
    const racing = await sendForm();
    const answers = await Promise.all([
      patch(racing, { status: 'closed', from: 'new' }),
      patch(racing, { status: 'replied', from: 'new' }, secondAdmin),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)?.json().data.status;
    const [raced] = await server.app.db.select().from(leads).where(eq(leads.id, racing));
    expect(raced?.status).toBe(winner);

    // Without `from` the change is unconditional.
    expect((await patch(id, { status: 'new' })).json().data.status).toBe('new');
  });

  it('refuses a bad status with a field message; another team 404; a user 403 — nothing changes', async () => {
    const id = await sendForm();
    const bad = await patch(id, { status: 'done', from: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields).toEqual({
      status: 'Choose new, replied or closed.',
      from: 'Choose new, replied or closed.',
    });
    expect((await patch(id, { status: 'closed' }, other.admin)).statusCode).toBe(404);
    const user = await patch(id, { status: 'closed' }, receiving.user);
    expect(user.statusCode).toBe(403);
    const [row] = await server.app.db.select().from(leads).where(eq(leads.id, id));
    expect(row?.status).toBe('new');
  });
});

describe('POST /api/requests/:id/reply', () => {
  it('e-mails the reply to the requester, stores it with its time and author, and sets the status replied', async () => {
    const email = `asker-${randomUUID().slice(0, 8)}@example.com`;
    const id = await sendForm({ email, kind: 'demo', message: 'Can we see it?' });
    const before = Date.now();
    const response = await reply(id, { text: '  Of course — Tuesday at ten?  ' });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ id, status: 'replied' });
    expect(data.replies).toEqual([
      {
        id: expect.any(String),
        text: 'Of course — Tuesday at ten?',
        authorName: receiving.admin.name,
        createdAt: expect.stringMatching(/Z$/),
      },
    ]);
    expect(Date.parse(data.replies[0].createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(data.repliedAt).toBe(data.replies[0].createdAt);

    const [mail] = await mailboxFor(server.app, email);
    expect(mail).toMatchObject({ channel: 'email', subject: 'Re: your demo request to Receiving team' });
    expect(mail?.text).toContain('Of course — Tuesday at ten?');
    expect(mail?.text).toContain('> Can we see it?');

    const second = await reply(id, { text: 'A second note.' }, secondAdmin);
    expect(second.json().data.replies.map((item: { text: string; authorName: string }) => item.authorName)).toEqual([
      receiving.admin.name,
      'Second Admin',
    ]);
    const listed = (await get('/api/requests?status=replied&pageSize=100')).json().list;
    expect(listed.find((item: { id: string }) => item.id === id)?.repliedAt).toBe(
      second.json().data.replies[1].createdAt,
    );
  });

  it('refuses an empty or too long reply with a field message, and sends and stores nothing', async () => {
    const email = `quiet-${randomUUID().slice(0, 8)}@example.com`;
    const id = await sendForm({ email });
    for (const [payload, message] of [
      [{ text: '   ' }, 'Please write your reply!'],
      [{}, 'Please write your reply!'],
      [{ text: 'x'.repeat(5001) }, 'At most 5000 characters.'],
    ] as const) {
      const response = await reply(id, payload);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ errorCode: 'VALIDATION_FAILED', fields: { text: message } });
    }
    expect(await mailboxFor(server.app, email)).toEqual([]);
    expect(await server.app.db.select().from(leadReplies).where(eq(leadReplies.leadId, id))).toEqual([]);
  });

  it("another team's admin gets 404 and a user 403: nothing is e-mailed or stored", async () => {
    const email = `kept-${randomUUID().slice(0, 8)}@example.com`;
    const id = await sendForm({ email });
    expect((await reply(id, { text: 'Hi' }, other.admin)).statusCode).toBe(404);
    const user = await reply(id, { text: 'Hi' }, receiving.user);
    expect(user.statusCode).toBe(403);
    expect(user.json().errorMessage).toBe('Only team admins can see contact and demo requests.');
    expect(await mailboxFor(server.app, email)).toEqual([]);
    const [row] = await server.app.db.select().from(leads).where(eq(leads.id, id));
    expect(row?.status).toBe('new');
  });
});
