import { LANGUAGES } from '@care/contract/locales';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { checkIn, createdAt, id, timestamptz } from './columns.ts';

/**
 * E-mail outbox (docs/design.md "jobs"): a message is written in the same transaction as the change that causes
 * it and sent by the worker with retries. A worker claims due rows with `FOR UPDATE SKIP LOCKED` and pushes
 * `next_attempt_at` forward before sending, which doubles as a lease when an instance dies mid-send.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Template name, e.g. 'confirm-registration', 'status-changed'; for logs and statistics. */
    kind: text('kind').notNull(),
    language: text('language', { enum: LANGUAGES }).notNull().default('pl'),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    sentAt: timestamptz('sent_at'),
    /** Set when the worker gives up after the last retry; such rows stay for an operator to inspect. */
    failedAt: timestamptz('failed_at'),
    lastError: text('last_error'),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
    index('mail_outbox_created_at_idx').on(t.createdAt),
    checkIn('mail_outbox_language_check', t.language, LANGUAGES),
  ],
);
