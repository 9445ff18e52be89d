import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notes, users } from '../db/schema';

export type NoteRow = typeof notes.$inferSelect & { authorName: string };

export async function listCallNotes(db: Db, teamId: string, callId: string): Promise<NoteRow[]> {
  const rows = await db
    .select({ note: notes, authorName: users.name })
    .from(notes)
    .innerJoin(users, eq(users.id, notes.authorId))
    .where(and(eq(notes.teamId, teamId), eq(notes.callId, callId)))
    .orderBy(asc(notes.createdAt), asc(notes.id));
  return rows.map((row) => ({ ...row.note, authorName: row.authorName }));
}

export async function findCallNote(
  db: Db,
  teamId: string,
  callId: string,
  noteId: string,
): Promise<NoteRow | undefined> {
  const [row] = await db
    .select({ note: notes, authorName: users.name })
    .from(notes)
    .innerJoin(users, eq(users.id, notes.authorId))
    .where(and(eq(notes.teamId, teamId), eq(notes.callId, callId), eq(notes.id, noteId)));
  return row && { ...row.note, authorName: row.authorName };
}

export async function insertNote(
  db: Db,
  input: { teamId: string; callId: string; authorId: string; message: string },
): Promise<typeof notes.$inferSelect> {
  const [row] = await db.insert(notes).values(input).returning();
  if (!row) {
    throw new Error('The note was not stored.');
  }
  return row;
}

export async function updateNote(db: Db, id: string, message: string): Promise<typeof notes.$inferSelect | undefined> {
  const [row] = await db.update(notes).set({ message, updatedAt: sql`now()` }).where(eq(notes.id, id)).returning();
  return row;
}

export async function deleteNote(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(notes).where(eq(notes.id, id)).returning({ id: notes.id });
  return rows.length > 0;
}
