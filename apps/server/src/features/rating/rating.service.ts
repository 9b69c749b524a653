import type {
  RatingInputSchema,
  RatingLink,
  RatingLinkRatingSchema,
  RatingLinkState,
  ServiceRating,
} from '@care/contract/rating';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '#app/audit/audit.ts';
import type { Db } from '#app/db/client.ts';
import { machines } from '#app/db/schema/machines.ts';
import { serviceRatingLinks, serviceRequestRatings } from '#app/db/schema/ratings.ts';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
import { users } from '#app/db/schema/users.ts';
import { publishEvent, requestAudience } from '#app/events/event-bus.ts';
import { AppError, notFound } from '#app/plugins/errors.ts';
import type { Actor } from '#app/plugins/session.ts';
import { sha256Hex } from '#app/security/tokens.ts';

type RatingInput = z.output<typeof RatingInputSchema>;
type RatingLinkRating = z.output<typeof RatingLinkRatingSchema>;

interface Rated {
  id: number;
  code: string;
  customerId: number;
}

/**
 * The one way a rating is written, in the caller's transaction (the request's row is locked): only an F request
 * (SERVICE_REQUEST_NOT_FINISHED), only once (ALREADY_RATED: the primary key decides between two at once), the
 * links of the request spent, the audit entry under the customer's name and a refetch hint for open pages.
 */
async function saveRating(
  tx: Db,
  request: Rated & { status: string },
  customer: { id: number; email: string },
  input: RatingInput,
  via: 'page' | 'link',
  ip: string | undefined,
): Promise<ServiceRating> {
  if (request.status !== 'F') throw new AppError('SERVICE_REQUEST_NOT_FINISHED');
  const [rating] = await tx
    .insert(serviceRequestRatings)
    .values({
      serviceRequestId: request.id,
      score: input.score,
      comment: input.comment,
      ratedBy: customer.id,
      via,
    })
    .onConflictDoNothing()
    .returning({
      score: serviceRequestRatings.score,
      comment: serviceRequestRatings.comment,
      ratedAt: serviceRequestRatings.ratedAt,
    });
  if (!rating) throw new AppError('ALREADY_RATED');
  await tx
    .update(serviceRatingLinks)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(serviceRatingLinks.serviceRequestId, request.id), sql`${serviceRatingLinks.usedAt} IS NULL`),
    );
  await recordAudit(tx, customer, {
    kind: 'service-request.rating',
    subject: { type: 'service-request', id: request.id, label: request.code },
    after: { score: input.score, comment: input.comment, via },
    ip,
  });
  // The status is unchanged: the event only tells open pages (staff's, the customer's other tabs) to refetch.
  await publishEvent(
    tx,
    { type: 'service-request-status', data: { serviceRequestId: String(request.id), status: 'F' } },
    requestAudience(request.customerId),
  );
  return { ...rating, ratedAt: rating.ratedAt.toISOString() };
}

/** POST api/service-requests/{id}/rating: the signed-in customer rates their own finished request. */
export async function rateRequest(
  db: Db,
  actor: Actor,
  id: number,
  input: RatingInput,
  ip?: string,
): Promise<ServiceRating> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select({
        id: serviceRequests.id,
        code: serviceRequests.code,
        status: serviceRequests.status,
        customerId: serviceRequests.customerId,
      })
      .from(serviceRequests)
      .where(and(eq(serviceRequests.id, id), eq(serviceRequests.customerId, actor.id)))
      .for('update');
    if (!request) throw notFound();
    return saveRating(tx, request, actor, input, 'page', ip);
  });
}

/** The link of a token with its request, machine and customer; an unknown token is INVALID_TOKEN. */
async function findLink(db: Db, token: string, lock: boolean) {
  const query = db
    .select({
      linkId: serviceRatingLinks.id,
      expired: sql<boolean>`${serviceRatingLinks.expiresAt} <= now()`,
      rated: sql<boolean>`${serviceRatingLinks.usedAt} IS NOT NULL OR EXISTS (SELECT 1 FROM ${serviceRequestRatings}
        WHERE ${serviceRequestRatings.serviceRequestId} = ${serviceRequests.id})`,
      id: serviceRequests.id,
      code: serviceRequests.code,
      status: serviceRequests.status,
      customerId: serviceRequests.customerId,
      customerEmail: users.email,
      machineName: machines.name,
      machineSerialNumber: machines.serialNumber,
    })
    .from(serviceRatingLinks)
    .innerJoin(serviceRequests, eq(serviceRequests.id, serviceRatingLinks.serviceRequestId))
    .innerJoin(machines, eq(machines.id, serviceRequests.machineId))
    .innerJoin(users, eq(users.id, serviceRequests.customerId))
    .where(eq(serviceRatingLinks.tokenHash, sha256Hex(token)))
    .limit(1);
  const [link] = await (lock ? query.for('update', { of: serviceRequests }) : query);
  if (!link) throw new AppError('INVALID_TOKEN');
  return link;
}

function linkAnswer(link: Awaited<ReturnType<typeof findLink>>, state: RatingLinkState): RatingLink {
  return {
    state,
    serviceRequestId: String(link.id),
    code: link.code,
    machine: { name: link.machineName, serialNumber: link.machineSerialNumber },
  };
}

/**
 * POST api/service-ratings/link: what the e-mailed link's page shows — only the request's code and machine and
 * whether it may still be rated (rated wins over expired: the page says it was rated).
 */
export async function readRatingLink(db: Db, token: string): Promise<RatingLink> {
  const link = await findLink(db, token, false);
  return linkAnswer(link, link.rated ? 'rated' : link.expired ? 'expired' : 'open');
}

/**
 * POST api/service-ratings/link/rating: the rating through the link, as its customer (no session: the unguessable
 * token is the permission, for this one request). Rated already: ALREADY_RATED; past its days: RATING_LINK_EXPIRED.
 */
export async function rateByLink(db: Db, input: RatingLinkRating, ip?: string): Promise<RatingLink> {
  return db.transaction(async (tx) => {
    const link = await findLink(tx, input.token, true);
    if (link.rated) throw new AppError('ALREADY_RATED');
    if (link.expired) throw new AppError('RATING_LINK_EXPIRED');
    await saveRating(tx, link, { id: link.customerId, email: link.customerEmail }, input, 'link', ip);
    return linkAnswer(link, 'rated');
  });
}
