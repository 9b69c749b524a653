/**
 * Shared column builders for every schema file. Decisions that hold for the whole schema:
 *
 * - Status codes are `text` + a CHECK constraint built from the contract's constant lists, not pgEnum.
 *   The lists in packages/contract stay the single source; adding or retiring a code is an ordinary
 *   `ALTER TABLE ... DROP/ADD CONSTRAINT` in a transaction (ALTER TYPE ... ADD VALUE cannot be used in the
 *   transaction that adds it, and enum values can never be removed), and the SPEC codes ("N", "C", ...)
 *   read fine as text.
 * - Ids are `bigint GENERATED ALWAYS AS IDENTITY`: 8 bytes, ordered (chat uses id order), cheap to index
 *   at 10M rows. Every read checks ownership, so a guessable id reveals nothing (another customer's id is
 *   a 404). Stored files use uuid v4 (gen_random_uuid()) instead: their ids travel in download links.
 * - Column names are written out in snake_case, so queries work whether or not the drizzle client is
 *   created with `casing: 'snake_case'`.
 * - List indexes are plain ascending b-trees: PostgreSQL scans them backwards for `ORDER BY x DESC, id DESC`
 *   (drizzle's `.desc()` in an index means DESC NULLS LAST, which a plain `ORDER BY x DESC` cannot use).
 * - Timestamps are timestamptz; calendar days (purchase date, guarantee end) are `date` read as
 *   'YYYY-MM-DD' strings so no time zone can shift them.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, type PgColumn, timestamp } from 'drizzle-orm/pg-core';

export const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

/** A bigint foreign-key column (ids fit in a JS number: identity values stay far below 2^53). */
export const bigintRef = (name: string) => bigint(name, { mode: 'number' });

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** Set by drizzle on every `update()` through the ORM; raw SQL updates must set it themselves. */
export const updatedAt = () =>
  timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * `CHECK (column IN ('a', 'b'))` from a constant list; the values are code constants, never user input.
 * A NULL passes (SQL's IN yields unknown), so nullable columns need no separate variant.
 */
export function checkIn(name: string, column: PgColumn, values: readonly string[]) {
  for (const value of values) {
    if (!/^[A-Za-z0-9_.-]+$/.test(value)) throw new Error(`unsafe value in check ${name}: ${value}`);
  }
  return check(name, sql`${column} IN (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`);
}
