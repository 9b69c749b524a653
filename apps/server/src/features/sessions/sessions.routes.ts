import { ApiErrorSchema } from '@care/contract/errors';
import {
  SessionIdParamsSchema,
  SessionListSchema,
  SESSIONS_PATHS,
  SessionsEndedSchema,
} from '@care/contract/sessions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '#app/db/client.ts';
import { actorOf, requireUser } from '#app/plugins/session.ts';
import { endOtherSessions, endOwnSession, listSessions } from './sessions.service.ts';

const tags = ['user'];
const errors = { 401: ApiErrorSchema };

/** Everyone's own sessions (ASVS 7.5.2): see where the account is signed in, end any other or all others. */
export const sessionsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    SESSIONS_PATHS.list,
    {
      schema: {
        tags,
        summary: "The signed-in user's active sessions (device, address, sign-in and last use)",
        response: { 200: SessionListSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (request) => listSessions(db, actorOf(request)),
  );

  app.delete(
    `${SESSIONS_PATHS.list}/:id`,
    {
      schema: {
        tags,
        summary: 'End one other session of the signed-in user (another user’s session: 404)',
        params: SessionIdParamsSchema,
        response: { 200: SessionsEndedSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (request) => ({
      ended: await endOwnSession(db, actorOf(request), Number(request.params.id), request.ip),
    }),
  );

  app.post(
    SESSIONS_PATHS.endOthers,
    {
      schema: {
        tags,
        summary: 'End every session of the signed-in user except this one',
        response: { 200: SessionsEndedSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (request) => ({ ended: await endOtherSessions(db, actorOf(request), request.ip) }),
  );
};
