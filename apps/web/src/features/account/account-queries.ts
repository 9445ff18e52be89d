import type { LoginResponse } from '@parley/api';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../lib/api';
import { afterLoginPath } from '../../lib/redirect';
import { startSession } from '../../lib/session';
import { type RequestCallbacks, useRequest } from '../../lib/use-request';
import { useAskSecondFactor } from './second-factor-context';

// The account screens' calls. None of them reads or changes cached data (these pages load no
// query cache: lib/use-request); what a sign-in changes is the session, which the sign-in
// requests start themselves, after the screen's own onSuccess.

/**
 * SPEC §2.2 and §4: what follows a successful sign-in. A first login goes to
 * `/user/change-password/{token}`; otherwise the token is stored and the member goes to the
 * `redirect` parameter when it is of this origin, to `/` when it is not, and to `/dashboard` without one.
 */
function useCompleteSignIn(): (response: LoginResponse, loginId?: string, remember?: boolean) => void {
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const askSecondFactor = useAskSecondFactor();
  return (response, loginId, remember) => {
    // An MFA device is bound: the login page asks for its code before the session starts.
    if (response.data.mfaRequired && askSecondFactor) {
      askSecondFactor({ token: response.data.token, remember: remember ?? false, loginId });
      return;
    }
    if (response.data.firstLogin) {
      navigate(`/user/change-password/${encodeURIComponent(response.data.token)}`);
      return;
    }
    startSession(response, loginId);
    navigate(afterLoginPath(query.get('redirect'), window.location.origin), { replace: true });
  };
}

/** A sign-in request: on success, the screen's own `onSuccess`, then the session starts (or its second step). */
export function useSignIn<Request>(
  signIn: (request: Request) => Promise<LoginResponse>,
  /** What to remember as the last account used here (SPEC §3 LoginID), if anything. */
  loginIdOf: (request: Request) => string | undefined,
  callbacks: RequestCallbacks<(request: Request) => Promise<LoginResponse>> = {},
) {
  const completeSignIn = useCompleteSignIn();
  return useRequest(signIn, {
    ...callbacks,
    onSuccess: (response, request) => {
      callbacks.onSuccess?.(response, request);
      completeSignIn(response, loginIdOf(request), (request as { autoLogin?: boolean }).autoLogin);
    },
  });
}

/** `POST /common/login`: sign in with e-mail and password (SPEC §4). */
export function useLogin(callbacks?: RequestCallbacks<typeof api.auth.login>) {
  return useSignIn(api.auth.login, (request) => request.email, callbacks);
}

/** `GET /api/login/captcha`: has the sign-in code sent to a phone by SMS (SPEC §2.3). */
export function useSendPhoneCode(callbacks?: RequestCallbacks<typeof api.auth.captcha>) {
  return useRequest(api.auth.captcha, callbacks);
}

/** `POST /common/login/mobile`: sign in with a phone number and its code. */
export function usePhoneLogin(callbacks?: RequestCallbacks<typeof api.auth.loginWithPhone>) {
  return useSignIn(api.auth.loginWithPhone, () => undefined, callbacks);
}

/** `POST /common/register`: a new team with this member as its admin, signed in. */
export function useRegister(callbacks?: RequestCallbacks<typeof api.auth.register>) {
  return useSignIn(api.auth.register, (request) => request.email, callbacks);
}

/** `POST /common/forgot-password`: has a link to set a new password e-mailed. */
export function useForgotPassword(callbacks?: RequestCallbacks<typeof api.auth.forgotPassword>) {
  return useRequest(api.auth.forgotPassword, callbacks);
}

/** `POST /common/reset-password`: the new password of an e-mailed link. */
/** `POST /common/reset-password/check`: whether the e-mailed link is still live (spends nothing). */
export function useCheckResetLink(callbacks?: RequestCallbacks<typeof api.auth.checkResetLink>) {
  return useRequest(api.auth.checkResetLink, callbacks);
}

export function useResetPassword(callbacks?: RequestCallbacks<typeof api.auth.resetPassword>) {
  return useRequest(api.auth.resetPassword, callbacks);
}

/** `POST /common/change-password`: a first login's or a member's new password; answers a sign-in. */
export function useChangePassword(callbacks?: RequestCallbacks<typeof api.auth.changePassword>) {
  return useSignIn(api.auth.changePassword, () => undefined, callbacks);
}
