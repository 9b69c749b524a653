import { sessionEndpoints } from '@care/contract/sessions';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '#app/db/client.ts';
import { route } from '#app/plugins/endpoints.ts';
import { actorOf } from '#app/plugins/session.ts';
import { endOtherSessions, endOwnSession, listSessions } from './sessions.service.ts';

/** Everyone's own sessions (ASVS 7.5.2): see where the account is signed in, end any other or all others. */
export const sessionsRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, sessionEndpoints.list, async (request) => listSessions(db, actorOf(request)));
  route(app, sessionEndpoints.end, async (request) => ({
    ended: await endOwnSession(db, actorOf(request), request.params.id, request.ip),
  }));
  route(app, sessionEndpoints.endOthers, async (request) => ({
    ended: await endOtherSessions(db, actorOf(request), request.ip),
  }));
};
