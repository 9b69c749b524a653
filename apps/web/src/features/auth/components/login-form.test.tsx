import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '#app/test/render.tsx';
import { LoginForm } from './login-form.tsx';

describe('sign-in form', () => {
  it('asks for both fields before anything is sent', async () => {
    const onSubmit = vi.fn();
    await renderWithProviders(<LoginForm onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter the e-mail address you sign in with.')).toBeInTheDocument();
    expect(screen.getByText('The password must be longer than 4 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail/)).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('rejects a password of 4 characters and accepts one of 5', async () => {
    const onSubmit = vi.fn();
    await renderWithProviders(<LoginForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText(/E-mail/), 'jan@example.com');
    await userEvent.type(screen.getByLabelText(/Password/), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('The password must be longer than 4 characters.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText(/Password/), '5');
    expect(screen.queryByText('The password must be longer than 4 characters.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onSubmit).toHaveBeenCalledWith({ username: 'jan@example.com', password: '12345', remember: true });
  });

  it('shows the messages in the chosen language', async () => {
    await renderWithProviders(<LoginForm onSubmit={() => {}} />, { language: 'pl' });
    await userEvent.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(screen.getByText('Hasło musi mieć więcej niż 4 znaki.')).toBeInTheDocument();
  });
});
