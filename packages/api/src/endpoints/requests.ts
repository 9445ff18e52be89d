import type { RequestFunction } from '../client';
import {
  type ContactRequestListQuery,
  contactRequestDetailSchema,
  contactRequestListSchema,
  contactRequestResponseSchema,
  type ReplyContactRequest,
  type UpdateContactRequest,
} from '../schemas/requests';

const path = (id: string) => `/api/requests/${encodeURIComponent(id)}`;

/** Admin: the team's contact and demo requests, their status and the replies e-mailed to them. */
export function requestEndpoints(request: RequestFunction) {
  return {
    /** `GET /api/requests`: newest first, a page at a time, optionally of one status. */
    list: (query: Partial<ContactRequestListQuery> = {}) =>
      request(contactRequestListSchema, 'GET', '/api/requests', { query }),
    /** `GET /api/requests/:id`: the whole message and the replies sent. */
    get: (id: string) => request(contactRequestDetailSchema, 'GET', path(id)),
    /** `PATCH /api/requests/:id`: the status; with `from`, only if it is still that (409 otherwise). */
    update: (id: string, body: UpdateContactRequest) =>
      request(contactRequestResponseSchema, 'PATCH', path(id), { body }),
    /** `POST /api/requests/:id/reply`: e-mails the reply to the requester and marks the request replied. */
    reply: (id: string, body: ReplyContactRequest) =>
      request(contactRequestResponseSchema, 'POST', `${path(id)}/reply`, { body }),
  };
}
