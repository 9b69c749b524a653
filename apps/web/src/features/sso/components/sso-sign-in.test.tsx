import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { runtimeConfig, setRuntimeConfig } from '#app/config/runtime-config.ts';
import { useAuthStore } from '#app/lib/auth-store.ts';
import { createApiServer } from '#app/test/api-server.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { SsoSignIn } from './sso-sign-in.tsx';

const api = createApiServer();
beforeAll(async () => {
  await api.start();
  setRuntimeConfig({ ...runtimeConfig(), ssoProviderName: 'AgroMech ID' });
});
afterAll(api.stop);
beforeEach(() => api.reset(() => ({ status: 404 })));

const staff = {
  id: '7',
  email: 'ewa@agromech.example',
  firstName: 'Ewa',
  lastName: 'Nowak',
  role: 'service',
  language: 'pl',
};

describe('single sign-on on the sign-in page', () => {
  it('offers the provider configured on the server, starting at the API', async () => {
    await renderWithProviders(<SsoSignIn onSignedIn={vi.fn()} />);
    const link = screen.getByRole('link', { name: 'Staff: sign in with AgroMech ID' });
    expect(link.getAttribute('href')).toMatch(/\/auth\/sso\/start$/);
  });

  it('says why a sign-on was refused', async () => {
    await renderWithProviders(<SsoSignIn onSignedIn={vi.fn()} />, { route: '/?sso-error=SSO_NO_ROLE' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your groups at the identity provider give you no role',
    );
  });

  it('finishes a sign-on the server sent back: loads the user and hands them on', async () => {
    api.reset(({ path }) =>
      path === '/api/user/extended-details' ? { status: 200, body: staff } : { status: 404 },
    );
    const onSignedIn = vi.fn();
    await renderWithProviders(<SsoSignIn onSignedIn={onSignedIn} />, { route: '/?sso=signed-in' });
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(staff));
    expect(useAuthStore.getState().user).toEqual(staff);
  });
});
