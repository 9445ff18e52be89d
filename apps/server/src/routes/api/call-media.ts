import { captionListSchema, errorBodySchema, idParamsSchema, recordingResponseSchema } from '@parley/api';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { toWebVtt } from '../../lib/webvtt';
import { principalOf } from '../../plugins/auth';
import { createRecordingService, findRecordingById, type RecordingService } from '../../services/recordings';
import { sendFile } from '../files';
import '../../plugins/types';

declare module 'fastify' {
  interface FastifyInstance {
    /** Call recordings (generation job, signed addresses) and captions. */
    recordings: RecordingService;
  }
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** `POST /api/calls/:id/recording`, `GET /api/calls/:id/captions` and `…/captions.vtt`, for the team's members. */
const callMediaApi: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/calls/:id/recording',
    {
      schema: {
        summary: "Generate the call's recording",
        description:
          "From `none` or `error`: starts joining the call's raw media into one MP4 and answers 202 `generating`. While generating or once ready nothing changes (200). The outcome (`ready` with a signed `recordingUrl`, or `error`) comes over the WebSocket as a `call` message.",
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
        data: { recordingStatus: call.recordingStatus, recordingUrl: call.recordingUrl },
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

const signedQuerySchema = z.object({
  expires: z.string().max(20).optional(),
  signature: z.string().max(100).optional(),
});

/** The local store's playback address of a recording: the signature is the permission, checked first. */
const recordingFileRoute: FastifyPluginAsyncZod = async (app) => {
  const local = app.localStore;
  if (!local) {
    return;
  }

  async function requireSignature(request: FastifyRequest): Promise<void> {
    const { id } = request.params as { id: string };
    const { expires, signature } = request.query as { expires?: string; signature?: string };
    const check = app.urlSigner.verify('GET', `/files/recordings/${id}`, expires, signature);
    if (check === 'expired') {
      throw new AppError(403, 'URL_EXPIRED', 'This address has expired. Ask for a new one.');
    }
    if (check !== 'valid') {
      throw forbidden('This address is not valid.');
    }
  }

  app.get(
    '/files/recordings/:id',
    {
      config: { access: 'public' },
      onRequest: requireSignature,
      schema: {
        summary: "Play a call's recording (local disk)",
        description: 'A signed address from the call API (6 hours); answers range requests (206, 416).',
        tags: ['calls'],
        security: [],
        params: z.object({ id: z.string().max(64) }),
        querystring: signedQuerySchema,
        response: { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 416: errorBodySchema },
      },
    },
    async (request, reply) => {
      const call = z.uuid().safeParse(request.params.id).success
        ? await findRecordingById(app.db, request.params.id)
        : undefined;
      if (call?.recordingStatus !== 'ready' || !call.recordingKey) {
        throw notFound('This recording does not exist.');
      }
      return sendFile(
        request,
        reply,
        local.filePath(call.recordingKey),
        call.recordingContentType ?? 'video/mp4',
        'This recording does not exist.',
      );
    },
  );
};

/**
 * Call recordings and captions: the API under `/api/calls/:id/…`, the local store's signed
 * playback address under `/files/recordings/:id`, and the generation job, which runs in every
 * instance and looks for work every 10 seconds and whenever a recording is asked for.
 */
export default fp(
  async (app) => {
    const recordings = createRecordingService({
      db: app.db,
      store: app.storage,
      signer: app.urlSigner,
      ffmpeg: app.ffmpeg,
      events: app.events,
      log: app.log,
    });
    app.decorate('recordings', recordings);
    await app.register(callMediaApi, { prefix: '/api' });
    await app.register(recordingFileRoute);
    recordings.start();
    app.addHook('onClose', async () => {
      await recordings.stop();
    });
  },
  { name: 'call-media', dependencies: ['storage'] },
);
