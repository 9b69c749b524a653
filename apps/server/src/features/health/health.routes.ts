import { HealthSchema, ReadinessSchema } from '@care/contract/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#app/db/client.ts';

/** Liveness (the process answers) and readiness (the database answers) for load balancers and orchestrators. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get('/healthz', { schema: { hide: true, response: { 200: HealthSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: ReadinessSchema, 503: ReadinessSchema } } },
    async (_request, reply) => {
      const ok = await database.ping();
      return reply.status(ok ? 200 : 503).send({
        status: ok ? ('ok' as const) : ('unavailable' as const),
        database: ok ? ('ok' as const) : ('unavailable' as const),
      });
    },
  );
};
