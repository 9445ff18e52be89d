import type { RequestFunction } from '../client';
import {
  type VisitorSessionRequest,
  visitorSessionResponseSchema,
  widgetCheckResponseSchema,
} from '../schemas/visitor';

/** What the visitor widget asks (no member's token): whether it may open, and the visitor's session. */
export function visitorEndpoints(request: RequestFunction) {
  return {
    /** `GET /api/visitor/widget/:key`: 200 when the calling page's origin may open the widget. */
    checkWidget: (key: string) =>
      request(widgetCheckResponseSchema, 'GET', `/api/visitor/widget/${encodeURIComponent(key)}`),
    /** `POST /api/visitor/session`: the team's name and menu, for a frame on an allowed page. */
    startSession: (body: VisitorSessionRequest) =>
      request(visitorSessionResponseSchema, 'POST', '/api/visitor/session', { body }),
  };
}
