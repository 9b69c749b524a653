import { cannedReplyEndpoints } from '@care/contract/canned-replies';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Db } from '#app/db/client.ts';
import { route } from '#app/plugins/endpoints.ts';
import { actorOf } from '#app/plugins/session.ts';
import {
  createCannedReply,
  listCannedReplies,
  removeCannedReply,
  updateCannedReply,
  type Writer,
} from './canned-replies.service.ts';

const writerOf = (request: FastifyRequest): Writer => ({ actor: actorOf(request), ip: request.ip });

/** Canned replies (issue 18): service staff and admins only (the endpoint table's access). */
export const cannedReplyRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const endpoints = cannedReplyEndpoints;

  route(app, endpoints.list, async () => listCannedReplies(db));

  route(app, endpoints.create, async (request, reply) =>
    reply.status(201).send(await createCannedReply(db, writerOf(request), request.body)),
  );

  route(app, endpoints.update, async (request) =>
    updateCannedReply(db, writerOf(request), request.params.id, request.body),
  );

  route(app, endpoints.remove, async (request, reply) => {
    await removeCannedReply(db, writerOf(request), request.params.id);
    return reply.status(204).send();
  });
};
