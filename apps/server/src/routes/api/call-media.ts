import {
  callMediaCompleteResponseSchema,
  callMediaParamsSchema,
  callMediaRequestSchema,
  callMediaUploadResponseSchema,
  captionListSchema,
  errorBodySchema,
  idParamsSchema,
  recordingResponseSchema,
  uploadPartsRequestSchema,
  uploadPartsResponseSchema,
} from '@parley/api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toWebVtt } from '../../lib/webvtt';
import { principalOf } from '../../plugins/auth';
import '../../plugins/types';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/**
 * A call's media, for the team's members: the member's own recording while the call runs
 * (`POST /api/calls/:id/media`, its parts and its close), `POST /api/calls/:id/recording`, `GET /api/calls/:id/captions`
 * and `…/captions.vtt`. The recording job itself runs in the recordings plugin; the local store's
 * playback address of a recording is `/files/recordings/:id` (routes/files.ts).
 */
const callMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = (request: FastifyRequest) => {
    const { teamId, userId } = principalOf(request);
    return { teamId, side: { source: 'member' as const, userId } };
  };

  app.post(
    '/calls/:id/media',
    {
      schema: {
        summary: 'Start sending your side of a call you took, while it runs',
        description:
          "The member who took a connected call records their own camera and microphone and sends it in parts every few seconds (`…/media/:mediaId/parts`), then closes it (`…/complete`) when the call ends; a side that never does is closed with the parts that arrived 30 s after the call. The file lies on the call's timeline at the seconds since the answer. 409 `CALL_OVER` once the call is not connected; 403 for a call another member took.",
        tags: ['live calls'],
        params: idParamsSchema,
        body: callMediaRequestSchema,
        response: {
          201: callMediaUploadResponseSchema,
          ...errors,
          403: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { teamId, side } = member(request);
      const opened = await app.callMedia.open(teamId, request.params.id, side, request.body.contentType);
      return reply.code(201).send({ success: true as const, data: opened });
    },
  );

  app.post(
    '/calls/:id/media/:mediaId/parts',
    {
      schema: {
        summary: 'Pre-signed PUT addresses for the next parts of your side of the call (15 minutes)',
        tags: ['live calls'],
        params: callMediaParamsSchema,
        body: uploadPartsRequestSchema,
        response: { 200: uploadPartsResponseSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => {
      const { teamId, side } = member(request);
      const { id, mediaId } = request.params;
      return {
        success: true as const,
        data: { parts: await app.callMedia.presignParts(teamId, id, mediaId, side, request.body.partNumbers) },
      };
    },
  );

  app.post(
    '/calls/:id/media/:mediaId/complete',
    {
      schema: {
        summary: 'Close your side of the call: the parts that arrived become its file',
        description:
          'Only the parts from 1 on without a gap count; with none, the recording is dropped (`bytes` 0). Closing again answers the same.',
        tags: ['live calls'],
        params: callMediaParamsSchema,
        response: { 200: callMediaCompleteResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { teamId, side } = member(request);
      const { id, mediaId } = request.params;
      return {
        success: true as const,
        data: { id: mediaId, bytes: await app.callMedia.finish(teamId, id, mediaId, side) },
      };
    },
  );

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
