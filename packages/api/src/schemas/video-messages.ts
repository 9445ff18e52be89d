import * as z from 'zod/mini';
import { CALL_ID_MAX_LENGTH, VIDEO_MESSAGE_TEXT_MAX_LENGTH } from '../limits';
import { type MessagesFor, messageIds } from '../messages';
import { phoneSchemaWith } from './auth';
import {
  type EmailMessages,
  emailSchemaWith,
  idSchema,
  idSchemaWith,
  pageQuerySchema,
  pageSchema,
  requiredText,
  timestampSchema,
} from './common';
import { outboxMessageSchema } from './outbox';

/** `POST /api/video-messages`: send a ready (or processing) video to one recipient by e-mail and SMS (SPEC §5). */
export function createVideoMessageRequestSchemaWith(
  messages: EmailMessages &
    MessagesFor<
      | 'idInvalid'
      | 'valueInvalid'
      | 'callIdTooLong'
      | 'phoneRequired'
      | 'phoneInvalid'
      | 'videoMessageRequired'
      | 'videoMessageTooLong'
    >,
) {
  return z.object({
    videoId: idSchemaWith(messages),
    /** The call this follows up, if any. */
    callId: z.pipe(
      z.nullish(
        z
          .string({ error: messages.valueInvalid })
          .check(z.trim(), z.maxLength(CALL_ID_MAX_LENGTH, { error: messages.callIdTooLong })),
      ),
      z.transform((value: string | null | undefined) => value || null),
    ),
    email: emailSchemaWith(messages),
    /** International (E.164) form, as the phone input gives it. */
    phone: z.pipe(
      z.string({ error: messages.phoneRequired }).check(z.trim(), z.minLength(1, { error: messages.phoneRequired })),
      phoneSchemaWith(messages),
    ),
    message: requiredText(
      { required: messages.videoMessageRequired, tooLong: messages.videoMessageTooLong },
      VIDEO_MESSAGE_TEXT_MAX_LENGTH,
    ),
  });
}
export const createVideoMessageRequestSchema = /* @__PURE__ */ createVideoMessageRequestSchemaWith(messageIds);
export type CreateVideoMessageRequest = z.input<typeof createVideoMessageRequestSchema>;

/** The share link is shown once, here: the server keeps only its hash. */
export const createVideoMessageResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ id: idSchema, shareUrl: z.string() }),
});
export type CreateVideoMessageResponse = z.infer<typeof createVideoMessageResponseSchema>;

/** Where an e-mail or SMS stands: `outbox` means it was kept for the development mailbox. */
export const deliveryStatusSchema = outboxMessageSchema.shape.status;

/** A sent video message, as the sender lists them. */
export const videoMessageSchema = z.object({
  id: idSchema,
  /** Null once the video was deleted (the link is then revoked). */
  videoId: z.nullable(idSchema),
  callId: z.nullable(z.string()),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  sender: z.object({ id: idSchema, name: z.string() }),
  createdAt: timestampSchema,
  /** When the e-mail left over SMTP; null while queued, or kept in the outbox. */
  sentAt: z.nullable(timestampSchema),
  emailStatus: deliveryStatusSchema,
  smsStatus: deliveryStatusSchema,
  firstViewedAt: z.nullable(timestampSchema),
  lastViewedAt: z.nullable(timestampSchema),
  views: z.int(),
  revoked: z.boolean(),
});
export type VideoMessage = z.infer<typeof videoMessageSchema>;

/** `GET /api/video-messages`: the team's video messages, newest first. */
export const videoMessageListQuerySchema = z.extend(pageQuerySchema, {
  videoId: z.optional(idSchema),
  callId: z.optional(z.string().check(z.trim(), z.maxLength(CALL_ID_MAX_LENGTH))),
});
export type VideoMessageListQuery = z.infer<typeof videoMessageListQuerySchema>;

export const videoMessageListSchema = pageSchema(videoMessageSchema);

/** A share token: 128 random bits in base64url. */
export const watchParamsSchema = z.object({ token: z.string().check(z.maxLength(64)) });

/** `GET /common/watch/:token`: what the public watch page shows, and nothing else. */
export const watchVideoSchema = z.object({
  title: z.string(),
  durationSeconds: z.nullable(z.number()),
  posterUrl: z.nullable(z.string()),
  playbackUrl: z.nullable(z.string()),
  message: z.string(),
  senderName: z.string(),
});
export type WatchVideo = z.infer<typeof watchVideoSchema>;

export const watchVideoResponseSchema = z.object({ success: z.literal(true), data: watchVideoSchema });
