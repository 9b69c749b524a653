import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '#app/test/render.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

async function fill(label: RegExp, value: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  await userEvent.click(input);
  await userEvent.paste(value);
}

describe('change password form', () => {
  it('refuses a new password equal to the old one or shorter than 6 characters', async () => {
    const onSubmit = vi.fn();
    await renderWithProviders(<ChangePasswordForm onSubmit={onSubmit} />);
    await fill(/^Current password/, 'secret1');
    await fill(/^New password/, 'secret1');
    await fill(/^Repeat new password/, 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('The new password must be different from the current one.'),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await fill(/^New password/, 'abc');
    expect(await screen.findByText('Use at least 6 characters.')).toBeInTheDocument();

    await fill(/^New password/, 'harvest-2026');
    await fill(/^Repeat new password/, 'harvest-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(onSubmit).toHaveBeenCalledWith({
      oldPassword: 'secret1',
      newPassword: 'harvest-2026',
      confirmPassword: 'harvest-2026',
    });
  });
});
