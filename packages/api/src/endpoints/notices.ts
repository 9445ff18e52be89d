import type { RequestFunction } from '../client';
import { okSchema } from '../schemas/common';
import { clearNoticesResponseSchema, type NoticeType, noticeListSchema } from '../schemas/notices';

/** The header's notice lists (SPEC §4 notices). */
export function noticeEndpoints(request: RequestFunction) {
  return {
    /** `GET /api/notices`, read as an array (SPEC §7.1). */
    list: () => request(noticeListSchema, 'GET', '/api/notices'),
    markRead: (id: string) => request(okSchema, 'POST', `/api/notices/${encodeURIComponent(id)}/read`),
    /** Removes every notice of one type. */
    clear: (type: NoticeType) => request(clearNoticesResponseSchema, 'DELETE', '/api/notices', { query: { type } }),
  };
}
