import {
  authEndpoints,
  type LoginRequest,
  type PasswordResetConfirmationRequest,
  type PasswordResetRequest,
  type RegistrationB2CRequest,
  type RegistrationRequest,
} from '@care/contract/auth';
import type { LoginResponse } from '@care/contract/mfa';
import { PORTAL_BROAD_VALUE, type User, userEndpoints } from '@care/contract/user';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '#app/config/paths.ts';
import { LOCAL } from '#app/config/storage-keys.ts';
import { ApiRequestError, callApi } from '#app/lib/api-client.ts';
import { useAuthStore } from '#app/lib/auth-store.ts';
import { storeAuthorities } from './authorities.tsx';
import { dismissSignOutWarning, notifySignOut } from './components/sign-out-notice.tsx';
import { signOut } from './sign-out.ts';

export const authKeys = {
  all: ['auth'] as const,
  captcha: () => [...authKeys.all, 'captcha'] as const,
  resetLink: (token: string) => [...authKeys.all, 'reset-link', token] as const,
};

/** GET auth/captcha: whether registration and password reset need a captcha solution. */
export const captchaQuery = queryOptions({
  queryKey: authKeys.captcha(),
  queryFn: ({ signal }) => callApi(authEndpoints.captcha, {}, { signal, silent: true }),
  staleTime: Infinity,
});

/** Remember-me keeps only the e-mail for the next visit, never the password (docs/decisions/008). */
export function rememberedUsername(): string {
  return localStorage.getItem(LOCAL.email) ?? '';
}

function rememberUsername(username: string, remember: boolean): void {
  if (remember) localStorage.setItem(LOCAL.email, username);
  else localStorage.removeItem(LOCAL.email);
}

/**
 * The end of every sign-in (password, passkey, the second factor): the authorities and settings kept locally, then
 * signed in. A failure signs out and passes the error on.
 */
export async function finishSignIn(user: User): Promise<User> {
  try {
    const [authorities, settings] = await Promise.all([
      callApi(userEndpoints.authorities, {}, { silent: true }),
      callApi(userEndpoints.listSettings, { query: { broadValue: PORTAL_BROAD_VALUE } }, { silent: true }),
    ]);
    storeAuthorities(authorities);
    localStorage.setItem(LOCAL.userSettings, JSON.stringify(settings));
    dismissSignOutWarning();
    useAuthStore.getState().setSignedIn(user);
    return user;
  } catch (error) {
    useAuthStore.getState().setSignedOut();
    throw error;
  }
}

/**
 * SPEC §4 login: the call, then finishSignIn. A failure removes the local flag, signs out and passes the error on
 * (the caller shows it). An account with a second factor (or staff held to set one up) answers `secondFactor`:
 * the sign-in is finished by the second-factor screen then.
 */
export async function signIn(credentials: LoginRequest): Promise<LoginResponse> {
  try {
    const answer = await callApi(authEndpoints.login, { body: credentials }, { silent: true });
    rememberUsername(credentials.username, credentials.remember);
    if (answer.secondFactor) return answer;
    await finishSignIn(answer);
    return answer;
  } catch (error) {
    useAuthStore.getState().setSignedOut();
    throw error;
  }
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}

/**
 * SPEC §2/§4 logout: storage (preferences kept), query cache, the call, signed out; then '/' and
 * 'sign-out-successful', or, when the server did not confirm it, an error notice titled 'sign-out' that offers to
 * try again (components/sign-out-notice.tsx). Call `mutate()` from the user menu.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => signOut(queryClient),
    onSuccess: async (confirmed) => {
      notifySignOut(confirmed);
      await navigate(paths.login, { replace: true });
    },
  });
}

/** POST auth/registration: 202 whether or not the e-mail is known; field errors come back in `fields`. */
export function useRegister() {
  return useMutation({
    mutationFn: (body: RegistrationRequest) => callApi(authEndpoints.register, { body }, { silent: true }),
  });
}

export function useRegisterB2C() {
  return useMutation({
    mutationFn: (body: RegistrationB2CRequest) =>
      callApi(authEndpoints.registerB2C, { body }, { silent: true }),
  });
}

/** POST auth/registration/confirmation with the two parts of the e-mailed link. */
export function confirmRegistration(id: string, username: string) {
  return callApi(authEndpoints.confirmRegistration, { body: { id, username } }, { silent: true });
}

/** POST auth/password-reset: 202 always, so the screen says the same thing whatever the address. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: PasswordResetRequest) =>
      callApi(authEndpoints.requestPasswordReset, { body }, { silent: true }),
  });
}

/**
 * POST auth/password-reset/check when the reset link's page opens: 'usable', or 'invalid' (unknown, expired or
 * already used), so the page says so before anyone types a password. Any other failure is an error, and the
 * page offers the form: saving the password tells the truth anyway.
 */
export const resetLinkQuery = (token: string) =>
  queryOptions({
    queryKey: authKeys.resetLink(token),
    queryFn: async (): Promise<'usable' | 'invalid'> => {
      try {
        await callApi(authEndpoints.checkPasswordReset, { body: { token } }, { silent: true });
        return 'usable';
      } catch (error) {
        if (error instanceof ApiRequestError && error.body?.code === 'INVALID_TOKEN') return 'invalid';
        throw error;
      }
    },
    staleTime: 0,
    // No waiting on retries: the form is the fallback.
    retry: false,
  });

export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (body: PasswordResetConfirmationRequest) =>
      callApi(authEndpoints.confirmPasswordReset, { body }, { silent: true }),
  });
}
