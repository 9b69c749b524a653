import {
  MACHINE_IMPORT_HISTORY_SIZE,
  MACHINE_IMPORT_MAX_FILE_MB,
  machineImportEndpoints,
} from '@care/contract/machine-import';
import type { FastifyPluginAsync } from 'fastify';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { uploadErrorOf } from '#app/files/uploads.ts';
import { route } from '#app/plugins/endpoints.ts';
import { AppError } from '#app/plugins/errors.ts';
import { perAccount } from '#app/plugins/rate-limit.ts';
import { actorOf } from '#app/plugins/session.ts';
import { listMachineImports } from './machine-import-history.ts';
import { importMachines } from './machine-import.service.ts';

const MB = 1024 * 1024;
/** An import holds a transaction over the machines table: a few a minute is plenty for a person. */
const IMPORTS_PER_ADMIN = { max: 20, timeWindow: 15 * 60_000 };

/** Admin import of machines from the ERP (docs/machine-import.md). */
export const machineImportRoutes: FastifyPluginAsync<{ env: Env; db: Db }> = async (app, { env, db }) => {
  // A preHandler, as before the table: it counts only requests whose query is valid, after the access guard.
  const importLimit = perAccount(app, 'machine-import', IMPORTS_PER_ADMIN, (request) =>
    String(actorOf(request).id),
  );
  const links = { brand: env.BRAND_NAME, publicUrl: env.PUBLIC_URL, basePath: env.BASE_PATH };

  route(
    app,
    machineImportEndpoints.import,
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const actor = actorOf(request);
      const part = await request
        .file({ limits: { fileSize: MACHINE_IMPORT_MAX_FILE_MB * MB, files: 1, fields: 0 } })
        .catch((error: unknown) => {
          throw uploadErrorOf(error);
        });
      if (!part) throw new AppError('FILES_REQUIRED');
      // The file goes to the engine as it arrives; a cut-off file (over the limit) fails the run before it
      // applies anything, since the engine reads to the end before it writes to machines.
      const source = (async function* () {
        for await (const chunk of part.file) yield chunk as Buffer;
        if (part.file.truncated) throw new AppError('FILE_TOO_LARGE');
      })();
      const outcome = await importMachines(db, source, {
        fileName: part.filename || 'machines.csv',
        dryRun: request.query.dryRun === 'true',
        actor: { id: actor.id, email: actor.email },
        links,
        ip: request.ip,
      }).catch((error: unknown) => {
        throw uploadErrorOf(error);
      });
      if (outcome.ok) return outcome.import;
      return reply.status(422).send({
        code: 'MACHINE_IMPORT_INVALID' as const,
        message: 'The machines file has bad rows; nothing was imported.',
        import: outcome.import,
      });
    },
    { preHandler: importLimit },
  );

  route(app, machineImportEndpoints.history, async () => listMachineImports(db, MACHINE_IMPORT_HISTORY_SIZE));
};
