import * as z from 'zod/mini';
import { idSchema, timestampSchema } from './common';

/** The header's three lists (SPEC §2.6): notifications, messages and events. */
export const NOTICE_TYPES = ['notification', 'message', 'event'] as const;
export const noticeTypeSchema = z.enum(NOTICE_TYPES);
export type NoticeType = z.infer<typeof noticeTypeSchema>;

/** Where an event stands, shown as a tag beside it. */
export const noticeStatusSchema = z.enum(['todo', 'processing', 'urgent', 'doing']);

/** A notice for the signed-in member (SPEC §3: id, type, read flag, and what the list shows). */
export const noticeSchema = z.object({
  id: idSchema,
  type: noticeTypeSchema,
  title: z.string(),
  description: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
  status: z.nullable(noticeStatusSchema),
  /** Where the notice leads, an app path such as `/call-history`. */
  link: z.nullable(z.string()),
  read: z.boolean(),
  datetime: timestampSchema,
});
export type Notice = z.infer<typeof noticeSchema>;

/** SPEC §7.1: `GET /api/notices` is read as an array. */
export const noticeListSchema = z.array(noticeSchema);

/** Clearing by type removes every notice of that type. */
export const clearNoticesQuerySchema = z.object({ type: noticeTypeSchema });
export const clearNoticesResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ removed: z.int() }),
});
