import { ApiErrorSchema } from '@care/contract/errors';
import { AUTHORITIES } from '@care/contract/limits';
import {
  OfferRequestDetailsSchema,
  OfferRequestIdParamsSchema,
  OfferRequestListQuerySchema,
  OfferRequestPageSchema,
  OfferRequestStatusChangeSchema,
  SendOfferRequestSchema,
  StaffOfferRequestDetailsSchema,
  StaffOfferRequestPageSchema,
} from '@care/contract/offers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { actorOf, requireAuthority, requireRole, requireUser } from '#app/plugins/session.ts';
import {
  changeOfferRequestStatus,
  getAnyOfferRequest,
  getOwnOfferRequest,
  listAllOfferRequests,
  listOwnOfferRequests,
  sendOfferRequest,
} from './offers.service.ts';

const tags = ['offer requests'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

interface Options {
  env: Env;
  db: Db;
  onMailQueued: () => void;
}

/**
 * SPEC §7 api/parts/email and the offer requests it files: a customer with the catalogue authority sends the
 * cart and reads their own requests (another customer's is a 404); parts sales (sales, admin) work the inbox.
 */
export const offerRoutes: FastifyPluginAsyncZod<Options> = async (app, { env, db, onMailQueued }) => {
  const salesOnly = requireRole('sales', 'admin');

  app.post(
    '/api/parts/email',
    {
      schema: {
        tags,
        summary:
          'Send the whole cart as an offer request to parts sales (with a copy to the customer); idempotent by clientId',
        body: SendOfferRequestSchema,
        response: {
          201: OfferRequestDetailsSchema,
          200: OfferRequestDetailsSchema.describe('A retry (same clientId) of a send already filed'),
          ...errors,
        },
      },
      preHandler: requireAuthority(AUTHORITIES.viewCatalog),
    },
    async (request, reply) => {
      const { details, created } = await sendOfferRequest(db, actorOf(request), request.body, {
        salesEmail: env.SALES_EMAIL,
        brand: env.BRAND_NAME,
        portalUrl: `${env.PUBLIC_URL}${env.BASE_PATH}`,
      });
      if (created) onMailQueued();
      return reply.status(created ? 201 : 200).send(details);
    },
  );

  app.get(
    '/api/offer-requests/user-owned',
    {
      schema: {
        tags,
        summary: "The signed-in customer's offer requests, newest first, paged",
        querystring: OfferRequestListQuerySchema,
        response: { 200: OfferRequestPageSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (request) => listOwnOfferRequests(db, actorOf(request), request.query),
  );

  app.get(
    '/api/offer-requests/:id',
    {
      schema: {
        tags,
        summary: 'One of the customer’s own offer requests with its items and status history',
        params: OfferRequestIdParamsSchema,
        response: { 200: OfferRequestDetailsSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (request) => getOwnOfferRequest(db, actorOf(request), Number(request.params.id)),
  );

  app.get(
    '/api/staff/offer-requests',
    {
      schema: {
        tags,
        summary: 'The parts sales inbox: every offer request, newest first, paged, filtered by status',
        querystring: OfferRequestListQuerySchema,
        response: { 200: StaffOfferRequestPageSchema, ...errors },
      },
      preHandler: salesOnly,
    },
    async (request) => listAllOfferRequests(db, request.query),
  );

  app.get(
    '/api/staff/offer-requests/:id',
    {
      schema: {
        tags,
        summary: 'Any offer request with its customer, items and status history (sales, admin)',
        params: OfferRequestIdParamsSchema,
        response: { 200: StaffOfferRequestDetailsSchema, ...errors },
      },
      preHandler: salesOnly,
    },
    async (request) => getAnyOfferRequest(db, Number(request.params.id)),
  );

  app.post(
    '/api/staff/offer-requests/:id/status',
    {
      schema: {
        tags,
        summary: 'Move an offer request along sent → in_progress → quoted → closed (or to closed early)',
        params: OfferRequestIdParamsSchema,
        body: OfferRequestStatusChangeSchema,
        response: { 200: StaffOfferRequestDetailsSchema, ...errors, 409: ApiErrorSchema },
      },
      preHandler: salesOnly,
    },
    async (request) =>
      changeOfferRequestStatus(db, actorOf(request), Number(request.params.id), request.body.status),
  );
};
