import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL, SESSION } from '#app/config/storage-keys.ts';
import { useAuthStore } from '#app/lib/auth-store.ts';
import { brandKeys } from '#app/features/brand/api.ts';
import { createApiServer, type RecordedRequest } from '#app/test/api-server.ts';
import { testBrand } from '#app/test/fixtures.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { Component as Login } from './login.tsx';

const api = createApiServer();
beforeAll(api.start);
afterAll(api.stop);

const user = {
  id: '1',
  email: 'jan@example.com',
  firstName: 'Jan',
  lastName: 'Kowalski',
  role: 'customer',
  language: 'en',
};

function answer({ path, body }: RecordedRequest) {
  if (path === '/auth/login') {
    const { username, password } = body as { username: string; password: string };
    if (username === 'new@example.com')
      return { status: 403, body: { code: 'EMAIL_NOT_CONFIRMED', message: 'x' } };
    if (password !== 'Zniwa-2026')
      return { status: 401, body: { code: 'INVALID_CREDENTIALS', message: 'x' } };
    if (username === 'czesci@example.com') return { status: 200, body: { ...user, role: 'sales' } };
    if (username === 'serwis@example.com') return { status: 200, body: { ...user, role: 'service' } };
    return { status: 200, body: user };
  }
  if (path === '/api/user/authorities') return { status: 200, body: ['CATALOG'] };
  if (path === '/api/user/settings') return { status: 200, body: [] };
  return { status: 404 };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  useAuthStore.getState().setSignedOut();
  api.reset(answer);
});

const render = () =>
  renderWithProviders(<Login />, {
    routes: [
      { path: '/home/board', element: <p>board</p> },
      { path: '/home/machines', element: <p>machines</p> },
      { path: '/staff', element: <p>service queue</p> },
      { path: '/staff/offer-requests', element: <p>offer inbox</p> },
    ],
    queryData: [[brandKeys.all, testBrand]],
  });

async function signIn(username: string, password: string, remember = false) {
  await userEvent.clear(screen.getByLabelText(/E-mail/));
  await userEvent.type(screen.getByLabelText(/E-mail/), username);
  await userEvent.type(screen.getByLabelText(/Password/), password);
  const checkbox = screen.getByRole('checkbox', { name: 'Remember me' });
  if ((checkbox as HTMLInputElement).checked !== remember) await userEvent.click(checkbox);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in', () => {
  it('sends nothing while a field is empty', async () => {
    await render();
    await userEvent.type(screen.getByLabelText(/E-mail/), 'jan@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('The password must be longer than 4 characters.')).toBeInTheDocument();
    expect(api.state.requests).toEqual([]);
  });

  it('signs in, keeps authorities, settings and only the e-mail, and opens the board', async () => {
    const { router } = await render();
    await signIn('jan@example.com', 'Zniwa-2026', true);
    expect(await screen.findByText('You are signed in.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/board'));
    expect(api.state.requests.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/auth/login', '/api/user/authorities', '/api/user/settings']),
    );
    expect(api.state.requests[0]!.body).toEqual({
      username: 'jan@example.com',
      password: 'Zniwa-2026',
      remember: true,
    });
    expect(api.state.requests.find((r) => r.path === '/api/user/settings')!.query.get('broadValue')).toBe(
      'care-portal',
    );
    expect(localStorage.getItem(LOCAL.authorities)).toBe('["CATALOG"]');
    expect(localStorage.getItem(LOCAL.userSettings)).toBe('[]');
    expect(localStorage.getItem(LOCAL.email)).toBe('jan@example.com');
    expect(localStorage.getItem(LOCAL.authenticated)).toBe('true');
    expect(JSON.stringify({ ...localStorage })).not.toContain('Zniwa-2026');
    expect(useAuthStore.getState().user).toEqual(user);
  });

  it('opens the service queue for the service department and the offer inbox for parts sales', async () => {
    for (const [email, start] of [
      ['serwis@example.com', '/staff'],
      ['czesci@example.com', '/staff/offer-requests'],
    ] as const) {
      useAuthStore.getState().setSignedOut();
      const { router, unmount } = await render();
      await signIn(email, 'Zniwa-2026');
      await waitFor(() => expect(router.state.location.pathname).toBe(start));
      unmount();
    }
  });

  it('prefills the remembered e-mail and forgets it when remember-me is unchecked', async () => {
    localStorage.setItem(LOCAL.email, 'jan@example.com');
    sessionStorage.setItem(SESSION.returnLocation, '/home/machines');
    const { router } = await render();
    expect(screen.getByLabelText(/E-mail/)).toHaveValue('jan@example.com');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
    await signIn('jan@example.com', 'Zniwa-2026', false);
    expect(await screen.findByText('machines')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/machines'));
    expect(localStorage.getItem(LOCAL.email)).toBeNull();
  });

  it('says only that the e-mail or password is wrong, and clears the signed-in flag', async () => {
    localStorage.setItem(LOCAL.authenticated, 'true');
    const { router } = await render();
    await signIn('jan@example.com', 'wrong-password');
    expect(await screen.findByText('The e-mail address or password is incorrect.')).toBeInTheDocument();
    expect(localStorage.getItem(LOCAL.authenticated)).toBeNull();
    expect(useAuthStore.getState().authenticated).toBe(false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('asks to confirm the e-mail first', async () => {
    await render();
    await signIn('new@example.com', 'Zniwa-2026');
    expect(await screen.findByText(/Please confirm your e-mail address first/)).toBeInTheDocument();
  });
});
