import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#app/test/render.tsx';
import { COPY_FEEDBACK_MS, CopyValue, phoneHref } from './copy-value.tsx';

describe('copyable contact value', () => {
  it('copies the value and switches the tooltip to the confirmation for 500 ms', async () => {
    const user = userEvent.setup();
    await renderWithProviders(
      <CopyValue
        value="+48 61 555 01 20"
        href="tel:+48615550120"
        caption="Service phone"
        copyLabel="Copy the phone number"
        icon={null}
      />,
    );
    const button = screen.getByRole('button', { name: 'Copy the phone number' });
    await user.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Copy the phone number');

    await user.click(button);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Copied');
    expect(button).toHaveAccessibleName('Copied');
    expect(screen.getByRole('status')).toHaveTextContent('Copied to the clipboard: +48 61 555 01 20');
    await expect(navigator.clipboard.readText()).resolves.toBe('+48 61 555 01 20');

    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('Copy the phone number'), {
      timeout: COPY_FEEDBACK_MS + 500,
    });
  });

  it('links the phone number with digits only', () => {
    expect(phoneHref('+48 61 555-01-20')).toBe('tel:+48615550120');
  });
});
