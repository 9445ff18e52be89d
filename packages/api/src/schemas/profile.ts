import * as z from 'zod/mini';
import {
  MEMBER_NAME_MAX_LENGTH,
  MFA_CODE_LENGTH,
  MFA_RECOVERY_CODE_LENGTH,
  PROFILE_FIELD_MAX_LENGTH,
  PROFILE_TEXT_MAX_LENGTH,
} from '../limits';
import { type MessagesFor, messageIds } from '../messages';
import { phoneSchemaWith } from './auth';
import { type EmailMessages, emailSchemaWith, requiredText } from './common';

/** The messages of the Basic Settings form (SPEC §5 Settings: each field required). */
export type ProfileMessages = EmailMessages &
  MessagesFor<
    | 'nicknameRequired'
    | 'memberNameTooLong'
    | 'signatureRequired'
    | 'profileTextTooLong'
    | 'countryRequired'
    | 'geographicRequired'
    | 'addressRequired'
    | 'profileFieldTooLong'
    | 'phoneRequired'
    | 'phoneInvalid'
  >;

/**
 * `PUT /api/currentUser`: the member's own Basic Settings (SPEC §2.5), every field required. The
 * nickname is the member's name; the personal profile is their `signature` (SPEC §3).
 */
export function updateProfileRequestSchemaWith(messages: ProfileMessages) {
  const field = (required: string) =>
    requiredText({ required, tooLong: messages.profileFieldTooLong }, PROFILE_FIELD_MAX_LENGTH);
  return z.object({
    email: emailSchemaWith(messages),
    name: requiredText(
      { required: messages.nicknameRequired, tooLong: messages.memberNameTooLong },
      MEMBER_NAME_MAX_LENGTH,
    ),
    signature: requiredText(
      { required: messages.signatureRequired, tooLong: messages.profileTextTooLong },
      PROFILE_TEXT_MAX_LENGTH,
    ),
    country: field(messages.countryRequired),
    province: field(messages.geographicRequired),
    city: field(messages.geographicRequired),
    address: field(messages.addressRequired),
    phone: z.pipe(
      z.string({ error: messages.phoneRequired }).check(z.trim(), z.minLength(1, { error: messages.phoneRequired })),
      phoneSchemaWith(messages),
    ),
  });
}
export const updateProfileRequestSchema = /* @__PURE__ */ updateProfileRequestSchemaWith(messageIds);
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

/** New Message Notification (SPEC §2.5): which notices the server creates for the member. */
export const notificationSettingsSchema = z.object({
  /** Notices about the member's account: their password, their second factor, their phone. */
  account: z.boolean(),
  /** The system's news: a welcome, a member who joined, a video watched. */
  system: z.boolean(),
  /** Things to do: missed calls, video messages, contact and demo requests. */
  todo: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** `PATCH /api/currentUser/notifications`: one or more of the switches. */
export function updateNotificationSettingsRequestSchemaWith(messages: MessagesFor<'nothingToChange'>) {
  return z
    .object({
      account: z.optional(z.boolean()),
      system: z.optional(z.boolean()),
      todo: z.optional(z.boolean()),
    })
    .check(z.refine((value) => Object.keys(value).length > 0, { error: messages.nothingToChange }));
}
export const updateNotificationSettingsRequestSchema =
  /* @__PURE__ */ updateNotificationSettingsRequestSchemaWith(messageIds);
export type UpdateNotificationSettingsRequest = z.input<typeof updateNotificationSettingsRequestSchema>;

/** `GET /api/currentUser/security`: what Security Settings and New Message Notification show. */
export const securitySettingsSchema = z.object({
  mfa: z.object({
    /** A TOTP device is bound: signing in asks for its code. */
    bound: z.boolean(),
    /** Recovery codes not used yet. */
    recoveryCodesLeft: z.int().check(z.minimum(0)),
  }),
  notifications: notificationSettingsSchema,
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

/** `POST /api/currentUser/mfa`: a new secret to bind, as text and as a QR code of its otpauth URI. */
export const mfaEnrolmentSchema = z.object({
  /** Base32, for typing into an authenticator by hand. */
  secret: z.string(),
  /** The `otpauth://totp/…` URI the QR code holds. */
  uri: z.string(),
  /** The QR code as an SVG `data:` URL. */
  qrCode: z.string(),
});
export type MfaEnrolment = z.infer<typeof mfaEnrolmentSchema>;

/** A TOTP code (six digits) or, where taken, a recovery code (ten letters and digits). */
function mfaCodeSchemaWith(messages: MessagesFor<'mfaCodeRequired' | 'mfaCodeInvalid'>, recovery: boolean) {
  const pattern = recovery
    ? new RegExp(`^(\\d{${MFA_CODE_LENGTH}}|[0-9a-z]{${MFA_RECOVERY_CODE_LENGTH}})$`)
    : new RegExp(`^\\d{${MFA_CODE_LENGTH}}$`);
  return z.pipe(
    z
      .string({ error: messages.mfaCodeRequired })
      .check(z.trim(), z.minLength(1, { error: messages.mfaCodeRequired }), z.maxLength(40)),
    z.pipe(
      z.transform((value: string) => value.replace(/[\s-]/g, '').toLowerCase()),
      z.string().check(z.regex(pattern, { error: messages.mfaCodeInvalid })),
    ),
  );
}

/** `POST /api/currentUser/mfa/confirm`: the first code from the new device binds it. */
export function confirmMfaRequestSchemaWith(messages: MessagesFor<'mfaCodeRequired' | 'mfaCodeInvalid'>) {
  return z.object({ code: mfaCodeSchemaWith(messages, false) });
}
export const confirmMfaRequestSchema = /* @__PURE__ */ confirmMfaRequestSchemaWith(messageIds);
export type ConfirmMfaRequest = z.input<typeof confirmMfaRequestSchema>;

/** The ten recovery codes, shown once when the device is bound. */
export const mfaRecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type MfaRecoveryCodes = z.infer<typeof mfaRecoveryCodesSchema>;

/** `POST /api/currentUser/mfa/unbind`: a code from the device, or a recovery code. */
export function mfaCodeRequestSchemaWith(messages: MessagesFor<'mfaCodeRequired' | 'mfaCodeInvalid'>) {
  return z.object({ code: mfaCodeSchemaWith(messages, true) });
}
export const mfaCodeRequestSchema = /* @__PURE__ */ mfaCodeRequestSchemaWith(messageIds);
export type MfaCodeRequest = z.input<typeof mfaCodeRequestSchema>;

/** `POST /common/login/mfa`: the sign-in's second step, with the token its first step answered. */
export function mfaLoginRequestSchemaWith(messages: MessagesFor<'mfaCodeRequired' | 'mfaCodeInvalid'>) {
  return z.object({
    token: z.string().check(z.minLength(1), z.maxLength(4096)),
    code: mfaCodeSchemaWith(messages, true),
    /** Remember me, as the first step had it. */
    autoLogin: z.optional(z.boolean()),
  });
}
export const mfaLoginRequestSchema = /* @__PURE__ */ mfaLoginRequestSchemaWith(messageIds);
export type MfaLoginRequest = z.input<typeof mfaLoginRequestSchema>;
