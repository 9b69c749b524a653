import type { ChatCommentsPage, ChatMessage } from '@care/contract/chat';
import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { chatMessages, chatReadMarkers } from '#app/db/schema/chat.ts';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
import { publishEvent, requestAudience } from '#app/events/event-bus.ts';
import { AppError } from '#app/plugins/errors.ts';
import type { Actor } from '#app/plugins/session.ts';
import {
  type ChatRequest,
  findChatRequest,
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

/**
 * GET api/chat/comments: a page by message id (chat_messages_request_id_idx), one row more than asked to know
 * whether more exist. The newest page and `before` pages scan backwards; `after` pages forwards.
 */
export async function listComments(
  db: Db,
  actor: Actor,
  input: CommentsPageInput,
): Promise<ChatCommentsPage> {
  const request = await findChatRequest(db, actor, input.serviceRequestId);
  const inRequest = eq(chatMessages.serviceRequestId, request.id);
  const forwards = input.after !== undefined;
  const rows = await selectMessages(
    db,
    and(
      inRequest,
      input.before !== undefined ? lt(chatMessages.id, input.before) : undefined,
      input.after !== undefined ? gt(chatMessages.id, input.after) : undefined,
    ),
  )
    .orderBy(forwards ? asc(chatMessages.id) : desc(chatMessages.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  if (!forwards) page.reverse();
  return { messages: page.map((row) => toMessage(row, actor)), hasMore: rows.length > input.limit };
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
