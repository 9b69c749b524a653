import {
  CustomerMachineParamsSchema,
  CustomerParamsSchema,
  CustomerReasonSchema,
  MachineAssignmentSchema,
  StaffCustomerDetailsSchema,
  StaffCustomersPageSchema,
  StaffCustomersQuerySchema,
} from '@care/contract/customers';
import { ApiErrorSchema } from '@care/contract/errors';
import { SERVICE_STAFF_ROLES } from '@care/contract/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { actorOf, requireRole } from '#app/plugins/session.ts';
import {
  assignMachine,
  type ChangeContext,
  reactivateCustomer,
  removeMachine,
  resendConfirmation,
} from './customer-actions.service.ts';
import { getCustomer } from './customer-details.service.ts';
import { searchCustomers } from './customer-search.service.ts';

const tags = ['customers'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const changeErrors = { ...errors, 409: ApiErrorSchema };

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
export const customerRoutes: FastifyPluginAsyncZod<Options> = async (app, { env, db, onMailQueued }) => {
  const readers = requireRole(...SERVICE_STAFF_ROLES);
  const adminOnly = requireRole('admin');
  const idOf = (request: { params: { id: string } }) => Number(request.params.id);

  app.get(
    '/api/staff/customers',
    {
      schema: {
        tags,
        summary: 'Search customers by name, e-mail, phone or an owned serial number; filter by status',
        querystring: StaffCustomersQuerySchema,
        response: { 200: StaffCustomersPageSchema, ...errors },
      },
      preHandler: readers,
    },
    async (request) => searchCustomers(db, request.query),
  );

  app.get(
    '/api/staff/customers/:id',
    {
      schema: {
        tags,
        summary: 'A customer: contact data, consents, account, machines, service and offer requests',
        params: CustomerParamsSchema,
        response: { 200: StaffCustomerDetailsSchema, ...errors },
      },
      preHandler: readers,
    },
    async (request) => getCustomer(db, idOf(request)),
  );

  app.post(
    '/api/admin/customers/:id/confirmation-mail',
    {
      schema: {
        tags,
        summary: 'Send a pending customer a new link to confirm the e-mail address',
        params: CustomerParamsSchema,
        response: { 200: StaffCustomerDetailsSchema, ...changeErrors },
      },
      preHandler: adminOnly,
    },
    async (request) => {
      await resendConfirmation(db, env, contextOf(request), idOf(request));
      onMailQueued();
      return getCustomer(db, idOf(request));
    },
  );

  app.post(
    '/api/admin/customers/:id/reactivation',
    {
      schema: {
        tags,
        summary: 'Reactivate a deactivated customer (with a reason); they sign in with their password',
        params: CustomerParamsSchema,
        body: CustomerReasonSchema,
        response: { 200: StaffCustomerDetailsSchema, ...changeErrors },
      },
      preHandler: adminOnly,
    },
    async (request) => {
      await reactivateCustomer(db, contextOf(request), idOf(request), request.body);
      return getCustomer(db, idOf(request));
    },
  );

  app.post(
    '/api/admin/customers/:id/machines',
    {
      schema: {
        tags,
        summary: 'Assign a machine by serial number (with a reason; `move` takes it from another customer)',
        params: CustomerParamsSchema,
        body: MachineAssignmentSchema,
        response: { 200: StaffCustomerDetailsSchema, ...changeErrors },
      },
      preHandler: adminOnly,
    },
    async (request) => {
      await assignMachine(db, contextOf(request), idOf(request), request.body);
      return getCustomer(db, idOf(request));
    },
  );

  app.post(
    '/api/admin/customers/:id/machines/:machineId/removal',
    {
      schema: {
        tags,
        summary: 'Remove a machine from the customer (with a reason); it is free for registration again',
        params: CustomerMachineParamsSchema,
        body: CustomerReasonSchema,
        response: { 200: StaffCustomerDetailsSchema, ...changeErrors },
      },
      preHandler: adminOnly,
    },
    async (request) => {
      const id = idOf(request);
      await removeMachine(db, contextOf(request), id, Number(request.params.machineId), request.body);
      return getCustomer(db, id);
    },
  );
};
