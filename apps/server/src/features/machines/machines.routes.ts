import { machineEndpoints } from '@care/contract/machines';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '#app/db/client.ts';
import { route } from '#app/plugins/endpoints.ts';
import { actorOf } from '#app/plugins/session.ts';
import { getMachine, listOwnedMachines } from './machines.service.ts';

/** SPEC §7 api/end-products: the customer's machines ("end products"). Another customer's machine is a 404. */
export const machineRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, machineEndpoints.list, async (request) =>
    listOwnedMachines(db, actorOf(request), request.query),
  );
  route(app, machineEndpoints.get, async (request) => getMachine(db, actorOf(request), request.params.id));
};
