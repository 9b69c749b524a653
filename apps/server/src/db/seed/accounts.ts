import type { Language } from '@care/contract/locales';
import type { Role } from '@care/contract/statuses';
import { hash } from '@node-rs/argon2';
import { PASSWORD_HASH_OPTIONS } from '../../security/password.ts';
import type { Db } from '../client.ts';
import { userAddresses, users } from '../schema/users.ts';
import { daysBefore } from './dates.ts';

/**
 * The one password of every demo account: 15 characters, not in any common-passwords list, printed by
 * server.ts and the README. Demo data only ever goes into a database that had no users.
 */
export const DEMO_PASSWORD = 'Zniwa-2026-demo';

export interface DemoAccount {
  key: 'jan' | 'anna' | 'service' | 'sales' | 'admin';
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  language: Language;
  address?: { street: string; houseNumber: string; postalCode: string; city: string; countryCode: string };
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    key: 'jan',
    role: 'customer',
    email: 'jan.kowalski@example.com',
    firstName: 'Jan',
    lastName: 'Kowalski',
    phone: '601234567',
    language: 'pl',
    address: {
      street: 'Polna',
      houseNumber: '12',
      postalCode: '63-000',
      city: 'Środa Wielkopolska',
      countryCode: 'PL',
    },
  },
  {
    key: 'anna',
    role: 'customer',
    email: 'anna.schmidt@example.com',
    firstName: 'Anna',
    lastName: 'Schmidt',
    phone: '151234567',
    language: 'de',
    address: { street: 'Feldweg', houseNumber: '7', postalCode: '03046', city: 'Cottbus', countryCode: 'DE' },
  },
  {
    key: 'service',
    role: 'service',
    email: 'serwis@agromech.example',
    firstName: 'Piotr',
    lastName: 'Nowak',
    phone: '618001200',
    language: 'pl',
  },
  {
    key: 'sales',
    role: 'sales',
    email: 'czesci@agromech.example',
    firstName: 'Katarzyna',
    lastName: 'Wiśniewska',
    phone: '618001300',
    language: 'pl',
  },
  {
    key: 'admin',
    role: 'admin',
    email: 'admin@agromech.example',
    firstName: 'Tomasz',
    lastName: 'Zieliński',
    phone: null,
    language: 'pl',
  },
];

export type AccountIds = Record<DemoAccount['key'], number>;

/** Hashes the shared password once (argon2 is deliberately slow) and inserts every demo account. */
export async function insertAccounts(db: Db, now: Date): Promise<AccountIds> {
  const passwordHash = await hash(DEMO_PASSWORD, PASSWORD_HASH_OPTIONS);
  const registeredAt = daysBefore(now, 400);
  const rows = await db
    .insert(users)
    .values(
      DEMO_ACCOUNTS.map((account) => ({
        email: account.email,
        passwordHash,
        role: account.role,
        firstName: account.firstName,
        lastName: account.lastName,
        phone: account.phone,
        language: account.language,
        status: 'active' as const,
        marketingConsent: account.key === 'jan',
        marketingConsentAt: account.key === 'jan' ? registeredAt : null,
        rulesAcceptedAt: registeredAt,
        emailConfirmedAt: registeredAt,
        createdAt: registeredAt,
        updatedAt: registeredAt,
      })),
    )
    .returning({ id: users.id, email: users.email });
  const idOf = (email: string) => rows.find((row) => row.email === email)!.id;
  const ids = Object.fromEntries(
    DEMO_ACCOUNTS.map((account) => [account.key, idOf(account.email)]),
  ) as AccountIds;

  const addresses = DEMO_ACCOUNTS.filter((account) => account.address);
  await db
    .insert(userAddresses)
    .values(addresses.map((account) => ({ userId: ids[account.key], ...account.address! })));
  return ids;
}
