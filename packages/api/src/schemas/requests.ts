import * as z from 'zod/mini';
import { LEAD_REPLY_MAX_LENGTH } from '../limits';
import { type MessagesFor, messageIds } from '../messages';
import { idSchema, pageQuerySchema, pageSchema, requiredText, timestampSchema } from './common';
import { leadSchema } from './leads';

/**
 * Contact and demo requests as the receiving team's admins work them (`/api/requests`): a lead
 * with where it stands and the replies sent to it.
 */
export const REQUEST_STATUSES = ['new', 'replied', 'closed'] as const;
function requestStatusSchemaWith(messages: MessagesFor<'requestStatusInvalid'>) {
  return z.enum(REQUEST_STATUSES, { error: messages.requestStatusInvalid });
}
export const requestStatusSchema = /* @__PURE__ */ requestStatusSchemaWith(messageIds);
export type RequestStatus = z.infer<typeof requestStatusSchema>;

/** A reply an admin e-mailed to the requester. */
export const requestReplySchema = z.object({
  id: idSchema,
  text: z.string(),
  /** The admin who sent it, as named then. */
  authorName: z.string(),
  createdAt: timestampSchema,
});
export type RequestReply = z.infer<typeof requestReplySchema>;

/** A request in the list: the lead, its status and when it was last replied to. */
export const contactRequestSchema = z.extend(leadSchema, {
  status: requestStatusSchema,
  repliedAt: z.nullable(timestampSchema),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

/** `GET /api/requests/:id`: the request with its replies, oldest first. */
export const contactRequestDetailSchema = z.extend(contactRequestSchema, {
  replies: z.array(requestReplySchema),
});
export type ContactRequestDetail = z.infer<typeof contactRequestDetailSchema>;

/** `GET /api/requests`: paged like every list, optionally one status only. */
export const contactRequestListQuerySchema = z.extend(pageQuerySchema, {
  status: z.optional(requestStatusSchema),
});
export type ContactRequestListQuery = z.infer<typeof contactRequestListQuerySchema>;
export const contactRequestListSchema = pageSchema(contactRequestSchema);

/**
 * `PATCH /api/requests/:id`. `from` is the status the admin saw: when given and the request has
 * moved on meanwhile (another admin changed it), nothing changes and the answer is 409 with the
 * request as it now is.
 */
export function updateContactRequestSchemaWith(messages: MessagesFor<'requestStatusInvalid'>) {
  return z.object({
    status: requestStatusSchemaWith(messages),
    from: z.optional(requestStatusSchemaWith(messages)),
  });
}
export const updateContactRequestSchema = /* @__PURE__ */ updateContactRequestSchemaWith(messageIds);
export type UpdateContactRequest = z.input<typeof updateContactRequestSchema>;

/** `POST /api/requests/:id/reply`: the text e-mailed to the requester. */
export function replyContactRequestSchemaWith(messages: MessagesFor<'replyRequired' | 'replyTooLong'>) {
  return z.object({
    text: requiredText({ required: messages.replyRequired, tooLong: messages.replyTooLong }, LEAD_REPLY_MAX_LENGTH),
  });
}
export const replyContactRequestSchema = /* @__PURE__ */ replyContactRequestSchemaWith(messageIds);
export type ReplyContactRequest = z.input<typeof replyContactRequestSchema>;

export const contactRequestResponseSchema = z.object({ success: z.literal(true), data: contactRequestDetailSchema });
