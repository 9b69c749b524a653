import { describe, expect, it } from 'vitest';
import { parseEnv } from '#app/config/env.ts';
import { getBrand } from './brand.service.ts';

describe('brand', () => {
  it('gives the country as an ISO code, which the web names in the page language', () => {
    expect(getBrand(parseEnv({})).address.countryCode).toBe('PL');
    expect(getBrand(parseEnv({ BRAND_ADDRESS_COUNTRY: 'DE' })).address.countryCode).toBe('DE');
  });

  it('refuses a country name in place of a code at start-up', () => {
    expect(() => parseEnv({ BRAND_ADDRESS_COUNTRY: 'Polska' })).toThrow(/BRAND_ADDRESS_COUNTRY/);
  });
});
