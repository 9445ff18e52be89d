import type { RequestFunction } from '../client';
import type { PageQuery } from '../schemas/common';
import { type CreateLeadRequest, createLeadResponseSchema, leadListSchema } from '../schemas/leads';

/** The public contact/demo form (SPEC §2.1) and the list its requests land in. */
export function leadEndpoints(request: RequestFunction) {
  return {
    /** `POST /api/leads`: anyone may send the form; no token is sent. */
    create: (body: CreateLeadRequest) => request(createLeadResponseSchema, 'POST', '/api/leads', { body, auth: false }),
    /** Admin: `GET /api/leads`, the team's contact and demo requests, newest first, a page at a time. */
    list: (query: Partial<PageQuery> = {}) => request(leadListSchema, 'GET', '/api/leads', { query }),
  };
}
