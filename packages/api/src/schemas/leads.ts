import * as z from 'zod/mini';
import { authMessages, phoneSchema } from './auth';
import { emailSchema, idSchema, pageSchema, requiredText, timestampSchema } from './common';

/** SPEC §2.1: `/contact-us` sends a message, `/request-demo` asks for a demo; one form serves both. */
export const LEAD_KINDS = ['contact', 'demo'] as const;
export const leadKindSchema = z.enum(LEAD_KINDS, { error: 'Choose contact or demo.' });
export type LeadKind = z.infer<typeof leadKindSchema>;

export const LEAD_NAME_MAX_LENGTH = 100;
export const LEAD_COMPANY_MAX_LENGTH = 100;
export const LEAD_MESSAGE_MAX_LENGTH = 2000;

/** The form's messages (SPEC §5 wording). */
export const leadMessages = {
  name: 'Please input your name!',
  email: authMessages.email,
  emailInvalid: authMessages.emailInvalid,
  phoneInvalid: authMessages.phoneInvalid,
  message: 'Please input your message!',
} as const;

/** An optional field: left out, null, empty or blanks alone all mean none. */
function blankToUndefined(value: string | null | undefined): string | undefined {
  return value ? value : undefined;
}

/** The contact/demo form (SPEC §2.1): name, e-mail, company, phone, message. */
export const createLeadRequestSchema = z.object({
  kind: leadKindSchema,
  name: requiredText(leadMessages.name, LEAD_NAME_MAX_LENGTH),
  email: emailSchema({ required: leadMessages.email, invalid: leadMessages.emailInvalid }),
  company: z.pipe(
    z.nullish(
      z
        .string({ error: 'This value is not valid.' })
        .check(
          z.trim(),
          z.maxLength(LEAD_COMPANY_MAX_LENGTH, { error: `At most ${LEAD_COMPANY_MAX_LENGTH} characters.` }),
        ),
    ),
    z.transform(blankToUndefined),
  ),
  /** International (E.164) form, as the phone input gives it. */
  phone: z.pipe(
    z.pipe(z.nullish(z.string({ error: leadMessages.phoneInvalid }).check(z.trim())), z.transform(blankToUndefined)),
    z.optional(phoneSchema),
  ),
  message: requiredText(leadMessages.message, LEAD_MESSAGE_MAX_LENGTH),
});
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
