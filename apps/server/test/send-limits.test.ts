import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, teams, users, videoMessages } from '../src/db/schema';
import { addMember, addTeam, call, createTestApp, type TestApp, type TestMember, type TestTeam } from './helpers';
import { mailboxFor } from './mailbox';
import { FIXTURES, uploadVideo, waitForVideo } from './video-helpers';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp({
    config: { uploadPartSize: 16 * 1024, sendLimits: { perMemberHour: 8, perTeamDay: 12, newTeamDay: 5 } },
  });
});
afterAll(() => server.close());

async function readyVideoId(member: TestMember): Promise<string> {
  const { started } = await uploadVideo(server.app, member.token, FIXTURES.mp4, { title: 'Hello' });
  return (await waitForVideo(server.app, member.token, started.video.id)).id;
}

function sendVideo(member: TestMember, videoId: string, index: number) {
  return call(server.app, {
    method: 'POST',
    url: '/api/video-messages',
    token: member.token,
    payload: {
      videoId,
      email: `stranger-${index}@example.com`,
      phone: '+44 20 7946 0634',
      message: 'Any text at all',
    },
  });
}

function invite(member: TestMember, email: string) {
  return call(server.app, {
    method: 'POST',
    url: '/api/users',
    token: member.token,
    payload: { email, name: 'Someone' },
  });
}

async function outboxCount(teamId: string): Promise<number> {
  const [row] = await server.app.db
    .select({ value: count() })
    .from(outboxMessages)
    .where(eq(outboxMessages.teamId, teamId));
  return row?.value ?? 0;
}

/** Makes the team a day and a minute old: past its first day. */
async function ageTeam(team: TestTeam): Promise<void> {
  await server.app.db
    .update(teams)
    .set({ createdAt: new Date(Date.now() - 24 * 3600 * 1000 - 60_000) })
    .where(eq(teams.id, team.id));
}

// A self-registered team sent 40 video messages with any text to 40 strangers in 0.8 s: a spam and phishing relay.
describe('limits on what members send', () => {
  it('holds a team in its first day to a lower quota, even when the sends race; the refused one sends and stores nothing', async () => {
    const team = await addTeam(server.app);
    const videoId = await readyVideoId(team.admin);
    // Eight: within the member's hourly allowance, so every refusal is the team's quota.
    const results = await Promise.all(Array.from({ length: 8 }, (_, index) => sendVideo(team.admin, videoId, index)));
    const statuses = results.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    const refused = results.find((response) => response.statusCode === 429);
    expect(refused?.json()).toMatchObject({ success: false, errorCode: 'SEND_LIMIT' });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    // Five recipients: five e-mails and five texts, and five share links.
    expect(await outboxCount(team.id)).toBe(10);
    const [links] = await server.app.db
      .select({ value: count() })
      .from(videoMessages)
      .where(eq(videoMessages.teamId, team.id));
    expect(links?.value).toBe(5);
  });

  it('holds one member to an hourly allowance and the team to a daily quota; invitations count too', async () => {
    const team = await addTeam(server.app);
    await ageTeam(team);
    const colleague = await addMember(server.app, team.id, 'admin');
    const videoId = await readyVideoId(team.admin);
    for (let index = 0; index < 7; index += 1) {
      expect((await sendVideo(team.admin, videoId, index)).statusCode).toBe(201);
    }
    expect((await invite(team.admin, `new-member-${team.id.slice(0, 8)}@example.com`)).statusCode).toBe(201);
    // The member's eighth send this hour was the invitation: the ninth is refused.
    const overMember = await sendVideo(team.admin, videoId, 99);
    expect(overMember.statusCode).toBe(429);
    expect(Number(overMember.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // A colleague still sends, up to the team's twelve a day (a send refused for its member does not count for the team).
    const colleagueStatuses = [];
    for (let index = 0; index < 5; index += 1) {
      colleagueStatuses.push((await sendVideo(colleague, videoId, 100 + index)).statusCode);
    }
    expect(colleagueStatuses).toEqual([201, 201, 201, 201, 429]);
    expect((await invite(colleague, `late-${team.id.slice(0, 8)}@example.com`)).statusCode).toBe(429);
    // Another team is not held back.
    const other = await addTeam(server.app);
    expect((await invite(other.admin, `elsewhere-${other.id.slice(0, 8)}@example.com`)).statusCode).toBe(201);
  });
});

// POST /api/users answered 409 EMAIL_TAKEN for an address of any team, without limit: who is registered anywhere leaked.
describe('invitations do not tell whether an address is registered elsewhere', () => {
  it('answers and lists an address of another team like a new one; the invitee is told why it cannot be taken up', async () => {
    const mine = await addTeam(server.app);
    const theirs = await addTeam(server.app);
    const fresh = `fresh-${mine.id.slice(0, 8)}@example.com`;
    const forNew = await invite(mine.admin, fresh);
    const forTaken = await invite(mine.admin, theirs.user.email);
    expect(forTaken.statusCode).toBe(forNew.statusCode);
    expect(forTaken.statusCode).toBe(201);
    const shape = (body: { data: Record<string, unknown> }) =>
      Object.fromEntries(Object.entries(body.data).map(([key, value]) => [key, typeof value]));
    expect(shape(forTaken.json())).toEqual(shape(forNew.json()));
    expect(forTaken.json().data).toMatchObject({ firstLogin: true, disabled: false, role: 'user' });

    const list = await call(server.app, { method: 'GET', url: '/api/users?pageSize=100', token: mine.admin.token });
    const listed = list.json().list as { email: string; firstLogin: boolean }[];
    expect(listed.find((member) => member.email === theirs.user.email)).toMatchObject({ firstLogin: true });
    expect(listed.find((member) => member.email === fresh)).toMatchObject({ firstLogin: true });

    const [toTaken] = await mailboxFor(server.app, theirs.user.email);
    expect(toTaken?.text).toContain('already belongs to a Parley account in another team');
    expect(toTaken?.text).not.toMatch(/One-time password/);
    const [toNew] = await mailboxFor(server.app, fresh);
    expect(toNew?.text).toMatch(/One-time password: \S+/);

    // The invitee's own account is untouched, and the invitation never signs in.
    const signIn = await call(server.app, {
      method: 'POST',
      url: '/common/login',
      payload: { email: theirs.user.email, password: theirs.user.password },
    });
    expect(signIn.statusCode).toBe(200);
    const me = await call(server.app, { method: 'GET', url: '/api/currentUser', token: signIn.json().data.token });
    expect(me.json().data.team.id).toBe(theirs.id);
    const teamLogin = await call(server.app, {
      method: 'POST',
      url: '/common/login',
      payload: { email: theirs.user.email, password: theirs.user.password, teamId: mine.id },
    });
    expect(teamLogin.statusCode).toBe(401);

    // The team's own list is its to know: inviting an address it already lists is refused.
    const again = await invite(mine.admin, theirs.user.email);
    expect(again.statusCode).toBe(409);
    expect((await invite(mine.admin, mine.user.email)).statusCode).toBe(409);
  });

  it('an address invited by two teams at once: both answer 201, one invitation can be taken up', async () => {
    const first = await addTeam(server.app);
    const second = await addTeam(server.app);
    const email = `wanted-${first.id.slice(0, 8)}@example.com`;
    const answers = await Promise.all([invite(first.admin, email), invite(second.admin, email)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const rows = await server.app.db
      .select({ addressTaken: users.addressTaken })
      .from(users)
      .where(and(eq(users.email, email)));
    expect(rows.map((row) => row.addressTaken).sort()).toEqual([false, true]);
  });
});
