import * as z from 'zod/mini';
import { emailSchema, idSchema, requiredText } from './common';
import { roleSchema } from './users';

/** The shortest password Parley accepts (NIST SP 800-63B's floor) and the longest it hashes. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** A phone code: six digits, valid five minutes, five tries (issue 3). */
export const CAPTCHA_LENGTH = 6;
export const CAPTCHA_TTL_SECONDS = 300;
export const CAPTCHA_MAX_ATTEMPTS = 5;

/** SPEC §5 messages. */
export const authMessages = {
  username: 'Please input your username!',
  password: 'Please input your password!',
  passwordLength: `The password must have at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `The password must have at most ${PASSWORD_MAX_LENGTH} characters.`,
  confirm: 'Please confirm your password!',
  mismatch: 'The passwords that you entered do not match!',
  email: 'Please input your E-mail!',
  emailInvalid: 'The input is not valid E-mail!',
  phoneInvalid: 'Phone number is invalid!',
  captcha: 'Please input verification code!',
  captchaInvalid: 'Verification Code Error',
  credentials: 'Incorrect username/password',
} as const;

const E164 = /^\+[1-9]\d{6,14}$/;

/** A phone number in international (E.164) form, as the phone input gives it: `+442071838750`. */
export const phoneSchema = z.pipe(
  z.pipe(
    z.string({ error: authMessages.phoneInvalid }).check(z.trim()),
    z.transform((value: string) => value.replace(/[\s().-]/g, '')),
  ),
  z.string().check(z.regex(E164, { error: authMessages.phoneInvalid })),
);

/** A new password: required, 8 to 128 characters. */
export const newPasswordSchema = z
  .string({ error: authMessages.password })
  .check(
    z.minLength(1, { error: authMessages.password }),
    z.minLength(PASSWORD_MIN_LENGTH, { error: authMessages.passwordLength }),
    z.maxLength(PASSWORD_MAX_LENGTH, { error: authMessages.passwordTooLong }),
  );

const confirmPasswordSchema = z
  .string({ error: authMessages.confirm })
  .check(z.minLength(1, { error: authMessages.confirm }));

/** The SPEC §5 rule that the confirmation matches the password. */
const passwordsMatch = z.superRefine((value: { password: string; confirmPassword: string }, context) => {
  if (value.password !== value.confirmPassword) {
    context.addIssue({ code: 'custom', path: ['confirmPassword'], message: authMessages.mismatch });
  }
});

/** `POST /common/login`: account login (SPEC §7.1 body: email, password). */
export const loginRequestSchema = z.object({
  email: z.pipe(
    requiredText(authMessages.username, 320),
    z.transform((value: string) => value.toLowerCase()),
  ),
  password: z
    .string({ error: authMessages.password })
    .check(z.minLength(1, { error: authMessages.password }), z.maxLength(PASSWORD_MAX_LENGTH)),
  /** Team login (`/user/team-login/:id`): only members of this team get in. */
  teamId: z.optional(idSchema),
  /** Remember me: a 30-day session instead of a 12-hour one. */
  autoLogin: z.optional(z.boolean()),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** `POST /common/login/mobile`: phone login with the code sent by `GET /api/login/captcha`. */
export const mobileLoginRequestSchema = z.object({
  mobile: phoneSchema,
  captcha: z
    .string({ error: authMessages.captcha })
    .check(
      z.trim(),
      z.minLength(1, { error: authMessages.captcha }),
      z.regex(/^\d{6}$/, { error: authMessages.captchaInvalid }),
    ),
  teamId: z.optional(idSchema),
  autoLogin: z.optional(z.boolean()),
});
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
  }),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** `GET /api/login/captcha?mobile=`. */
export const captchaQuerySchema = z.object({ mobile: phoneSchema });
export const captchaResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ expiresInSeconds: z.int() }),
});

/** Team registration (SPEC §3: email, password, confirm password). */
export const registerRequestSchema = z
  .object({
    email: emailSchema({ required: authMessages.email, invalid: authMessages.emailInvalid }),
    password: newPasswordSchema,
    confirmPassword: confirmPasswordSchema,
    /** The team's name; when left out it is made from the e-mail address. */
    teamName: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  })
  .check(passwordsMatch);
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** Forgot password: always answered the same way, whether or not the address is known. */
export const forgotPasswordRequestSchema = z.object({
  email: emailSchema({ required: authMessages.email, invalid: authMessages.emailInvalid }),
});
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

/** Reset password from the e-mailed link `/user/reset-password/:token/:userId`. */
export const resetPasswordRequestSchema = z
  .object({
    token: z.string().check(z.minLength(1), z.maxLength(200)),
    userId: idSchema,
    password: newPasswordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .check(passwordsMatch);
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/**
 * Change password (`/user/change-password/:token`). With a first-login token the one-time password
 * was just typed, so only the new one is asked; with a full session the current one is required.
 */
export const changePasswordRequestSchema = z
  .object({
    token: z.string().check(z.minLength(1), z.maxLength(4096)),
    currentPassword: z.optional(z.string().check(z.maxLength(PASSWORD_MAX_LENGTH))),
    password: newPasswordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .check(passwordsMatch);
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** What a team login page may show of a team before sign-in. */
export const publicTeamSchema = z.object({ id: idSchema, name: z.string() });
export type PublicTeam = z.infer<typeof publicTeamSchema>;
