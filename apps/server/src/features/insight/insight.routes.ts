import { insightEndpoints } from '@care/contract/insight';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '#app/db/client.ts';
import { route } from '#app/plugins/endpoints.ts';
import { getCachedInsight } from './insight-cache.ts';

/** The insight dashboard (issue 15): service staff and admins; customers and parts sales get FORBIDDEN. */
export const insightRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, insightEndpoints.get, async () => getCachedInsight(db));
};
