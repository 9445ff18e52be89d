import {
  type Contact,
  type ContactImportPreview,
  type ContactImportProblem,
  type ContactImportRow,
  contactInputSchema,
  isMessageId,
  type ParsedContactInput,
  type ParsedContactListQuery,
  splitTags,
  uniqueTags,
} from '@parley/api';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { contactImports, contacts } from '../db/schema';

export type ContactRow = typeof contacts.$inferSelect;

/** The API's view of a contact row. */
export function toContact(row: ContactRow): Contact {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    notes: row.notes,
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `%`, `_` and `\` typed in the search are searched for as themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * A search: the text anywhere in the name, e-mail, phone, company or a tag, in any case. Digits typed
 * with spaces or dashes (`20 7946`) find the E.164 number they are part of.
 */
function searchCondition(text: string | undefined): SQL | undefined {
  if (!text) {
    return undefined;
  }
  const pattern = likePattern(text);
  const digits = text.replace(/[\s().-]/g, '');
  const phonePattern = /^\+?\d+$/.test(digits) ? likePattern(digits) : pattern;
  return sql`(${contacts.name} ilike ${pattern}
    or ${contacts.email} ilike ${pattern}
    or ${contacts.phone} like ${phonePattern}
    or ${contacts.company} ilike ${pattern}
    or exists (select 1 from unnest(${contacts.tags}) as tag where tag ilike ${pattern}))`;
}

function ordering(query: Pick<ParsedContactListQuery, 'sort' | 'order'>): SQL[] {
  const direction = query.order === 'asc' ? asc : desc;
  const nullsLast = (column: SQL | typeof contacts.email) =>
    sql`${column} ${sql.raw(query.order === 'asc' ? 'asc' : 'desc')} nulls last`;
  switch (query.sort) {
    case 'name':
      return [direction(sql`lower(${contacts.name})`), direction(contacts.id)];
    case 'email':
      return [nullsLast(contacts.email), direction(contacts.id)];
    case 'company':
      return [
        nullsLast(sql`lower(${contacts.company})`),
        direction(sql`lower(${contacts.name})`),
        direction(contacts.id),
      ];
    case 'createdAt':
      return [direction(contacts.createdAt), direction(contacts.id)];
    default:
      return query.sort satisfies never;
  }
}

/** A page of the team's book, searched and sorted, and how many contacts the search matches. */
export async function listContacts(
  db: Db,
  teamId: string,
  query: ParsedContactListQuery,
): Promise<{ list: ContactRow[]; total: number }> {
  const where = and(eq(contacts.teamId, teamId), searchCondition(query.q));
  const [list, [counted]] = await Promise.all([
    db
      .select()
      .from(contacts)
      .where(where)
      .orderBy(...ordering(query))
      .limit(query.pageSize)
      .offset((query.current - 1) * query.pageSize),
    db.select({ total: count() }).from(contacts).where(where),
  ]);
  return { list, total: Number(counted?.total ?? 0) };
}

/** Every contact a search matches (the whole book without one), by name: the CSV export. */
export function exportContacts(db: Db, teamId: string, text: string | undefined): Promise<ContactRow[]> {
  return db
    .select()
    .from(contacts)
    .where(and(eq(contacts.teamId, teamId), searchCondition(text)))
    .orderBy(...ordering({ sort: 'name', order: 'asc' }));
}

/** A contact of this team only: another team's does not exist for the caller. */
export async function findContact(db: Db, teamId: string, id: string): Promise<ContactRow | undefined> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.teamId, teamId), eq(contacts.id, id)));
  return row;
}

function columnsOf(input: ParsedContactInput) {
  return {
    name: input.name,
    email: input.email ?? null,
    phone: input.phone ?? null,
    company: input.company ?? null,
    notes: input.notes ?? null,
    tags: input.tags,
  };
}

/** Adds a contact; a unique violation (the address is in the book) is the caller's to answer. */
export async function insertContact(db: Db, teamId: string, input: ParsedContactInput): Promise<ContactRow> {
  const [row] = await db
    .insert(contacts)
    .values({ teamId, ...columnsOf(input) })
    .returning();
  if (!row) {
    throw new Error('The contact was not stored.');
  }
  return row;
}

/** Replaces every field of the team's contact; undefined when there is none (or it went meanwhile). */
export async function updateContact(
  db: Db,
  teamId: string,
  id: string,
  input: ParsedContactInput,
): Promise<ContactRow | undefined> {
  const [row] = await db
    .update(contacts)
    .set({ ...columnsOf(input), updatedAt: new Date() })
    .where(and(eq(contacts.teamId, teamId), eq(contacts.id, id)))
    .returning();
  return row;
}

export async function deleteContact(db: Db, teamId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(contacts)
    .where(and(eq(contacts.teamId, teamId), eq(contacts.id, id)))
    .returning({ id: contacts.id });
  return rows.length > 0;
}

/**
 * Merges two duplicates in one transaction: `keepId` keeps its fields and takes the other's where it
 * has none, and the other's tags; notes both have are kept one after the other. The other goes.
 * Both rows are locked first, in id order (two merges of the same pair cannot deadlock); a request
 * that changed or removed either meanwhile waits, and a merge that finds one gone changes nothing
 * (undefined).
 */
export function mergeContacts(
  db: Db,
  teamId: string,
  keepId: string,
  otherId: string,
): Promise<ContactRow | undefined> {
  return db.transaction(async (transaction) => {
    const rows = await transaction
      .select()
      .from(contacts)
      .where(and(eq(contacts.teamId, teamId), inArray(contacts.id, [keepId, otherId])))
      .orderBy(asc(contacts.id))
      .for('update');
    const keep = rows.find((row) => row.id === keepId);
    const other = rows.find((row) => row.id === otherId);
    if (!keep || !other) {
      return undefined;
    }
    const notes =
      keep.notes && other.notes && keep.notes !== other.notes
        ? `${keep.notes}\n\n${other.notes}`
        : (keep.notes ?? other.notes);
    // The other goes first: its e-mail address may move to the kept contact (one per team).
    await transaction.delete(contacts).where(eq(contacts.id, other.id));
    const [merged] = await transaction
      .update(contacts)
      .set({
        email: keep.email ?? other.email,
        phone: keep.phone ?? other.phone,
        company: keep.company ?? other.company,
        notes,
        tags: uniqueTags([...keep.tags, ...other.tags]),
        updatedAt: new Date(),
      })
      .where(eq(contacts.id, keep.id))
      .returning();
    return merged;
  });
}

/**
 * A cell as the export wrote it: the apostrophe the export put before a formula character goes again,
 * so an exported book imports as it was.
 */
function cellText(value: string | undefined): string | undefined {
  return value === undefined ? undefined : value.replace(/^'(?=[=+\-@\t\r])/, '');
}

/** A CSV row as a contact's input: tags separated by `;` or `,`. */
function inputOf(row: ContactImportRow) {
  return {
    name: cellText(row.name) ?? '',
    email: cellText(row.email),
    phone: cellText(row.phone),
    company: cellText(row.company),
    notes: cellText(row.notes),
    tags: splitTags(cellText(row.tags) ?? ''),
  };
}

type ProblemField = ContactImportProblem['field'];
const PROBLEM_FIELDS = new Set<string>(['name', 'email', 'phone', 'company', 'notes', 'tags']);

/** What an import of these rows would do: the contacts to add (with their row numbers) and each row's problems. */
export interface ImportCheck {
  accepted: { row: number; input: ParsedContactInput }[];
  preview: ContactImportPreview;
}

/**
 * Checks the rows of a file with the contract's rules, then for addresses twice in the file (the
 * later rows) and addresses in the book already. Row numbers count the header as row 1.
 */
export async function checkImport(db: Db, teamId: string, rows: readonly ContactImportRow[]): Promise<ImportCheck> {
  const problems: ContactImportProblem[] = [];
  const parsed: { row: number; input: ParsedContactInput }[] = [];
  const badRows = new Set<number>();
  const seen = new Set<string>();
  rows.forEach((raw, index) => {
    const row = index + 2;
    const result = contactInputSchema.safeParse(inputOf(raw));
    if (!result.success) {
      const fields = new Set<string>();
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? 'name');
        if (PROBLEM_FIELDS.has(field) && !fields.has(field)) {
          fields.add(field);
          problems.push({
            row,
            field: field as ProblemField,
            code: isMessageId(issue.message) ? issue.message : 'valueInvalid',
          });
        }
      }
      badRows.add(row);
      return;
    }
    const { email } = result.data;
    if (email !== undefined && seen.has(email)) {
      problems.push({ row, field: 'email', code: 'contactEmailInFile' });
      badRows.add(row);
      return;
    }
    if (email !== undefined) {
      seen.add(email);
    }
    parsed.push({ row, input: result.data });
  });
  const emails = parsed.flatMap(({ input }) => (input.email === undefined ? [] : [input.email]));
  const taken = new Set<string>();
  for (let start = 0; start < emails.length; start += 1000) {
    const found = await db
      .select({ email: contacts.email })
      .from(contacts)
      .where(and(eq(contacts.teamId, teamId), inArray(contacts.email, emails.slice(start, start + 1000))));
    for (const { email } of found) {
      if (email) {
        taken.add(email);
      }
    }
  }
  const accepted = parsed.filter(({ row, input }) => {
    if (input.email !== undefined && taken.has(input.email)) {
      problems.push({ row, field: 'email', code: 'contactEmailTaken' });
      badRows.add(row);
      return false;
    }
    return true;
  });
  problems.sort((a, b) => a.row - b.row);
  return { accepted, preview: { valid: accepted.length, invalid: badRows.size, problems } };
}

/** Rows one insert statement carries (7 parameters each, far below PostgreSQL's 65 535). */
const INSERT_CHUNK = 500;

/**
 * Imports the rows without a problem in one transaction, once per `importId`: the import's id is
 * claimed first (a second confirm of it waits for the first, finds it taken and adds nothing). An
 * address another request added meanwhile is skipped by the unique index, not an error.
 */
export function importContacts(
  db: Db,
  teamId: string,
  importId: string,
  rows: readonly ContactImportRow[],
): Promise<{ imported: number; skipped: number; repeated: boolean }> {
  return db.transaction(async (transaction) => {
    const claimed = await transaction
      .insert(contactImports)
      .values({ teamId, id: importId, imported: 0 })
      .onConflictDoNothing()
      .returning({ id: contactImports.id });
    if (claimed.length === 0) {
      return { imported: 0, skipped: 0, repeated: true };
    }
    const { accepted } = await checkImport(transaction, teamId, rows);
    let imported = 0;
    for (let start = 0; start < accepted.length; start += INSERT_CHUNK) {
      const inserted = await transaction
        .insert(contacts)
        .values(accepted.slice(start, start + INSERT_CHUNK).map(({ input }) => ({ teamId, ...columnsOf(input) })))
        .onConflictDoNothing()
        .returning({ id: contacts.id });
      imported += inserted.length;
    }
    await transaction
      .update(contactImports)
      .set({ imported })
      .where(and(eq(contactImports.teamId, teamId), eq(contactImports.id, importId)));
    return { imported, skipped: rows.length - imported, repeated: false };
  });
}

/**
 * The contact a call's caller is, as a column of the call list (no query per row): the team's contact
 * with the caller's e-mail address, else the oldest with their phone number; each an index lookup
 * (`contacts_team_email`, `contacts_team_phone`), run only for the rows of the page.
 */
export const callContactIdSql = sql<string | null>`coalesce(
  (select contacts.id from contacts
    where contacts.team_id = calls.team_id and calls.caller_email is not null
      and contacts.email = lower(calls.caller_email)),
  (select contacts.id from contacts
    where contacts.team_id = calls.team_id and calls.caller_contact is not null
      and contacts.phone = calls.caller_contact
    order by contacts.created_at, contacts.id limit 1)
)`;
