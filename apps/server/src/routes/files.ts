import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { ERROR_CODES, errorBodySchema, MAX_UPLOAD_PARTS, ShowType } from '@parley/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, forbidden, notFound } from '../lib/errors';
import { sha256 } from '../lib/secrets';
import type { SignedMethod } from '../lib/signed-urls';
import { findRecordingById } from '../repositories/recordings';
import { findShared } from '../repositories/video-messages';
import { findOpenUploadByStorageId, findVideoById } from '../repositories/videos';
import { LOCAL_UPLOAD_ID, PartSizeError } from '../services/storage/local';
import { StoreError } from '../services/storage/store';
import { SHARE_TOKEN } from './common/watch';

const signedQuerySchema = z.object({
  expires: z.string().max(20).optional(),
  signature: z.string().max(100).optional(),
});
const uploadParamsSchema = z.object({ uploadId: z.string().max(64), partNumber: z.string().max(8) });
const fileParamsSchema = z.object({ id: z.string().max(64) });

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** A byte range of a file of `size` bytes: null for none, 'unsatisfiable' for one that cannot be served. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) {
    return null;
  }
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) {
    // Several ranges, or another unit: RFC 9110 lets a server answer the whole file instead.
    return null;
  }
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) {
      return 'unsatisfiable';
    }
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) {
    return 'unsatisfiable';
  }
  return { start, end };
}

/**
 * Sends a stored file, or the byte range asked for (206), with the range machinery browsers expect
 * of media; a signed address's `expires` bounds how long it may be cached.
 */
export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  filePath: string,
  contentType: string,
  missing = 'This file does not exist.',
) {
  const details = await stat(filePath).catch(() => undefined);
  if (!details?.isFile()) {
    throw notFound(missing);
  }
  const size = details.size;
  const range = parseRange(request.headers.range, size);
  if (range === 'unsatisfiable') {
    return reply
      .code(416)
      .header('content-range', `bytes */${size}`)
      .send({
        success: false,
        errorCode: ERROR_CODES.rangeNotSatisfiable,
        errorMessage: `The range asked for is outside the file's ${size} bytes.`,
        showType: ShowType.silent,
      });
  }
  const expires = Number((request.query as { expires?: string }).expires) * 1000;
  const maxAge = Math.max(0, Math.min(3600, Math.floor((expires - Date.now()) / 1000)));
  reply
    .header('content-type', contentType)
    .header('accept-ranges', 'bytes')
    .header('cache-control', `private, max-age=${maxAge}`)
    .header('last-modified', details.mtime.toUTCString());
  if (range) {
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1)
      .send(createReadStream(filePath, { start: range.start, end: range.end }));
  }
  return reply.header('content-length', size).send(createReadStream(filePath));
}

/**
 * The local store's signed addresses (the stand-in for S3's pre-signed URLs): parts are PUT to
 * `/uploads/<upload id>/<part>`, videos, posters and call recordings played from `/files/…`. No
 * bearer token: the HMAC signature over method, path and expiry is the permission, checked before
 * the body is read.
 */
const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const local = app.localStore;
  if (!local) {
    return;
  }

  /** Refuses an address whose signature is wrong or whose time is up (403), before anything else runs. */
  function requireSignature(method: SignedMethod, canonicalPath: (params: Record<string, string>) => string) {
    return async (request: FastifyRequest) => {
      const params = request.params as Record<string, string>;
      const query = request.query as Record<string, string | undefined>;
      const check = app.urlSigner.verify(method, canonicalPath(params), query.expires, query.signature);
      if (check === 'expired') {
        throw new AppError(403, ERROR_CODES.urlExpired, 'This address has expired. Ask for a new one.');
      }
      if (check !== 'valid') {
        throw forbidden('This address is not valid.');
      }
    };
  }

  // Parts arrive as they are (any video/* or audio/* type the recorder gives, or plain bytes), streamed to disk by the route.
  const passThrough = (_request: FastifyRequest, payload: Readable, done: (error: null, body: Readable) => void) =>
    done(null, payload);
  app.addContentTypeParser(/^video\//, passThrough);
  // A call's side recorded without a camera.
  app.addContentTypeParser(/^audio\//, passThrough);
  app.addContentTypeParser('application/octet-stream', passThrough);

  app.put(
    '/uploads/:uploadId/:partNumber',
    {
      config: { access: 'public' },
      onRequest: requireSignature('PUT', (params) => `/uploads/${params.uploadId}/${params.partNumber}`),
      schema: {
        summary: 'Upload one part to a pre-signed address (local disk)',
        description:
          "The body is the part (any video/* content type), at most the upload part size; the answer carries the part's ETag. A part cut off mid-body is not kept.",
        tags: ['videos'],
        security: [],
        params: uploadParamsSchema,
        querystring: signedQuerySchema,
        response: { 200: z.null().describe('Stored; the ETag header names the part'), ...errors, 413: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { uploadId, partNumber: partText } = request.params;
      const partNumber = Number(partText);
      if (
        !LOCAL_UPLOAD_ID.test(uploadId) ||
        !/^\d+$/.test(partText) ||
        partNumber < 1 ||
        partNumber > MAX_UPLOAD_PARTS
      ) {
        throw notFound('This upload does not exist.');
      }
      // A library video's upload, or a side's recording of a live call.
      const upload =
        (await findOpenUploadByStorageId(app.db, uploadId)) ?? (await app.callMedia.findOpenUpload(uploadId));
      if (!upload) {
        throw notFound('This upload does not exist any more; start again.');
      }
      if (partNumber > upload.partCount) {
        throw new AppError(400, ERROR_CODES.partOutOfRange, `This upload has ${upload.partCount} parts.`);
      }
      const announced = request.headers['content-length'];
      const expectedBytes = announced === undefined ? undefined : Number(announced);
      if (expectedBytes !== undefined && expectedBytes > upload.partSize) {
        throw new AppError(413, ERROR_CODES.partTooLarge, `A part may have at most ${upload.partSize} bytes.`);
      }
      if (expectedBytes === 0 || !request.body) {
        throw new AppError(400, ERROR_CODES.partEmpty, 'The part is empty.');
      }
      try {
        const stored = await local.writePart(uploadId, partNumber, request.body as Readable, {
          maxBytes: upload.partSize,
          expectedBytes,
        });
        return reply.header('etag', stored.etag).header('cache-control', 'no-store').send(null);
      } catch (error) {
        if (error instanceof PartSizeError) {
          throw error.tooLarge
            ? new AppError(413, ERROR_CODES.partTooLarge, error.message)
            : new AppError(400, ERROR_CODES.partIncomplete, error.message);
        }
        if (error instanceof StoreError) {
          throw notFound('This upload does not exist any more; start again.');
        }
        throw error;
      }
    },
  );

  const fileSchema = (summary: string) => ({
    summary,
    description: 'A signed address from the video API (6 hours); answers range requests (206, 416).',
    tags: ['videos'],
    security: [],
    params: fileParamsSchema,
    querystring: signedQuerySchema,
    response: { ...errors, 416: errorBodySchema },
  });

  app.get(
    '/files/videos/:id',
    {
      config: { access: 'public' },
      onRequest: requireSignature('GET', (params) => `/files/videos/${params.id}`),
      schema: fileSchema('Play a video (local disk)'),
    },
    async (request, reply) => {
      const video = z.uuid().safeParse(request.params.id).success
        ? await findVideoById(app.db, request.params.id)
        : undefined;
      if (!video || video.size === null || (video.status !== 'ready' && video.status !== 'processing')) {
        throw notFound('This video does not exist.');
      }
      return sendFile(request, reply, local.filePath(video.storageKey), video.contentType);
    },
  );

  app.get(
    '/files/posters/:id',
    {
      config: { access: 'public' },
      onRequest: requireSignature('GET', (params) => `/files/posters/${params.id}`),
      schema: fileSchema("A video's poster image (local disk)"),
    },
    async (request, reply) => {
      const video = z.uuid().safeParse(request.params.id).success
        ? await findVideoById(app.db, request.params.id)
        : undefined;
      if (!video?.posterKey) {
        throw notFound('This poster does not exist.');
      }
      return sendFile(request, reply, local.filePath(video.posterKey), 'image/jpeg');
    },
  );

  app.get(
    '/files/recordings/:id',
    {
      config: { access: 'public' },
      onRequest: requireSignature('GET', (params) => `/files/recordings/${params.id}`),
      schema: {
        ...fileSchema("Play a call's recording (local disk)"),
        description: 'A signed address from the call API (6 hours); answers range requests (206, 416).',
        tags: ['calls'],
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

  /** The watch page's video and poster: by share token, refused the moment the link is revoked. */
  for (const file of ['video', 'poster'] as const) {
    app.get(
      `/files/shared/:token/${file}`,
      {
        config: { access: 'public' },
        onRequest: requireSignature('GET', (params) => `/files/shared/${params.token}/${file}`),
        schema: {
          ...fileSchema(file === 'video' ? 'Play a shared video (local disk)' : "A shared video's poster (local disk)"),
          params: z.object({ token: z.string().max(64) }),
          response: { ...errors, 410: errorBodySchema, 416: errorBodySchema },
        },
      },
      async (request, reply) => {
        const shared = SHARE_TOKEN.test(request.params.token)
          ? await findShared(app.db, sha256(request.params.token))
          : undefined;
        if (!shared) {
          throw notFound('This file does not exist.');
        }
        const { message, video } = shared;
        if (message.revokedAt || !video) {
          throw new AppError(410, ERROR_CODES.linkRevoked, 'This video link has been withdrawn by its sender.');
        }
        if (file === 'poster') {
          if (!video.posterKey) {
            throw notFound('This poster does not exist.');
          }
          return sendFile(request, reply, local.filePath(video.posterKey), 'image/jpeg');
        }
        if (video.size === null || (video.status !== 'ready' && video.status !== 'processing')) {
          throw notFound('This video does not exist.');
        }
        return sendFile(request, reply, local.filePath(video.storageKey), video.contentType);
      },
    );
  }
};

export default fileRoutes;
