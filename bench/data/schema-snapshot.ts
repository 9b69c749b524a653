import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Bulk loading is faster into tables without their secondary indexes and foreign keys. The generator takes
 * them off the filled tables after the migrations ran and puts the very same definitions back afterwards;
 * `schemaFingerprint` before and after proves the measured schema is the migrated one.
 */

export interface DeferredObjects {
  indexes: { name: string; definition: string }[];
  foreignKeys: { table: string; name: string; definition: string }[];
}

/** A digest of every column, index and constraint of the public schema (with whether it is validated). */
export async function schemaFingerprint(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ line: string }>(`
    SELECT 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' '
           || coalesce(column_default, '') || ' ' || is_identity || ' ' || coalesce(generation_expression, '') AS line
      FROM information_schema.columns WHERE table_schema = 'public'
    UNION ALL
    SELECT 'index ' || indexdef FROM pg_indexes WHERE schemaname = 'public'
    UNION ALL
    SELECT 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid)
           || CASE WHEN convalidated THEN '' ELSE ' NOT VALID' END
      FROM pg_constraint WHERE connamespace = 'public'::regnamespace
    ORDER BY 1`);
  return createHash('sha256')
    .update(rows.map((row) => row.line).join('\n'))
    .digest('hex');
}

/** Drops the indexes that back no constraint and the foreign keys of `tables`; returns how to recreate them. */
export async function dropDeferrable(client: pg.Client, tables: readonly string[]): Promise<DeferredObjects> {
  const indexes = await client.query<{ name: string; definition: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
      WHERE i.indrelid = ANY($1::regclass[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
      ORDER BY 1`,
    [tables],
  );
  const foreignKeys = await client.query<{ table: string; name: string; definition: string }>(
    `SELECT conrelid::regclass::text AS table, conname AS name, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint
      WHERE contype = 'f' AND conrelid = ANY($1::regclass[])
      ORDER BY 1, 2`,
    [tables],
  );
  for (const fk of foreignKeys.rows)
    await client.query(`ALTER TABLE ${fk.table} DROP CONSTRAINT ${quote(fk.name)}`);
  for (const index of indexes.rows) await client.query(`DROP INDEX ${index.name}`);
  return { indexes: indexes.rows, foreignKeys: foreignKeys.rows };
}

/** Builds the dropped indexes and adds (and so validates) the foreign keys again, reporting each one's time. */
export async function restoreDeferred(
  client: pg.Client,
  deferred: DeferredObjects,
  onStep: (label: string, ms: number) => void,
): Promise<void> {
  for (const index of deferred.indexes) {
    const started = performance.now();
    await client.query(index.definition);
    onStep(`index ${index.name}`, performance.now() - started);
  }
  for (const fk of deferred.foreignKeys) {
    const started = performance.now();
    await client.query(`ALTER TABLE ${fk.table} ADD CONSTRAINT ${quote(fk.name)} ${fk.definition}`);
    onStep(`foreign key ${fk.name}`, performance.now() - started);
  }
}

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;
