import type { QueryClient } from '@tanstack/react-query';
import { LOCAL } from '#app/config/storage-keys.ts';
import { authEndpoints } from '@care/contract/auth';
import { callApi } from '#app/lib/api-client.ts';
import { useAuthStore } from '#app/lib/auth-store.ts';

/**
 * SPEC §4 says sign-out clears session and local storage. What survives are this browser's preferences,
 * not account data: the colour scheme, the language, and the e-mail kept by remember-me to prefill sign-in
 * (docs/decisions/008 and 012).
 */
const PREFERENCE_KEYS = ['mantine-color-scheme-value', 'i18nextLng', LOCAL.email] as const;

function clearBrowserStorage(): void {
  const kept = PREFERENCE_KEYS.map((key) => [key, localStorage.getItem(key)] as const);
  sessionStorage.clear();
  localStorage.clear();
  for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
}

/**
 * POST auth/logout: true once the server has ended the session. False when it could not confirm it (no answer,
 * or an error answer): the session may still be active, and since the cookie is still there a retry can end it.
 */
export async function endServerSession(): Promise<boolean> {
  try {
    await callApi(authEndpoints.logout, {}, { silent: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * SPEC §4 logout, in its order: storage, query cache, the logout call, then signed out. The browser side is
 * signed out whatever the call does; the answer says whether the server confirmed it, so the screen can tell the
 * truth (on a shared office computer, "signed out" must mean the session has ended).
 */
export async function signOut(queryClient: QueryClient): Promise<boolean> {
  clearBrowserStorage();
  queryClient.clear();
  const confirmed = await endServerSession();
  useAuthStore.getState().setSignedOut();
  return confirmed;
}
