import { serviceTimeEndpoints } from '@care/contract/service-times';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '#app/db/client.ts';
import { route } from '#app/plugins/endpoints.ts';
import { actorOf } from '#app/plugins/session.ts';
import { getServiceTimeTargets, updateServiceTimeTargets } from './service-times.service.ts';

/** The service times (issue 18): service staff read them, admins set them. */
export const serviceTimeRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, serviceTimeEndpoints.get, async () => getServiceTimeTargets(db));
  route(app, serviceTimeEndpoints.update, async (request) =>
    updateServiceTimeTargets(db, actorOf(request), request.body, request.ip),
  );
};
