import * as z from 'zod/mini';
import { MEMBER_NAME_MAX_LENGTH } from '../limits';
import { type Messages, messageIds } from '../messages';
import { emailSchemaWith, idSchema, requiredText, timestampSchema } from './common';

export const ROLES = ['admin', 'user'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** A member of the team as `GET /api/users` lists them. */
export const memberSchema = z.object({
  id: idSchema,
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  phone: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
  /** Invited and not yet signed in with a password of their own. */
  firstLogin: z.boolean(),
  disabled: z.boolean(),
  createdAt: timestampSchema,
});
export type Member = z.infer<typeof memberSchema>;

const labelled = z.object({ key: z.string(), label: z.string() });

/** SPEC §3 current-user shape, filled with the signed-in member's own values. */
export const currentUserSchema = z.object({
  userid: idSchema,
  name: z.string(),
  avatar: z.nullable(z.string()),
  email: z.string(),
  signature: z.string(),
  title: z.string(),
  group: z.string(),
  tags: z.array(labelled),
  notifyCount: z.int(),
  unreadCount: z.int(),
  country: z.string(),
  geographic: z.object({ province: labelled, city: labelled }),
  address: z.string(),
  phone: z.string(),
  /** The member's role: the app's current authority. */
  access: z.enum(['admin', 'user']),
  team: z.object({ id: idSchema, name: z.string() }),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** A member's name, as an admin types it. */
function memberNameSchema(messages: Messages) {
  return requiredText(
    { required: messages.memberNameRequired, tooLong: messages.memberNameTooLong },
    MEMBER_NAME_MAX_LENGTH,
  );
}

/** An admin invites a member: they get an e-mail with a one-time password. */
export function inviteMemberRequestSchemaWith(messages: Messages) {
  return z.object({
    email: emailSchemaWith(messages),
    name: memberNameSchema(messages),
    role: z._default(roleSchema, 'user'),
  });
}
export const inviteMemberRequestSchema = /* @__PURE__ */ inviteMemberRequestSchemaWith(messageIds);
export type InviteMemberRequest = z.input<typeof inviteMemberRequestSchema>;

/** An admin changes a member's role or disables them (a disabled member is signed out at once). */
export function updateMemberRequestSchemaWith(messages: Messages) {
  return z
    .object({
      name: z.optional(memberNameSchema(messages)),
      role: z.optional(roleSchema),
      disabled: z.optional(z.boolean()),
    })
    .check(z.refine((value) => Object.keys(value).length > 0, { error: messages.nothingToChange }));
}
export const updateMemberRequestSchema = /* @__PURE__ */ updateMemberRequestSchemaWith(messageIds);
export type UpdateMemberRequest = z.input<typeof updateMemberRequestSchema>;
