import { LANGUAGES } from '@care/contract/locales';
import { OFFER_REQUEST_STATUSES } from '@care/contract/statuses';
import type { TranslatedText } from '@care/contract/translations';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { parts } from './catalog.ts';
import { bigintRef, checkIn, createdAt, id, timestamptz, updatedAt } from './columns.ts';
import { files } from './files.ts';
import { users } from './users.ts';

/** A cart sent to parts sales (`POST api/parts/email`). */
export const offerRequests = pgTable(
  'offer_requests',
  {
    id: id(),
    /** Readable number, e.g. OR/2026/000045, from `nextDocumentCode` (schema/counters.ts). */
    number: text('number').notNull(),
    customerId: bigintRef('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status', { enum: OFFER_REQUEST_STATUSES }).notNull().default('sent'),
    note: text('note'),
    /** The customer's language when sending: the answer is written in it. */
    language: text('language', { enum: LANGUAGES }).notNull().default('pl'),
    /** The sales employee handling it. */
    assignedTo: bigintRef('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    statusChangedAt: timestamptz('status_changed_at').notNull().defaultNow(),
    /** The web's id for one send (a uuid): a retried send with the same id files nothing new. */
    clientId: uuid('client_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('offer_requests_number_key').on(t.number),
    uniqueIndex('offer_requests_customer_client_id_key')
      .on(t.customerId, t.clientId)
      .where(sql`${t.clientId} IS NOT NULL`),
    index('offer_requests_customer_created_at_idx').on(t.customerId, t.createdAt, t.id),
    // The sales inbox by status.
    index('offer_requests_status_created_at_idx').on(t.status, t.createdAt, t.id),
    // Insight: offer requests sent in the last 26 weeks and how fast they were quoted (decisions/047).
    index('offer_requests_created_at_idx').on(t.createdAt),
    index('offer_requests_assigned_to_idx')
      .on(t.assignedTo)
      .where(sql`${t.assignedTo} IS NOT NULL`),
    checkIn('offer_requests_status_check', t.status, OFFER_REQUEST_STATUSES),
    checkIn('offer_requests_language_check', t.language, LANGUAGES),
  ],
);

/** One cart line; symbol and name are kept as sent, so later catalogue changes do not rewrite history. */
export const offerRequestItems = pgTable(
  'offer_request_items',
  {
    id: id(),
    offerRequestId: bigintRef('offer_request_id')
      .notNull()
      .references(() => offerRequests.id, { onDelete: 'cascade' }),
    partId: bigintRef('part_id').references(() => parts.id, { onDelete: 'set null' }),
    symbol: text('symbol').notNull(),
    name: jsonb('name').$type<TranslatedText>().notNull(),
    amount: integer('amount').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('offer_request_items_offer_request_id_idx').on(t.offerRequestId, t.sortOrder),
    index('offer_request_items_part_id_idx').on(t.partId),
    check('offer_request_items_amount_check', sql`${t.amount} > 0`),
  ],
);

export const offerRequestStatusHistory = pgTable(
  'offer_request_status_history',
  {
    id: id(),
    offerRequestId: bigintRef('offer_request_id')
      .notNull()
      .references(() => offerRequests.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: OFFER_REQUEST_STATUSES }),
    toStatus: text('to_status', { enum: OFFER_REQUEST_STATUSES }).notNull(),
    changedBy: bigintRef('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamptz('changed_at').notNull().defaultNow(),
    note: text('note'),
  },
  (t) => [
    index('offer_request_status_history_request_idx').on(t.offerRequestId, t.changedAt),
    checkIn('offer_request_status_history_from_status_check', t.fromStatus, OFFER_REQUEST_STATUSES),
    checkIn('offer_request_status_history_to_status_check', t.toStatus, OFFER_REQUEST_STATUSES),
  ],
);

/** Files added to an offer request (by the customer, or the quotation by sales). */
export const offerRequestAttachments = pgTable(
  'offer_request_attachments',
  {
    offerRequestId: bigintRef('offer_request_id')
      .notNull()
      .references(() => offerRequests.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    addedBy: bigintRef('added_by').references(() => users.id, { onDelete: 'set null' }),
    addedAt: timestamptz('added_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'offer_request_attachments_pkey', columns: [t.offerRequestId, t.fileId] }),
    index('offer_request_attachments_file_id_idx').on(t.fileId),
  ],
);
