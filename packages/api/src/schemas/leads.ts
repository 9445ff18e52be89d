import * as z from 'zod/mini';
import { LEAD_COMPANY_MAX_LENGTH, LEAD_MESSAGE_MAX_LENGTH, LEAD_NAME_MAX_LENGTH } from '../limits';
import { type MessagesFor, messageIds } from '../messages';
import { phoneSchemaWith } from './auth';
import { type EmailMessages, emailSchemaWith, idSchema, pageSchema, requiredText, timestampSchema } from './common';

/** SPEC §2.1: `/contact-us` sends a message, `/request-demo` asks for a demo; one form serves both. */
export const LEAD_KINDS = ['contact', 'demo'] as const;
function leadKindSchemaWith(messages: MessagesFor<'leadKindInvalid'>) {
  return z.enum(LEAD_KINDS, { error: messages.leadKindInvalid });
}
export const leadKindSchema = /* @__PURE__ */ leadKindSchemaWith(messageIds);
export type LeadKind = z.infer<typeof leadKindSchema>;

/** An optional field: left out, null, empty or blanks alone all mean none. */
function blankToUndefined(value: string | null | undefined): string | undefined {
  return value ? value : undefined;
}

/** The contact/demo form (SPEC §2.1): name, e-mail, company, phone, message. */
export function createLeadRequestSchemaWith(
  messages: EmailMessages &
    MessagesFor<
      | 'leadKindInvalid'
      | 'leadNameRequired'
      | 'leadNameTooLong'
      | 'valueInvalid'
      | 'companyTooLong'
      | 'phoneInvalid'
      | 'leadMessageRequired'
      | 'leadMessageTooLong'
    >,
) {
  return z.object({
    kind: leadKindSchemaWith(messages),
    name: requiredText(
      { required: messages.leadNameRequired, tooLong: messages.leadNameTooLong },
      LEAD_NAME_MAX_LENGTH,
    ),
    email: emailSchemaWith(messages),
    company: z.pipe(
      z.nullish(
        z
          .string({ error: messages.valueInvalid })
          .check(z.trim(), z.maxLength(LEAD_COMPANY_MAX_LENGTH, { error: messages.companyTooLong })),
      ),
      z.transform(blankToUndefined),
    ),
    /** International (E.164) form, as the phone input gives it. */
    phone: z.pipe(
      z.pipe(z.nullish(z.string({ error: messages.phoneInvalid }).check(z.trim())), z.transform(blankToUndefined)),
      z.optional(phoneSchemaWith(messages)),
    ),
    message: requiredText(
      { required: messages.leadMessageRequired, tooLong: messages.leadMessageTooLong },
      LEAD_MESSAGE_MAX_LENGTH,
    ),
  });
}
export const createLeadRequestSchema = /* @__PURE__ */ createLeadRequestSchemaWith(messageIds);
export type CreateLeadRequest = z.input<typeof createLeadRequestSchema>;

export const createLeadResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ id: idSchema }),
});
export type CreateLeadResponse = z.infer<typeof createLeadResponseSchema>;

/** A stored contact or demo request, as the team's admins list them. */
export const leadSchema = z.object({
  id: idSchema,
  kind: leadKindSchema,
  name: z.string(),
  email: z.string(),
  company: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  message: z.string(),
  createdAt: timestampSchema,
});
export type Lead = z.infer<typeof leadSchema>;

/** `GET /api/leads`: a page of the team's leads, newest first. */
export const leadListSchema = pageSchema(leadSchema);
