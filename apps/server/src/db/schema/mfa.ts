import { SECOND_FACTOR_STEPS } from '@care/contract/mfa';
import { bigint, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintRef, checkIn, createdAt, id, timestamptz, updatedAt } from './columns.ts';
import { sessions } from './sessions.ts';
import { users } from './users.ts';

/** Passkeys (WebAuthn credentials) of an account: sign-in alone, or second factor after the password. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    userId: bigintRef('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** base64url, as browsers send it back. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter (0 for most synced passkeys). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (t) => [
    uniqueIndex('passkeys_credential_id_key').on(t.credentialId),
    index('passkeys_user_id_idx').on(t.userId),
  ],
);

/** One TOTP secret per account; confirmed once the person entered a code from it. */
export const totpFactors = pgTable('totp_factors', {
  userId: bigintRef('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Base32; the server must read it to check codes, so it cannot be hashed. */
  secret: text('secret').notNull(),
  confirmedAt: timestamptz('confirmed_at'),
  /** The time step of the last accepted code: a code is taken only for a later step (no replay). */
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Recovery codes, SHA-256 of each (they are random, 50 bits); a used one keeps its row with used_at. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: bigintRef('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_id_idx').on(t.userId)],
);

export const WEBAUTHN_PURPOSES = ['register', 'sign-in', 'second-factor'] as const;

/** WebAuthn challenges handed out and not yet answered; each is taken once, before it expires. */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: id(),
    challenge: text('challenge').notNull(),
    /** Null for a passkey sign-in, where nobody is known yet. */
    userId: bigintRef('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: WEBAUTHN_PURPOSES }).notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('webauthn_challenges_challenge_key').on(t.challenge),
    index('webauthn_challenges_expires_at_idx').on(t.expiresAt),
    checkIn('webauthn_challenges_purpose', t.purpose, WEBAUTHN_PURPOSES),
  ],
);

/** A session that has the password but still needs a second factor ('verify') or to set one up ('setup'). */
export const sessionSecondFactor = pgTable(
  'session_second_factor',
  {
    sessionId: bigintRef('session_id')
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    step: text('step', { enum: SECOND_FACTOR_STEPS }).notNull(),
  },
  (t) => [checkIn('session_second_factor_step', t.step, SECOND_FACTOR_STEPS)],
);

/** Portal-wide settings an admin changes on screen, one row per key. */
export const portalSettings = pgTable('portal_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});
