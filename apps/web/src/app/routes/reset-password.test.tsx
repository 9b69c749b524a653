import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { brandKeys } from '#app/features/brand/api.ts';
import { createApiServer, type RecordedRequest } from '#app/test/api-server.ts';
import { testBrand } from '#app/test/fixtures.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { Component as ResetPassword } from './reset-password.tsx';

const api = createApiServer();
beforeAll(api.start);
afterAll(api.stop);

function answer({ path, body }: RecordedRequest) {
  if (path !== '/auth/password-reset/confirmation') return { status: 404 };
  const { token, password } = body as { token: string; password: string };
  if (token !== 'good-token') return { status: 400, body: { code: 'INVALID_TOKEN', message: 'x' } };
  if (password === 'password1') {
    return {
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: 'x',
        fields: [{ path: 'password', code: 'form.password-too-common' }],
      },
    };
  }
  return { status: 204 };
}
beforeEach(() => api.reset(answer));

const render = (token: string) =>
  renderWithProviders(<ResetPassword />, {
    route: `/reset-password/${token}`,
    path: '/reset-password/:token',
    routes: [
      { path: '/', element: <p>sign-in screen</p> },
      { path: '/forgot-password', element: <p>forgot screen</p> },
    ],
    queryData: [[brandKeys.all, testBrand]],
  });

async function setPassword(password: string, repeated = password) {
  await userEvent.type(screen.getByLabelText(/^New password/), password);
  await userEvent.type(screen.getByLabelText(/Repeat the new password/), repeated);
  await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
}

describe('password reset link', () => {
  it('sets the new password with the token of the link and returns to sign-in', async () => {
    const { router } = await render('good-token');
    await setPassword('Zniwa-2027', 'Zniwa-2028');
    expect(screen.getByText('Passwords need to be the same.')).toBeInTheDocument();
    expect(api.state.requests).toEqual([]);

    await userEvent.clear(screen.getByLabelText(/Repeat the new password/));
    await userEvent.type(screen.getByLabelText(/Repeat the new password/), 'Zniwa-2027');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(
      await screen.findByText('Your password has been changed. You can sign in now.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.state.requests[0]!.body).toEqual({ token: 'good-token', password: 'Zniwa-2027' });
  });

  it("shows the server's password error on the field", async () => {
    await render('good-token');
    await setPassword('password1');
    expect(await screen.findByText(/This password is too common/)).toBeInTheDocument();
  });

  it('explains a used or expired link and offers a new one', async () => {
    const { router } = await render('old-token');
    await setPassword('Zniwa-2027');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link no longer works' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Request a new link' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });
});
