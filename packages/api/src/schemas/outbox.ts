import * as z from 'zod/mini';
import { idSchema, timestampSchema } from './common';

/** A message in the development mailbox: e-mail and SMS that went to the outbox instead of out. */
export const outboxMessageSchema = z.object({
  id: idSchema,
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.nullable(z.string()),
  text: z.string(),
  status: z.enum(['queued', 'sent', 'failed', 'outbox']),
  createdAt: timestampSchema,
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxQuerySchema = z.object({
  /** Only messages to this address or number. */
  to: z.optional(z.string().check(z.maxLength(320))),
});
export const outboxListSchema = z.array(outboxMessageSchema);
