import type { ChatAuthor, ChatFile, ChatMessage } from '@care/contract/chat';
import { eq, type SQL } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { displayNameSql } from '#app/db/display-name.ts';
import { chatMessages } from '#app/db/schema/chat.ts';
import { files } from '#app/db/schema/files.ts';
import { users } from '#app/db/schema/users.ts';
import type { Actor } from '#app/plugins/session.ts';

/**
 * Reading chat rows as the contract's messages. Every chat statement checks access itself, by one rule: a request's
 * chat is its customer's and the service staff's (`scope` 'customer' adds `customer_id = actor`, 'staff' none);
 * another's or an unknown request is NOT_FOUND.
 */

/** The columns a message is built from: the message, its author and its file (both may be missing). */
export const messageColumns = {
  id: chatMessages.id,
  serviceRequestId: chatMessages.serviceRequestId,
  authorId: chatMessages.authorId,
  body: chatMessages.body,
  clientId: chatMessages.clientId,
  createdAt: chatMessages.createdAt,
  authorName: displayNameSql(users),
  authorRole: users.role,
  fileId: files.id,
  fileName: files.originalName,
  fileContentType: files.contentType,
  fileSizeBytes: files.sizeBytes,
};

/** Messages with author and file, filtered and ordered by the caller. */
export function selectMessages(db: Db, where: SQL | undefined) {
  return db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.authorId))
    .leftJoin(files, eq(files.id, chatMessages.fileId))
    .where(where)
    .$dynamic();
}

export type MessageRow = Awaited<ReturnType<typeof selectMessages>>[number];

export function authorOf(row: MessageRow, reader: Actor): ChatAuthor | null {
  if (row.authorId === null || row.authorRole === null) return null;
  return {
    displayName: row.authorName ?? '',
    isStaff: row.authorRole !== 'customer',
    isMe: row.authorId === reader.id,
  };
}

export function fileOf(row: MessageRow): ChatFile | null {
  if (row.fileId === null) return null;
  return {
    id: row.fileId,
    name: row.fileName ?? '',
    contentType: row.fileContentType ?? 'application/octet-stream',
    sizeBytes: row.fileSizeBytes ?? 0,
  };
}

export function toMessage(row: MessageRow, reader: Actor): ChatMessage {
  return {
    id: String(row.id),
    serviceRequestId: String(row.serviceRequestId),
    author: authorOf(row, reader),
    body: row.body,
    file: fileOf(row),
    clientId: row.clientId,
    createdAt: row.createdAt.toISOString(),
  };
}
