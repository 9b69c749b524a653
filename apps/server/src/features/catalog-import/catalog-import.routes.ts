import { catalogEndpoints } from '@care/contract/catalog';
import { CATALOG_IMPORT_HISTORY_SIZE, catalogImportEndpoints } from '@care/contract/catalog-import';
import type { FastifyPluginAsync } from 'fastify';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { sendFile } from '#app/files/downloads.ts';
import type { FileStore } from '#app/files/file-store.ts';
import { route } from '#app/plugins/endpoints.ts';
import { perAccount } from '#app/plugins/rate-limit.ts';
import { actorOf } from '#app/plugins/session.ts';
import { getCatalogFile, listImports } from './catalog-import-history.ts';
import { importCatalog } from './catalog-import.service.ts';
import { filesByName } from './import-files.ts';
import { receiveImport } from './receive-import.ts';

/** An import is heavy (a transaction over the whole catalogue): a few a minute is plenty for a person. */
const IMPORTS_PER_ADMIN = { max: 20, timeWindow: 15 * 60_000 };

/** Admin import of the catalogue (docs/catalog-import.md) and the public images it stores. */
export const catalogImportRoutes: FastifyPluginAsync<{ env: Env; db: Db; fileStore: FileStore }> = async (
  app,
  { env, db, fileStore },
) => {
  const importLimit = perAccount(app, 'catalog-import', IMPORTS_PER_ADMIN, (request) =>
    String(actorOf(request).id),
  );

  route(
    app,
    catalogImportEndpoints.import,
    async (request, reply) => {
      const received = await receiveImport(request);
      const outcome = await importCatalog(
        db,
        {
          sources: { json: received.json?.text, csv: received.csv?.text },
          files: filesByName(received.files),
          fileNames: [
            received.json?.name,
            received.csv?.name,
            ...received.files.map((file) => file.name),
          ].filter((name): name is string => Boolean(name)),
        },
        {
          dryRun: received.dryRun,
          actor: actorOf(request),
          ip: request.ip,
          basePath: env.BASE_PATH,
          fileStore,
        },
      );
      if (outcome.ok) return outcome.result;
      return reply.status(422).send({
        code: 'CATALOG_IMPORT_INVALID' as const,
        message: 'The catalogue file has problems; nothing was imported.',
        id: outcome.id,
        problemCount: outcome.problemCount,
        problems: outcome.problems,
      });
    },
    { preHandler: importLimit },
  );

  route(app, catalogImportEndpoints.history, async () => listImports(db, CATALOG_IMPORT_HISTORY_SIZE));

  route(app, catalogEndpoints.file, async (request, reply) =>
    sendFile(reply, fileStore, await getCatalogFile(db, request.params.id)),
  );
};
