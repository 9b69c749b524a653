import { describe, expect, it } from 'vitest';
import { RegistrationRequestSchema } from './auth.ts';
import { isPostalCodeOf, POSTAL_CODE_EXAMPLES } from './postal-codes.ts';
import { AddressUpdateSchema } from './user.ts';

const address = {
  companyName: '',
  street: 'Polna',
  houseNumber: '1',
  apartmentNumber: '',
  postalCode: '62-050',
  city: 'Mosina',
  countryCode: 'PL',
};

const issuesOf = (input: unknown) => {
  const result = AddressUpdateSchema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    path: issue.path,
    message: issue.message,
    params: issue.code === 'custom' ? issue.params : undefined,
  }));
};

describe('postal codes per country', () => {
  it('takes a Polish postal code only as NN-NNN', () => {
    expect(isPostalCodeOf('PL', '62-050')).toBe(true);
    for (const wrong of ['abc', '62050', '62 050', '6-2050', '62-0500', '62-05A']) {
      expect(isPostalCodeOf('PL', wrong), wrong).toBe(false);
    }
  });

  it("takes each offered country's own example and refuses letters where the country has none", () => {
    for (const [country, example] of Object.entries(POSTAL_CODE_EXAMPLES)) {
      expect(isPostalCodeOf(country, example), `${country} ${example}`).toBe(true);
    }
    expect(isPostalCodeOf('DE', '1011')).toBe(false);
    expect(isPostalCodeOf('DE', 'abcde')).toBe(false);
    expect(isPostalCodeOf('NL', '1012')).toBe(false);
  });

  it('takes any plain code for a country without a known format', () => {
    expect(isPostalCodeOf('XK', '10000')).toBe(true);
    expect(isPostalCodeOf('XK', '<script>')).toBe(false);
  });
});

describe('the address update', () => {
  it('refuses "abc" in Poland with a message naming the format', () => {
    expect(issuesOf({ ...address, postalCode: 'abc' })).toEqual([
      { path: ['postalCode'], message: 'form.wrong-postal-code', params: { example: '62-050' } },
    ]);
  });

  it('checks the postal code against the chosen country, not Poland', () => {
    expect(issuesOf({ ...address, postalCode: '10115', countryCode: 'de' })).toEqual([]);
    expect(issuesOf({ ...address, postalCode: '62-050', countryCode: 'DE' })).toEqual([
      { path: ['postalCode'], message: 'form.wrong-postal-code', params: { example: '10115' } },
    ]);
    // A country outside the form's list has no example to show.
    expect(issuesOf({ ...address, postalCode: '1234', countryCode: 'US' })).toEqual([
      { path: ['postalCode'], message: 'form.wrong-postal-code-country', params: undefined },
    ]);
  });

  it('keeps the code in capitals with single spaces', () => {
    const parsed = AddressUpdateSchema.parse({ ...address, postalCode: '  1012   ab ', countryCode: 'NL' });
    expect(parsed.postalCode).toBe('1012 AB');
  });

  it('leaves an empty postal code alone, and reports it beside other wrong fields', () => {
    expect(issuesOf({ ...address, postalCode: '' })).toEqual([]);
    expect(issuesOf({ ...address, postalCode: 'abc', city: 'x'.repeat(101) }).map((i) => i.path)).toEqual([
      ['city'],
      ['postalCode'],
    ]);
  });
});

describe('the registration request', () => {
  const registration = {
    personFirstName: 'Jan',
    personLastName: 'Kowalski',
    email: 'jan@example.com',
    username: 'jan@example.com',
    phone: '600100200',
    peselOrNip: '',
    machineNumber: 'AM-2025-004711',
    password: 'Zniwa-2026-demo!',
    rulesAgreementChecked: true,
    marketingAgreementChecked: false,
    countryCode: '',
    zipCode: '',
    currencyCode: '',
    captchaResponse: '',
  };

  it('takes the empty country and zip code the form sends', () => {
    expect(RegistrationRequestSchema.safeParse(registration).error?.issues).toBeUndefined();
  });

  it('refuses a zip code that does not fit the country sent with it', () => {
    const result = RegistrationRequestSchema.safeParse({
      ...registration,
      countryCode: 'PL',
      zipCode: 'abc',
    });
    expect(result.error?.issues).toMatchObject([
      { path: ['zipCode'], message: 'form.wrong-postal-code', params: { example: '62-050' } },
    ]);
  });
});
