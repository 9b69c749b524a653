import { chatEndpoints } from '@care/contract/chat';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '#app/db/client.ts';
import { route } from '#app/plugins/endpoints.ts';
import { userQuota } from '#app/plugins/quotas.ts';
import { actorOf } from '#app/plugins/session.ts';
import { markRead, unreadSummary } from './chat-unread.service.ts';
import { listComments, postComment } from './chat.service.ts';

/**
 * SPEC §7 api/chat/comment(s): a request's chat for its customer and the service staff; another customer's or
 * an unknown request is NOT_FOUND. New messages reach open pages as `chat-message` events (api/events).
 */
export const chatRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, chatEndpoints.listComments, async (request) =>
    listComments(db, actorOf(request), request.query),
  );

  route(
    app,
    chatEndpoints.postComment,
    async (request, reply) => {
      const { serviceRequestId, body, clientId, internal } = request.body;
      const { message, created } = await postComment(db, actorOf(request), {
        serviceRequestId,
        body,
        clientId,
        internal,
      });
      return reply.status(created ? 201 : 200).send(message);
    },
    // The message quota counts only valid messages of callers who may send them: after the guard and the body.
    { preHandler: userQuota(app, 'chatMessages') },
  );

  route(app, chatEndpoints.unread, async (request) => unreadSummary(db, actorOf(request)));

  route(app, chatEndpoints.markRead, async (request) => markRead(db, actorOf(request), request.body));
};
