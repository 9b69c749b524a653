import { ratingEndpoints } from '@care/contract/rating';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '#app/db/client.ts';
import { route } from '#app/plugins/endpoints.ts';
import { perIp, RATE_LIMITS } from '#app/plugins/rate-limit.ts';
import { actorOf } from '#app/plugins/session.ts';
import { rateByLink, rateRequest, readRatingLink } from './rating.service.ts';

interface Options {
  db: Db;
}

/**
 * Confirm and rate a finished request (issue 18, docs/decisions/065): the customer from the request page, or anyone
 * holding the F e-mail's link (the token is the permission, for that one request; the links' rate limit applies).
 */
export const ratingRoutes: FastifyPluginAsync<Options> = async (app, { db }) => {
  route(app, ratingEndpoints.rate, async (request) =>
    rateRequest(db, actorOf(request), request.params.id, request.body, request.ip),
  );

  route(app, ratingEndpoints.link, async (request) => readRatingLink(db, request.body.token), {
    config: { rateLimit: perIp('token', RATE_LIMITS.tokenPerIp) },
  });

  route(app, ratingEndpoints.rateByLink, async (request) => rateByLink(db, request.body, request.ip), {
    config: { rateLimit: perIp('token', RATE_LIMITS.tokenPerIp) },
  });
};
