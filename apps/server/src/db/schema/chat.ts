import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
 * messages of their requests with id > last_read_message_id written by someone else.
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
