import { customerEndpoints } from '@care/contract/customers';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { route } from '#app/plugins/endpoints.ts';
import { actorOf } from '#app/plugins/session.ts';
import {
  assignMachine,
  type ChangeContext,
  reactivateCustomer,
  removeMachine,
  resendConfirmation,
} from './customer-actions.service.ts';
import { getCustomer } from './customer-details.service.ts';
import { searchCustomers } from './customer-search.service.ts';

interface Options {
  env: Env;
  db: Db;
  onMailQueued: () => void;
}

const contextOf = (request: FastifyRequest): ChangeContext => ({ actor: actorOf(request), ip: request.ip });

/**
 * Customers in the back office (issue 15, docs/decisions/045): service staff and admins read them
 * (api/staff/customers), only admins change them (api/admin/customers/…). Everyone else signed in: FORBIDDEN.
 * Every change answers with the customer's page as it is now.
 */
export const customerRoutes: FastifyPluginAsync<Options> = async (app, { env, db, onMailQueued }) => {
  route(app, customerEndpoints.search, async (request) => searchCustomers(db, request.query));

  route(app, customerEndpoints.get, async (request) => getCustomer(db, request.params.id));

  route(app, customerEndpoints.resendConfirmation, async (request) => {
    await resendConfirmation(db, env, contextOf(request), request.params.id);
    onMailQueued();
    return getCustomer(db, request.params.id);
  });

  route(app, customerEndpoints.reactivate, async (request) => {
    await reactivateCustomer(db, contextOf(request), request.params.id, request.body);
    return getCustomer(db, request.params.id);
  });

  route(app, customerEndpoints.assignMachine, async (request) => {
    await assignMachine(db, contextOf(request), request.params.id, request.body);
    return getCustomer(db, request.params.id);
  });

  route(app, customerEndpoints.removeMachine, async (request) => {
    const { id, machineId } = request.params;
    await removeMachine(db, contextOf(request), id, machineId, request.body);
    return getCustomer(db, id);
  });
};
