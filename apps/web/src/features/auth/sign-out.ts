import type { QueryClient } from '@tanstack/react-query';
import { LOCAL } from '#app/config/storage-keys.ts';
import { request } from '#app/lib/api-client.ts';
import { useAuthStore } from './auth-store.ts';

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
 * SPEC §4 logout, in its order: storage, query cache, the logout call, then signed out.
 * The call's failure is ignored: the browser side is signed out either way, and the session cookie
 * expires on the server by itself.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  clearBrowserStorage();
  queryClient.clear();
  try {
    await request('auth/logout', { method: 'POST', silent: true });
  } catch {
    // see above
  }
  useAuthStore.getState().setSignedOut();
}
