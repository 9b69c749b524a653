import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { brandKeys } from '#app/features/brand/api.ts';
import { testBrand } from '#app/test/fixtures.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { Component as ForgotPassword } from './forgot-password.tsx';

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
    expect(router.state.location.pathname).toBe('/forgot-password');

    await userEvent.type(email, '@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(
      await screen.findByText('If your email is in our database, you will receive a reset link.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
