import { createHash } from 'node:crypto';
import type { Db } from './client.ts';

/** A Drizzle query that can be prepared (a select, insert, update or delete builder). */
interface Preparable<Prepared> {
  prepare(name: string): Prepared;
  toSQL(): { sql: string };
}

const HASH_LENGTH = 16;
/** PostgreSQL cuts names at 63 bytes: the label, an underscore and the hash must fit. */
const MAX_LABEL_LENGTH = 63 - 1 - HASH_LENGTH;

let preparing = true;

/**
 * For bench/micro/prepared-statements.ts only: `false` builds every statement on each call and sends it unnamed,
 * as before issue 17, to measure what preparing saves.
 */
export function setPreparing(on: boolean): void {
  preparing = on;
}

/**
 * Hot statements of a fixed shape, built by Drizzle once per database handle and shape instead of on every call,
 * and prepared by name (docs/decisions/058): the values come through `sql.placeholder`, node-postgres parses the
 * statement once per pooled connection and PostgreSQL may keep its plan. PGlite ignores the name; building once
 * still saves the query building.
 *
 * `shape` names what changes the SQL text (a sort field, an order, which filters are on). Its key must come from
 * a closed set, never from input: each key is one statement that every connection keeps. `keyOf` answers null
 * for a rare shape not worth keeping (a list's unusual combination of filters): it is built on that call and
 * sent unnamed, with the same text and placeholders. The name sent to PostgreSQL ends with a hash of the text,
 * so two statements never share a name (node-postgres refuses that). A transaction's handle gets its own
 * statements; hot paths call these with the pool's handle.
 */
export function preparedStatements<Shape, Prepared>(
  label: string,
  keyOf: (shape: Shape) => string | null,
  build: (db: Db, shape: Shape) => Preparable<Prepared>,
): (db: Db, shape: Shape) => Prepared {
  if (label.length > MAX_LABEL_LENGTH) throw new Error(`statement label too long: ${label}`);
  const byDb = new WeakMap<Db, Map<string, Prepared>>();
  return (db, shape) => {
    const key = preparing ? keyOf(shape) : null;
    // An unnamed statement is parsed and planned on every call, as an unprepared query is.
    if (key === null) return build(db, shape).prepare('');
    let statements = byDb.get(db);
    if (!statements) byDb.set(db, (statements = new Map()));
    let statement = statements.get(key);
    if (statement === undefined) {
      const query = build(db, shape);
      statement = query.prepare(statementName(label, query.toSQL().sql));
      statements.set(key, statement);
    }
    return statement;
  };
}

/** The name a statement is prepared under: its label and a hash of its text, within PostgreSQL's 63 bytes. */
export function statementName(label: string, text: string): string {
  return `${label}_${createHash('sha256').update(text).digest('hex').slice(0, HASH_LENGTH)}`;
}

/** `preparedStatements` of a statement with one shape. */
export function preparedStatement<Prepared>(
  label: string,
  build: (db: Db) => Preparable<Prepared>,
): (db: Db) => Prepared {
  const statements = preparedStatements(label, () => '', build);
  return (db) => statements(db, undefined);
}
