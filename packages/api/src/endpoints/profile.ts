import type { RequestFunction } from '../client';
import { loginResponseSchema } from '../schemas/auth';
import { dataSchema } from '../schemas/common';
import {
  type ConfirmMfaRequest,
  type MfaCodeRequest,
  type MfaLoginRequest,
  mfaEnrolmentSchema,
  mfaRecoveryCodesSchema,
  notificationSettingsSchema,
  securitySettingsSchema,
  type UpdateNotificationSettingsRequest,
  type UpdateProfileRequest,
} from '../schemas/profile';
import { currentUserSchema } from '../schemas/users';

/** The signed-in member's own settings (SPEC §2.5 `/settings/profile`) and the sign-in's second step. */
export function profileEndpoints(request: RequestFunction) {
  return {
    /** `PUT /api/currentUser`: Basic Settings, every field. */
    update: (body: UpdateProfileRequest) => request(dataSchema(currentUserSchema), 'PUT', '/api/currentUser', { body }),
    /** `GET /api/currentUser/security`: the MFA device's state and the notification switches. */
    security: () => request(dataSchema(securitySettingsSchema), 'GET', '/api/currentUser/security'),
    /** `PATCH /api/currentUser/notifications`: New Message Notification's switches. */
    updateNotifications: (body: UpdateNotificationSettingsRequest) =>
      request(dataSchema(notificationSettingsSchema), 'PATCH', '/api/currentUser/notifications', { body }),
    /** `POST /api/currentUser/mfa`: a new TOTP secret and its QR code, to bind with {@link confirmMfa}. */
    startMfa: () => request(dataSchema(mfaEnrolmentSchema), 'POST', '/api/currentUser/mfa'),
    /** `POST /api/currentUser/mfa/confirm`: binds the device with its first code; answers ten recovery codes. */
    confirmMfa: (body: ConfirmMfaRequest) =>
      request(dataSchema(mfaRecoveryCodesSchema), 'POST', '/api/currentUser/mfa/confirm', { body }),
    /** `POST /api/currentUser/mfa/unbind`: with a code from the device or a recovery code. */
    unbindMfa: (body: MfaCodeRequest) =>
      request(dataSchema(securitySettingsSchema), 'POST', '/api/currentUser/mfa/unbind', { body }),
    /** `POST /common/login/mfa`: the sign-in's second step. */
    loginMfa: (body: MfaLoginRequest) =>
      request(loginResponseSchema, 'POST', '/common/login/mfa', { body, auth: false }),
  };
}
