import { healthEndpoints } from '@care/contract/health';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '#app/db/client.ts';
import { route } from '#app/plugins/endpoints.ts';

/** Liveness (the process answers) and readiness (the database answers) for load balancers and orchestrators. */
export const healthRoutes: FastifyPluginAsync<{ database: Database }> = async (app, { database }) => {
  route(app, healthEndpoints.live, async () => ({ status: 'ok' as const }));
  route(app, healthEndpoints.ready, async (_request, reply) => {
    const ok = await database.ping();
    return reply.status(ok ? 200 : 503).send({
      status: ok ? ('ok' as const) : ('unavailable' as const),
      database: ok ? ('ok' as const) : ('unavailable' as const),
    });
  });
};
