import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import type { z } from 'zod';

/*
 * Postal codes per country (issue 14, item 8): one rule for the address forms and the server. The formats come from
 * postcode-validator (docs/decisions/042-postal-codes-per-country.md); a country it does not know takes any code of
 * 2–10 letters, digits, spaces and hyphens that starts with a letter or digit.
 */

const ANY_POSTAL_CODE = /^[A-Z0-9][A-Z0-9 -]{1,9}$/;

/**
 * A valid code of each country the address form offers, shown in the error to name the format (the message's
 * `{{example}}`). Not UI text: a postal code reads the same in every language.
 */
export const POSTAL_CODE_EXAMPLES: Readonly<Record<string, string>> = {
  PL: '62-050',
  DE: '10115',
  AT: '1010',
  BE: '1000',
  BG: '1000',
  CH: '8001',
  CZ: '110 00',
  DK: '1050',
  EE: '10111',
  ES: '28001',
  FI: '00100',
  FR: '75001',
  GB: 'SW1A 1AA',
  GR: '105 57',
  HR: '10000',
  HU: '1051',
  IE: 'D02 X285',
  IT: '00184',
  LT: '01100',
  LU: '1111',
  LV: 'LV-1050',
  MD: '2001',
  NL: '1012 AB',
  NO: '0150',
  PT: '1000-001',
  RO: '010011',
  SE: '111 22',
  SI: '1000',
  SK: '811 01',
  UA: '01001',
};

/** How a postal code is kept: trimmed, single spaces, capital letters (the form the formats are written in). */
export const normalizePostalCode = (value: string) => value.trim().replace(/\s+/g, ' ').toUpperCase();

/** Whether `postalCode` (normalized) is written as `countryCode` (ISO 3166-1 alpha-2, capitals) writes them. */
export function isPostalCodeOf(countryCode: string, postalCode: string): boolean {
  return postcodeValidatorExistsForCountry(countryCode)
    ? postcodeValidator(postalCode, countryCode)
    : ANY_POSTAL_CODE.test(postalCode);
}

/**
 * The field error of a postal code that does not fit its country, or null when it fits: a translation key under
 * `validation:` and the example its message names (countries outside POSTAL_CODE_EXAMPLES get a message without one).
 */
export function postalCodeIssue(
  countryCode: string,
  postalCode: string,
): { message: string; params?: { example: string } } | null {
  if (isPostalCodeOf(countryCode, postalCode)) return null;
  const example = POSTAL_CODE_EXAMPLES[countryCode];
  return example
    ? { message: 'form.wrong-postal-code', params: { example } }
    : { message: 'form.wrong-postal-code-country' };
}

const COUNTRY_CODE = /^[A-Z]{2}$/;

const hasStrings = (value: unknown, keys: string[]) =>
  typeof value === 'object' &&
  value !== null &&
  keys.every((key) => typeof (value as Record<string, unknown>)[key] === 'string');

/**
 * `superRefine` arguments for an object with a postal code and a country code: a postal code given with a country
 * code must fit that country (the error lands on the postal code). Runs while other fields are still wrong too, so
 * every error shows at the first submit.
 */
export function postalCodeRefinement(postalKey: string, countryKey: string) {
  const refinement = (value: Record<string, unknown>, context: z.RefinementCtx) => {
    const countryCode = String(value[countryKey]).trim().toUpperCase();
    const postalCode = normalizePostalCode(String(value[postalKey]));
    if (!postalCode || !COUNTRY_CODE.test(countryCode)) return;
    const issue = postalCodeIssue(countryCode, postalCode);
    if (issue) context.addIssue({ code: 'custom', path: [postalKey], ...issue });
  };
  const when = (payload: { value: unknown }) => hasStrings(payload.value, [postalKey, countryKey]);
  return [refinement, { when }] as const;
}
