import type { RequestFunction } from '../client';
import { okSchema } from '../schemas/common';
import {
  type CreateVideoMessageRequest,
  createVideoMessageResponseSchema,
  type VideoMessageListQuery,
  videoMessageListSchema,
  watchVideoResponseSchema,
} from '../schemas/video-messages';

/** Video messages (follow-ups): send a video to a recipient, list what was sent, revoke a link, watch. */
export function videoMessageEndpoints(request: RequestFunction) {
  return {
    /** `POST /api/video-messages`: one share link, one e-mail and one SMS for the recipient. */
    create: (body: CreateVideoMessageRequest) =>
      request(createVideoMessageResponseSchema, 'POST', '/api/video-messages', { body }),
    /** `GET /api/video-messages?videoId=&callId=`: the team's video messages, newest first. */
    list: (query: Partial<VideoMessageListQuery> = {}) =>
      request(videoMessageListSchema, 'GET', '/api/video-messages', { query }),
    /** `DELETE /api/video-messages/:id`: revokes the link; the watch page then answers 410. */
    revoke: (id: string) => request(okSchema, 'DELETE', `/api/video-messages/${encodeURIComponent(id)}`),
    /** `GET /common/watch/:token`: the public watch page's video; counts a view. No token is sent. */
    watch: (token: string) =>
      request(watchVideoResponseSchema, 'GET', `/common/watch/${encodeURIComponent(token)}`, { auth: false }),
  };
}
