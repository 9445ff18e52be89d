import type { RequestFunction } from '../client';
import { searchResultSchema } from '../schemas/search';

/** The header search across the team's calls and library videos. */
export function searchEndpoints(request: RequestFunction) {
  return {
    /** `GET /api/search?q=`: the newest matching calls and library videos, at most five of each. */
    find: (q: string, init: { signal?: AbortSignal } = {}) =>
      request(searchResultSchema, 'GET', '/api/search', { query: { q }, ...init }),
  };
}
