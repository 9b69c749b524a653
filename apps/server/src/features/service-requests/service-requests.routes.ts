import { serviceRequestEndpoints } from '@care/contract/service-requests';
import type { FastifyPluginAsync } from 'fastify';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { sendFile } from '#app/files/downloads.ts';
import type { FileStore } from '#app/files/file-store.ts';
import { discardUploads, keepUploadsIf, receiveUploads, uploadLimitsOf } from '#app/files/uploads.ts';
import { route } from '#app/plugins/endpoints.ts';
import { startUploadQuota } from '#app/plugins/quotas.ts';
import { actorOf } from '#app/plugins/session.ts';
import { addAppendices, checkAppendicesAllowed, getAttachmentFile } from './attachments.service.ts';
import { createServiceRequest } from './new-request.service.ts';
import { getServiceRequest, listElements, listOwnServiceRequests } from './service-requests.service.ts';

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
export const serviceRequestRoutes: FastifyPluginAsync<Options> = async (
  app,
  { env, db, fileStore, onMailQueued },
) => {
  const limits = uploadLimitsOf(env);

  route(app, serviceRequestEndpoints.list, async (request) =>
    listOwnServiceRequests(db, actorOf(request), request.query),
  );

  route(app, serviceRequestEndpoints.elements, async () => listElements(db, limits));

  route(app, serviceRequestEndpoints.create, async (request, reply) => {
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
  });

  route(app, serviceRequestEndpoints.get, async (request) =>
    getServiceRequest(db, actorOf(request), request.params.id),
  );

  route(app, serviceRequestEndpoints.addAppendices, async (request, reply) => {
    const actor = actorOf(request);
    const { id } = request.params;
    await checkAppendicesAllowed(db, actor, id);
    const received = await receiveUploads(request, fileStore, limits, await startUploadQuota(request));
    const result = await keepUploadsIf(fileStore, received.files, () =>
      addAppendices(db, actor, id, received.files),
    );
    return reply.status(201).send(result);
  });

  route(app, serviceRequestEndpoints.attachment, async (request, reply) => {
    const { id, fileId } = request.params;
    return sendFile(reply, fileStore, await getAttachmentFile(db, actorOf(request), id, fileId));
  });
};
