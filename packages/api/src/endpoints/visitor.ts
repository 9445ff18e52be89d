import type { RequestFunction } from '../client';
import {
  iceServersResponseSchema,
  type StartVisitorCallRequest,
  startVisitorCallResponseSchema,
  visitorCallResponseSchema,
} from '../schemas/live-calls';
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
    /** `POST /api/visitor/calls`: call the team; answers the call and a token for it alone. */
    startCall: (body: StartVisitorCallRequest) =>
      request(startVisitorCallResponseSchema, 'POST', '/api/visitor/calls', { body }),
    /** `POST /api/visitor/calls/:id/hang-up`: the visitor gives up (ringing) or ends the call, with the call's token. */
    /** `GET /api/visitor/calls/:id/ice-servers`: STUN/TURN for this call, with the call's token. */
    iceServers: (id: string, token: string) =>
      request(iceServersResponseSchema, 'GET', `/api/visitor/calls/${encodeURIComponent(id)}/ice-servers`, {
        auth: false,
        headers: { authorization: `Bearer ${token}` },
      }),
    hangUp: (id: string, token: string, options: { keepalive?: boolean } = {}) =>
      request(visitorCallResponseSchema, 'POST', `/api/visitor/calls/${encodeURIComponent(id)}/hang-up`, {
        ...options,
        auth: false,
        headers: { authorization: `Bearer ${token}` },
      }),
  };
}
