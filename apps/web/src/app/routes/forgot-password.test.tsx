import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { brandKeys } from '#app/features/brand/api.ts';
import { createApiServer } from '#app/test/api-server.ts';
import { testBrand } from '#app/test/fixtures.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { Component as ForgotPassword } from './forgot-password.tsx';

const api = createApiServer();
beforeAll(api.start);
afterAll(api.stop);
beforeEach(() =>
  api.reset(({ path }) =>
    path === '/auth/captcha'
      ? { status: 200, body: { required: false, parameters: {} } }
      : path === '/auth/password-reset'
        ? { status: 202 }
        : { status: 404 },
  ),
);

describe('forgot password', () => {
  it('checks the e-mail, then says a link is on its way and returns to sign-in', async () => {
    const { router } = await renderWithProviders(<ForgotPassword />, {
      route: '/forgot-password',
      path: '/forgot-password',
      routes: [{ path: '/', element: <p>sign-in screen</p> }],
      queryData: [[brandKeys.all, testBrand]],
    });
    expect(document.title).toBe('Reset your password · AgroMech Care');
    const contact = screen.getByRole('region', { name: 'Need help?' });
    expect(within(contact).getByRole('button', { name: 'Copy the phone number' })).toBeInTheDocument();
    expect(
      within(contact).getByRole('link', { name: `Service e-mail ${testBrand.serviceEmail}` }),
    ).toHaveAttribute('href', `mailto:${testBrand.serviceEmail}`);

    const email = screen.getByRole('textbox', { name: /E-mail/ });
    await userEvent.type(email, 'jan');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(screen.getByText('Incorrect e-mail address.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));

    await userEvent.type(email, '@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(
      await screen.findByText('If your email is in our database, you will receive a reset link.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.state.requests.find((r) => r.path === '/auth/password-reset')!.body).toEqual({
      email: 'jan@example.com',
    });
  });

  it('keeps the person here with the reason when the call is refused', async () => {
    api.reset(({ path }) =>
      path === '/auth/password-reset'
        ? { status: 429, body: { code: 'RATE_LIMITED', message: 'x' } }
        : { status: 200, body: { required: false, parameters: {} } },
    );
    const { router } = await renderWithProviders(<ForgotPassword />, {
      route: '/forgot-password',
      path: '/forgot-password',
      queryData: [[brandKeys.all, testBrand]],
    });
    await userEvent.type(screen.getByRole('textbox', { name: /E-mail/ }), 'jan@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText(/Too many attempts/)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });
});
