import type { RequestFunction } from '../client';
import { preferencesResponseSchema, type UpdatePreferencesRequest } from '../schemas/preferences';

/** The signed-in member's own preferences, kept on the server. */
export function preferenceEndpoints(request: RequestFunction) {
  return {
    /** `GET /api/preferences`: the member's preferences (the defaults before any change). */
    get: () => request(preferencesResponseSchema, 'GET', '/api/preferences'),
    /** `PATCH /api/preferences`: changes the preferences given; the others stay. */
    update: (body: UpdatePreferencesRequest) =>
      request(preferencesResponseSchema, 'PATCH', '/api/preferences', { body }),
  };
}
