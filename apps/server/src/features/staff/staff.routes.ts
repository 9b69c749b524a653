import { ApiErrorSchema } from '@care/contract/errors';
import {
  SERVICE_STAFF_ROLES,
  StaffQueuePageSchema,
  StaffQueueQuerySchema,
  StaffServiceRequestParamsSchema,
  StaffServiceRequestSchema,
  StaffServiceRequestUpdateSchema,
  StaffStatusChangeSchema,
} from '@care/contract/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { actorOf, requireRole } from '#app/plugins/session.ts';
import { listQueue } from './staff-queue.service.ts';
import { getStaffServiceRequest, updateStaffServiceRequest } from './staff-requests.service.ts';
import { changeStatus } from '#app/features/service-requests/status-change.service.ts';

const tags = ['staff'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

interface Options {
  env: Env;
  db: Db;
  onMailQueued: () => void;
}

/**
 * The service department's side of service requests (docs/decisions/022). Only roles service and admin: anyone
 * else signed in is FORBIDDEN (these are not another customer's rows but a screen they may not use). Replies
 * and files go through api/chat/*, which staff may use on every request.
 */
export const staffRoutes: FastifyPluginAsyncZod<Options> = async (app, { env, db, onMailQueued }) => {
  const staffOnly = requireRole(...SERVICE_STAFF_ROLES);

  app.get(
    '/api/staff/service-requests',
    {
      schema: {
        tags,
        summary: 'The queue of all service requests, filtered, sorted and paged, with my unread counts',
        querystring: StaffQueueQuerySchema,
        response: { 200: StaffQueuePageSchema, ...errors },
      },
      preHandler: staffOnly,
    },
    async (request) => listQueue(db, actorOf(request), request.query),
  );

  app.get(
    '/api/staff/service-requests/:id',
    {
      schema: {
        tags,
        summary: 'A service request with the customer, the machine and the staff notes',
        params: StaffServiceRequestParamsSchema,
        response: { 200: StaffServiceRequestSchema, ...errors },
      },
      preHandler: staffOnly,
    },
    async (request) => getStaffServiceRequest(db, Number(request.params.id)),
  );

  app.post(
    '/api/staff/service-requests/:id/status',
    {
      schema: {
        tags,
        summary: 'Change the status along the allowed transitions; the customer is notified',
        params: StaffServiceRequestParamsSchema,
        body: StaffStatusChangeSchema,
        response: { 200: StaffServiceRequestSchema, ...errors, 409: ApiErrorSchema },
      },
      preHandler: staffOnly,
    },
    async (request) => {
      const id = Number(request.params.id);
      const changed = await changeStatus(db, env, actorOf(request), id, request.body, request.ip);
      if (changed.mailQueued) onMailQueued();
      return getStaffServiceRequest(db, id);
    },
  );

  app.patch(
    '/api/staff/service-requests/:id',
    {
      schema: {
        tags,
        summary: 'Set the estimated and completion dates, the service opinion and the additional parts',
        params: StaffServiceRequestParamsSchema,
        body: StaffServiceRequestUpdateSchema,
        response: { 200: StaffServiceRequestSchema, ...errors },
      },
      preHandler: staffOnly,
    },
    async (request) =>
      updateStaffServiceRequest(db, actorOf(request), Number(request.params.id), request.body, request.ip),
  );
};
