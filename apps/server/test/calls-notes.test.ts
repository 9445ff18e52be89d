import { randomUUID } from 'node:crypto';
import { englishMessages, type Note } from '@parley/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notes } from '../src/db/schema';
import { type StoredCall, seedCalls } from './calls-fixtures';
import { addMember, addTeam, call, createTestApp, type TestApp, type TestMember, type TestTeam } from './helpers';

let server: TestApp;
let team: TestTeam;
let other: TestTeam;
let colleague: TestMember;
let stored: StoredCall[];
let theirs: StoredCall[];

beforeAll(async () => {
  server = await createTestApp();
  team = await addTeam(server.app);
  other = await addTeam(server.app);
  colleague = await addMember(server.app, team.id, 'user');
  stored = await seedCalls(server.app, team.id, [team.admin, team.user], 6, 3);
  theirs = await seedCalls(server.app, other.id, [other.admin], 2, 5);
  // Each test writes the notes it reads.
  await server.app.db.delete(notes);
});
afterAll(() => server.close());

function notesUrl(callId: string | undefined, noteId?: string): string {
  return `/api/calls/${callId}/notes${noteId ? `/${noteId}` : ''}`;
}

async function addNote(member: TestMember, callId: string | undefined, message: string): Promise<Note> {
  const response = await call(server.app, {
    method: 'POST',
    url: notesUrl(callId),
    token: member.token,
    payload: { message },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function notesOf(member: TestMember, callId: string | undefined): Promise<{ list: Note[]; total: number }> {
  const response = await call(server.app, { method: 'GET', url: notesUrl(callId), token: member.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('notes', () => {
  it('any member adds one; the server sets the author and the date; the list is oldest first', async () => {
    const callId = stored[0]?.id;
    const first = await addNote(team.user, callId, '  Called back, no answer  ');
    expect(first).toMatchObject({
      callId,
      message: 'Called back, no answer',
      enteredBy: { id: team.user.id, name: team.user.name },
      canEdit: true,
      canDelete: true,
    });
    expect(Math.abs(Date.parse(first.createdAt) - Date.now())).toBeLessThan(60_000);
    const second = await addNote(team.admin, callId, 'Sent the invoice again');

    const seenByColleague = await notesOf(colleague, callId);
    expect(seenByColleague.total).toBe(2);
    expect(seenByColleague.list.map((note) => note.id)).toEqual([first.id, second.id]);
    expect(seenByColleague.list.map((note) => [note.canEdit, note.canDelete])).toEqual([
      [false, false],
      [false, false],
    ]);
    const seenByAdmin = await notesOf(team.admin, callId);
    expect(seenByAdmin.list.map((note) => [note.canEdit, note.canDelete])).toEqual([
      [false, true],
      [true, true],
    ]);

    const listed = await call(server.app, { method: 'GET', url: '/api/calls?pageSize=100', token: team.user.token });
    const row = listed.json().list.find((item: { id: string }) => item.id === callId);
    expect(row.notesCount).toBe(2);
  });

  it('refuses a blank note with "Please enter notes!" (422, as every form body)', async () => {
    for (const payload of [{ message: '' }, { message: '   \n ' }, {}, { message: 5 }]) {
      const response = await call(server.app, {
        method: 'POST',
        url: notesUrl(stored[1]?.id),
        token: team.user.token,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json()).toMatchObject({
        success: false,
        errorMessage: englishMessages.noteRequired,
        fields: { message: englishMessages.noteRequired },
      });
    }
    const long = await call(server.app, {
      method: 'POST',
      url: notesUrl(stored[1]?.id),
      token: team.user.token,
      payload: { message: 'a'.repeat(5001) },
    });
    expect(long.statusCode).toBe(422);
    expect((await notesOf(team.user, stored[1]?.id)).total).toBe(0);
  });

  it('only the author edits a note', async () => {
    const callId = stored[2]?.id;
    const note = await addNote(team.user, callId, 'First draft');
    for (const member of [colleague, team.admin]) {
      const refused = await call(server.app, {
        method: 'PUT',
        url: notesUrl(callId, note.id),
        token: member.token,
        payload: { message: 'Taken over' },
      });
      expect(refused.statusCode).toBe(403);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
    const edited = await call(server.app, {
      method: 'PUT',
      url: notesUrl(callId, note.id),
      token: team.user.token,
      payload: { message: 'Final words' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ id: note.id, message: 'Final words', createdAt: note.createdAt });
    expect(Date.parse(edited.json().data.updatedAt)).toBeGreaterThan(Date.parse(note.updatedAt));
    const blank = await call(server.app, {
      method: 'PUT',
      url: notesUrl(callId, note.id),
      token: team.user.token,
      payload: { message: ' ' },
    });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().fields.message).toBe(englishMessages.noteRequired);
    expect((await notesOf(team.user, callId)).list[0]?.message).toBe('Final words');
  });

  it('the author or an admin deletes a note; another member may not', async () => {
    const callId = stored[3]?.id;
    const mine = await addNote(team.user, callId, 'Mine');
    const yours = await addNote(colleague, callId, 'Yours');
    const refused = await call(server.app, {
      method: 'DELETE',
      url: notesUrl(callId, yours.id),
      token: team.user.token,
    });
    expect(refused.statusCode).toBe(403);
    const own = await call(server.app, { method: 'DELETE', url: notesUrl(callId, mine.id), token: team.user.token });
    expect(own.statusCode).toBe(200);
    const byAdmin = await call(server.app, {
      method: 'DELETE',
      url: notesUrl(callId, yours.id),
      token: team.admin.token,
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toEqual({ success: true });
    expect((await notesOf(team.user, callId)).total).toBe(0);
    const gone = await call(server.app, { method: 'DELETE', url: notesUrl(callId, yours.id), token: team.admin.token });
    expect(gone.statusCode).toBe(404);
  });

  it('another team can neither read, add, edit nor delete the notes of a call', async () => {
    const callId = stored[4]?.id;
    const note = await addNote(team.user, callId, 'Team secret');
    const attempts = [
      { method: 'GET' as const, url: notesUrl(callId) },
      { method: 'POST' as const, url: notesUrl(callId), payload: { message: 'Hi' } },
      { method: 'PUT' as const, url: notesUrl(callId, note.id), payload: { message: 'Hi' } },
      { method: 'DELETE' as const, url: notesUrl(callId, note.id) },
    ];
    for (const attempt of attempts) {
      const response = await call(server.app, { ...attempt, token: other.admin.token });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
      expect(response.body).not.toContain('Team secret');
    }
    expect((await notesOf(team.user, callId)).list.map((item) => item.message)).toEqual(['Team secret']);
    // A note is reached through its own call only.
    const elsewhere = await call(server.app, {
      method: 'DELETE',
      url: notesUrl(stored[5]?.id, note.id),
      token: team.admin.token,
    });
    expect(elsewhere.statusCode).toBe(404);
    // And team A cannot note team B's call.
    const foreign = await call(server.app, {
      method: 'POST',
      url: notesUrl(theirs[0]?.id),
      token: team.admin.token,
      payload: { message: 'Hi' },
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await call(server.app, { method: 'GET', url: notesUrl(randomUUID()), token: team.user.token })).statusCode,
    ).toBe(404);
  });
});
