import {
  ChatCommentCreateSchema,
  ChatCommentsPageSchema,
  ChatCommentsQuerySchema,
  ChatMessageSchema,
  ChatReadSchema,
  ChatUnreadSchema,
} from '@care/contract/chat';
import { ApiErrorSchema } from '@care/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '#app/db/client.ts';
import { userQuota } from '#app/plugins/quotas.ts';
import { actorOf, requireUser } from '#app/plugins/session.ts';
import { markRead, unreadSummary } from './chat-unread.service.ts';
import { listComments, postComment } from './chat.service.ts';

const tags = ['chat'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };
const optionalId = (value: string | undefined) => (value === undefined ? undefined : Number(value));

/**
 * SPEC §7 api/chat/comment(s): a request's chat for its customer and the service staff; another customer's or
 * an unknown request is NOT_FOUND. New messages reach open pages as `chat-message` events (api/events).
 */
export const chatRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/chat/comments',
    {
      schema: {
        tags,
        summary: 'A page of a request’s chat (newest page, or before/after a message id), oldest first',
        querystring: ChatCommentsQuerySchema,
        response: { 200: ChatCommentsPageSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (request) => {
      const { serviceRequestId, before, after, limit } = request.query;
      return listComments(db, actorOf(request), {
        serviceRequestId: Number(serviceRequestId),
        before: optionalId(before),
        after: optionalId(after),
        limit,
      });
    },
  );

  app.post(
    '/api/chat/comment',
    {
      schema: {
        tags,
        summary: 'Send a text message (a retry with the same clientId answers the stored message)',
        body: ChatCommentCreateSchema,
        response: {
          200: ChatMessageSchema,
          201: ChatMessageSchema,
          ...errors,
          409: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
      preHandler: [requireUser, userQuota(app, 'chatMessages')],
    },
    async (request, reply) => {
      const { serviceRequestId, body, clientId } = request.body;
      const { message, created } = await postComment(db, actorOf(request), {
        serviceRequestId: Number(serviceRequestId),
        body,
        clientId,
      });
      return reply.status(created ? 201 : 200).send(message);
    },
  );

  app.get(
    '/api/chat/comments/unread',
    {
      schema: {
        tags,
        summary: 'Unread messages of the signed-in user: the total and per request',
        response: { 200: ChatUnreadSchema, 401: ApiErrorSchema },
      },
      preHandler: requireUser,
    },
    async (request) => unreadSummary(db, actorOf(request)),
  );

  app.put(
    '/api/chat/comments/read',
    {
      schema: {
        tags,
        summary: 'Mark a request’s chat read up to a message; answers the new unread summary',
        body: ChatReadSchema,
        response: { 200: ChatUnreadSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (request) =>
      markRead(db, actorOf(request), {
        serviceRequestId: Number(request.body.serviceRequestId),
        lastReadMessageId: Number(request.body.lastReadMessageId),
      }),
  );
};
