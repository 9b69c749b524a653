import { SERVICE_TIME_TARGETS } from '@care/contract/service-times';
import { check, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { bigintRef, checkIn, timestamptz, updatedAt } from './columns.ts';
import { serviceRequests } from './service-requests.ts';
import { users } from './users.ts';

/**
 * The service times per priority (docs/decisions/066), in working minutes (Monday–Friday, 8:00–16:00 in Poland).
 * One row per priority (0 low … 3 urgent, as service_requests.priority), seeded by the migration; an admin changes
 * them (features/service-times). A trigger on service_requests reads them to set a request's due times.
 */
export const serviceTimeTargets = pgTable(
  'service_time_targets',
  {
    priority: smallint('priority').primaryKey(),
    firstReplyMinutes: integer('first_reply_minutes').notNull(),
    completionMinutes: integer('completion_minutes').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('service_time_targets_priority_check', sql`${t.priority} BETWEEN 0 AND 3`),
    check(
      'service_time_targets_minutes_check',
      sql`${t.firstReplyMinutes} > 0 AND ${t.completionMinutes} >= ${t.firstReplyMinutes}`,
    ),
  ],
);

/**
 * The breach warnings sent: one per request and target. The job inserts the row in the transaction that queues the
 * e-mail (ON CONFLICT DO NOTHING), so a re-run or another instance never sends the same warning twice.
 */
export const serviceTimeWarnings = pgTable(
  'service_time_warnings',
  {
    serviceRequestId: bigintRef('service_request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    target: text('target', { enum: SERVICE_TIME_TARGETS }).notNull(),
    /** Who was warned; null: the service inbox (nobody had the request). */
    userId: bigintRef('user_id').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'service_time_warnings_pkey', columns: [t.serviceRequestId, t.target] }),
    index('service_time_warnings_user_id_idx').on(t.userId),
    checkIn('service_time_warnings_target_check', t.target, SERVICE_TIME_TARGETS),
  ],
);
