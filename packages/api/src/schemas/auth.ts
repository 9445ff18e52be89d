import * as z from 'zod/mini';
import { CAPTCHA_LENGTH, EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../limits';
import { type MessagesFor, messageIds } from '../messages';
import type { EmailMessages } from './common';
import { emailSchemaWith, idSchema, idSchemaWith, requiredText } from './common';
import { type NameMessages, ownNameSchemaWith, roleSchema, teamNameSchemaWith } from './users';

const E164 = /^\+[1-9]\d{6,14}$/;

/** A phone number in international (E.164) form, as the phone input gives it: `+442071838750`. */
export function phoneSchemaWith(messages: MessagesFor<'phoneInvalid'>) {
  return z.pipe(
    z.pipe(
      z.string({ error: messages.phoneInvalid }).check(z.trim()),
      z.transform((value: string) => value.replace(/[\s().-]/g, '')),
    ),
    z.string().check(z.regex(E164, { error: messages.phoneInvalid })),
  );
}
export const phoneSchema = /* @__PURE__ */ phoneSchemaWith(messageIds);

/** A new password (required, 8 to 128 characters) and its confirmation. */
/** The messages of a new password's rules. */
export type NewPasswordMessages = MessagesFor<
  'passwordRequired' | 'passwordTooShort' | 'passwordTooLong' | 'confirmRequired' | 'passwordsMismatch'
>;

/** A new password's fields, for a form that asks more beside them; check them with {@link passwordsMatchWith}. */
export function newPasswordFieldsWith(messages: NewPasswordMessages) {
  return {
    password: z
      .string({ error: messages.passwordRequired })
      .check(
        z.minLength(1, { error: messages.passwordRequired }),
        z.minLength(PASSWORD_MIN_LENGTH, { error: messages.passwordTooShort }),
        z.maxLength(PASSWORD_MAX_LENGTH, { error: messages.passwordTooLong }),
      ),
    confirmPassword: z
      .string({ error: messages.confirmRequired })
      .check(z.minLength(1, { error: messages.confirmRequired })),
  };
}

/** The SPEC §5 rule that the confirmation matches the password. */
export function passwordsMatchWith(messages: MessagesFor<'passwordsMismatch'>) {
  return z.superRefine((value: { password: string; confirmPassword: string }, context) => {
    if (value.password !== value.confirmPassword) {
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: messages.passwordsMismatch });
    }
  });
}

/** A new password and its confirmation, matching: the part of reset and change password a person types. */
export function newPasswordSchemaWith(messages: NewPasswordMessages) {
  return z.object(newPasswordFieldsWith(messages)).check(passwordsMatchWith(messages));
}

/** The current password, when a full session changes its password: at most what Parley hashes. */
export function currentPasswordSchemaWith(messages: MessagesFor<'currentPasswordTooLong'>) {
  return z.string().check(z.maxLength(PASSWORD_MAX_LENGTH, { error: messages.currentPasswordTooLong }));
}

/** `POST /common/login`: account login (SPEC §7.1 body: email, password). */
export function loginRequestSchemaWith(
  messages: MessagesFor<
    'usernameRequired' | 'usernameTooLong' | 'passwordRequired' | 'signInPasswordTooLong' | 'idInvalid'
  >,
) {
  return z.object({
    email: z.pipe(
      requiredText({ required: messages.usernameRequired, tooLong: messages.usernameTooLong }, EMAIL_MAX_LENGTH),
      z.transform((value: string) => value.toLowerCase()),
    ),
    password: z
      .string({ error: messages.passwordRequired })
      .check(
        z.minLength(1, { error: messages.passwordRequired }),
        z.maxLength(PASSWORD_MAX_LENGTH, { error: messages.signInPasswordTooLong }),
      ),
    /** Team login (`/user/team-login/:id`): only members of this team get in. */
    teamId: z.optional(idSchemaWith(messages)),
    /** Remember me: a 30-day session instead of a 12-hour one. */
    autoLogin: z.optional(z.boolean()),
  });
}
export const loginRequestSchema = /* @__PURE__ */ loginRequestSchemaWith(messageIds);
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** `POST /common/login/mobile`: phone login with the code sent by `GET /api/login/captcha`. */
export function mobileLoginRequestSchemaWith(
  messages: MessagesFor<'phoneInvalid' | 'captchaRequired' | 'captchaInvalid' | 'idInvalid'>,
) {
  return z.object({
    mobile: phoneSchemaWith(messages),
    captcha: z
      .string({ error: messages.captchaRequired })
      .check(
        z.trim(),
        z.minLength(1, { error: messages.captchaRequired }),
        z.regex(new RegExp(`^\\d{${CAPTCHA_LENGTH}}$`), { error: messages.captchaInvalid }),
      ),
    teamId: z.optional(idSchemaWith(messages)),
    autoLogin: z.optional(z.boolean()),
  });
}
export const mobileLoginRequestSchema = /* @__PURE__ */ mobileLoginRequestSchemaWith(messageIds);
export type MobileLoginRequest = z.input<typeof mobileLoginRequestSchema>;

/** SPEC §3 login response; `status`, `type` and `currentAuthority` set the login state. */
export const loginResponseSchema = z.object({
  statusCode: z.literal(200),
  status: z.literal('ok'),
  type: z.enum(['account', 'mobile']),
  currentAuthority: roleSchema,
  data: z.object({
    token: z.string(),
    /** True when the member must set a new password before anything else (`/user/change-password/:token`). */
    firstLogin: z.boolean(),
    /**
     * True when the member's MFA device must give a code first: the token is good only for
     * `POST /common/login/mfa`, which answers the full session.
     */
    mfaRequired: z.optional(z.boolean()),
  }),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** `GET /api/login/captcha?mobile=`. */
export const captchaQuerySchema = z.object({ mobile: phoneSchema });
export const captchaResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ expiresInSeconds: z.int() }),
});

/**
 * Team registration (SPEC §3: email, password, confirm password), with the member's own name and
 * the team's: a new team is named by its founder, not after an e-mail address.
 */
export function registerRequestSchemaWith(messages: EmailMessages & NewPasswordMessages & NameMessages) {
  return z
    .object({
      name: ownNameSchemaWith(messages),
      teamName: teamNameSchemaWith(messages),
      email: emailSchemaWith(messages),
      ...newPasswordFieldsWith(messages),
    })
    .check(passwordsMatchWith(messages));
}
export const registerRequestSchema = /* @__PURE__ */ registerRequestSchemaWith(messageIds);
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** Forgot password: always answered the same way, whether or not the address is known. */
export function forgotPasswordRequestSchemaWith(messages: EmailMessages) {
  return z.object({ email: emailSchemaWith(messages) });
}
export const forgotPasswordRequestSchema = /* @__PURE__ */ forgotPasswordRequestSchemaWith(messageIds);
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

/** Reset password from the e-mailed link `/user/reset-password/:token/:userId`. */
export function resetPasswordRequestSchemaWith(messages: NewPasswordMessages & MessagesFor<'idInvalid'>) {
  return z
    .object({
      token: z.string().check(z.minLength(1), z.maxLength(200)),
      userId: idSchemaWith(messages),
      ...newPasswordFieldsWith(messages),
    })
    .check(passwordsMatchWith(messages));
}
export const resetPasswordRequestSchema = /* @__PURE__ */ resetPasswordRequestSchemaWith(messageIds);
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** Whether a reset link can still be used, asked when its page opens (nothing is spent). */
export const resetLinkCheckRequestSchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(200)),
  userId: idSchema,
});
export type ResetLinkCheckRequest = z.input<typeof resetLinkCheckRequestSchema>;
/** A live link's account address: the login page is filled with it once the new password is set. */
export const resetLinkCheckResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ email: z.string() }),
});

/**
 * Change password (`/user/change-password/:token`). With a first-login token the one-time password
 * was just typed, so only the new one is asked; with a full session the current one is required.
 */
export function changePasswordRequestSchemaWith(messages: NewPasswordMessages & MessagesFor<'currentPasswordTooLong'>) {
  return z
    .object({
      token: z.string().check(z.minLength(1), z.maxLength(4096)),
      currentPassword: z.optional(currentPasswordSchemaWith(messages)),
      ...newPasswordFieldsWith(messages),
    })
    .check(passwordsMatchWith(messages));
}
export const changePasswordRequestSchema = /* @__PURE__ */ changePasswordRequestSchemaWith(messageIds);
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** What a team login page may show of a team before sign-in. */
export const publicTeamSchema = z.object({ id: idSchema, name: z.string() });
export type PublicTeam = z.infer<typeof publicTeamSchema>;
