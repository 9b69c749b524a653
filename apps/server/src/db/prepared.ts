import { createHash } from 'node:crypto';
import type { Db } from './client.ts';

/** A Drizzle query that can be prepared (a select, insert, update or delete builder). */
interface Preparable<Prepared> {
  prepare(name: string): Prepared;
  toSQL(): { sql: string };
}

/**
 * Hot statements of a fixed shape, built by Drizzle once per database handle and shape instead of on every call,
 * and prepared by name (docs/decisions/058): the values come through `sql.placeholder`, node-postgres parses the
 * statement once per pooled connection and PostgreSQL may keep its plan. PGlite ignores the name; building once
 * still saves the query building.
 *
 * `shape` names what changes the SQL text (a sort field, an order, which filters are on). It must come from a
 * closed set, never from input: each shape is one statement that every connection keeps. The name sent to
 * PostgreSQL ends with a hash of the text, so two statements never share a name (node-postgres refuses that).
 * A transaction's handle gets its own statements; hot paths call these with the pool's handle.
 */
export function preparedStatements<Shape, Prepared>(
  label: string,
  keyOf: (shape: Shape) => string,
  build: (db: Db, shape: Shape) => Preparable<Prepared>,
): (db: Db, shape: Shape) => Prepared {
  if (label.length > MAX_LABEL_LENGTH) throw new Error(`statement label too long: ${label}`);
  const byDb = new WeakMap<Db, Map<string, Prepared>>();
  return (db, shape) => {
    let statements = byDb.get(db);
    if (!statements) byDb.set(db, (statements = new Map()));
    const key = keyOf(shape);
    let statement = statements.get(key);
    if (statement === undefined) {
      const query = build(db, shape);
      const hash = createHash('sha256').update(query.toSQL().sql).digest('hex').slice(0, HASH_LENGTH);
      statement = query.prepare(`${label}_${hash}`);
      statements.set(key, statement);
    }
    return statement;
  };
}

/** `preparedStatements` of a statement with one shape. */
export function preparedStatement<Prepared>(
  label: string,
  build: (db: Db) => Preparable<Prepared>,
): (db: Db) => Prepared {
  const statements = preparedStatements(label, () => '', build);
  return (db) => statements(db, undefined);
}

const HASH_LENGTH = 16;
/** PostgreSQL cuts names at 63 bytes: the label, an underscore and the hash must fit. */
const MAX_LABEL_LENGTH = 63 - 1 - HASH_LENGTH;
