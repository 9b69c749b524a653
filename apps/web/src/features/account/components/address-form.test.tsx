import type { FieldError } from '@care/contract/errors';
import type { Address } from '@care/contract/user';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '#app/test/render.tsx';
import { AddressForm } from './address-form.tsx';

const ADDRESS: Address = {
  companyName: '',
  street: 'Polna',
  houseNumber: '7',
  apartmentNumber: '',
  postalCode: '',
  city: 'Mosina',
  countryCode: 'PL',
};

const postalCode = () => screen.getByRole('textbox', { name: 'Postal code' });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save address' }));

describe('address form', () => {
  it("refuses a postal code in another country's format, naming the chosen country's", async () => {
    const onSubmit = vi.fn();
    await renderWithProviders(<AddressForm initialValues={ADDRESS} onSubmit={onSubmit} />);
    expect(postalCode()).toHaveAttribute('placeholder', '62-050');
    await userEvent.type(postalCode(), 'abc');
    await save();
    expect(
      await screen.findByText('Enter the postal code in the format of the chosen country, e.g. 62-050.'),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.clear(postalCode());
    await userEvent.type(postalCode(), '62-050');
    await save();
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ postalCode: '62-050', countryCode: 'PL' }),
    );
  });

  it("shows the server's postal code error with the example it names", async () => {
    function WithServer() {
      const [errors, setErrors] = useState<FieldError[]>([]);
      const refuse = () =>
        setErrors([{ path: 'postalCode', code: 'form.wrong-postal-code', params: { example: '10115' } }]);
      return <AddressForm initialValues={ADDRESS} onSubmit={refuse} serverErrors={errors} />;
    }
    await renderWithProviders(<WithServer />);
    await userEvent.type(postalCode(), '62-050');
    await save();
    expect(
      await screen.findByText('Enter the postal code in the format of the chosen country, e.g. 10115.'),
    ).toBeInTheDocument();
  });
});
