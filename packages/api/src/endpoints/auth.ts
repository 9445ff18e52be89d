import type { RequestFunction } from '../client';
import {
  type ChangePasswordRequest,
  captchaResponseSchema,
  type ForgotPasswordRequest,
  type LoginRequest,
  loginResponseSchema,
  type MobileLoginRequest,
  publicTeamSchema,
  type RegisterRequest,
  type ResetLinkCheckRequest,
  type ResetPasswordRequest,
  resetLinkCheckResponseSchema,
} from '../schemas/auth';
import { dataSchema, okSchema } from '../schemas/common';

/** Sign-in, registration and passwords: the routes under `/common` and the phone code. */
export function authEndpoints(request: RequestFunction) {
  return {
    /** `POST /common/login` (SPEC §7.1). */
    login: (body: LoginRequest) => request(loginResponseSchema, 'POST', '/common/login', { body, auth: false }),
    /** `POST /common/login/mobile`: phone number and the code from {@link captcha}. */
    loginWithPhone: (body: MobileLoginRequest) =>
      request(loginResponseSchema, 'POST', '/common/login/mobile', { body, auth: false }),
    /** `GET /api/login/captcha?mobile=` sends a six-digit code by SMS (SPEC §7.1). */
    captcha: (mobile: string) =>
      request(captchaResponseSchema, 'GET', '/api/login/captcha', { query: { mobile }, auth: false }),
    /** Ends the session on the server: the token stops working at once. */
    logout: () => request(okSchema, 'POST', '/common/logout'),
    /** Team registration: creates the team and its first admin, and signs them in. */
    register: (body: RegisterRequest) =>
      request(loginResponseSchema, 'POST', '/common/register', { body, auth: false }),
    forgotPassword: (body: ForgotPasswordRequest) =>
      request(okSchema, 'POST', '/common/forgot-password', { body, auth: false }),
    /** Whether the e-mailed reset link is still live; a spent or expired one answers 400. */
    checkResetLink: (body: ResetLinkCheckRequest) =>
      request(resetLinkCheckResponseSchema, 'POST', '/common/reset-password/check', { body, auth: false }),
    resetPassword: (body: ResetPasswordRequest) =>
      request(okSchema, 'POST', '/common/reset-password', { body, auth: false }),
    changePassword: (body: ChangePasswordRequest) =>
      request(loginResponseSchema, 'POST', '/common/change-password', { body, auth: false }),
    /** The name of the team a team-login link points at. */
    team: (id: string) =>
      request(dataSchema(publicTeamSchema), 'GET', `/common/teams/${encodeURIComponent(id)}`, { auth: false }),
  };
}
