import { integer, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * Fixed-window counters shared by all instances (login, registration, reset limits per IP and per account):
 * `INSERT ... ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1 RETURNING count`.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamptz('window_start').notNull(),
    count: integer('count').notNull().default(1),
  },
  (t) => [
    primaryKey({ name: 'rate_limit_hits_pkey', columns: [t.key, t.windowStart] }),
    // Clean-up of finished windows.
    index('rate_limit_hits_window_start_idx').on(t.windowStart),
  ],
);
