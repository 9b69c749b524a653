import { SET_PASSWORD_LINK_HOURS } from '@care/contract/staff-accounts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { type AuthTokenPurpose, authTokens, type PendingRegistration } from '#app/db/schema/sessions.ts';
import { randomToken, sha256Hex } from '#app/security/tokens.ts';

/** How long an e-mailed link works: registration 72 hours, password reset 1 hour, a staff account's first password 24 hours. */
export const TOKEN_LIFETIME_MS: Record<AuthTokenPurpose, number> = {
  confirm_registration: 72 * 3_600_000,
  reset_password: 3_600_000,
  set_password: SET_PASSWORD_LINK_HOURS * 3_600_000,
};

/** A new single-use token (256 random bits); only its SHA-256 is stored. Returns the raw token for the link. */
export async function issueAuthToken(
  db: Db,
  userId: number,
  purpose: AuthTokenPurpose,
  machineId: number | null = null,
  registration: PendingRegistration | null = null,
): Promise<string> {
  const token = randomToken();
  await db.insert(authTokens).values({
    userId,
    purpose,
    tokenHash: sha256Hex(token),
    machineId,
    registration,
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]),
  });
  return token;
}

/** Voids the user's unused tokens of a purpose: a new link replaces the earlier ones. */
export async function voidAuthTokens(db: Db, userId: number, purpose?: AuthTokenPurpose): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authTokens.userId, userId),
        isNull(authTokens.usedAt),
        purpose ? eq(authTokens.purpose, purpose) : undefined,
      ),
    );
}

/**
 * Once an account is confirmed, the other registrations' links are void, and no link keeps the password hash
 * and personal data its registration entered.
 */
export async function endRegistrationTokens(db: Db, userId: number): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: sql`coalesce(${authTokens.usedAt}, now())`, registration: null })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, 'confirm_registration')));
}

/**
 * The user of a genuine, unexpired, unused token of this purpose, or null; the token stays unused. Looked up by
 * its SHA-256 like consumeAuthToken, so the time taken says nothing about how close a guess came.
 */
export async function findUsableAuthToken(
  db: Db,
  token: string,
  purpose: AuthTokenPurpose,
): Promise<{ userId: number } | null> {
  const [row] = await db
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, sha256Hex(token)),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row ?? null;
}

export interface ConsumedToken {
  userId: number;
  machineId: number | null;
  registration: PendingRegistration | null;
}

/**
 * Uses a token up: one UPDATE marks it used only if it is genuine, of this purpose, unused and unexpired, so two
 * requests racing with the same link cannot both succeed. Null otherwise. Run it in the transaction of the change:
 * if the change fails, the token stays unused.
 */
export async function consumeAuthToken(
  db: Db,
  token: string,
  purpose: AuthTokenPurpose,
): Promise<ConsumedToken | null> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(authTokens.tokenHash, sha256Hex(token)),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({
      userId: authTokens.userId,
      machineId: authTokens.machineId,
      registration: authTokens.registration,
    });
  return row ?? null;
}
