import type { Address } from '@care/contract/user';

/** An address in the Polish order: company, street with numbers, postal code with city, country. */
export function addressLines(address: Address): string[] {
  const number = [address.houseNumber, address.apartmentNumber].filter(Boolean).join('/');
  return [
    address.companyName,
    [address.street, number].filter(Boolean).join(' '),
    [address.postalCode, address.city].filter(Boolean).join(' '),
    address.countryCode,
  ].filter(Boolean);
}
