import * as z from 'zod/mini';
import { idSchema, pageQuerySchema, pageSchema, requiredText, timestampSchema } from './common';

/**
 * Where a video is used (ARCHITECTURE §3, §6): the library, a visitor's message, a follow-up
 * sent after a call, or a menu item's greeting.
 */
export const VIDEO_KINDS = ['library', 'message', 'followup', 'menu'] as const;
export const videoKindSchema = z.enum(VIDEO_KINDS, { error: 'Choose library, message, followup or menu.' });
export type VideoKind = z.infer<typeof videoKindSchema>;

/** `uploading` until the parts are complete, `processing` while duration and poster are made. */
export const VIDEO_STATUSES = ['uploading', 'processing', 'ready', 'error'] as const;
export const videoStatusSchema = z.enum(VIDEO_STATUSES);
export type VideoStatus = z.infer<typeof videoStatusSchema>;

/** The containers Parley stores: what MediaRecorder makes (TOOLCHAIN: MP4 and WebM). */
export const VIDEO_CONTENT_TYPES = ['video/mp4', 'video/webm'] as const;
export const videoContentTypeSchema = z.enum(VIDEO_CONTENT_TYPES);
export type VideoContentType = z.infer<typeof videoContentTypeSchema>;

/** The server's defaults; the server's settings (VIDEO_MAX_BYTES, UPLOAD_PART_SIZE) may change them. */
export const DEFAULT_VIDEO_MAX_BYTES = 500 * 1024 * 1024;
export const DEFAULT_UPLOAD_PART_SIZE = 8 * 1024 * 1024;
/** S3's floor for every part but the last. */
export const MIN_UPLOAD_PART_SIZE = 5 * 1024 * 1024;
/** The most part addresses one `POST /api/videos/:id/upload/parts` hands out. */
export const MAX_PARTS_PER_REQUEST = 100;
/** S3's ceiling on the parts of one upload. */
export const MAX_UPLOAD_PARTS = 10_000;
export const VIDEO_TITLE_MAX_LENGTH = 200;
/** A call id or menu item id a video belongs to (`/record/:flag/:broadcastid`). */
export const VIDEO_REF_MAX_LENGTH = 100;

export const videoMessages = {
  title: 'Please input a title!',
} as const;

/**
 * The container of a MIME type without its parameters, in lower case:
 * `video/webm;codecs=vp9,opus` → `video/webm`.
 */
export function baseContentType(value: string): string {
  return (value.split(';')[0] ?? '').trim().toLowerCase();
}

/** A video as the library, the recorder and the watch page see it. */
export const videoSchema = z.object({
  id: idSchema,
  title: z.string(),
  kind: videoKindSchema,
  /** The call id or menu item id given when it was made, if any. */
  ref: z.nullable(z.string()),
  status: videoStatusSchema,
  contentType: videoContentTypeSchema,
  /** Bytes, once the upload is complete. */
  size: z.nullable(z.int()),
  /** Null when neither ffmpeg nor the container tells (MediaRecorder's WebM often has no duration). */
  durationSeconds: z.nullable(z.number()),
  /**
   * Signed addresses that expire (hours): absolute on S3; on local disk a path on the API's own
   * origin (`/files/…`), to resolve against the API's base address like every other call.
   */
  posterUrl: z.nullable(z.string()),
  /** Usable directly as `<video src>`; answers HTTP range requests. Null until the upload is complete. */
  playbackUrl: z.nullable(z.string()),
  owner: z.object({ id: idSchema, name: z.string() }),
  createdAt: timestampSchema,
  /** Why the video is in `error`, in English. */
  errorMessage: z.nullable(z.string()),
});
export type Video = z.infer<typeof videoSchema>;

/** `POST /api/videos`: a new video and its upload. 413 over the size limit, 415 for a type other than MP4/WebM. */
export const createVideoRequestSchema = z.object({
  title: requiredText(videoMessages.title, VIDEO_TITLE_MAX_LENGTH),
  kind: videoKindSchema,
  /** MediaRecorder's `mimeType`, parameters allowed (`video/mp4;codecs=avc1`); the server keeps the base type. */
  contentType: z
    .string({ error: 'The content type is missing.' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'The content type is missing.' }),
      z.maxLength(255, { error: 'The content type is not valid.' }),
    ),
  /** The file's size in bytes. */
  size: z
    .number({ error: 'The size must be a number of bytes.' })
    .check(
      z.int({ error: 'The size must be a whole number of bytes.' }),
      z.positive({ error: 'The file is empty.' }),
      z.maximum(Number.MAX_SAFE_INTEGER, { error: 'The file is too large.' }),
    ),
  /** The call id or menu item id (`/record/:flag/:broadcastid`), kept as text. */
  ref: z.pipe(
    z.nullish(
      z
        .string({ error: 'This value is not valid.' })
        .check(z.trim(), z.maxLength(VIDEO_REF_MAX_LENGTH, { error: `At most ${VIDEO_REF_MAX_LENGTH} characters.` })),
    ),
    z.transform((value: string | null | undefined) => value || null),
  ),
});
export type CreateVideoRequest = z.input<typeof createVideoRequestSchema>;

/** How the file is cut: every part `partSize` bytes but the last; part numbers run from 1 to `partCount`. */
export const uploadPlanSchema = z.object({
  partSize: z.int().check(z.positive()),
  partCount: z.int().check(z.positive()),
});
export type UploadPlan = z.infer<typeof uploadPlanSchema>;

export const createVideoResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ video: videoSchema, upload: uploadPlanSchema }),
});
export type CreateVideoResponse = z.infer<typeof createVideoResponseSchema>;

const partNumberSchema = z
  .number({ error: 'A part number is a whole number from 1.' })
  .check(
    z.int({ error: 'A part number is a whole number from 1.' }),
    z.minimum(1, { error: 'A part number is a whole number from 1.' }),
    z.maximum(MAX_UPLOAD_PARTS, { error: `A part number is at most ${MAX_UPLOAD_PARTS}.` }),
  );

/** `POST /api/videos/:id/upload/parts`: addresses to PUT these parts to. */
export const uploadPartsRequestSchema = z.object({
  partNumbers: z
    .array(partNumberSchema, { error: 'Give the part numbers as a list.' })
    .check(
      z.minLength(1, { error: 'Ask for at least one part.' }),
      z.maxLength(MAX_PARTS_PER_REQUEST, { error: `At most ${MAX_PARTS_PER_REQUEST} parts a request.` }),
    ),
});
export type UploadPartsRequest = z.input<typeof uploadPartsRequestSchema>;

/**
 * A pre-signed address: `PUT` the part's bytes there with the video's content type and no bearer
 * token (SPEC §7.2); the answer's `ETag` header is the part's etag for completion. (On S3 the
 * bucket's CORS rule must expose ETag.)
 */
export const uploadPartUrlSchema = z.object({
  partNumber: z.int(),
  url: z.string(),
  expiresAt: timestampSchema,
});
export type UploadPartUrl = z.infer<typeof uploadPartUrlSchema>;

export const uploadPartsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ parts: z.array(uploadPartUrlSchema) }),
});

/** A part the store holds whole. */
export const uploadedPartSchema = z.object({
  partNumber: z.int(),
  size: z.int(),
  etag: z.string(),
});
export type UploadedPart = z.infer<typeof uploadedPartSchema>;

/** `GET /api/videos/:id/upload`: what already arrived, so an upload resumes after a drop or a restart. */
export const uploadStateSchema = z.object({
  success: z.literal(true),
  data: z.extend(uploadPlanSchema, { parts: z.array(uploadedPartSchema) }),
});
export type UploadState = z.infer<typeof uploadStateSchema>['data'];

/** `POST /api/videos/:id/upload/complete`: every part, in order, with the etag its PUT answered. */
export const completeUploadRequestSchema = z.object({
  parts: z
    .array(
      z.object({
        partNumber: partNumberSchema,
        etag: z.string({ error: 'Each part needs its etag.' }).check(z.minLength(1), z.maxLength(200)),
      }),
      { error: 'Give the parts as a list.' },
    )
    .check(
      z.minLength(1, { error: 'Give at least one part.' }),
      z.maxLength(MAX_UPLOAD_PARTS, { error: `At most ${MAX_UPLOAD_PARTS} parts.` }),
    ),
});
export type CompleteUploadRequest = z.input<typeof completeUploadRequestSchema>;

export const videoResponseSchema = z.object({ success: z.literal(true), data: videoSchema });

/** `GET /api/videos`: the team's videos, newest first. */
export const videoListQuerySchema = z.extend(pageQuerySchema, {
  /** Title contains this, in any case. */
  title: z.optional(z.string().check(z.trim(), z.maxLength(VIDEO_TITLE_MAX_LENGTH))),
  /** Only this kind; every kind when left out. */
  kind: z.optional(videoKindSchema),
  /** Only videos made for this call or menu item. */
  ref: z.optional(z.string().check(z.trim(), z.maxLength(VIDEO_REF_MAX_LENGTH))),
  /** Only these statuses, comma-separated (`ready` for a picker); all when left out. */
  status: z.optional(
    z.pipe(
      z.pipe(
        z.string().check(z.maxLength(100)),
        z.transform((value: string) => value.split(',').filter(Boolean)),
      ),
      z.array(videoStatusSchema),
    ),
  ),
});
export type VideoListQuery = z.infer<typeof videoListQuerySchema>;

export const videoListSchema = pageSchema(videoSchema);
export type VideoList = z.infer<typeof videoListSchema>;

/** `PUT /api/videos/:id`: rename. */
export const updateVideoRequestSchema = z.object({
  title: requiredText(videoMessages.title, VIDEO_TITLE_MAX_LENGTH),
});
export type UpdateVideoRequest = z.input<typeof updateVideoRequestSchema>;
