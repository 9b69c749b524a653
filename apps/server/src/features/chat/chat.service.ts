import type { ChatCommentsPage, ChatMessage } from '@care/contract/chat';
import { SERVICE_STAFF_ROLES } from '@care/contract/roles';
import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '#app/db/client.ts';
import { preparedStatements } from '#app/db/prepared.ts';
import { files } from '#app/db/schema/files.ts';
import { users } from '#app/db/schema/users.ts';
import { chatMessages, chatReadMarkers } from '#app/db/schema/chat.ts';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
import { publishEventSql } from '#app/events/event-bus.ts';
import { AppError, notFound } from '#app/plugins/errors.ts';
import type { Actor } from '#app/plugins/session.ts';
import {
  type ChatScope,
  chatRequestRule,
  chatScopeOf,
  messageColumns,
  type MessageRow,
  type PageShape,
  requestMessagesPage,
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

/** A chat page: the request's messages with the access check in one statement (chat-messages.ts). */
const commentsPage = preparedStatements(
  'chat_page',
  (shape: Omit<PageShape, 'filesOnly'>) => `${shape.scope}.${shape.before}.${shape.after}`,
  (db, shape) => requestMessagesPage(db, { ...shape, filesOnly: false }),
);

/**
 * GET api/chat/comments: a page by message id (chat_messages_request_id_idx), one row more than asked to know
 * whether more exist. The newest page and `before` pages scan backwards; `after` pages forwards. A request the
 * actor may not use (chat-messages.ts: the rule of every chat statement) or an unknown one: NOT_FOUND.
 */
export async function listComments(
  db: Db,
  actor: Actor,
  input: CommentsPageInput,
): Promise<ChatCommentsPage> {
  const forwards = input.after !== undefined;
  const rows = await commentsPage(db, {
    scope: chatScopeOf(actor),
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
  /** An internal note (issue 18): service staff only, text only. */
  internal?: boolean | undefined;
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
    row.internal === (message.internal ?? false) &&
    (message.fileId !== undefined || row.body === message.body);
  if (!same) throw new AppError('CONFLICT', 'This clientId was already used for another message.');
  return row;
}

/** A column of the `sent` CTE: named apart from every joined table's, mapped as the message's column. */
const sentColumn = <Column extends PgColumn>(column: string, as: Column) =>
  sql`${sql.raw(column)}`.mapWith(as).as(column);

/**
 * Sending a message as one statement, with no transaction of its own (one statement is atomic): the request if
 * the actor may use its chat (for a customer only their own; `scope` as in the chat page), the message added
 * unless the author used its clientId before (`sent` is then empty), the request's last_message_at (and for
 * staff its first reply, kept for the insight dashboard's time to first reply, docs/decisions/047; a message is
 * not a change of the request itself: updated_at stays), the author's read marker (their own message is read)
 * and the `chat-message` event to the customer and the service staff, on commit. No row: no such request for
 * the actor. The message's own triggers (migration 0019) count the unread counters after the statement, the
 * message's before the marker's, as when these were statements of a transaction.
 */
const sendStatement = preparedStatements(
  'chat_send',
  (scope: ChatScope) => scope,
  (db, scope) => {
    // The request's row is locked before the message is numbered, so that concurrent messages to one request take
    // their ids in the order they commit: the triggers that keep "waiting for us" and the unread counters
    // (migrations 0019, 0025) then see them in id order. Without it a customer's message numbered before a staff
    // reply but committed after it left the request waiting although the reply is the last message.
    const request = db
      .$with('request')
      .as(
        db
          .select({ id: serviceRequests.id })
          .from(serviceRequests)
          .where(chatRequestRule(scope))
          .for('no key update'),
      );
    const sent = db
      .$with('sent', {
        id: sentColumn('sent_id', chatMessages.id),
        serviceRequestId: sentColumn('sent_request_id', chatMessages.serviceRequestId),
        authorId: sentColumn('sent_author_id', chatMessages.authorId),
        body: sentColumn('sent_body', chatMessages.body),
        fileId: sentColumn('sent_file_id', chatMessages.fileId),
        clientId: sentColumn('sent_client_id', chatMessages.clientId),
        internal: sentColumn('sent_internal', chatMessages.internal),
        createdAt: sentColumn('sent_at', chatMessages.createdAt),
      })
      .as(
        sql`INSERT INTO ${chatMessages} AS m (service_request_id, author_id, body, file_id, client_id, internal)
          SELECT request.id, ${sql.placeholder('actorId')}::bigint, ${sql.placeholder('body')}::text,
            ${sql.placeholder('fileId')}::uuid, ${sql.placeholder('clientId')}::uuid,
            ${scope === 'staff' ? sql`${sql.placeholder('internal')}::boolean` : sql`false`}
          FROM request
          ON CONFLICT (author_id, client_id) WHERE client_id IS NOT NULL DO NOTHING
          RETURNING m.id AS sent_id, m.service_request_id AS sent_request_id, m.author_id AS sent_author_id,
            m.body AS sent_body, m.file_id AS sent_file_id, m.client_id AS sent_client_id,
            m.internal AS sent_internal, m.created_at AS sent_at`,
      );
    const touched = db.$with('touched', {}).as(
      // An internal note is no reply to the customer: the request's last message and first reply stay, and its
      // event reaches the service staff only (not even its existence reaches the customer).
      sql`UPDATE ${serviceRequests} AS r
        SET last_message_at = CASE WHEN sent.sent_internal THEN r.last_message_at ELSE sent.sent_at END${
          scope === 'staff'
            ? sql`, first_staff_reply_at = CASE WHEN sent.sent_internal THEN r.first_staff_reply_at
                ELSE coalesce(r.first_staff_reply_at, sent.sent_at) END`
            : sql``
        }
        FROM sent WHERE r.id = sent.sent_request_id
        RETURNING ${publishEventSql(
          'chat-message',
          { serviceRequestId: sql`sent.sent_request_id::text`, messageId: sql`sent.sent_id::text` },
          // requestAudience: the request's customer and the service staff; a note's only the staff.
          {
            userIds: [sql`CASE WHEN sent.sent_internal THEN NULL ELSE r.customer_id END`],
            roles: SERVICE_STAFF_ROLES,
          },
        )}`,
    );
    const marked = db.$with('marked', {}).as(
      sql`INSERT INTO ${chatReadMarkers} AS k (user_id, service_request_id, last_read_message_id)
        SELECT sent.sent_author_id, sent.sent_request_id, sent.sent_id FROM sent
        ON CONFLICT (user_id, service_request_id) DO UPDATE
        SET last_read_message_id = greatest(k.last_read_message_id, excluded.last_read_message_id),
            updated_at = now()`,
    );
    return db
      .with(request, sent, touched, marked)
      .select({
        requestId: request.id,
        message: {
          id: sent.id,
          serviceRequestId: sent.serviceRequestId,
          authorId: sent.authorId,
          body: sent.body,
          clientId: sent.clientId,
          internal: sent.internal,
          createdAt: sent.createdAt,
          authorName: messageColumns.authorName,
          authorRole: messageColumns.authorRole,
          fileId: messageColumns.fileId,
          fileName: messageColumns.fileName,
          fileContentType: messageColumns.fileContentType,
          fileSizeBytes: messageColumns.fileSizeBytes,
        },
      })
      .from(request)
      .leftJoin(sent, sql`true`)
      .leftJoin(users, eq(users.id, sent.authorId))
      .leftJoin(files, eq(files.id, sent.fileId));
  },
);

/**
 * Adds a message to a request's chat if the actor may use it (another's or an unknown request: NOT_FOUND), in one
 * statement (`sendStatement`): the request's last_message_at, the author's read marker and the `chat-message`
 * event go with it. Answers `created: false` with the stored message when the clientId was used before (a
 * retried send). `db` may be a transaction (a file's message is written with its file's row).
 */
export async function sendMessage(
  db: Db,
  actor: Actor,
  message: NewMessage,
): Promise<{ message: ChatMessage; created: boolean }> {
  const [row] = await sendStatement(db, chatScopeOf(actor)).execute({
    requestId: message.serviceRequestId,
    actorId: actor.id,
    body: message.body,
    fileId: message.fileId ?? null,
    clientId: message.clientId ?? null,
    internal: message.internal ?? false,
  });
  if (!row) throw notFound();
  if (row.message.id === null) {
    return { message: toMessage(await replayed(db, actor, message), actor), created: false };
  }
  return { message: toMessage(row.message, actor), created: true };
}

/** POST api/chat/comment: a text message; posting is allowed in every status (docs/decisions/018-chat.md). */
export async function postComment(
  db: Db,
  actor: Actor,
  input: { serviceRequestId: number; body: string; clientId: string; internal: boolean },
): Promise<{ message: ChatMessage; created: boolean }> {
  // Only the service department writes internal notes (issue 18); a customer's or sales' attempt is refused.
  if (input.internal && chatScopeOf(actor) !== 'staff') {
    throw new AppError('FORBIDDEN', 'Only service staff write internal notes.');
  }
  return sendMessage(db, actor, input);
}
