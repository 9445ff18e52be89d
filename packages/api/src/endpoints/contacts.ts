import * as z from 'zod/mini';
import type { RequestFunction } from '../client';
import { dataSchema, okSchema } from '../schemas/common';
import {
  type ContactExportQuery,
  type ContactImportPreviewRequest,
  type ContactImportRequest,
  type ContactInput,
  contactImportPreviewSchema,
  contactImportResultSchema,
  contactListSchema,
  contactSchema,
  type MergeContactsRequest,
  type ParsedContactListQuery,
} from '../schemas/contacts';

const path = (id: string) => `/api/contacts/${encodeURIComponent(id)}`;

/** The team's contact book (issue 17). */
export function contactEndpoints(request: RequestFunction) {
  return {
    /** `GET /api/contacts`: a page of the book, searched and sorted. */
    list: (query: Partial<ParsedContactListQuery> = {}) =>
      request(contactListSchema, 'GET', '/api/contacts', { query }),
    /** `GET /api/contacts/:id`. */
    get: (id: string) => request(dataSchema(contactSchema), 'GET', path(id)),
    /** `POST /api/contacts`: one contact per e-mail address (409 on `email` otherwise). */
    create: (body: ContactInput) => request(dataSchema(contactSchema), 'POST', '/api/contacts', { body }),
    /** `PUT /api/contacts/:id`: every field, as the form holds them. */
    update: (id: string, body: ContactInput) => request(dataSchema(contactSchema), 'PUT', path(id), { body }),
    /** `DELETE /api/contacts/:id`. */
    remove: (id: string) => request(okSchema, 'DELETE', path(id)),
    /** `POST /api/contacts/:id/merge`: this contact keeps its fields and takes the other's missing ones; the other goes. */
    merge: (id: string, body: MergeContactsRequest) =>
      request(dataSchema(contactSchema), 'POST', `${path(id)}/merge`, { body }),
    /** `POST /api/contacts/import/preview`: each row's problems; nothing is stored. */
    previewImport: (body: ContactImportPreviewRequest) =>
      request(contactImportPreviewSchema, 'POST', '/api/contacts/import/preview', { body }),
    /** `POST /api/contacts/import`: the rows without a problem, in one transaction; once per `importId`. */
    import: (body: ContactImportRequest) =>
      request(contactImportResultSchema, 'POST', '/api/contacts/import', { body }),
    /** `GET /api/contacts/export`: the book (or a search's rows) as CSV text with a header row. */
    exportCsv: (query: ContactExportQuery = {}) => request(z.string(), 'GET', '/api/contacts/export', { query }),
  };
}
