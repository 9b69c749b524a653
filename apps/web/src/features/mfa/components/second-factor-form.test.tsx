import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiServer } from '#app/test/api-server.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { SecondFactorForm } from './second-factor-form.tsx';

const api = createApiServer();
beforeAll(api.start);
afterAll(api.stop);
beforeEach(() =>
  api.reset(({ path, body }) => {
    if (path === '/auth/second-factor/options') return { status: 200, body: { totp: true, passkey: null } };
    if (path !== '/auth/second-factor') return { status: 404 };
    const { method, code } = body as { method: string; code: string };
    return method === 'recovery' && code === 'ABCDE-FGH23'
      ? { status: 204 }
      : { status: 400, body: { code: 'INVALID_SECOND_FACTOR', message: 'x' } };
  }),
);

describe('the second sign-in step', () => {
  it('says when a code is not accepted, and takes a recovery code instead', async () => {
    const onVerified = vi.fn();
    await renderWithProviders(<SecondFactorForm onVerified={onVerified} />, {
      route: '/second-factor',
      path: '/second-factor',
    });
    // Without a passkey there is no passkey button, only the code.
    const code = await screen.findByRole('textbox', { name: /Code from the authenticator app/ });
    expect(screen.queryByRole('button', { name: 'Use my passkey' })).not.toBeInTheDocument();
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('The code or passkey was not accepted. Check it and try again.'),
    ).toBeInTheDocument();
    expect(onVerified).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Recovery code/ }), 'ABCDE-FGH23');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onVerified).toHaveBeenCalled());
    expect(api.state.requests.filter((r) => r.path === '/auth/second-factor').map((r) => r.body)).toEqual([
      { method: 'totp', code: '123456' },
      { method: 'recovery', code: 'ABCDE-FGH23' },
    ]);
  });
});
