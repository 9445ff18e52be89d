import {
  completeUploadRequestSchema,
  createVideoRequestSchema,
  createVideoResponseSchema,
  errorBodySchema,
  idParamsSchema,
  okSchema,
  updateVideoRequestSchema,
  uploadPartsRequestSchema,
  uploadPartsResponseSchema,
  uploadStateSchema,
  videoListQuerySchema,
  videoListSchema,
  videoResponseSchema,
} from '@parley/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/**
 * The video library and its uploads (S3 multipart semantics on local disk and on S3): create,
 * pre-signed part addresses, what arrived (to resume), complete, abort; list, get, rename,
 * delete. A team's members only: another team's video answers 404.
 */
const videoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/videos',
    {
      schema: {
        summary: "The team's videos, newest first; title search, kind and status filters",
        tags: ['videos'],
        querystring: videoListQuerySchema,
        response: { 200: videoListSchema, ...errors },
      },
    },
    async (request) => app.videos.list(principalOf(request).teamId, request.query),
  );

  app.post(
    '/videos',
    {
      schema: {
        summary: 'Start a video: its upload plan (part size and count)',
        description:
          'Then ask for part addresses, PUT each part there (no bearer token), and complete. 413 over VIDEO_MAX_BYTES, 415 for a type other than MP4 or WebM.',
        tags: ['videos'],
        body: createVideoRequestSchema,
        response: {
          201: createVideoResponseSchema,
          ...errors,
          413: errorBodySchema,
          415: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const data = await app.videos.create(principal, request.body);
      reply.code(201);
      return { success: true as const, data };
    },
  );

  app.get(
    '/videos/:id',
    {
      schema: {
        summary: 'One video of the team',
        tags: ['videos'],
        params: idParamsSchema,
        response: { 200: videoResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await app.videos.get(principalOf(request).teamId, request.params.id),
    }),
  );

  app.put(
    '/videos/:id',
    {
      schema: {
        summary: 'Rename a video (your own; an admin, any of the team)',
        tags: ['videos'],
        params: idParamsSchema,
        body: updateVideoRequestSchema,
        response: { 200: videoResponseSchema, ...errors, 422: errorBodySchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await app.videos.rename(principalOf(request), request.params.id, request.body.title),
    }),
  );

  app.delete(
    '/videos/:id',
    {
      schema: {
        summary: 'Delete a video (your own; an admin, any of the team): its file goes and its share links stop working',
        tags: ['videos'],
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await app.videos.remove(principalOf(request), request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/videos/:id/upload/parts',
    {
      schema: {
        summary: 'Pre-signed PUT addresses for parts of the upload (15 minutes)',
        tags: ['videos'],
        params: idParamsSchema,
        body: uploadPartsRequestSchema,
        response: { 200: uploadPartsResponseSchema, ...errors, 409: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: {
        parts: await app.videos.presignParts(principalOf(request).teamId, request.params.id, request.body.partNumbers),
      },
    }),
  );

  app.get(
    '/videos/:id/upload',
    {
      schema: {
        summary: 'The parts the store already holds whole, to resume an upload',
        description:
          '409 UPLOAD_COMPLETING (with Retry-After) while the parts are being joined: ask again. 409 UPLOAD_CLOSED once the video is uploaded.',
        tags: ['videos'],
        params: idParamsSchema,
        response: { 200: uploadStateSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await app.videos.uploadState(principalOf(request).teamId, request.params.id),
    }),
  );

  app.post(
    '/videos/:id/upload/complete',
    {
      schema: {
        summary: 'Join the parts into the video, check it, and start processing',
        description:
          '413 when the parts hold more than declared or than VIDEO_MAX_BYTES, 415 when the bytes are not MP4 or WebM; either way the file is deleted and the video is marked error. Asked again once the parts are joined, it answers the video; while they are being joined, 409 UPLOAD_COMPLETING (with Retry-After): ask again.',
        tags: ['videos'],
        params: idParamsSchema,
        body: completeUploadRequestSchema,
        response: {
          200: videoResponseSchema,
          ...errors,
          409: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await app.videos.complete(principalOf(request).teamId, request.params.id, request.body.parts),
    }),
  );

  app.delete(
    '/videos/:id/upload',
    {
      schema: {
        summary: 'Cancel an upload: its parts and its video are removed',
        tags: ['videos'],
        params: idParamsSchema,
        response: { 204: z.null().describe('Cancelled'), ...errors, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      await app.videos.abort(principalOf(request).teamId, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default videoRoutes;
