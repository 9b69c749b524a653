import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintRef, checkIn, createdAt, id, timestamptz } from './columns.ts';
import { serviceRequests } from './service-requests.ts';
import { users } from './users.ts';

export const RATING_VIA = ['page', 'link'] as const;

/**
 * The customer's confirmation and rating of a finished (F) request (issue 18): one per request — the primary key
 * makes a second one impossible, whichever way (page or link) it comes.
 */
export const serviceRequestRatings = pgTable(
  'service_request_ratings',
  {
    serviceRequestId: bigintRef('service_request_id')
      .primaryKey()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    score: smallint('score').notNull(),
    comment: text('comment'),
    ratedBy: bigintRef('rated_by').references(() => users.id, { onDelete: 'set null' }),
    ratedAt: timestamptz('rated_at').notNull().defaultNow(),
    via: text('via', { enum: RATING_VIA }).notNull(),
  },
  (t) => [
    index('service_request_ratings_rated_by_idx').on(t.ratedBy),
    check('service_request_ratings_score_check', sql`${t.score} BETWEEN 1 AND 5`),
    checkIn('service_request_ratings_via_check', t.via, RATING_VIA),
  ],
);

/**
 * The e-mailed rating links (docs/decisions/065): a random 256-bit token of which only the SHA-256 is stored (like
 * sessions and auth_tokens), for one request, until `expires_at`; `used_at` once it rated.
 */
export const serviceRatingLinks = pgTable(
  'service_rating_links',
  {
    id: id(),
    serviceRequestId: bigintRef('service_request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [
    uniqueIndex('service_rating_links_token_hash_key').on(t.tokenHash),
    index('service_rating_links_request_idx').on(t.serviceRequestId),
    index('service_rating_links_expires_at_idx').on(t.expiresAt),
    check('service_rating_links_token_hash_format', sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
  ],
);
