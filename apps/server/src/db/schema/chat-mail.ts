import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bigintRef, checkIn, timestamptz } from './columns.ts';
import { serviceRequests } from './service-requests.ts';

/** Who a request's chat e-mails go to: the customer (staff replies) or the staff side (customer messages). */
export const CHAT_MAIL_AUDIENCES = ['customer', 'staff'] as const;

/**
 * How far a request's chat has been e-mailed to each side (features/chat-mail, docs/decisions/063): messages
 * after `last_message_id` are the next e-mail's. Written in the transaction that queues that e-mail; the update
 * only moves forward, so two instances never send the same messages twice.
 */
export const chatMailCursors = pgTable(
  'chat_mail_cursors',
  {
    serviceRequestId: bigintRef('service_request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    audience: text('audience', { enum: CHAT_MAIL_AUDIENCES }).notNull(),
    lastMessageId: bigintRef('last_message_id').notNull(),
    mailedAt: timestamptz('mailed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'chat_mail_cursors_pkey', columns: [t.serviceRequestId, t.audience] }),
    checkIn('chat_mail_cursors_audience_check', t.audience, CHAT_MAIL_AUDIENCES),
  ],
);
