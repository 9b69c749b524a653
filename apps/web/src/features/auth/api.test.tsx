import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL, SESSION } from '#app/config/storage-keys.ts';
import { createApiServer } from '#app/test/api-server.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { useSignOut } from './api.ts';
import { useAuthStore } from './auth-store.ts';

const api = createApiServer();
beforeAll(api.start);
afterAll(api.stop);
beforeEach(() => api.reset(({ path }) => (path === '/auth/logout' ? { status: 204 } : { status: 404 })));

function SignOutButton() {
  const signOut = useSignOut();
  return (
    <button type="button" onClick={() => signOut.mutate()}>
      sign out
    </button>
  );
}

describe('sign-out', () => {
  it('keeps only the preferences, empties the cache, calls the server and returns to sign-in', async () => {
    useAuthStore.getState().setSignedIn({
      id: '1',
      email: 'jan@example.com',
      firstName: 'Jan',
      lastName: 'Kowalski',
      role: 'customer',
      language: 'en',
    });
    localStorage.setItem(LOCAL.authorities, '["X"]');
    localStorage.setItem(LOCAL.email, 'jan@example.com');
    localStorage.setItem('i18nextLng', 'en');
    localStorage.setItem('mantine-color-scheme-value', 'dark');
    sessionStorage.setItem(SESSION.cart, '[]');
    const { router, queryClient } = await renderWithProviders(<SignOutButton />, {
      route: '/home/board',
      routes: [{ path: '/', element: <p>sign-in screen</p> }],
      queryData: [[['machines'], []]],
    });
    await userEvent.click(screen.getByRole('button', { name: 'sign out' }));
    expect(await screen.findByText('You are signed out.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.state.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /auth/logout']);
    expect(Object.keys(localStorage).sort()).toEqual(['email', 'i18nextLng', 'mantine-color-scheme-value']);
    expect(sessionStorage.length).toBe(0);
    expect(queryClient.getQueryData(['machines'])).toBeUndefined();
    expect(useAuthStore.getState()).toMatchObject({ authenticated: false, user: null });
  });
});
