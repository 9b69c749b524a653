import type { ChatAuthor, ChatFile, ChatMessage } from '@care/contract/chat';
import { isServiceStaffRole } from '@care/contract/roles';
import type { ServiceRequestStatus } from '@care/contract/statuses';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { displayNameSql } from '#app/db/display-name.ts';
import { chatMessages } from '#app/db/schema/chat.ts';
import { files } from '#app/db/schema/files.ts';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
import { users } from '#app/db/schema/users.ts';
import { notFound } from '#app/plugins/errors.ts';
import type { Actor } from '#app/plugins/session.ts';

/** Reading chat rows as the contract's messages, and the access rule every chat endpoint starts with. */

export interface ChatRequest {
  id: number;
  customerId: number;
  status: ServiceRequestStatus;
}

/** The request if `actor` may use its chat (its customer, or service staff); another's or unknown: NOT_FOUND. */
export async function findChatRequest(db: Db, actor: Actor, id: number): Promise<ChatRequest> {
  const [row] = await db
    .select({
      id: serviceRequests.id,
      customerId: serviceRequests.customerId,
      status: serviceRequests.status,
    })
    .from(serviceRequests)
    .where(
      isServiceStaffRole(actor.role)
        ? eq(serviceRequests.id, id)
        : and(eq(serviceRequests.id, id), eq(serviceRequests.customerId, actor.id)),
    )
    .limit(1);
  if (!row) throw notFound();
  return row;
}

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
