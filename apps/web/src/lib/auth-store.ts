import type { User } from '@care/contract/user';
import { create } from 'zustand';
import { LOCAL, SESSION } from '#app/config/storage-keys.ts';
import { addressOf, request } from '#app/lib/api-client.ts';

/** SPEC §4 auth state: idle → loading → finished (with or without a user). */
export type AuthStatus = 'idle' | 'loading' | 'finished';

interface AuthState {
  status: AuthStatus;
  authenticated: boolean;
  user: User | null;
  error: unknown;
  /** At start: fetch the user only when the local flag says we were signed in; otherwise finish at once. */
  initialize: () => Promise<void>;
  setSignedIn: (user: User) => void;
  setSignedOut: () => void;
}

export const useAuthStore = create<AuthState>((set, get) => ({
  status: 'idle',
  authenticated: false,
  user: null,
  error: null,
  async initialize() {
    if (get().status !== 'idle') return;
    if (localStorage.getItem(LOCAL.authenticated) !== 'true') {
      set({ status: 'finished', authenticated: false, user: null });
      return;
    }
    set({ status: 'loading' });
    try {
      // The schema's module (and the ones it builds on) loads only here: a visitor without a session never needs it,
      // and building it at start-up held up the public catalogue's first interaction (docs/perf.md, Lighthouse).
      // Only the User part of the answer is kept: the store holds what sign-in answers, not the contact details.
      const { UserSchema, userEndpoints } = await import('@care/contract/user');
      const user = await request(addressOf(userEndpoints.extendedDetails), {
        schema: UserSchema,
        silent: true,
      });
      set({ status: 'finished', authenticated: true, user, error: null });
    } catch (error) {
      localStorage.removeItem(LOCAL.authenticated);
      set({ status: 'finished', authenticated: false, user: null, error });
    }
  },
  setSignedIn(user) {
    localStorage.setItem(LOCAL.authenticated, 'true');
    set({ status: 'finished', authenticated: true, user, error: null });
  },
  setSignedOut() {
    localStorage.removeItem(LOCAL.authenticated);
    set({ status: 'finished', authenticated: false, user: null, error: null });
  },
}));

/** Resolves once the start-up check (SPEC §4 auth state) has finished, starting it if nobody has. */
export function whenAuthFinished(): Promise<AuthState> {
  void useAuthStore.getState().initialize();
  return new Promise((resolve) => {
    const current = useAuthStore.getState();
    if (current.status === 'finished') {
      resolve(current);
      return;
    }
    const unsubscribe = useAuthStore.subscribe((state) => {
      if (state.status !== 'finished') return;
      unsubscribe();
      resolve(state);
    });
  });
}

/** Remembers where a visitor wanted to go, so sign-in can take them there (SPEC §2). */
export function saveReturnLocation(location: string): void {
  sessionStorage.setItem(SESSION.returnLocation, location);
}

export function takeReturnLocation(): string | null {
  const location = sessionStorage.getItem(SESSION.returnLocation);
  sessionStorage.removeItem(SESSION.returnLocation);
  return location;
}
