import { OFFER_REQUEST_PAYLOAD_FIELD, offerEndpoints, SendOfferRequestSchema } from '@care/contract/offers';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { sendFile } from '#app/files/downloads.ts';
import type { FileStore } from '#app/files/file-store.ts';
import { discardUploads, keepUploadsIf, receiveUploads, uploadLimitsOf } from '#app/files/uploads.ts';
import { route } from '#app/plugins/endpoints.ts';
import { AppError, validationFailed } from '#app/plugins/errors.ts';
import { startUploadQuota, userQuota } from '#app/plugins/quotas.ts';
import { refuseUnstorableText } from '#app/plugins/input-guard.ts';
import { actorOf } from '#app/plugins/session.ts';
import {
  changeOfferRequestStatus,
  getAnyOfferRequest,
  getOfferRequestAttachment,
  getOwnOfferRequest,
  listAllOfferRequests,
  listOwnOfferRequests,
  sendOfferRequest,
} from './offers.service.ts';

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
export const offerRoutes: FastifyPluginAsync<Options> = async (app, { env, db, fileStore, onMailQueued }) => {
  // Both ways of sending share one count: each send is two e-mails. A quota counts only callers who may send.
  const offerQuota = userQuota(app, 'offerRequests');
  const limits = uploadLimitsOf(env);
  const context = {
    salesEmail: env.SALES_EMAIL,
    brand: env.BRAND_NAME,
    portalUrl: `${env.PUBLIC_URL}${env.BASE_PATH}`,
  };

  route(
    app,
    offerEndpoints.send,
    async (request, reply) => {
      const { details, created } = await sendOfferRequest(db, actorOf(request), request.body, context);
      if (created) onMailQueued();
      return reply.status(created ? 201 : 200).send(details);
    },
    // The bare list becomes `items` before the body schema reads it (the table declares one body shape).
    { preValidation: cartListAsItems, preHandler: offerQuota },
  );

  route(
    app,
    offerEndpoints.sendWithFiles,
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
    { preHandler: offerQuota },
  );

  route(app, offerEndpoints.attachment, async (request, reply) => {
    const { id, fileId } = request.params;
    const file = await getOfferRequestAttachment(db, id, fileId, actorOf(request).id);
    return sendFile(reply, fileStore, file);
  });

  route(app, offerEndpoints.staffAttachment, async (request, reply) => {
    const { id, fileId } = request.params;
    return sendFile(reply, fileStore, await getOfferRequestAttachment(db, id, fileId));
  });

  route(app, offerEndpoints.list, async (request) =>
    listOwnOfferRequests(db, actorOf(request), request.query),
  );
  route(app, offerEndpoints.get, async (request) =>
    getOwnOfferRequest(db, actorOf(request), request.params.id),
  );
  route(app, offerEndpoints.staffList, async (request) => listAllOfferRequests(db, request.query));
  route(app, offerEndpoints.staffGet, async (request) => getAnyOfferRequest(db, request.params.id));
  route(app, offerEndpoints.changeStatus, async (request) =>
    changeOfferRequestStatus(db, actorOf(request), request.params.id, request.body.status, request.ip),
  );
};
