import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '#app/test/render.tsx';
import { DRAFT_KEYS } from '../registration-draft.ts';
import { RegistrationForm } from './registration-form.tsx';

afterEach(() => sessionStorage.clear());

const field = (name: RegExp) => screen.getByRole('textbox', { name });

/** Pastes instead of typing key by key: the same change events, a fraction of the time. */
async function fill(element: HTMLElement, text: string) {
  await userEvent.click(element);
  await userEvent.paste(text);
}

describe('registration form', () => {
  it('shows the SPEC §5 message of every wrong field', async () => {
    const onSubmit = vi.fn();
    await renderWithProviders(<RegistrationForm onSubmit={onSubmit} />);
    await fill(field(/First name/), 'Al');
    await fill(field(/^E-mail/), 'not an e-mail');
    await fill(field(/Phone/), '60010020');
    await fill(field(/PESEL or NIP/), '12a');
    await fill(screen.getByLabelText(/^Password/), 'secret1');
    await fill(screen.getByLabelText(/Repeat the password/), 'secret2');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(screen.getAllByText('Use at least 3 characters.')).toHaveLength(2);
    expect(screen.getByText('Incorrect e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('The number should consist of 9 digits.')).toBeInTheDocument();
    expect(screen.getByText('Incorrect machine number.')).toBeInTheDocument();
    expect(screen.getByText('Incorrect PESEL or NIP – use digits only.')).toBeInTheDocument();
    expect(screen.getByText('Passwords need to be the same.')).toBeInTheDocument();
    expect(screen.getByText('Please accept the rules to create an account.')).toBeInTheDocument();
    expect(field(/First name/)).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('"select all" sets both consents, and clearing one leaves it half-checked', async () => {
    await renderWithProviders(<RegistrationForm onSubmit={() => {}} />);
    const consents = within(screen.getByRole('group', { name: 'Consents' }));
    const all = consents.getByRole('checkbox', { name: 'Select all' });
    const rules = consents.getByRole('checkbox', { name: /I accept the portal rules/ });
    const marketing = consents.getByRole('checkbox', { name: /marketing information/ });

    await userEvent.click(all);
    expect(rules).toBeChecked();
    expect(marketing).toBeChecked();

    await userEvent.click(marketing);
    expect(all).not.toBeChecked();
    expect(all).toHaveAttribute('data-indeterminate', 'true');

    await userEvent.click(all);
    expect(rules).toBeChecked();
    expect(marketing).toBeChecked();
    await userEvent.click(all);
    expect(rules).not.toBeChecked();
    expect(marketing).not.toBeChecked();
  });

  it('sends normalised values once everything is right', async () => {
    const onSubmit = vi.fn();
    await renderWithProviders(<RegistrationForm onSubmit={onSubmit} />);
    await fill(field(/First name/), 'Jan');
    await fill(field(/Last name/), 'Kowalski');
    await fill(field(/^E-mail/), 'jan@example.com');
    await fill(field(/Phone/), '600 100 200');
    await fill(field(/Machine number/), 'AGM-2024-0001');
    await fill(screen.getByLabelText(/^Password/), 'secret1');
    await fill(screen.getByLabelText(/Repeat the password/), 'secret1');
    await userEvent.click(screen.getByRole('checkbox', { name: /I accept the portal rules/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(onSubmit).toHaveBeenCalledWith({
      personFirstName: 'Jan',
      personLastName: 'Kowalski',
      email: 'jan@example.com',
      phone: '600100200',
      peselOrNip: '',
      machineNumber: 'AGM-2024-0001',
      password: 'secret1',
      confirmPassword: 'secret1',
      rulesAgreementChecked: true,
      marketingAgreementChecked: false,
    });
  });

  it('prefills from the address and keeps a draft without the passwords', async () => {
    await renderWithProviders(<RegistrationForm onSubmit={() => {}} />, {
      route: '/register?name=Jan&lastname=Nowak&email=jan%40example.com&phone=600100200',
    });
    expect(field(/First name/)).toHaveValue('Jan');
    expect(field(/Last name/)).toHaveValue('Nowak');
    expect(field(/^E-mail/)).toHaveValue('jan@example.com');
    expect(field(/Phone/)).toHaveValue('600100200');

    await fill(field(/Machine number/), 'AGM-1');
    await fill(screen.getByLabelText(/^Password/), 'secret1');
    const draft = JSON.parse(sessionStorage.getItem(DRAFT_KEYS.registration) ?? '{}');
    expect(draft).toMatchObject({ personFirstName: 'Jan', machineNumber: 'AGM-1' });
    expect(draft).not.toHaveProperty('password');
    expect(draft).not.toHaveProperty('confirmPassword');
  });

  it('restores the draft after a reload', async () => {
    sessionStorage.setItem(
      DRAFT_KEYS.registration,
      JSON.stringify({ personLastName: 'Wiśniewska', password: 'leak' }),
    );
    await renderWithProviders(<RegistrationForm onSubmit={() => {}} />);
    expect(field(/Last name/)).toHaveValue('Wiśniewska');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
  });
});
