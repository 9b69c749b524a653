import { describe, expect, it } from 'vitest';
import { countryName } from './country-name.ts';

describe('countryName', () => {
  it('names the country in the page language', () => {
    expect(countryName('PL', 'pl')).toBe('Polska');
    expect(countryName('PL', 'en')).toBe('Poland');
    expect(countryName('PL', 'de')).toBe('Polen');
    expect(countryName('DE', 'pl')).toBe('Niemcy');
  });

  it('keeps a code it cannot name', () => {
    expect(countryName('not a code', 'en')).toBe('not a code');
  });
});
