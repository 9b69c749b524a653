import { ApiErrorSchema } from '@care/contract/errors';
import { AUTHORITIES } from '@care/contract/limits';
import {
  OFFER_REQUEST_PAYLOAD_FIELD,
  OfferRequestAttachmentParamsSchema,
  OfferRequestDetailsSchema,
  OfferRequestIdParamsSchema,
  OfferRequestListQuerySchema,
  OfferRequestPageSchema,
  OfferRequestStatusChangeSchema,
  SendOfferRequestSchema,
  StaffOfferRequestDetailsSchema,
  StaffOfferRequestListQuerySchema,
  StaffOfferRequestPageSchema,
} from '@care/contract/offers';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { sendFile } from '#app/files/downloads.ts';
import type { FileStore } from '#app/files/file-store.ts';
import {
  discardUploads,
  keepUploadsIf,
  receiveUploads,
  UPLOAD_ERROR_RESPONSES,
  uploadLimitsOf,
} from '#app/files/uploads.ts';
import { AppError, validationFailed } from '#app/plugins/errors.ts';
import { startUploadQuota, userQuota } from '#app/plugins/quotas.ts';
import { refuseUnstorableText } from '#app/plugins/input-guard.ts';
import { actorOf, requireAuthority, requireRole, requireUser } from '#app/plugins/session.ts';
import {
  changeOfferRequestStatus,
  getAnyOfferRequest,
  getOfferRequestAttachment,
  getOwnOfferRequest,
  listAllOfferRequests,
  listOwnOfferRequests,
  sendOfferRequest,
} from './offers.service.ts';

const tags = ['offer requests'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const uploadErrors = { ...errors, ...UPLOAD_ERROR_RESPONSES };

/** The multipart field with the cart as JSON, checked like the JSON route's body. */
function parsePayload(fields: Record<string, string>) {
  let raw: unknown;
  try {
    raw = JSON.parse(fields[OFFER_REQUEST_PAYLOAD_FIELD] ?? '');
  } catch {
    throw new AppError('VALIDATION_FAILED', undefined, [
      { path: OFFER_REQUEST_PAYLOAD_FIELD, code: 'validation.invalid_type' },
    ]);
  }
  // JSON parsed here, after the input guard: its strings get the same check (a "\ud800" escape).
  refuseUnstorableText(raw);
  const result = SendOfferRequestSchema.safeParse(raw);
  if (result.success) return result.data;
  throw validationFailed(result.error);
}

/** SPEC §7's client sends the whole cart list as the body: it is the items (no note, no clientId). */
async function cartListAsItems(request: FastifyRequest): Promise<void> {
  if (Array.isArray(request.body)) request.body = { items: request.body };
}

interface Options {
  env: Env;
  db: Db;
  fileStore: FileStore;
  onMailQueued: () => void;
}

/**
 * SPEC §7 api/parts/email and the offer requests it files: a customer with the catalogue authority sends the
 * cart and reads their own requests (another customer's is a 404); parts sales (sales, admin) work the inbox.
 */
export const offerRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { env, db, fileStore, onMailQueued },
) => {
  const salesOnly = requireRole('sales', 'admin');
  // Both ways of sending share one count: each send is two e-mails.
  const offerQuota = userQuota(app, 'offerRequests');
  const limits = uploadLimitsOf(env);
  const context = {
    salesEmail: env.SALES_EMAIL,
    brand: env.BRAND_NAME,
    portalUrl: `${env.PUBLIC_URL}${env.BASE_PATH}`,
  };

  app.post(
    '/api/parts/email',
    {
      schema: {
        tags,
        summary:
          'Send the whole cart as an offer request to parts sales (with a copy to the customer); idempotent by clientId',
        description:
          "SPEC §7's client sends the cart list alone: an array of cart items is taken as `items`.",
        body: SendOfferRequestSchema,
        response: {
          201: OfferRequestDetailsSchema,
          200: OfferRequestDetailsSchema.describe('A retry (same clientId) of a send already filed'),
          ...errors,
          429: ApiErrorSchema,
        },
      },
      preValidation: cartListAsItems,
      preHandler: [requireAuthority(AUTHORITIES.viewCatalog), offerQuota],
    },
    async (request, reply) => {
      const { details, created } = await sendOfferRequest(db, actorOf(request), request.body, context);
      if (created) onMailQueued();
      return reply.status(created ? 201 : 200).send(details);
    },
  );

  app.post(
    '/api/offer-requests/new-request',
    {
      schema: {
        tags,
        summary:
          'The same send as api/parts/email with files: multipart, the cart as JSON in "payload", files under "files"',
        consumes: ['multipart/form-data'],
        response: {
          201: OfferRequestDetailsSchema,
          200: OfferRequestDetailsSchema.describe('A retry (same clientId) of a send already filed'),
          ...uploadErrors,
        },
      },
      preHandler: [requireAuthority(AUTHORITIES.viewCatalog), offerQuota],
    },
    async (request, reply) => {
      const received = await receiveUploads(request, fileStore, limits, await startUploadQuota(request));
      const { details, created } = await keepUploadsIf(fileStore, received.files, () =>
        sendOfferRequest(db, actorOf(request), parsePayload(received.fields), context, received.files),
      );
      if (!created) {
        await discardUploads(fileStore, received.files);
        return reply.status(200).send(details);
      }
      onMailQueued();
      return reply.status(201).send(details);
    },
  );

  app.get(
    '/api/offer-requests/:id/attachments/:fileId',
    {
      schema: {
        tags,
        summary: 'Download a file of one of the customer’s own offer requests (always as a file)',
        params: OfferRequestAttachmentParamsSchema,
        response: errors,
      },
      preHandler: requireUser,
    },
    async (request, reply) => {
      const { id, fileId } = request.params;
      const file = await getOfferRequestAttachment(db, Number(id), fileId, actorOf(request).id);
      return sendFile(reply, fileStore, file);
    },
  );

  app.get(
    '/api/staff/offer-requests/:id/attachments/:fileId',
    {
      schema: {
        tags,
        summary: 'Download a file of any offer request (sales, admin)',
        params: OfferRequestAttachmentParamsSchema,
        response: errors,
      },
      preHandler: salesOnly,
    },
    async (request, reply) => {
      const { id, fileId } = request.params;
      return sendFile(reply, fileStore, await getOfferRequestAttachment(db, Number(id), fileId));
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
        summary:
          'The parts sales inbox: every offer request, newest first, paged, filtered by status and days sent',
        querystring: StaffOfferRequestListQuerySchema,
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
      changeOfferRequestStatus(
        db,
        actorOf(request),
        Number(request.params.id),
        request.body.status,
        request.ip,
      ),
  );
};
