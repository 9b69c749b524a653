import type { ChatAuthor, ChatFile, ChatMessage } from '@care/contract/chat';
import { isServiceStaffRole } from '@care/contract/roles';
import { and, asc, desc, eq, gt, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { displayNameSql } from '#app/db/display-name.ts';
import { chatMessages } from '#app/db/schema/chat.ts';
import { files } from '#app/db/schema/files.ts';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
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
  internal: chatMessages.internal,
  createdAt: chatMessages.createdAt,
  authorName: displayNameSql(users),
  authorRole: users.role,
  fileId: files.id,
  fileName: files.originalName,
  fileContentType: files.contentType,
  fileSizeBytes: files.sizeBytes,
};

/** Whose chats a statement reads: a customer's own requests', or (service staff) every request's. */
export type ChatScope = 'customer' | 'staff';

export const chatScopeOf = (actor: Actor): ChatScope =>
  isServiceStaffRole(actor.role) ? 'staff' : 'customer';

/**
 * The chat's one access rule, as a condition on service_requests: the request of the placeholder `requestId`,
 * for a customer only their own (the placeholder `actor`, `actorId` unless the statement names it otherwise).
 */
export function chatRequestRule(scope: ChatScope, actor = 'actorId'): SQL | undefined {
  return and(
    eq(serviceRequests.id, sql.placeholder('requestId')),
    scope === 'staff' ? undefined : eq(serviceRequests.customerId, sql.placeholder(actor)),
  );
}

/**
 * Which messages the reader may see: internal notes (issue 18) are the service staff's only. Every statement that
 * reads messages for a reader adds this condition, so no customer read can meet a note.
 */
export function chatVisibility(scope: ChatScope): SQL | undefined {
  return scope === 'staff' ? undefined : eq(chatMessages.internal, false);
}

export interface PageShape {
  scope: ChatScope;
  /** Only the messages that carry a file (the chat's files). */
  filesOnly: boolean;
  /** Older than the placeholder `before`, or newer than `after` (then oldest first); else the newest. */
  before: boolean;
  after: boolean;
}

/**
 * A page of a request's messages with the access check, one statement to prepare (placeholders `requestId`,
 * `actorId`, `before`, `after`, `limit`): the request (for a customer only their own) left-joined laterally with
 * the page, so a request without messages is one row with no message and one the actor may not read is no row.
 */
export function requestMessagesPage(db: Db, shape: PageShape) {
  const page = db
    .select({
      ...messageColumns,
      authorName: messageColumns.authorName.as('author_name'),
      // Both tables have an id: the file's gets a name of its own in the page.
      fileId: sql<string | null>`${files.id}`.as('file_id'),
    })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.authorId))
    .leftJoin(files, eq(files.id, chatMessages.fileId))
    .where(
      and(
        eq(chatMessages.serviceRequestId, serviceRequests.id),
        chatVisibility(shape.scope),
        shape.filesOnly ? isNotNull(chatMessages.fileId) : undefined,
        shape.before ? lt(chatMessages.id, sql.placeholder('before')) : undefined,
        shape.after ? gt(chatMessages.id, sql.placeholder('after')) : undefined,
      ),
    )
    .orderBy(shape.after ? asc(chatMessages.id) : desc(chatMessages.id))
    .limit(sql.placeholder('limit'))
    .as('page');
  return db
    .select({
      requestId: serviceRequests.id,
      message: {
        id: page.id,
        serviceRequestId: page.serviceRequestId,
        authorId: page.authorId,
        body: page.body,
        clientId: page.clientId,
        internal: page.internal,
        createdAt: page.createdAt,
        authorName: page.authorName,
        authorRole: page.authorRole,
        fileId: page.fileId,
        fileName: page.fileName,
        fileContentType: page.fileContentType,
        fileSizeBytes: page.fileSizeBytes,
      },
    })
    .from(serviceRequests)
    .leftJoinLateral(page, sql`true`)
    .where(chatRequestRule(shape.scope))
    .orderBy(shape.after ? asc(page.id) : desc(page.id));
}

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
    internal: row.internal,
    createdAt: row.createdAt.toISOString(),
  };
}
