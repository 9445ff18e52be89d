import * as z from 'zod/mini';
import type { RequestFunction, RequestOptions } from '../client';
import { okSchema } from '../schemas/common';
import {
  type CompleteUploadRequest,
  type CreateVideoRequest,
  createVideoResponseSchema,
  type UpdateVideoRequest,
  type UploadPartsRequest,
  uploadPartsResponseSchema,
  uploadStateSchema,
  type VideoListQuery,
  videoListSchema,
  videoResponseSchema,
} from '../schemas/videos';

const path = (id: string) => `/api/videos/${encodeURIComponent(id)}`;

/** A `204 No Content` answer. */
export const noContentSchema = z.pipe(
  z.unknown(),
  z.transform((): undefined => undefined),
);

/**
 * The video library and its uploads (S3 multipart semantics, also on local disk): `create`, then
 * `uploadParts` for pre-signed addresses, PUT each part there (no bearer token), `uploadState` to
 * resume, and `completeUpload`; `abortUpload` cancels.
 */
export function videoEndpoints(request: RequestFunction) {
  return {
    /** `GET /api/videos`: the team's videos, newest first; `title` contains, any case; `status` is sent comma-separated. */
    list: (query: Partial<VideoListQuery> = {}) => request(videoListSchema, 'GET', '/api/videos', { query }),
    get: (id: string) => request(videoResponseSchema, 'GET', path(id)),
    /** `POST /api/videos`: 413 over the size limit, 415 for a type other than MP4/WebM. */
    create: (body: CreateVideoRequest) => request(createVideoResponseSchema, 'POST', '/api/videos', { body }),
    /** `PUT /api/videos/:id`: rename. */
    rename: (id: string, body: UpdateVideoRequest) => request(videoResponseSchema, 'PUT', path(id), { body }),
    /** `DELETE /api/videos/:id`: the file goes, and every share link of it stops working. */
    remove: (id: string, options: Pick<RequestOptions, 'keepalive'> = {}) =>
      request(okSchema, 'DELETE', path(id), options),
    /** `POST /api/videos/:id/upload/parts`: pre-signed PUT addresses (up to 100 a call). */
    uploadParts: (id: string, body: UploadPartsRequest) =>
      request(uploadPartsResponseSchema, 'POST', `${path(id)}/upload/parts`, { body }),
    /** `GET /api/videos/:id/upload`: the parts the store already holds whole. */
    uploadState: (id: string) => request(uploadStateSchema, 'GET', `${path(id)}/upload`),
    /** `POST /api/videos/:id/upload/complete`: 413 over the declared size, 415 when the bytes are not MP4/WebM. */
    completeUpload: (id: string, body: CompleteUploadRequest) =>
      request(videoResponseSchema, 'POST', `${path(id)}/upload/complete`, { body }),
    /** `DELETE /api/videos/:id/upload`: cancel; the parts and the video are removed (204). */
    abortUpload: (id: string): Promise<void> => request(noContentSchema, 'DELETE', `${path(id)}/upload`),
  };
}
