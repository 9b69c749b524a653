import { ApiErrorSchema } from '@care/contract/errors';
import {
  AppendicesResponseSchema,
  AttachmentParamsSchema,
  ServiceRequestDetailsSchema,
  ServiceRequestElementsSchema,
  ServiceRequestIdParamsSchema,
  ServiceRequestListQuerySchema,
  ServiceRequestPageSchema,
} from '@care/contract/service-requests';
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
import { startUploadQuota } from '#app/plugins/quotas.ts';
import { actorOf, requireUser } from '#app/plugins/session.ts';
import { addAppendices, checkAppendicesAllowed, getAttachmentFile } from './attachments.service.ts';
import { createServiceRequest } from './new-request.service.ts';
import { getServiceRequest, listElements, listOwnServiceRequests } from './service-requests.service.ts';

const tags = ['service requests'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };
const uploadErrors = { ...errors, ...UPLOAD_ERROR_RESPONSES };

interface Options {
  env: Env;
  db: Db;
  fileStore: FileStore;
  onMailQueued: () => void;
}

/**
 * SPEC §7 api/service-requests. A customer reads and adds to their own requests; service staff (service, admin)
 * read and add to any. Another customer's request, machine or file is a 404. There is deliberately no route
 * that changes or removes a request's description or attachments (SPEC §4).
 */
export const serviceRequestRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { env, db, fileStore, onMailQueued },
) => {
  const limits = uploadLimitsOf(env);

  app.get(
    '/api/service-requests/user-owned',
    {
      schema: {
        tags,
        summary: "The signed-in customer's service requests, filtered, sorted and paged, with unread counts",
        querystring: ServiceRequestListQuerySchema,
        response: { 200: ServiceRequestPageSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (request) => listOwnServiceRequests(db, actorOf(request), request.query),
  );

  app.get(
    '/api/service-requests/elements',
    {
      schema: {
        tags,
        summary: 'Choices of the new-request form (transport types, delivery places) and the upload limits',
        response: { 200: ServiceRequestElementsSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async () => listElements(db, limits),
  );

  app.post(
    '/api/service-requests/new-request',
    {
      schema: {
        tags,
        summary:
          'File a service request: multipart with the fields of NewServiceRequestFieldsSchema and files under "files"',
        consumes: ['multipart/form-data'],
        response: {
          201: ServiceRequestDetailsSchema,
          200: ServiceRequestDetailsSchema.describe('A retry (same clientId) of a request already filed'),
          ...uploadErrors,
        },
      },
      preHandler: requireUser,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const received = await receiveUploads(request, fileStore, limits, await startUploadQuota(request));
      const { details, created } = await keepUploadsIf(fileStore, received.files, () =>
        createServiceRequest(db, actor, received, {
          serviceEmail: env.SERVICE_EMAIL,
          brand: env.BRAND_NAME,
          portalUrl: `${env.PUBLIC_URL}${env.BASE_PATH}`,
        }),
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
    '/api/service-requests/:id',
    {
      schema: {
        tags,
        summary: 'One service request with its history and attachments',
        params: ServiceRequestIdParamsSchema,
        response: { 200: ServiceRequestDetailsSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (request) => getServiceRequest(db, actorOf(request), Number(request.params.id)),
  );

  app.post(
    '/api/service-requests/:id/appendices',
    {
      schema: {
        tags,
        summary:
          'Add files to a request (multipart, files under "files"); existing attachments stay as they are',
        consumes: ['multipart/form-data'],
        params: ServiceRequestIdParamsSchema,
        response: { 201: AppendicesResponseSchema, ...uploadErrors },
      },
      preHandler: requireUser,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const id = Number(request.params.id);
      await checkAppendicesAllowed(db, actor, id);
      const received = await receiveUploads(request, fileStore, limits, await startUploadQuota(request));
      const result = await keepUploadsIf(fileStore, received.files, () =>
        addAppendices(db, actor, id, received.files),
      );
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/api/service-requests/:id/attachments/:fileId',
    {
      schema: {
        tags,
        summary: 'Download an attachment (always as a file, never shown inline)',
        params: AttachmentParamsSchema,
        response: errors,
      },
      preHandler: requireUser,
    },
    async (request, reply) => {
      const { id, fileId } = request.params;
      return sendFile(reply, fileStore, await getAttachmentFile(db, actorOf(request), Number(id), fileId));
    },
  );
};
