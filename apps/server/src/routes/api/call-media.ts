import { captionListSchema, errorBodySchema, idParamsSchema, recordingResponseSchema } from '@parley/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toWebVtt } from '../../lib/webvtt';
import { principalOf } from '../../plugins/auth';
import '../../plugins/types';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/**
 * A call's media, for the team's members: `POST /api/calls/:id/recording`, `GET /api/calls/:id/captions`
 * and `…/captions.vtt`. The recording job itself runs in the recordings plugin; the local store's
 * playback address of a recording is `/files/recordings/:id` (routes/files.ts).
 */
const callMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/calls/:id/recording',
    {
      schema: {
        summary: "Generate the call's recording, or try again after it failed",
        description:
          "From `none` or `error` (Retry): starts joining the call's raw media into one MP4 and answers 202 `generating`. While generating or once ready nothing changes (200), so two clicks or two tabs start one job. The outcome (`ready` with a signed `recordingUrl`, or `error` with `recordingError` saying why) comes over the WebSocket as a `call` message.",
        tags: ['calls'],
        params: idParamsSchema,
        response: { 200: recordingResponseSchema, 202: recordingResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { started, call } = await app.recordings.request(principalOf(request).teamId, request.params.id);
      reply.code(started ? 202 : 200);
      return {
        success: true as const,
        data: {
          recordingStatus: call.recordingStatus,
          recordingUrl: call.recordingUrl,
          recordingError: call.recordingError,
        },
      };
    },
  );

  app.get(
    '/calls/:id/captions',
    {
      schema: {
        summary: "The call's caption cues in time order",
        tags: ['calls'],
        params: idParamsSchema,
        response: { 200: captionListSchema, ...errors },
      },
    },
    async (request) => {
      const list = await app.recordings.captions(principalOf(request).teamId, request.params.id);
      return { list, total: list.length };
    },
  );

  app.get(
    '/calls/:id/captions.vtt',
    {
      schema: {
        summary: "The call's captions as WebVTT, for the player's captions track",
        tags: ['calls'],
        params: idParamsSchema,
        response: { 200: z.string().describe('text/vtt; charset=utf-8'), ...errors },
      },
    },
    async (request, reply) => {
      const cues = await app.recordings.captions(principalOf(request).teamId, request.params.id);
      return reply.type('text/vtt; charset=utf-8').header('cache-control', 'private, no-cache').send(toWebVtt(cues));
    },
  );
};

export default callMediaRoutes;
