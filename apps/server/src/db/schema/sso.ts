import { pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, timestamptz } from './columns.ts';
import { users } from './users.ts';

/**
 * The OpenID Connect identity a staff account signs in with (issue 15): the provider's issuer and the person's
 * subject there, which never change, unlike the e-mail. One identity per account and one account per identity;
 * a table of its own rather than columns on users, so that a second provider needs no migration of users.
 */
export const userOidcIdentities = pgTable(
  'user_oidc_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: bigintRef('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSignInAt: timestamptz('last_sign_in_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'user_oidc_identities_pkey', columns: [t.issuer, t.subject] }),
    uniqueIndex('user_oidc_identities_user_id_key').on(t.userId),
  ],
);
