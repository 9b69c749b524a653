import {
  type ChatFileEntry,
  type ChatFilesPage,
  ChatFileUploadFieldsSchema,
  type ChatMessage,
} from '@care/contract/chat';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { preparedStatements } from '#app/db/prepared.ts';
import { chatMessages } from '#app/db/schema/chat.ts';
import { files } from '#app/db/schema/files.ts';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
import { type DownloadableFile, downloadableFileColumns } from '#app/files/downloads.ts';
import type { FileStore } from '#app/files/file-store.ts';
import { keepUploadsIf, recordFiles, type ReceivedUploads } from '#app/files/uploads.ts';
import { AppError, notFound, validationFailed } from '#app/plugins/errors.ts';
import type { Actor } from '#app/plugins/session.ts';
import {
  authorOf,
  type ChatScope,
  chatScopeOf,
  chatVisibility,
  fileOf,
  requestMessagesPage,
} from './chat-messages.ts';
import { sendMessage } from './chat.service.ts';

/** Files in the chat: each one is a message carrying the file (docs/decisions/018-chat.md). */

/** Thrown inside the transaction when the clientId was used already, so the new file is not kept. */
class Replayed extends Error {
  readonly stored: ChatMessage;
  constructor(stored: ChatMessage) {
    super('replayed');
    this.stored = stored;
  }
}

function parseFields(fields: Record<string, string>) {
  const parsed = ChatFileUploadFieldsSchema.safeParse(fields);
  if (!parsed.success) throw validationFailed(parsed.error);
  return parsed.data;
}

/**
 * POST api/chat/files: the one uploaded file as a new message. The file's row and the message are written in one
 * transaction; if it fails (unknown request, a clientId already used) the stored file is removed again.
 */
export async function postChatFile(
  db: Db,
  store: FileStore,
  actor: Actor,
  received: ReceivedUploads,
): Promise<{ message: ChatMessage; created: boolean }> {
  try {
    return await keepUploadsIf(store, received.files, async () => {
      const fields = parseFields(received.fields);
      const [upload] = received.files;
      if (!upload) throw new AppError('FILES_REQUIRED');
      return db.transaction(async (tx) => {
        const [file] = await recordFiles(tx, [upload], actor.id);
        // Another's or an unknown request: NOT_FOUND, and the file's row goes with the transaction.
        const result = await sendMessage(tx, actor, {
          serviceRequestId: fields.serviceRequestId,
          body: null,
          fileId: file!.id,
          clientId: fields.clientId,
        });
        if (!result.created) throw new Replayed(result.message);
        return result;
      });
    });
  } catch (error) {
    if (error instanceof Replayed) return { message: error.stored, created: false };
    throw error;
  }
}

/**
 * A page of a chat's files with the access check in one statement, as the chat page (chat.service.ts
 * commentsPage): the request (for a customer only their own) left-joined laterally with its file messages,
 * newest first; a request without files is one row with no file, one the actor may not read is no row.
 */
const filesPage = preparedStatements(
  'chat_files_page',
  (shape: { scope: ChatScope; before: boolean }) => `${shape.scope}.${shape.before}`,
  (db, shape) => requestMessagesPage(db, { ...shape, filesOnly: true, after: false }),
);

/** GET api/chat/files: the chat's files, newest first, by message id; another's or an unknown request: NOT_FOUND. */
export async function listChatFiles(
  db: Db,
  actor: Actor,
  input: { serviceRequestId: number; before?: number | undefined; limit: number },
): Promise<ChatFilesPage> {
  const rows = await filesPage(db, {
    scope: chatScopeOf(actor),
    before: input.before !== undefined,
  }).execute({
    requestId: input.serviceRequestId,
    actorId: actor.id,
    before: input.before,
    limit: input.limit + 1,
  });
  if (rows.length === 0) throw notFound();
  const messages = rows.flatMap(({ message }) => (message ? [message] : []));
  const entries: ChatFileEntry[] = messages.slice(0, input.limit).map((row) => ({
    ...fileOf(row)!,
    messageId: String(row.id),
    author: authorOf(row, actor),
    createdAt: row.createdAt.toISOString(),
  }));
  return { files: entries, hasMore: messages.length > input.limit };
}

/** A chat file with the access check: a message of a request the actor may read carries it. */
const chatFile = preparedStatements(
  'chat_file',
  (scope: ChatScope) => scope,
  (db, scope) =>
    db
      .select(downloadableFileColumns)
      .from(chatMessages)
      .innerJoin(files, eq(files.id, chatMessages.fileId))
      .innerJoin(serviceRequests, eq(serviceRequests.id, chatMessages.serviceRequestId))
      .where(
        and(
          eq(chatMessages.fileId, sql.placeholder('fileId')),
          chatVisibility(scope),
          scope === 'staff' ? undefined : eq(serviceRequests.customerId, sql.placeholder('actorId')),
        ),
      )
      .limit(1),
);

/** GET api/chat/files/{fileId}: a file sent in the chat of a request the actor may read; else NOT_FOUND. */
export async function getChatFile(db: Db, actor: Actor, fileId: string): Promise<DownloadableFile> {
  const [file] = await chatFile(db, chatScopeOf(actor)).execute({
    fileId,
    actorId: actor.id,
  });
  if (!file) throw notFound();
  return file;
}
