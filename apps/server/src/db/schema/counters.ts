import { sql } from 'drizzle-orm';
import {
  check,
  integer,
  type PgDatabase,
  type PgQueryResultHKT,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { todayInPoland } from '../guarantee.ts';

/**
 * Per-year counters behind the readable numbers SR/2026/000123 (service requests) and OR/2026/000045
 * (offer requests). A row per (prefix, year) is bumped with an upsert, which locks that row until the
 * caller's transaction ends: numbers are unique and gap-free, even with several instances.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    prefix: text('prefix').notNull(),
    year: integer('year').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [
    primaryKey({ name: 'document_counters_pkey', columns: [t.prefix, t.year] }),
    check('document_counters_last_value_check', sql`${t.lastValue} > 0`),
  ],
);

export const DOCUMENT_PREFIXES = { serviceRequest: 'SR', offerRequest: 'OR' } as const;
export type DocumentPrefix = (typeof DOCUMENT_PREFIXES)[keyof typeof DOCUMENT_PREFIXES];

/**
 * Takes the next number, e.g. `nextDocumentCode(tx, 'SR', new Date())` → "SR/2026/000124". Call it inside
 * the transaction that inserts the document, so a rollback also gives the number back. The year is the
 * calendar year in Poland, where the maker numbers its documents.
 */
export async function nextDocumentCode(
  db: PgDatabase<PgQueryResultHKT>,
  prefix: DocumentPrefix,
  at: Date,
): Promise<string> {
  const year = Number(todayInPoland(at).slice(0, 4));
  const result = await db
    .insert(documentCounters)
    .values({ prefix, year, lastValue: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.prefix, documentCounters.year],
      set: { lastValue: sql`${documentCounters.lastValue} + 1` },
    })
    .returning({ value: documentCounters.lastValue });
  const value = result[0]!.value;
  return `${prefix}/${year}/${String(value).padStart(6, '0')}`;
}
