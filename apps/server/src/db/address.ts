import type { Address } from '@care/contract/user';
import type { userAddresses } from '#app/db/schema/users.ts';

/** A stored address as the contract's Address ('' for what the customer left out); null when none is saved. */
export function addressOf(
  address: Omit<typeof userAddresses.$inferSelect, 'userId' | 'createdAt' | 'updatedAt'> | null,
): Address | null {
  if (address === null) return null;
  return {
    companyName: address.companyName ?? '',
    street: address.street,
    houseNumber: address.houseNumber,
    apartmentNumber: address.apartmentNumber ?? '',
    postalCode: address.postalCode,
    city: address.city,
    countryCode: address.countryCode,
  };
}
