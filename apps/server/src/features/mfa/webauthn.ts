import { and, eq, gt, lte } from 'drizzle-orm';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { type WEBAUTHN_PURPOSES, webauthnChallenges } from '#app/db/schema/mfa.ts';

type Purpose = (typeof WEBAUTHN_PURPOSES)[number];

/** How long a browser has to answer a challenge (the ceremony's timeout plus a margin). */
export const CHALLENGE_TTL_MS = 5 * 60_000;
export const CEREMONY_TIMEOUT_MS = 4 * 60_000;

export interface RelyingParty {
  name: string;
  /** The host name of PUBLIC_URL: passkeys are bound to it. */
  id: string;
  /** PUBLIC_URL's origin (scheme, host, port); BASE_PATH is a path and not part of it. */
  origin: string;
}

export function relyingParty(env: Env): RelyingParty {
  const url = new URL(env.PUBLIC_URL);
  return { name: env.BRAND_NAME, id: url.hostname, origin: url.origin };
}

/** Keeps a challenge the library made, for one answer within CHALLENGE_TTL_MS. */
export async function storeChallenge(
  db: Db,
  challenge: string,
  purpose: Purpose,
  userId: number | null,
): Promise<void> {
  await db.delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, new Date()));
  await db
    .insert(webauthnChallenges)
    .values({ challenge, purpose, userId, expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS) });
}

/**
 * The library's expectedChallenge check: the challenge in the browser's answer must be one we handed out for
 * this purpose (and this account), unexpired; it is deleted as it is checked, so an answer counts once.
 */
export function takeChallenge(db: Db, purpose: Purpose, userId: number | null) {
  return async (challenge: string): Promise<boolean> => {
    const taken = await db
      .delete(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.challenge, challenge),
          eq(webauthnChallenges.purpose, purpose),
          gt(webauthnChallenges.expiresAt, new Date()),
          ...(userId === null ? [] : [eq(webauthnChallenges.userId, userId)]),
        ),
      )
      .returning({ id: webauthnChallenges.id });
    return taken.length === 1;
  };
}
