import { ApiErrorSchema } from '@care/contract/errors';
import { ServiceRequestWithdrawnSchema, StaffServiceRequestParamsSchema } from '@care/contract/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { actorOf, requireRole } from '#app/plugins/session.ts';
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
export const withdrawalRoutes: FastifyPluginAsyncZod<Options> = async (app, { env, db, onMailQueued }) => {
  app.post(
    '/api/service-requests/:id/withdrawal',
    {
      schema: {
        tags: ['service requests'],
        summary: 'Withdraw my service request while it is still new (N → X)',
        params: StaffServiceRequestParamsSchema,
        response: {
          200: ServiceRequestWithdrawnSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
        },
      },
      preHandler: requireRole('customer'),
    },
    async (request) => {
      const { mailQueued, ...withdrawn } = await withdrawRequest(
        db,
        env,
        actorOf(request),
        Number(request.params.id),
        request.ip,
      );
      if (mailQueued) onMailQueued();
      return withdrawn;
    },
  );
};
