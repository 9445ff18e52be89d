import type { RequestFunction } from '../client';
import {
  type CallMediaRequest,
  callMediaCompleteResponseSchema,
  callMediaUploadResponseSchema,
  iceServersResponseSchema,
  type StartVisitorCallRequest,
  startVisitorCallResponseSchema,
  visitorCallResponseSchema,
} from '../schemas/live-calls';
import { type UploadPartsRequest, uploadPartsResponseSchema } from '../schemas/videos';
import {
  type VisitorSessionRequest,
  visitorSessionResponseSchema,
  widgetCheckResponseSchema,
} from '../schemas/visitor';
import { noContentSchema } from './videos';

const callPath = (id: string) => `/api/visitor/calls/${encodeURIComponent(id)}`;
/** A request with the call's token instead of a member's. */
const asVisitor = (token: string) => ({ auth: false, headers: { authorization: `Bearer ${token}` } });

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
    /** `GET /api/visitor/calls/:id/ice-servers`: STUN/TURN for this call, with the call's token. */
    iceServers: (id: string, token: string) =>
      request(iceServersResponseSchema, 'GET', `/api/visitor/calls/${encodeURIComponent(id)}/ice-servers`, {
        auth: false,
        headers: { authorization: `Bearer ${token}` },
      }),
    /** `POST /api/visitor/calls/:id/hang-up`: the visitor gives up (ringing) or ends the call, with the call's token. */
    hangUp: (id: string, token: string, options: { keepalive?: boolean } = {}) =>
      request(visitorCallResponseSchema, 'POST', `/api/visitor/calls/${encodeURIComponent(id)}/hang-up`, {
        ...options,
        auth: false,
        headers: { authorization: `Bearer ${token}` },
      }),
    /** `POST /api/visitor/calls/:id/media`: the visitor starts sending their side of the call. */
    openMedia: (id: string, token: string, body: CallMediaRequest) =>
      request(callMediaUploadResponseSchema, 'POST', `${callPath(id)}/media`, { body, ...asVisitor(token) }),
    /** `POST /api/visitor/calls/:id/media/:mediaId/parts`: addresses for the next parts of it. */
    mediaParts: (id: string, token: string, mediaId: string, body: UploadPartsRequest) =>
      request(uploadPartsResponseSchema, 'POST', `${callPath(id)}/media/${encodeURIComponent(mediaId)}/parts`, {
        body,
        ...asVisitor(token),
      }),
    /** `POST /api/visitor/calls/:id/media/:mediaId/complete`: the parts that arrived become its file. */
    completeMedia: (id: string, token: string, mediaId: string, options: { keepalive?: boolean } = {}) =>
      request(
        callMediaCompleteResponseSchema,
        'POST',
        `${callPath(id)}/media/${encodeURIComponent(mediaId)}/complete`,
        {
          ...options,
          ...asVisitor(token),
        },
      ),
    /**
     * `POST /api/visitor/calls/:id/message`: after a missed call, the visitor starts sending a video
     * message as they record it (the same parts as their side of a call: {@link CallMediaUpload}).
     */
    openMessage: (id: string, token: string, body: CallMediaRequest) =>
      request(callMediaUploadResponseSchema, 'POST', `${callPath(id)}/message`, { body, ...asVisitor(token) }),
    /** `POST /api/visitor/calls/:id/message/:mediaId/parts`: addresses for the next parts of it. */
    messageParts: (id: string, token: string, mediaId: string, body: UploadPartsRequest) =>
      request(uploadPartsResponseSchema, 'POST', `${callPath(id)}/message/${encodeURIComponent(mediaId)}/parts`, {
        body,
        ...asVisitor(token),
      }),
    /** `POST /api/visitor/calls/:id/message/:mediaId/complete`: send it; the team finds it under Messages. */
    completeMessage: (id: string, token: string, mediaId: string) =>
      request(
        callMediaCompleteResponseSchema,
        'POST',
        `${callPath(id)}/message/${encodeURIComponent(mediaId)}/complete`,
        asVisitor(token),
      ),
    /** `DELETE /api/visitor/calls/:id/message/:mediaId`: throw it away, to record again (204). */
    cancelMessage: (id: string, token: string, mediaId: string): Promise<void> =>
      request(noContentSchema, 'DELETE', `${callPath(id)}/message/${encodeURIComponent(mediaId)}`, asVisitor(token)),
  };
}
