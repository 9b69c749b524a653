import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, id, timestamptz } from './columns.ts';
import { files } from './files.ts';
import { serviceRequests } from './service-requests.ts';
import { users } from './users.ts';

/**
 * The chat of a service request. Messages are append-only and ordered by id, so "newer than X" and
 * "unread since the marker" are range scans on (service_request_id, id).
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: id(),
    serviceRequestId: bigintRef('service_request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    /** NULL only for messages the system writes (e.g. a status change notice). */
    authorId: bigintRef('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body'),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'restrict' }),
    /** The sender's idempotency key: a retried send with the same key finds this row instead of adding one. */
    clientId: uuid('client_id'),
    /**
     * An internal note of the service department (issue 18): never shown, counted, sent or announced to the
     * request's customer. Every customer read filters it out (chat-messages.ts chatVisibility); the unread
     * counters skip it for the customer (migration 0023); service_requests.chat_message_count does not count it.
     */
    internal: boolean('internal').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_request_id_idx').on(t.serviceRequestId, t.id),
    index('chat_messages_file_id_idx')
      .on(t.fileId)
      .where(sql`${t.fileId} IS NOT NULL`),
    index('chat_messages_author_id_idx').on(t.authorId),
    uniqueIndex('chat_messages_author_client_id_key')
      .on(t.authorId, t.clientId)
      .where(sql`${t.clientId} IS NOT NULL`),
    check('chat_messages_body_or_file', sql`${t.body} IS NOT NULL OR ${t.fileId} IS NOT NULL`),
  ],
);

/**
 * How far each participant has read a request's chat. Unread count for a user =
 * messages of their requests with id > last_read_message_id written by someone else (kept as a counter in
 * chat_unread_counts).
 */
export const chatReadMarkers = pgTable(
  'chat_read_markers',
  {
    userId: bigintRef('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceRequestId: bigintRef('service_request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    lastReadMessageId: bigintRef('last_read_message_id').notNull().default(0),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'chat_read_markers_pkey', columns: [t.userId, t.serviceRequestId] }),
    index('chat_read_markers_service_request_id_idx').on(t.serviceRequestId),
  ],
);

/**
 * Unread counts kept as counters instead of counted per read (migration 0019, docs/decisions/056). A row per
 * person and request for everyone who has something to do with the chat: a read marker, a message written, or
 * (once the chat has a message) the request's customer and assignee. `unread_count` = the request's messages
 * after the person's marker (no marker: all) written by someone else, what chat-unread.service.ts counted per
 * read before. Someone without a row has no marker and wrote nothing, so all the request's messages are unread
 * for them (service_requests.chat_message_count).
 *
 * Database triggers keep the rows in the writing transaction, whoever writes (migration 0019): a new message
 * counts up every row of its request but the author's (and adds the customer's, the assignee's and the
 * author's row if missing); a read marker written or moved recounts its row from the marker; an assignment or
 * a change of customer refreshes the flags. All of them lock the request's row first, so the counters of one
 * request change one transaction at a time. `SELECT chat_unread_counts_rebuild()` counts everything again.
 */
export const chatUnreadCounts = pgTable(
  'chat_unread_counts',
  {
    userId: bigintRef('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceRequestId: bigintRef('service_request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    unreadCount: integer('unread_count').notNull().default(0),
    /** The person is the request's customer: the request is in their unread summary as a customer. */
    isCustomer: boolean('is_customer').notNull().default(false),
    /** The person has a read marker here or is the request's assignee: in a staff member's unread summary. */
    follows: boolean('follows').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'chat_unread_counts_pkey', columns: [t.userId, t.serviceRequestId] }),
    // A new message counts up the rows of its request.
    index('chat_unread_counts_service_request_id_idx').on(t.serviceRequestId),
    // The unread summary: a person's requests with unread messages, nothing else.
    index('chat_unread_counts_unread_idx')
      .on(t.userId, t.serviceRequestId)
      .where(sql`${t.unreadCount} > 0`),
  ],
);
