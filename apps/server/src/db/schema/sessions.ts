import { sql } from 'drizzle-orm';
import type { Language } from '@care/contract/locales';
import {
  boolean,
  check,
  index,
  inet,
  jsonb,
  type PgColumn,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bigintRef, checkIn, createdAt, id, timestamptz } from './columns.ts';
import { machines } from './machines.ts';
import { users } from './users.ts';

/** A SHA-256 digest as 64 lower-case hex characters; the raw token never reaches the database. */
const sha256Hex = (name: string) => text(name).notNull();
const isSha256Hex = (column: PgColumn) => sql`${column} ~ '^[0-9a-f]{64}$'`;

/**
 * Sign-in sessions (docs/design.md): the cookie holds a random 256-bit token, the row only its SHA-256.
 * A session is valid while now() < expires_at (absolute, longer with remember-me) and now() < idle_expires_at
 * (pushed forward on activity, at most once a minute to spare writes).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: bigintRef('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: sha256Hex('token_hash'),
    remember: boolean('remember').notNull().default(false),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    idleExpiresAt: timestamptz('idle_expires_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    userAgent: text('user_agent'),
    ip: inet('ip'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    // "Sign out everywhere" on password change / deactivation.
    index('sessions_user_id_idx').on(t.userId),
    // Clean-up of expired rows.
    index('sessions_expires_at_idx').on(t.expiresAt),
    index('sessions_idle_expires_at_idx').on(t.idleExpiresAt),
    check('sessions_token_hash_format', isSha256Hex(t.tokenHash)),
  ],
);

/**
 * What one registration entered, kept with its confirmation link: a registration of an address that is still
 * pending does not touch the account, and the link the mailbox owner opens decides which registration stands.
 */
export interface PendingRegistration {
  passwordHash: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  peselOrNip: string | null;
  language: Language;
  marketingConsent: boolean;
  b2cStoreCustomerId: string | null;
  /** When it was entered (ISO 8601): the time the rules and the marketing consent were accepted. */
  registeredAt: string;
}

/** set_password: the first password of a staff account an admin created (issue 15, migration 0014). */
export const AUTH_TOKEN_PURPOSES = ['confirm_registration', 'reset_password', 'set_password'] as const;
export type AuthTokenPurpose = (typeof AUTH_TOKEN_PURPOSES)[number];

/** Single-use e-mailed tokens (registration confirmation, password reset), stored hashed like sessions. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: id(),
    userId: bigintRef('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: AUTH_TOKEN_PURPOSES }).notNull(),
    tokenHash: sha256Hex('token_hash'),
    /** Registration: the machine the customer named, linked to them when they confirm. */
    machineId: bigintRef('machine_id').references(() => machines.id, { onDelete: 'set null' }),
    /** Registration: the account data the link activates (null on links made before migration 0010). */
    registration: jsonb('registration').$type<PendingRegistration>(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [
    uniqueIndex('auth_tokens_token_hash_key').on(t.tokenHash),
    // A new reset link voids the user's earlier unused ones.
    index('auth_tokens_user_purpose_idx').on(t.userId, t.purpose),
    index('auth_tokens_expires_at_idx').on(t.expiresAt),
    index('auth_tokens_machine_id_idx').on(t.machineId),
    checkIn('auth_tokens_purpose_check', t.purpose, AUTH_TOKEN_PURPOSES),
    check('auth_tokens_token_hash_format', isSha256Hex(t.tokenHash)),
  ],
);
