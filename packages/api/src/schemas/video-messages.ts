import * as z from 'zod/mini';
import { authMessages, phoneSchema } from './auth';
import { emailSchema, idSchema, pageQuerySchema, pageSchema, requiredText, timestampSchema } from './common';
import { outboxMessageSchema } from './outbox';

export const VIDEO_MESSAGE_TEXT_MAX_LENGTH = 2000;
/** A call id as the recipient details modal passes it (`/record/followup/:broadcastid`). */
export const CALL_ID_MAX_LENGTH = 100;

/** The Recipient details modal's messages (SPEC §5 "Send video message"). */
export const videoMessageMessages = {
  email: authMessages.email,
  emailInvalid: authMessages.emailInvalid,
  phone: 'Please input your phone number!',
  phoneInvalid: authMessages.phoneInvalid,
  message: 'Please input your message!',
} as const;

/** `POST /api/video-messages`: send a ready (or processing) video to one recipient by e-mail and SMS. */
export const createVideoMessageRequestSchema = z.object({
  videoId: idSchema,
  /** The call this follows up, if any. */
  callId: z.pipe(
    z.nullish(
      z
        .string({ error: 'This value is not valid.' })
        .check(z.trim(), z.maxLength(CALL_ID_MAX_LENGTH, { error: `At most ${CALL_ID_MAX_LENGTH} characters.` })),
    ),
    z.transform((value: string | null | undefined) => value || null),
  ),
  email: emailSchema({ required: videoMessageMessages.email, invalid: videoMessageMessages.emailInvalid }),
  /** International (E.164) form, as the phone input gives it. */
  phone: z.pipe(
    z
      .string({ error: videoMessageMessages.phone })
      .check(z.trim(), z.minLength(1, { error: videoMessageMessages.phone })),
    phoneSchema,
  ),
  message: requiredText(videoMessageMessages.message, VIDEO_MESSAGE_TEXT_MAX_LENGTH),
});
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
