import { IdSchema } from '@care/contract/paging';
import { postalCodeRefinement } from '@care/contract/postal-codes';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validationFailed } from './errors.ts';

/** The one mapping of a zod failure checked in a service (multipart fields, a JSON part, a setting's value). */
describe('validationFailed', () => {
  const Schema = z
    .object({
      email: z.email('form.wrong-email'),
      serviceRequestId: IdSchema,
      postalCode: z.string(),
      countryCode: z.string(),
    })
    .superRefine(...postalCodeRefinement('postalCode', 'countryCode'));
  const failure = (value: unknown) => {
    const result = Schema.safeParse(value);
    if (result.success) throw new Error('expected a failure');
    return validationFailed(result.error);
  };

  it('answers a contract message as its code, zod’s own as validation.<code>, and a custom issue’s params', () => {
    const error = failure({ email: 'x', serviceRequestId: '0', postalCode: '62-050', countryCode: 'PL' });
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toEqual([
      { path: 'email', code: 'form.wrong-email' },
      { path: 'serviceRequestId', code: 'validation.invalid_format' },
    ]);
    const postal = failure({ email: 'a@b.pl', serviceRequestId: '1', postalCode: '123', countryCode: 'PL' });
    expect(postal.fields).toEqual([
      { path: 'postalCode', code: 'form.wrong-postal-code', params: { example: expect.any(String) } },
    ]);
  });

  it('puts the fields under a prefix when one is given', () => {
    const result = z.object({ days: z.number().int() }).safeParse({ days: 1.5 });
    expect(result.success).toBe(false);
    expect(validationFailed(result.error!, 'value').fields).toEqual([
      { path: 'value.days', code: 'validation.invalid_type' },
    ]);
  });
});
