import { LANGUAGES } from '@care/contract/locales';
import { ROLES } from '@care/contract/statuses';
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { foldSql, foldSqlExpression } from '../search-text.ts';
import { bigintRef, checkIn, createdAt, id, timestamptz, updatedAt } from './columns.ts';

/** pending: registered, e-mail not confirmed yet; active; deactivated: closed by the user or an admin. */
export const USER_STATUSES = ['pending', 'active', 'deactivated'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

const searchable = ['first_name', 'last_name', 'email', 'phone', 'pesel_or_nip']
  .map((column) => `coalesce(${column}, '')`)
  .join(` || ' ' || `);

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Always stored lower-cased (checked), so the plain unique index is case-insensitive uniqueness. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ROLES }).notNull().default('customer'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    peselOrNip: text('pesel_or_nip'),
    language: text('language', { enum: LANGUAGES }).notNull().default('pl'),
    status: text('status', { enum: USER_STATUSES }).notNull().default('pending'),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    marketingConsentAt: timestamptz('marketing_consent_at'),
    rulesAcceptedAt: timestamptz('rules_accepted_at'),
    emailConfirmedAt: timestamptz('email_confirmed_at'),
    lastLoginAt: timestamptz('last_login_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deactivatedAt: timestamptz('deactivated_at'),
    /** Customer id in the maker's online store, set by the B2C registration that links both accounts. */
    b2cStoreCustomerId: text('b2c_store_customer_id'),
    /** Authorities granted on top of the role's defaults (customers get RIGHT_CARE_VIEW_CATALOG in app logic). */
    authorities: text('authorities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Names, e-mail, phone and PESEL/NIP folded like `normalizeSearchText` for the staff customer search
     * (`search_text LIKE '%' || normalizeSearchText(q) || '%'`, trigram index). Generated, so no writer can
     * forget it; `unaccent()` is not immutable, hence the `translate()` folding.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql.raw(foldSqlExpression(searchable))),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_b2c_store_customer_id_key').on(t.b2cStoreCustomerId),
    // Staff lists of customers / staff accounts, newest first.
    index('users_role_created_at_idx').on(t.role, t.createdAt),
    index('users_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    checkIn('users_role_check', t.role, ROLES),
    checkIn('users_language_check', t.language, LANGUAGES),
    checkIn('users_status_check', t.status, USER_STATUSES),
  ],
);

/** SPEC §3 "Address": one per user, created with the account or on first save. */
export const userAddresses = pgTable(
  'user_addresses',
  {
    userId: bigintRef('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyName: text('company_name'),
    street: text('street').notNull().default(''),
    houseNumber: text('house_number').notNull().default(''),
    apartmentNumber: text('apartment_number'),
    postalCode: text('postal_code').notNull().default(''),
    city: text('city').notNull().default(''),
    /** ISO 3166-1 alpha-2. */
    countryCode: text('country_code').notNull().default('PL'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The intake's customer search by company, case and diacritics ignored (features/intake, decisions/064).
    index('user_addresses_company_name_trgm_idx').using(
      'gin',
      sql`(${foldSql(sql`coalesce(${t.companyName}, '')`)}) gin_trgm_ops`,
    ),
  ],
);

/**
 * SPEC §3 user settings: notification settings and saved table settings, each a JSON value under a key,
 * grouped by `broad_value` (the product key the web passes; '' when the web passes null).
 */
export const userSettings = pgTable(
  'user_settings',
  {
    id: id(),
    userId: bigintRef('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    broadValue: text('broad_value').notNull().default(''),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('user_settings_user_broad_value_key_key').on(t.userId, t.broadValue, t.key)],
);
