import type { RequestFunction } from '../client';
import {
  type CallMediaRequest,
  callMediaCompleteResponseSchema,
  callMediaUploadResponseSchema,
  earlierCallsResponseSchema,
  iceServersResponseSchema,
  liveCallListResponseSchema,
  liveCallResponseSchema,
} from '../schemas/live-calls';
import { type UploadPartsRequest, uploadPartsResponseSchema } from '../schemas/videos';

const path = (id: string) => `/api/calls/${encodeURIComponent(id)}`;

/** Calls as they happen (issue 16): the ringing and connected ones, and a member's answer to them. */
export function liveCallEndpoints(request: RequestFunction) {
  return {
    /** `GET /api/calls/live`: the team's ringing and connected calls, and which of them the member declined. */
    list: () => request(liveCallListResponseSchema, 'GET', '/api/calls/live'),
    /** `POST /api/calls/:id/answer`: the first member to answer gets the call; 409 names who did. */
    answer: (id: string) => request(liveCallResponseSchema, 'POST', `${path(id)}/answer`),
    /** `POST /api/calls/:id/decline`: the call stops ringing for this member. */
    decline: (id: string) => request(liveCallResponseSchema, 'POST', `${path(id)}/decline`),
    /** `POST /api/calls/:id/hang-up`: the member who took the call ends it. */
    hangUp: (id: string) => request(liveCallResponseSchema, 'POST', `${path(id)}/hang-up`),
    /** `GET /api/calls/:id/earlier`: the caller's latest earlier calls, by e-mail or phone. */
    earlier: (id: string) => request(earlierCallsResponseSchema, 'GET', `${path(id)}/earlier`),
    /** `GET /api/ice-servers`: STUN/TURN for the member's calls, TURN credentials short-lived. */
    iceServers: () => request(iceServersResponseSchema, 'GET', '/api/ice-servers'),
    /** `POST /api/calls/:id/media`: the member who took the call starts sending their side of it. */
    openMedia: (id: string, body: CallMediaRequest) =>
      request(callMediaUploadResponseSchema, 'POST', `${path(id)}/media`, { body }),
    /** `POST /api/calls/:id/media/:mediaId/parts`: addresses for the next parts of it. */
    mediaParts: (id: string, mediaId: string, body: UploadPartsRequest) =>
      request(uploadPartsResponseSchema, 'POST', `${path(id)}/media/${encodeURIComponent(mediaId)}/parts`, { body }),
    /** `POST /api/calls/:id/media/:mediaId/complete`: the parts that arrived become its file. */
    completeMedia: (id: string, mediaId: string, options: { keepalive?: boolean } = {}) =>
      request(
        callMediaCompleteResponseSchema,
        'POST',
        `${path(id)}/media/${encodeURIComponent(mediaId)}/complete`,
        options,
      ),
  };
}
