import { ApiErrorSchema } from '@care/contract/errors';
import {
  MachineDetailsSchema,
  MachineIdParamsSchema,
  MachineListQuerySchema,
  MachinePageSchema,
} from '@care/contract/machines';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '#app/db/client.ts';
import { actorOf, requireUser } from '#app/plugins/session.ts';
import { getMachine, listOwnedMachines } from './machines.service.ts';

const tags = ['machines'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

/** SPEC §7 api/end-products: the customer's machines ("end products"). Another customer's machine is a 404. */
export const machineRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/end-products/user-owned',
    {
      schema: {
        tags,
        summary: "The signed-in customer's machines, filtered, sorted and paged",
        querystring: MachineListQuerySchema,
        response: { 200: MachinePageSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (request) => listOwnedMachines(db, actorOf(request), request.query),
  );

  app.get(
    '/api/end-products/:id',
    {
      schema: {
        tags,
        summary: 'One machine with its guarantee and service requests',
        params: MachineIdParamsSchema,
        response: { 200: MachineDetailsSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (request) => getMachine(db, actorOf(request), Number(request.params.id)),
  );
};
