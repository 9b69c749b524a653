import { auditEndpoints } from '@care/contract/audit';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '#app/db/client.ts';
import { route } from '#app/plugins/endpoints.ts';
import { listAuditLog } from './audit-log.service.ts';

/**
 * The audit log for admins: read only. There is deliberately no route that changes or deletes an entry (and the
 * table refuses UPDATE and DELETE, migration 0012).
 */
export const auditRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, auditEndpoints.list, async (request) => listAuditLog(db, request.query));
};
