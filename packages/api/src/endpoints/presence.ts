import type { RequestFunction } from '../client';
import { memberPresenceResponseSchema, presenceListResponseSchema, type SetAvailability } from '../schemas/presence';

/** Members' availability: the team's, and the member's own choice. */
export function presenceEndpoints(request: RequestFunction) {
  return {
    /** `GET /api/presence`: every member's availability as the team sees it. */
    list: () => request(presenceListResponseSchema, 'GET', '/api/presence'),
    /** `PUT /api/currentUser/availability`: the member's own choice (Available, Away, Offline). */
    set: (body: SetAvailability) =>
      request(memberPresenceResponseSchema, 'PUT', '/api/currentUser/availability', { body }),
  };
}
