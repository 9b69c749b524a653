import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL, SESSION } from '#app/config/storage-keys.ts';
import { createApiServer } from '#app/test/api-server.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { useSignOut } from './api.ts';
import { useAuthStore } from '#app/lib/auth-store.ts';

const api = createApiServer();
beforeAll(api.start);
afterAll(api.stop);
beforeEach(() => {
  api.reset(({ path }) => (path === '/auth/logout' ? { status: 204 } : { status: 404 }));
  // The notifications' store outlives a test's render: each test starts with none on screen.
  notifications.clean();
});

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

describe('a sign-out the server does not confirm', () => {
  it('signs this browser out, says the session may still be active and ends it on "try again"', async () => {
    let logoutStatus = 500;
    api.reset(({ path }) => (path === '/auth/logout' ? { status: logoutStatus } : { status: 404 }));
    useAuthStore.getState().setSignedIn({
      id: '1',
      email: 'jan@example.com',
      firstName: 'Jan',
      lastName: 'Kowalski',
      role: 'customer',
      language: 'en',
    });
    localStorage.setItem(LOCAL.authorities, '["X"]');
    const { router } = await renderWithProviders(<SignOutButton />, {
      route: '/home/board',
      routes: [{ path: '/', element: <p>sign-in screen</p> }],
    });
    await userEvent.click(screen.getByRole('button', { name: 'sign out' }));

    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('Sign out');
    expect(warning).toHaveTextContent(/The server did not confirm the sign-out/);
    expect(screen.queryByText('You are signed out.')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem(LOCAL.authorities)).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ authenticated: false, user: null });

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('That attempt failed too. Try again in a moment.')).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    logoutStatus = 204;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You are signed out.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/may still be active/)).not.toBeInTheDocument());
    expect(api.state.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /auth/logout',
      'POST /auth/logout',
      'POST /auth/logout',
    ]);
  });
});
