import { join } from 'node:path';
import { workshopEndpoints } from '@care/contract/workshop';
import type { FastifyPluginAsync } from 'fastify';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { getAttachmentFile } from '#app/features/service-requests/attachments.service.ts';
import { contentDisposition, setDownloadHeaders } from '#app/files/downloads.ts';
import type { FileStore } from '#app/files/file-store.ts';
import { route } from '#app/plugins/endpoints.ts';
import { notFound } from '#app/plugins/errors.ts';
import { actorOf } from '#app/plugins/session.ts';
import { createRenditions } from './renditions.ts';
import { getJobSheet } from './workshop.service.ts';

interface Options {
  env: Env;
  db: Db;
  fileStore: FileStore;
}

/**
 * The workshop (issue 18, docs/decisions/067): pictures of image attachments (the attachment's own access: its
 * customer and service staff, anyone else 404) and the job sheet PDF (service staff).
 */
export const workshopRoutes: FastifyPluginAsync<Options> = async (app, { env, db, fileStore }) => {
  const renditions = createRenditions(fileStore, join(env.DATA_DIR, 'renditions'));

  route(app, workshopEndpoints.attachmentRendition, async (request, reply) => {
    const { id, fileId, rendition } = request.params;
    const file = await getAttachmentFile(db, actorOf(request), id, fileId);
    const picture = await renditions.get(file, rendition, request.log);
    if (!picture) throw notFound();
    const name = `${file.originalName.replace(/\.[^.]+$/, '')}.webp`;
    const etag = `"${file.sha256}-${rendition}"`;
    if (setDownloadHeaders(reply, { name, contentType: 'image/webp', etag })) return reply.status(304).send();
    return reply.header('content-length', picture.length).send(picture);
  });

  route(app, workshopEndpoints.jobSheet, async (request, reply) => {
    const sheet = await getJobSheet(db, renditions, actorOf(request), request.params.id, {
      language: request.query.language,
      brand: env.BRAND_NAME,
      log: request.log,
    });
    return (
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(sheet.name))
        .header('x-content-type-options', 'nosniff')
        // It shows today's state of the request: never kept.
        .header('cache-control', 'private, no-store')
        .header('content-length', sheet.pdf.length)
        .send(sheet.pdf)
    );
  });
};
