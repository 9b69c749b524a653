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

const INVALID_TOKEN = { status: 400, body: { code: 'INVALID_TOKEN', message: 'x' } };

/** 'good-token' works; 'raced-token' passes the check but is used elsewhere before the password is saved. */
function answer({ path, body }: RecordedRequest) {
  const { token, password } = body as { token: string; password?: string };
  if (path === '/auth/password-reset/check') {
    if (token === 'unchecked-token') return { status: 503 };
    return ['good-token', 'raced-token'].includes(token) ? { status: 204 } : INVALID_TOKEN;
  }
  if (path !== '/auth/password-reset/confirmation') return { status: 404 };
  if (token !== 'good-token') return INVALID_TOKEN;
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

const confirmations = () =>
  api.state.requests.filter((request) => request.path === '/auth/password-reset/confirmation');

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
    await screen.findByRole('heading', { level: 1, name: 'Set a new password' });
    expect(api.state.requests.map((request) => request.body)).toEqual([{ token: 'good-token' }]);
    await setPassword('Zniwa-2027', 'Zniwa-2028');
    expect(screen.getByText('Passwords need to be the same.')).toBeInTheDocument();
    expect(confirmations()).toEqual([]);

    await userEvent.clear(screen.getByLabelText(/Repeat the new password/));
    await userEvent.type(screen.getByLabelText(/Repeat the new password/), 'Zniwa-2027');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(
      await screen.findByText('Your password has been changed. You can sign in now.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(confirmations()[0]!.body).toEqual({ token: 'good-token', password: 'Zniwa-2027' });
  });

  it("shows the server's password error on the field", async () => {
    await render('good-token');
    await screen.findByRole('heading', { level: 1, name: 'Set a new password' });
    await setPassword('password1');
    expect(await screen.findByText(/This password is too common/)).toBeInTheDocument();
  });

  it('explains a used or expired link as soon as it opens, without asking for a password, and offers a new one', async () => {
    const { router } = await render('old-token');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link no longer works' }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
    expect(confirmations()).toEqual([]);
    await userEvent.click(screen.getByRole('link', { name: 'Request a new link' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });

  it('explains a link used elsewhere between opening and saving', async () => {
    await render('raced-token');
    await screen.findByRole('heading', { level: 1, name: 'Set a new password' });
    await setPassword('Zniwa-2027');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link no longer works' }),
    ).toBeInTheDocument();
  });

  it('offers the form when the link could not be checked', async () => {
    await render('unchecked-token');
    expect(await screen.findByRole('heading', { level: 1, name: 'Set a new password' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^New password/)).toBeInTheDocument();
  });
});
