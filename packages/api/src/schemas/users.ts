import * as z from 'zod/mini';
import { MEMBER_NAME_MAX_LENGTH, TEAM_NAME_MAX_LENGTH } from '../limits';
import { type Messages, type MessagesFor, messageIds } from '../messages';
import { type EmailMessages, emailSchemaWith, idSchema, pageSchema, requiredText, timestampSchema } from './common';
import { AVAILABILITIES } from './presence';

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

/**
 * A member as the Support team list shows them (`GET /api/users`): the member, with what the
 * team sees of their availability, when they were last seen and their calls this week.
 */
export const teamMemberSchema = z.extend(memberSchema, {
  /** As presence computes it: the member's choice while a tab is open, else `offline`. */
  availability: z.enum(AVAILABILITIES),
  /**
   * The latest of their open tabs' last heartbeat and their latest sign-in (a session issued);
   * null for an invitation nobody has taken up.
   */
  lastSeenAt: z.nullable(timestampSchema),
  /** Calls they answered that came in since the start of the ISO week (Monday 00:00 UTC). */
  callsThisWeek: z.int().check(z.minimum(0)),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
export const teamMemberListSchema = /* @__PURE__ */ pageSchema(teamMemberSchema);
export type TeamMemberList = z.infer<typeof teamMemberListSchema>;

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

/** The messages of a member's name as an admin types it. */
export type MemberNameMessages = MessagesFor<'memberNameRequired' | 'memberNameTooLong'>;

/** A member's name, as an admin types it. */
function memberNameSchema(messages: MemberNameMessages) {
  return requiredText(
    { required: messages.memberNameRequired, tooLong: messages.memberNameTooLong },
    MEMBER_NAME_MAX_LENGTH,
  );
}

/** The messages of a member's own name and of a team's name. */
export type NameMessages = MessagesFor<
  'ownNameRequired' | 'memberNameTooLong' | 'teamNameRequired' | 'teamNameTooLong'
>;

/** A member's own name, as they type it at registration or change it later. */
export function ownNameSchemaWith(messages: NameMessages) {
  return requiredText(
    { required: messages.ownNameRequired, tooLong: messages.memberNameTooLong },
    MEMBER_NAME_MAX_LENGTH,
  );
}

/** A team's name, as its first admin registers it and an admin changes it later. */
export function teamNameSchemaWith(messages: NameMessages) {
  return requiredText({ required: messages.teamNameRequired, tooLong: messages.teamNameTooLong }, TEAM_NAME_MAX_LENGTH);
}

/** A member changes their own name (any role). */
export function updateCurrentUserRequestSchemaWith(messages: NameMessages) {
  return z.object({ name: ownNameSchemaWith(messages) });
}
export const updateCurrentUserRequestSchema = /* @__PURE__ */ updateCurrentUserRequestSchemaWith(messageIds);
export type UpdateCurrentUserRequest = z.input<typeof updateCurrentUserRequestSchema>;

/** An admin renames the team. */
export function updateTeamRequestSchemaWith(messages: NameMessages) {
  return z.object({ name: teamNameSchemaWith(messages) });
}
export const updateTeamRequestSchema = /* @__PURE__ */ updateTeamRequestSchemaWith(messageIds);
export type UpdateTeamRequest = z.input<typeof updateTeamRequestSchema>;

/** The team as `PATCH /api/team` answers it. */
export const teamSchema = z.object({ id: idSchema, name: z.string() });
export type Team = z.infer<typeof teamSchema>;

/** The messages of an invitation's fields. */
export type InviteMessages = EmailMessages & MemberNameMessages;

/** An admin invites a member: they get an e-mail with a one-time password. */
export function inviteMemberRequestSchemaWith(messages: InviteMessages) {
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
