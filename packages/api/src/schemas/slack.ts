import * as z from 'zod/mini';
import { type MessagesFor, messageIds } from '../messages';
import { dataSchema, idSchema, timestampSchema } from './common';

/** A Slack token's longest form: Slack's are under 100 characters; this leaves room and bounds the input. */
export const SLACK_TOKEN_MAX_LENGTH = 255;

export type SlackTokenMessages = MessagesFor<'slackTokenRequired' | 'slackTokenInvalid'>;

/** A Slack token as an admin pastes it: trimmed, `xox` and a letter, a hyphen, then letters, digits and hyphens. */
export function saveSlackTokenRequestSchemaWith(messages: SlackTokenMessages) {
  return z.object({
    token: z
      .string({ error: messages.slackTokenRequired })
      .check(
        z.trim(),
        z.minLength(1, { error: messages.slackTokenRequired }),
        z.maxLength(SLACK_TOKEN_MAX_LENGTH, { error: messages.slackTokenInvalid }),
        z.regex(/^xox[a-z]-[A-Za-z0-9-]+$/, { error: messages.slackTokenInvalid }),
      ),
  });
}
export const saveSlackTokenRequestSchema = /* @__PURE__ */ saveSlackTokenRequestSchemaWith(messageIds);
export type SaveSlackTokenRequest = z.input<typeof saveSlackTokenRequestSchema>;

/** A person of the Slack workspace as the latest Sync Users read them. */
export const slackPersonSchema = z.object({
  slackId: z.string(),
  name: z.string(),
  /** Lower case; null when Slack gave none (the token lacks `users:read.email`, say). */
  email: z.nullable(z.string()),
});
export type SlackPerson = z.infer<typeof slackPersonSchema>;

/** A Slack person whose e-mail address is a member's. */
export const slackMatchSchema = z.extend(slackPersonSchema, {
  member: z.object({ id: idSchema, name: z.string() }),
});
export type SlackMatch = z.infer<typeof slackMatchSchema>;

/**
 * The team's Slack settings (`GET /api/slack`): whether a token is saved (only its last 4
 * characters are ever shown), the workspace it belongs to, and the latest Sync Users: who matched
 * a member by e-mail, who did not, and when it ran.
 */
export const slackSettingsSchema = z.object({
  connected: z.boolean(),
  tokenLast4: z.nullable(z.string()),
  workspace: z.nullable(z.string()),
  savedAt: z.nullable(timestampSchema),
  /** When Sync Users last stored its result; null before the first. */
  syncedAt: z.nullable(timestampSchema),
  matched: z.array(slackMatchSchema),
  unmatched: z.array(slackPersonSchema),
});
export type SlackSettings = z.infer<typeof slackSettingsSchema>;
export const slackSettingsResponseSchema = /* @__PURE__ */ dataSchema(slackSettingsSchema);
