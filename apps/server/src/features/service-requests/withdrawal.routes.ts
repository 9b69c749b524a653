import { serviceRequestEndpoints } from '@care/contract/service-requests';
import type { FastifyPluginAsync } from 'fastify';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { route } from '#app/plugins/endpoints.ts';
import { actorOf } from '#app/plugins/session.ts';
import { withdrawRequest } from './status-change.service.ts';

interface Options {
  env: Env;
  db: Db;
  onMailQueued: () => void;
}

/**
 * POST api/service-requests/{id}/withdrawal: the customer's one status change (N → X, docs/design.md "Statuses"). It
 * takes the staff status changes' path (status-change.service.ts): history, event, e-mail.
 */
export const withdrawalRoutes: FastifyPluginAsync<Options> = async (app, { env, db, onMailQueued }) => {
  route(app, serviceRequestEndpoints.withdraw, async (request) => {
    const { mailQueued, ...withdrawn } = await withdrawRequest(
      db,
      env,
      actorOf(request),
      request.params.id,
      request.ip,
    );
    if (mailQueued) onMailQueued();
    return withdrawn;
  });
};
