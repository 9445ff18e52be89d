import type { RequestFunction, RequestOptions } from '../client';
import { dataSchema, okSchema, type PageQuery } from '../schemas/common';
import {
  currentUserSchema,
  type InviteMemberRequest,
  memberSchema,
  teamMemberListSchema,
  teamSchema,
  type UpdateCurrentUserRequest,
  type UpdateMemberRequest,
  type UpdateTeamRequest,
} from '../schemas/users';

/** The signed-in member and the team's members. */
export function userEndpoints(request: RequestFunction) {
  return {
    /** `GET /api/currentUser` (SPEC §3 shape). */
    current: () => request(dataSchema(currentUserSchema), 'GET', '/api/currentUser'),
    /** `PATCH /api/currentUser`: the signed-in member changes their own name. */
    updateCurrent: (body: UpdateCurrentUserRequest) =>
      request(dataSchema(currentUserSchema), 'PATCH', '/api/currentUser', { body }),
    /** Admin: `PATCH /api/team` renames the signed-in member's team. */
    updateTeam: (body: UpdateTeamRequest) => request(dataSchema(teamSchema), 'PATCH', '/api/team', { body }),
    /** `GET /api/users`: the team's members, a page at a time, with availability, last seen and calls this week. */
    list: (query: Partial<PageQuery> = {}) => request(teamMemberListSchema, 'GET', '/api/users', { query }),
    /** Admin: invites a member, who gets a one-time password by e-mail. */
    invite: (body: InviteMemberRequest) => request(dataSchema(memberSchema), 'POST', '/api/users', { body }),
    /** Admin: renames a member, changes their role, or disables them. */
    update: (id: string, body: UpdateMemberRequest) =>
      request(dataSchema(memberSchema), 'PATCH', `/api/users/${encodeURIComponent(id)}`, { body }),
    /** Admin: a new one-time password by e-mail for a member who has not signed in yet. */
    resendInvitation: (id: string) =>
      request(dataSchema(memberSchema), 'POST', `/api/users/${encodeURIComponent(id)}/invitation`),
    /** Admin: removes a member; their sessions end at once. `keepalive` when the page is being left. */
    remove: (id: string, options: Pick<RequestOptions, 'keepalive'> = {}) =>
      request(okSchema, 'DELETE', `/api/users/${encodeURIComponent(id)}`, options),
  };
}
