import * as z from 'zod/mini';
import {
  CONTACT_COMPANY_MAX_LENGTH,
  CONTACT_IMPORT_MAX_ROWS,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_NOTES_MAX_LENGTH,
  CONTACT_SEARCH_MAX_LENGTH,
  CONTACT_TAG_MAX_LENGTH,
  CONTACT_TAGS_MAX,
} from '../limits';
import { type MessageId, type MessagesFor, messageIds } from '../messages';
import { phoneSchemaWith } from './auth';
import {
  DEFAULT_PAGE_SIZE,
  type EmailMessages,
  emailSchemaWith,
  FIRST_PAGE,
  idSchema,
  idSchemaWith,
  MAX_PAGE_SIZE,
  pageSchema,
  requiredText,
  timestampSchema,
} from './common';

/** A contact of the team's book (issue 17). */
export const contactSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** Lower case; one contact per address in a team. */
  email: z.nullable(z.string()),
  /** E.164. */
  phone: z.nullable(z.string()),
  company: z.nullable(z.string()),
  notes: z.nullable(z.string()),
  tags: z.array(z.string()),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Contact = z.infer<typeof contactSchema>;
export const contactListSchema = /* @__PURE__ */ pageSchema(contactSchema);
export type ContactList = z.infer<typeof contactListSchema>;

export const CONTACT_SORT_FIELDS = ['name', 'email', 'company', 'createdAt'] as const;
export type ContactSortField = (typeof CONTACT_SORT_FIELDS)[number];

/** The messages of the contact book's list query. */
export type ContactQueryMessages = MessagesFor<'contactSearchTooLong' | 'contactSortInvalid' | 'sortOrderInvalid'>;

const pageNumber = (max?: number) =>
  z.coerce.number().check(z.int(), z.minimum(1), ...(max === undefined ? [] : [z.maximum(max)]));

/** `GET /api/contacts`: a page of the book, searched (name, e-mail, phone, company, tags) and sorted. */
export function contactListQuerySchemaWith(messages: ContactQueryMessages) {
  return z.object({
    current: z._default(pageNumber(), FIRST_PAGE),
    pageSize: z._default(pageNumber(MAX_PAGE_SIZE), DEFAULT_PAGE_SIZE),
    q: z.optional(
      z.string().check(z.trim(), z.maxLength(CONTACT_SEARCH_MAX_LENGTH, { error: messages.contactSearchTooLong })),
    ),
    sort: z._default(z.enum(CONTACT_SORT_FIELDS, { error: messages.contactSortInvalid }), 'name'),
    order: z._default(z.enum(['asc', 'desc'], { error: messages.sortOrderInvalid }), 'asc'),
  });
}
export const contactListQuerySchema = /* @__PURE__ */ contactListQuerySchemaWith(messageIds);
export type ContactListQuery = z.input<typeof contactListQuerySchema>;
export type ParsedContactListQuery = z.infer<typeof contactListQuerySchema>;

/** `GET /api/contacts/export`: the whole book, or the rows of a search, as CSV. */
export const contactExportQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(CONTACT_SEARCH_MAX_LENGTH))),
});
export type ContactExportQuery = z.input<typeof contactExportQuerySchema>;

/** The messages of a contact's fields. */
export type ContactMessages = EmailMessages &
  MessagesFor<
    | 'contactNameRequired'
    | 'contactNameTooLong'
    | 'contactCompanyTooLong'
    | 'contactNotesTooLong'
    | 'contactTagTooLong'
    | 'contactTagsTooMany'
    | 'phoneInvalid'
    | 'valueInvalid'
  >;

function blankToUndefined(value: string | null | undefined): string | undefined {
  return value === null || value === undefined || value === '' ? undefined : value;
}

/** Optional text: blanks count as none. */
function optionalText(max: number, tooLong: string, invalid: string) {
  return z.pipe(
    z.nullish(z.string({ error: invalid }).check(z.trim(), z.maxLength(max, { error: tooLong }))),
    z.transform(blankToUndefined),
  );
}

/** Tags: trimmed, blanks dropped, each once (the first spelling kept, compared without case). */
function tagListSchema(messages: ContactMessages) {
  return z.pipe(
    z
      .array(
        z
          .string({ error: messages.valueInvalid })
          .check(z.trim(), z.maxLength(CONTACT_TAG_MAX_LENGTH, { error: messages.contactTagTooLong })),
        { error: messages.valueInvalid },
      )
      .check(z.maxLength(CONTACT_TAGS_MAX * 4, { error: messages.contactTagsTooMany })),
    z.pipe(
      z.transform((tags: string[]) => uniqueTags(tags)),
      z.array(z.string()).check(z.maxLength(CONTACT_TAGS_MAX, { error: messages.contactTagsTooMany })),
    ),
  );
}

/** Tags typed in one field, separated by commas or semicolons, with the same rules as a list of them. */
export function contactTagsTextSchemaWith(messages: ContactMessages) {
  return z.pipe(z.pipe(z.string(), z.transform(splitTags)), tagListSchema(messages));
}

/** Tags as a person types them in one field or a CSV cell: separated by commas or semicolons. */
export function splitTags(text: string): string[] {
  return text.split(/[;,]/);
}

/** Distinct tags, blanks dropped, in the order given (compared without case). */
export function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    const key = tag.toLowerCase();
    if (tag !== '' && !seen.has(key)) {
      seen.add(key);
      result.push(tag);
    }
  }
  return result;
}

/** A contact as a member types it (`POST /api/contacts`, `PUT /api/contacts/:id`): a name, the rest optional. */
export function contactInputSchemaWith(messages: ContactMessages) {
  return z.object({
    name: requiredText(
      { required: messages.contactNameRequired, tooLong: messages.contactNameTooLong },
      CONTACT_NAME_MAX_LENGTH,
    ),
    email: z.pipe(
      z.pipe(z.nullish(z.string({ error: messages.emailInvalid }).check(z.trim())), z.transform(blankToUndefined)),
      z.optional(emailSchemaWith(messages)),
    ),
    /** International (E.164) form, as the phone input gives it. */
    phone: z.pipe(
      z.pipe(z.nullish(z.string({ error: messages.phoneInvalid }).check(z.trim())), z.transform(blankToUndefined)),
      z.optional(phoneSchemaWith(messages)),
    ),
    company: optionalText(CONTACT_COMPANY_MAX_LENGTH, messages.contactCompanyTooLong, messages.valueInvalid),
    notes: optionalText(CONTACT_NOTES_MAX_LENGTH, messages.contactNotesTooLong, messages.valueInvalid),
    tags: z._default(tagListSchema(messages), []),
  });
}
export const contactInputSchema = /* @__PURE__ */ contactInputSchemaWith(messageIds);
export type ContactInput = z.input<typeof contactInputSchema>;
export type ParsedContactInput = z.infer<typeof contactInputSchema>;

/** `POST /api/contacts/:id/merge`: the contact in the path keeps its fields, takes the other's missing ones and tags; the other goes. */
export function mergeContactsRequestSchemaWith(messages: MessagesFor<'idInvalid'>) {
  return z.object({ otherId: idSchemaWith(messages) });
}
export const mergeContactsRequestSchema = /* @__PURE__ */ mergeContactsRequestSchemaWith(messageIds);
export type MergeContactsRequest = z.input<typeof mergeContactsRequestSchema>;

/**
 * One row of a CSV file as the browser read it: the columns as text (tags separated by `;` or `,`).
 * Rows are checked one by one on the server, so a bad row is reported, not the whole request refused.
 */
export const contactImportRowSchema = z.object({
  name: z.optional(z.string()),
  email: z.optional(z.string()),
  phone: z.optional(z.string()),
  company: z.optional(z.string()),
  notes: z.optional(z.string()),
  tags: z.optional(z.string()),
});
export type ContactImportRow = z.infer<typeof contactImportRowSchema>;

export type ContactImportMessages = MessagesFor<'importRowsRequired' | 'importRowsTooMany' | 'idInvalid'>;

function importRowsSchema(messages: ContactImportMessages) {
  return z
    .array(contactImportRowSchema)
    .check(
      z.minLength(1, { error: messages.importRowsRequired }),
      z.maxLength(CONTACT_IMPORT_MAX_ROWS, { error: messages.importRowsTooMany }),
    );
}

/** `POST /api/contacts/import/preview`: what an import of these rows would do; nothing is stored. */
export function contactImportPreviewRequestSchemaWith(messages: ContactImportMessages) {
  return z.object({ rows: importRowsSchema(messages) });
}
export const contactImportPreviewRequestSchema = /* @__PURE__ */ contactImportPreviewRequestSchemaWith(messageIds);
export type ContactImportPreviewRequest = z.input<typeof contactImportPreviewRequestSchema>;

/**
 * `POST /api/contacts/import`: imports the rows without a problem, all in one transaction. `importId`
 * is the client's for this file: the same id sent again (a double click, a retry) imports nothing more.
 */
export function contactImportRequestSchemaWith(messages: ContactImportMessages) {
  return z.object({ importId: idSchemaWith(messages), rows: importRowsSchema(messages) });
}
export const contactImportRequestSchema = /* @__PURE__ */ contactImportRequestSchemaWith(messageIds);
export type ContactImportRequest = z.input<typeof contactImportRequestSchema>;

/** A problem of one row: its number in the file (the header is row 1), the field, and the message's id. */
export const contactImportProblemSchema = z.object({
  row: z.int().check(z.minimum(2)),
  field: z.enum(['name', 'email', 'phone', 'company', 'notes', 'tags']),
  /** An id of `englishMessages`. */
  code: z.string(),
});
export type ContactImportProblem = z.infer<typeof contactImportProblemSchema> & { code: MessageId };

export const contactImportPreviewSchema = z.object({
  /** Rows that would be imported. */
  valid: z.int().check(z.minimum(0)),
  /** Rows with at least one problem: they are left out. */
  invalid: z.int().check(z.minimum(0)),
  problems: z.array(contactImportProblemSchema),
});
export type ContactImportPreview = z.infer<typeof contactImportPreviewSchema>;

export const contactImportResultSchema = z.object({
  /** Contacts this import added (0 for a repeated confirm). */
  imported: z.int().check(z.minimum(0)),
  /** Rows left out: a problem, or an address another request added meanwhile. */
  skipped: z.int().check(z.minimum(0)),
  /** The import had been confirmed before: nothing was added this time. */
  repeated: z.boolean(),
});
export type ContactImportResult = z.infer<typeof contactImportResultSchema>;
