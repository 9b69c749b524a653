import {
  type ChatFileEntry,
  type ChatFilesPage,
  ChatFileUploadFieldsSchema,
  type ChatMessage,
} from '@care/contract/chat';
import { isServiceStaffRole } from '@care/contract/roles';
import { and, desc, eq, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { chatMessages } from '#app/db/schema/chat.ts';
import { files } from '#app/db/schema/files.ts';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
import type { DownloadableFile } from '#app/files/downloads.ts';
import type { FileStore } from '#app/files/file-store.ts';
import { keepUploadsIf, recordFiles, type ReceivedUploads } from '#app/files/uploads.ts';
import { AppError, notFound, validationFailed } from '#app/plugins/errors.ts';
import type { Actor } from '#app/plugins/session.ts';
import { authorOf, fileOf, findChatRequest, selectMessages } from './chat-messages.ts';
import { addMessage } from './chat.service.ts';

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
        const request = await findChatRequest(tx, actor, fields.serviceRequestId);
        const [file] = await recordFiles(tx, [upload], actor.id);
        const result = await addMessage(tx, actor, request, {
          serviceRequestId: request.id,
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

/** GET api/chat/files: the chat's files, newest first, by message id. */
export async function listChatFiles(
  db: Db,
  actor: Actor,
  input: { serviceRequestId: number; before?: number | undefined; limit: number },
): Promise<ChatFilesPage> {
  const request = await findChatRequest(db, actor, input.serviceRequestId);
  const rows = await selectMessages(
    db,
    and(
      eq(chatMessages.serviceRequestId, request.id),
      isNotNull(chatMessages.fileId),
      input.before !== undefined ? lt(chatMessages.id, input.before) : undefined,
    ),
  )
    .orderBy(desc(chatMessages.id))
    .limit(input.limit + 1);
  const entries: ChatFileEntry[] = rows.slice(0, input.limit).map((row) => ({
    ...fileOf(row)!,
    messageId: String(row.id),
    author: authorOf(row, actor),
    createdAt: row.createdAt.toISOString(),
  }));
  return { files: entries, hasMore: rows.length > input.limit };
}

/** GET api/chat/files/{fileId}: a file sent in the chat of a request the actor may read; else NOT_FOUND. */
export async function getChatFile(db: Db, actor: Actor, fileId: string): Promise<DownloadableFile> {
  const [file] = await db
    .select({
      storageKey: files.storageKey,
      originalName: files.originalName,
      contentType: files.contentType,
      sizeBytes: files.sizeBytes,
      sha256: files.sha256,
    })
    .from(chatMessages)
    .innerJoin(files, eq(files.id, chatMessages.fileId))
    .innerJoin(serviceRequests, eq(serviceRequests.id, chatMessages.serviceRequestId))
    .where(
      and(
        eq(chatMessages.fileId, fileId),
        isServiceStaffRole(actor.role) ? undefined : eq(serviceRequests.customerId, actor.id),
      ),
    )
    .limit(1);
  if (!file) throw notFound();
  return file;
}
