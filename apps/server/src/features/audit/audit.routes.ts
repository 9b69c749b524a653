import { AuditPageSchema, AuditQuerySchema } from '@care/contract/audit';
import { ApiErrorSchema } from '@care/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '#app/db/client.ts';
import { requireRole } from '#app/plugins/session.ts';
import { listAuditLog } from './audit-log.service.ts';

/**
 * The audit log for admins: read only. There is deliberately no route that changes or deletes an entry (and the
 * table refuses UPDATE and DELETE, migration 0012).
 */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/admin/audit',
    {
      schema: {
        tags: ['audit'],
        summary: 'The audit log, newest first: filters by person, kind, days, subject; keyset pages',
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
      preHandler: requireRole('admin'),
    },
    async (request) => listAuditLog(db, request.query),
  );
};
