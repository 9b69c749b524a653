import { chatEndpoints } from '@care/contract/chat';
import type { FastifyPluginAsync } from 'fastify';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { sendFile } from '#app/files/downloads.ts';
import type { FileStore } from '#app/files/file-store.ts';
import { receiveUploads, uploadLimitsOf } from '#app/files/uploads.ts';
import { route } from '#app/plugins/endpoints.ts';
import { startUploadQuota, userQuota } from '#app/plugins/quotas.ts';
import { actorOf } from '#app/plugins/session.ts';
import { getChatFile, listChatFiles, postChatFile } from './chat-files.service.ts';

/** SPEC §7 api/chat/files: sending a file into a request's chat, the chat's files, and their downloads. */
export const chatFilesRoutes: FastifyPluginAsync<{ env: Env; db: Db; fileStore: FileStore }> = async (
  app,
  { env, db, fileStore },
) => {
  // One file per message; the other limits are those of every upload.
  const limits = { ...uploadLimitsOf(env), maxFiles: 1 };

  route(
    app,
    chatEndpoints.postFile,
    async (request, reply) => {
      const actor = actorOf(request);
      const received = await receiveUploads(request, fileStore, limits, await startUploadQuota(request));
      const { message, created } = await postChatFile(db, fileStore, actor, received);
      return reply.status(created ? 201 : 200).send(message);
    },
    // A file is a message too: it counts against the same quota as a text, before its bytes are read.
    { preHandler: userQuota(app, 'chatMessages') },
  );

  route(app, chatEndpoints.listFiles, async (request) => listChatFiles(db, actorOf(request), request.query));

  route(app, chatEndpoints.file, async (request, reply) =>
    sendFile(reply, fileStore, await getChatFile(db, actorOf(request), request.params.fileId)),
  );
};
