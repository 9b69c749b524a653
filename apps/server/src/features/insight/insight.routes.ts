import { ApiErrorSchema } from '@care/contract/errors';
import { InsightSchema } from '@care/contract/insight';
import { SERVICE_STAFF_ROLES } from '@care/contract/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '#app/db/client.ts';
import { requireRole } from '#app/plugins/session.ts';
import { getCachedInsight } from './insight-cache.ts';

/** The insight dashboard (issue 15): service staff and admins; customers and parts sales get FORBIDDEN. */
export const insightRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/staff/insight',
    {
      schema: {
        tags: ['staff'],
        summary:
          'The insight dashboard: open requests, weekly flow and response times, models, offer quoting',
        response: { 200: InsightSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
      preHandler: requireRole(...SERVICE_STAFF_ROLES),
    },
    async () => getCachedInsight(db),
  );
};
