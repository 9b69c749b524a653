import { paths } from '@care/contract/pages';
import { RATING_LINK_DAYS } from '@care/contract/rating';
import { sql } from 'drizzle-orm';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { serviceRatingLinks } from '#app/db/schema/ratings.ts';
import { randomToken, sha256Hex } from '#app/security/tokens.ts';

/**
 * A new rating link for the F e-mail of request `serviceRequestId`, in the caller's transaction: 256 random bits
 * of which only the SHA-256 is stored, valid RATING_LINK_DAYS (docs/decisions/065). Answers the link's address.
 */
export async function createRatingLink(tx: Db, env: Env, serviceRequestId: number): Promise<string> {
  const token = randomToken();
  await tx.insert(serviceRatingLinks).values({
    serviceRequestId,
    tokenHash: sha256Hex(token),
    expiresAt: sql`now() + make_interval(days => ${RATING_LINK_DAYS})`,
  });
  return `${env.PUBLIC_URL}${env.BASE_PATH}${paths.rateService(token)}`;
}
