import {
  contactExportQuerySchema,
  contactImportPreviewRequestSchema,
  contactImportPreviewSchema,
  contactImportRequestSchema,
  contactImportResultSchema,
  contactInputSchema,
  contactListQuerySchema,
  contactListSchema,
  contactSchema,
  dataSchema,
  ERROR_CODES,
  englishMessages,
  errorBodySchema,
  idParamsSchema,
  mergeContactsRequestSchema,
  okSchema,
} from '@parley/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, invalid, isUniqueViolation, notFound } from '../../lib/errors';
import { principalOf } from '../../plugins/auth';
import {
  type ContactRow,
  checkImport,
  deleteContact,
  exportContacts,
  findContact,
  importContacts,
  insertContact,
  listContacts,
  mergeContacts,
  toContact,
  updateContact,
} from '../../repositories/contacts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

const emailTaken = () =>
  conflict(ERROR_CODES.emailTaken, englishMessages.contactEmailTaken, { email: 'contactEmailTaken' });

/** A write whose e-mail address is in the book already answers 409 on `email`. */
async function storing(write: () => Promise<ContactRow | undefined>): Promise<ContactRow | undefined> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw emailTaken();
    }
    throw error;
  }
}

const CSV_COLUMNS = ['name', 'email', 'phone', 'company', 'notes', 'tags'] as const;

/**
 * One CSV cell: a value a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab
 * or a carriage return) gets a leading `'` (OWASP's advice); quoted when it holds a comma, a quote or
 * a line break.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The book as CSV: a header row, then a contact a line (tags joined with `; `), CRLF line ends. */
function toCsv(rows: readonly ContactRow[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const row of rows) {
    const values = [
      row.name,
      row.email ?? '',
      row.phone ?? '',
      row.company ?? '',
      row.notes ?? '',
      row.tags.join('; '),
    ];
    lines.push(values.map(csvCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * The team's contact book (issue 17). Every member (admin or user) reads and changes it: SPEC §6 opens
 * the screen to both roles and names nothing an admin may do that a user may not. One contact per
 * e-mail address per team; another team's contact is not found.
 */
const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/contacts',
    {
      schema: {
        summary: "A page of the team's contacts, searched and sorted",
        description:
          '`q` is looked for in the name, e-mail, phone, company and tags (any case); `sort` is name, email, company or createdAt.',
        tags: ['contacts'],
        querystring: contactListQuerySchema,
        response: { 200: contactListSchema, ...errors },
      },
    },
    async (request) => {
      const page = await listContacts(app.db, principalOf(request).teamId, request.query);
      return { list: page.list.map(toContact), total: page.total };
    },
  );

  app.get(
    '/contacts/export',
    {
      schema: {
        summary: 'The whole book, or the contacts a search matches, as CSV',
        description:
          'A header row (name, email, phone, company, notes, tags), then one contact a line by name. A cell that a spreadsheet would read as a formula starts with an apostrophe.',
        tags: ['contacts'],
        querystring: contactExportQuerySchema,
        response: { 200: z.string().describe('text/csv; charset=utf-8'), ...errors },
      },
    },
    async (request, reply) => {
      const rows = await exportContacts(app.db, principalOf(request).teamId, request.query.q);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="contacts.csv"')
        .header('cache-control', 'no-store')
        .send(toCsv(rows));
    },
  );

  app.post(
    '/contacts/import/preview',
    {
      schema: {
        summary: 'What importing these CSV rows would do; nothing is stored',
        description:
          'Each row is checked as a contact: a missing name, an e-mail or phone that is not valid, an address on an earlier row, or one in the book already. Rows are numbered as in the file (the header is row 1).',
        tags: ['contacts'],
        body: contactImportPreviewRequestSchema,
        response: { 200: contactImportPreviewSchema, 413: errorBodySchema, 422: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const { preview } = await checkImport(app.db, principalOf(request).teamId, request.body.rows);
      return preview;
    },
  );

  app.post(
    '/contacts/import',
    {
      schema: {
        summary: 'Import the rows without a problem, in one transaction, once per importId',
        description:
          'The body is at most 1 MiB, as every request. The rows are checked again as the preview does, and those with a problem are left out. The same importId sent again adds nothing (`repeated: true`).',
        tags: ['contacts'],
        body: contactImportRequestSchema,
        response: { 200: contactImportResultSchema, 413: errorBodySchema, 422: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const { importId, rows } = request.body;
      return importContacts(app.db, principalOf(request).teamId, importId, rows);
    },
  );

  app.post(
    '/contacts',
    {
      schema: {
        summary: 'Add a contact',
        description: '409 on `email` when a contact with the address is in the book already.',
        tags: ['contacts'],
        body: contactInputSchema,
        response: { 201: dataSchema(contactSchema), 409: errorBodySchema, 422: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const row = await storing(() => insertContact(app.db, principalOf(request).teamId, request.body));
      if (!row) {
        throw notFound();
      }
      reply.code(201);
      return { success: true as const, data: toContact(row) };
    },
  );

  app.get(
    '/contacts/:id',
    {
      schema: {
        summary: 'One contact',
        tags: ['contacts'],
        params: idParamsSchema,
        response: { 200: dataSchema(contactSchema), ...errors },
      },
    },
    async (request) => {
      const row = await findContact(app.db, principalOf(request).teamId, request.params.id);
      if (!row) {
        throw notFound();
      }
      return { success: true as const, data: toContact(row) };
    },
  );

  app.put(
    '/contacts/:id',
    {
      schema: {
        summary: "Change a contact's fields (all of them, as the form holds them)",
        tags: ['contacts'],
        params: idParamsSchema,
        body: contactInputSchema,
        response: { 200: dataSchema(contactSchema), 409: errorBodySchema, 422: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const { teamId } = principalOf(request);
      const row = await storing(() => updateContact(app.db, teamId, request.params.id, request.body));
      if (!row) {
        throw notFound();
      }
      return { success: true as const, data: toContact(row) };
    },
  );

  app.delete(
    '/contacts/:id',
    {
      schema: {
        summary: 'Delete a contact',
        tags: ['contacts'],
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      if (!(await deleteContact(app.db, principalOf(request).teamId, request.params.id))) {
        throw notFound();
      }
      return { success: true as const };
    },
  );

  app.post(
    '/contacts/:id/merge',
    {
      schema: {
        summary: 'Merge a duplicate into this contact',
        description:
          "In one transaction this contact takes the other's e-mail, phone, company and notes where it has none, and its tags; the other is deleted. 404 when either is gone (a merge or delete that landed first).",
        tags: ['contacts'],
        params: idParamsSchema,
        body: mergeContactsRequestSchema,
        response: { 200: dataSchema(contactSchema), 422: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { otherId } = request.body;
      if (otherId === id) {
        throw invalid({ otherId: 'contactMergeSelf' });
      }
      const merged = await mergeContacts(app.db, principalOf(request).teamId, id, otherId);
      if (!merged) {
        throw notFound();
      }
      return { success: true as const, data: toContact(merged) };
    },
  );
};

export default contactRoutes;
