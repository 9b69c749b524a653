import {
  ChatFileParamsSchema,
  ChatFilesPageSchema,
  ChatFilesQuerySchema,
  ChatMessageSchema,
} from '@care/contract/chat';
import { ApiErrorSchema } from '@care/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { sendFile } from '#app/files/downloads.ts';
import type { FileStore } from '#app/files/file-store.ts';
import { receiveUploads, UPLOAD_ERROR_RESPONSES, uploadLimitsOf } from '#app/files/uploads.ts';
import { startUploadQuota, userQuota } from '#app/plugins/quotas.ts';
import { actorOf, requireUser } from '#app/plugins/session.ts';
import { getChatFile, listChatFiles, postChatFile } from './chat-files.service.ts';

const tags = ['chat'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };
const uploadErrors = { ...errors, ...UPLOAD_ERROR_RESPONSES };

/** SPEC §7 api/chat/files: sending a file into a request's chat, the chat's files, and their downloads. */
export const chatFilesRoutes: FastifyPluginAsyncZod<{ env: Env; db: Db; fileStore: FileStore }> = async (
  app,
  { env, db, fileStore },
) => {
  // One file per message; the other limits are those of every upload.
  const limits = { ...uploadLimitsOf(env), maxFiles: 1 };

  app.post(
    '/api/chat/files',
    {
      schema: {
        tags,
        summary:
          'Send a file as a chat message: multipart with serviceRequestId, optional clientId, one file under "files"',
        consumes: ['multipart/form-data'],
        response: { 200: ChatMessageSchema, 201: ChatMessageSchema, ...uploadErrors },
      },
      preHandler: [requireUser, userQuota(app, 'chatMessages')],
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const received = await receiveUploads(request, fileStore, limits, await startUploadQuota(request));
      const { message, created } = await postChatFile(db, fileStore, actor, received);
      return reply.status(created ? 201 : 200).send(message);
    },
  );

  app.get(
    '/api/chat/files',
    {
      schema: {
        tags,
        summary: 'The files of a request’s chat, newest first',
        querystring: ChatFilesQuerySchema,
        response: { 200: ChatFilesPageSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (request) => {
      const { serviceRequestId, before, limit } = request.query;
      return listChatFiles(db, actorOf(request), {
        serviceRequestId: Number(serviceRequestId),
        before: before === undefined ? undefined : Number(before),
        limit,
      });
    },
  );

  app.get(
    '/api/chat/files/:fileId',
    {
      schema: {
        tags,
        summary: 'Download a chat file (always as a file, never shown inline)',
        params: ChatFileParamsSchema,
        response: errors,
      },
      preHandler: requireUser,
    },
    async (request, reply) =>
      sendFile(reply, fileStore, await getChatFile(db, actorOf(request), request.params.fileId)),
  );
};
