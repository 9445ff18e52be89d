import * as z from 'zod/mini';
import {
  MAX_PARTS_PER_REQUEST,
  MAX_UPLOAD_PARTS,
  VIDEO_DURATION_MAX_SECONDS,
  VIDEO_REF_MAX_LENGTH,
  VIDEO_TITLE_MAX_LENGTH,
} from '../limits';
import { type Messages, type MessagesFor, messageIds } from '../messages';
import { idSchema, pageQuerySchema, pageSchema, requiredText, timestampSchema } from './common';

/**
 * Where a video is used (ARCHITECTURE §3, §6): the library, a visitor's message, a follow-up
 * sent after a call, or a menu item's greeting.
 */
export const VIDEO_KINDS = ['library', 'message', 'followup', 'menu'] as const;
function videoKindSchemaWith(messages: Messages) {
  return z.enum(VIDEO_KINDS, { error: messages.videoKindInvalid });
}
export const videoKindSchema = /* @__PURE__ */ videoKindSchemaWith(messageIds);
export type VideoKind = z.infer<typeof videoKindSchema>;

/** `uploading` until the parts are complete, `processing` while duration and poster are made. */
export const VIDEO_STATUSES = ['uploading', 'processing', 'ready', 'error'] as const;
export const videoStatusSchema = z.enum(VIDEO_STATUSES);
export type VideoStatus = z.infer<typeof videoStatusSchema>;

/**
 * Why a video is in `error`, for the web to word: the upload never finished (`uploadLost`), the
 * file is over the size limit or over what was declared (`tooLarge`), its bytes are not MP4/WebM
 * (`notAVideo`), processing kept failing (`processingFailed`), no file was ever made for it (a demo
 * message on a server without ffmpeg: `noFile`); `unknown` for a reason this version does not know.
 */
export const VIDEO_ERROR_CODES = [
  'uploadLost',
  'tooLarge',
  'notAVideo',
  'processingFailed',
  'noFile',
  'unknown',
] as const;
export const videoErrorCodeSchema = z.enum(VIDEO_ERROR_CODES);
export type VideoErrorCode = z.infer<typeof videoErrorCodeSchema>;

/** The containers Parley stores: what MediaRecorder makes (TOOLCHAIN: MP4 and WebM). */
export const VIDEO_CONTENT_TYPES = ['video/mp4', 'video/webm'] as const;
export const videoContentTypeSchema = z.enum(VIDEO_CONTENT_TYPES);
export type VideoContentType = z.infer<typeof videoContentTypeSchema>;

/** The server's defaults; the server's settings (VIDEO_MAX_BYTES, UPLOAD_PART_SIZE) may change them. */
export const DEFAULT_VIDEO_MAX_BYTES = 500 * 1024 * 1024;
export const DEFAULT_UPLOAD_PART_SIZE = 8 * 1024 * 1024;
/** S3's floor for every part but the last. */
export const MIN_UPLOAD_PART_SIZE = 5 * 1024 * 1024;

/** A video's title: required, at most VIDEO_TITLE_MAX_LENGTH characters. */
function titleSchema(messages: MessagesFor<'titleRequired' | 'titleTooLong'>) {
  return requiredText({ required: messages.titleRequired, tooLong: messages.titleTooLong }, VIDEO_TITLE_MAX_LENGTH);
}

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
  /**
   * `GET /api/videos` only: how many video messages sent this video with a link that still works
   * (not revoked). Deleting the video stops those links, which the delete confirmation says.
   */
  messageCount: z.optional(z.int().check(z.minimum(0))),
});
export type Video = z.infer<typeof videoSchema>;

/** `POST /api/videos`: a new video and its upload. 413 over the size limit, 415 for a type other than MP4/WebM. */
export function createVideoRequestSchemaWith(messages: Messages) {
  return z.object({
    title: titleSchema(messages),
    kind: videoKindSchemaWith(messages),
    /** MediaRecorder's `mimeType`, parameters allowed (`video/mp4;codecs=avc1`); the server keeps the base type. */
    contentType: z
      .string({ error: messages.contentTypeRequired })
      .check(
        z.trim(),
        z.minLength(1, { error: messages.contentTypeRequired }),
        z.maxLength(255, { error: messages.contentTypeInvalid }),
      ),
    /** The file's size in bytes. */
    size: z
      .number({ error: messages.sizeNotNumber })
      .check(
        z.int({ error: messages.sizeNotWhole }),
        z.positive({ error: messages.fileEmpty }),
        z.maximum(Number.MAX_SAFE_INTEGER, { error: messages.fileTooLarge }),
      ),
    /**
     * How long the recording is, in seconds, when the browser knows it (the recorder timed it). Kept
     * as the video's duration when neither ffmpeg nor the container tells (MediaRecorder's WebM
     * often has none); a duration the server measures replaces it.
     */
    durationSeconds: z.pipe(
      z.nullish(
        z
          .number({ error: messages.durationNotNumber })
          .check(
            z.positive({ error: messages.durationNotPositive }),
            z.maximum(VIDEO_DURATION_MAX_SECONDS, { error: messages.durationTooLong }),
          ),
      ),
      z.transform((value: number | null | undefined) =>
        value === null || value === undefined ? null : Math.round(value * 1000) / 1000,
      ),
    ),
    /** The call id or menu item id (`/record/:flag/:broadcastid`), kept as text. */
    ref: z.pipe(
      z.nullish(
        z
          .string({ error: messages.valueInvalid })
          .check(z.trim(), z.maxLength(VIDEO_REF_MAX_LENGTH, { error: messages.videoRefTooLong })),
      ),
      z.transform((value: string | null | undefined) => value || null),
    ),
  });
}
export const createVideoRequestSchema = /* @__PURE__ */ createVideoRequestSchemaWith(messageIds);
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

function partNumberSchema(messages: Messages) {
  return z
    .number({ error: messages.partNumberInvalid })
    .check(
      z.int({ error: messages.partNumberInvalid }),
      z.minimum(1, { error: messages.partNumberInvalid }),
      z.maximum(MAX_UPLOAD_PARTS, { error: messages.partNumberTooLarge }),
    );
}

/** `POST /api/videos/:id/upload/parts`: addresses to PUT these parts to. */
export function uploadPartsRequestSchemaWith(messages: Messages) {
  return z.object({
    partNumbers: z
      .array(partNumberSchema(messages), { error: messages.partNumbersNotList })
      .check(
        z.minLength(1, { error: messages.partNumbersEmpty }),
        z.maxLength(MAX_PARTS_PER_REQUEST, { error: messages.partNumbersTooMany }),
      ),
  });
}
export const uploadPartsRequestSchema = /* @__PURE__ */ uploadPartsRequestSchemaWith(messageIds);
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
export function completeUploadRequestSchemaWith(messages: Messages) {
  return z.object({
    parts: z
      .array(
        z.object({
          partNumber: partNumberSchema(messages),
          etag: z.string({ error: messages.etagRequired }).check(z.minLength(1), z.maxLength(200)),
        }),
        { error: messages.partsNotList },
      )
      .check(
        z.minLength(1, { error: messages.partsEmpty }),
        z.maxLength(MAX_UPLOAD_PARTS, { error: messages.partsTooMany }),
      ),
  });
}
export const completeUploadRequestSchema = /* @__PURE__ */ completeUploadRequestSchemaWith(messageIds);
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
export function updateVideoRequestSchemaWith(messages: MessagesFor<'titleRequired' | 'titleTooLong'>) {
  return z.object({ title: titleSchema(messages) });
}
export const updateVideoRequestSchema = /* @__PURE__ */ updateVideoRequestSchemaWith(messageIds);
export type UpdateVideoRequest = z.input<typeof updateVideoRequestSchema>;
