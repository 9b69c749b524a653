import type { ChatCommentsPage, ChatMessage } from '@care/contract/chat';
import { isServiceStaffRole } from '@care/contract/roles';
import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { preparedStatements } from '#app/db/prepared.ts';
import { files } from '#app/db/schema/files.ts';
import { users } from '#app/db/schema/users.ts';
import { chatMessages, chatReadMarkers } from '#app/db/schema/chat.ts';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
import { publishEvent, requestAudience } from '#app/events/event-bus.ts';
import { AppError, notFound } from '#app/plugins/errors.ts';
import type { Actor } from '#app/plugins/session.ts';
import {
  type ChatRequest,
  findChatRequest,
  messageColumns,
  type MessageRow,
  selectMessages,
  toMessage,
} from './chat-messages.ts';

/** The chat of a service request: reading pages, posting (docs/decisions/018-chat.md). */

export interface CommentsPageInput {
  serviceRequestId: number;
  before?: number | undefined;
  after?: number | undefined;
  limit: number;
}

interface PageShape {
  scope: 'customer' | 'staff';
  before: boolean;
  after: boolean;
}

/**
 * A chat page with the access check in one statement: the request (for a customer only their own) left-joined
 * laterally with the page of its messages, so a request without messages is one row with no message and a
 * request the actor may not read is no row.
 */
const commentsPage = preparedStatements(
  'chat_page',
  (shape: PageShape) => `${shape.scope}.${shape.before}.${shape.after}`,
  (db, shape) => {
    const forwards = shape.after;
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
          shape.before ? lt(chatMessages.id, sql.placeholder('before')) : undefined,
          shape.after ? gt(chatMessages.id, sql.placeholder('after')) : undefined,
        ),
      )
      .orderBy(forwards ? asc(chatMessages.id) : desc(chatMessages.id))
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
      .where(
        and(
          eq(serviceRequests.id, sql.placeholder('requestId')),
          shape.scope === 'staff' ? undefined : eq(serviceRequests.customerId, sql.placeholder('actorId')),
        ),
      )
      .orderBy(forwards ? asc(page.id) : desc(page.id));
  },
);

/**
 * GET api/chat/comments: a page by message id (chat_messages_request_id_idx), one row more than asked to know
 * whether more exist. The newest page and `before` pages scan backwards; `after` pages forwards. A request the
 * actor may not use (findChatRequest's rule) or an unknown one: NOT_FOUND.
 */
export async function listComments(
  db: Db,
  actor: Actor,
  input: CommentsPageInput,
): Promise<ChatCommentsPage> {
  const forwards = input.after !== undefined;
  const rows = await commentsPage(db, {
    scope: isServiceStaffRole(actor.role) ? 'staff' : 'customer',
    before: input.before !== undefined,
    after: forwards,
  }).execute({
    requestId: input.serviceRequestId,
    actorId: actor.id,
    before: input.before,
    after: input.after,
    limit: input.limit + 1,
  });
  if (rows.length === 0) throw notFound();
  const messages = rows.flatMap(({ message }) => (message ? [message] : []));
  const page = messages.slice(0, input.limit);
  if (!forwards) page.reverse();
  return { messages: page.map((row) => toMessage(row, actor)), hasMore: messages.length > input.limit };
}

export interface NewMessage {
  serviceRequestId: number;
  body: string | null;
  fileId?: string | undefined;
  clientId?: string | undefined;
}

async function messageById(db: Db, id: number): Promise<MessageRow> {
  const [row] = await selectMessages(db, eq(chatMessages.id, id));
  return row!;
}

/** A send repeated with the same clientId: the stored message if it is the same one, else CONFLICT. */
async function replayed(db: Db, actor: Actor, message: NewMessage): Promise<MessageRow> {
  const [row] = await selectMessages(
    db,
    and(eq(chatMessages.authorId, actor.id), eq(chatMessages.clientId, message.clientId!)),
  );
  const same =
    row &&
    row.serviceRequestId === message.serviceRequestId &&
    (message.fileId !== undefined || row.body === message.body);
  if (!same) throw new AppError('CONFLICT', 'This clientId was already used for another message.');
  return row;
}

/**
 * Adds a message in the caller's transaction: the request's last_message_at, the author's read marker (their
 * own message is read) and the `chat-message` event to the customer and the service staff, all on commit.
 * Answers `created: false` with the stored message when the clientId was used before (a retried send).
 */
export async function addMessage(
  tx: Db,
  actor: Actor,
  request: ChatRequest,
  message: NewMessage,
): Promise<{ message: ChatMessage; created: boolean }> {
  const [inserted] = await tx
    .insert(chatMessages)
    .values({
      serviceRequestId: request.id,
      authorId: actor.id,
      body: message.body,
      fileId: message.fileId ?? null,
      clientId: message.clientId ?? null,
    })
    .onConflictDoNothing({
      target: [chatMessages.authorId, chatMessages.clientId],
      where: sql`${chatMessages.clientId} IS NOT NULL`,
    })
    .returning({ id: chatMessages.id, createdAt: chatMessages.createdAt });
  if (!inserted) return { message: toMessage(await replayed(tx, actor, message), actor), created: false };

  await tx
    .update(serviceRequests)
    // A message is not a change of the request itself: updated_at stays.
    .set({
      lastMessageAt: inserted.createdAt,
      // The first staff reply, kept for the insight dashboard's time to first reply (docs/decisions/047).
      ...(actor.role === 'customer'
        ? {}
        : {
            firstStaffReplyAt: sql`coalesce(${serviceRequests.firstStaffReplyAt}, ${inserted.createdAt.toISOString()}::timestamptz)`,
          }),
      updatedAt: sql`${serviceRequests.updatedAt}`,
    })
    .where(eq(serviceRequests.id, request.id));
  await tx
    .insert(chatReadMarkers)
    .values({ userId: actor.id, serviceRequestId: request.id, lastReadMessageId: inserted.id })
    .onConflictDoUpdate({
      target: [chatReadMarkers.userId, chatReadMarkers.serviceRequestId],
      set: {
        lastReadMessageId: sql`greatest(${chatReadMarkers.lastReadMessageId}, excluded.last_read_message_id)`,
        updatedAt: sql`now()`,
      },
    });
  await publishEvent(
    tx,
    { type: 'chat-message', data: { serviceRequestId: String(request.id), messageId: String(inserted.id) } },
    requestAudience(request.customerId),
  );
  return { message: toMessage(await messageById(tx, inserted.id), actor), created: true };
}

/** POST api/chat/comment: a text message; posting is allowed in every status (docs/decisions/018-chat.md). */
export async function postComment(
  db: Db,
  actor: Actor,
  input: { serviceRequestId: number; body: string; clientId: string },
): Promise<{ message: ChatMessage; created: boolean }> {
  return db.transaction(async (tx) => {
    const request = await findChatRequest(tx, actor, input.serviceRequestId);
    return addMessage(tx, actor, request, input);
  });
}
