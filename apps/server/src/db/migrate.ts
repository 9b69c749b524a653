import { resolve } from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

const MIGRATIONS_FOLDER = resolve(import.meta.dirname, '../../drizzle');
/** Advisory lock key so that several instances starting together migrate one after another. */
const MIGRATION_LOCK = 7_000_001;

/**
 * Applies the committed SQL migrations in drizzle/ that the database has not seen yet.
 * Written against drizzle's migration files and journal table so drizzle-kit stays the generator,
 * but run through our own lock (drizzle's migrator does not lock, see docs/decisions/003-database.md).
 */
export async function migrate(database: Database): Promise<number> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  return database.withLock(MIGRATION_LOCK, async (db) => {
    await db.execute(sql`CREATE SCHEMA IF NOT EXISTS drizzle`);
    await db.execute(
      sql`CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
    );
    const result = (await db.execute(sql`SELECT hash FROM drizzle.__drizzle_migrations`)) as {
      rows: { hash: string }[];
    };
    // By hash, not by timestamp: a migration merged from a branch with an older timestamp is still applied.
    const applied = new Set(result.rows.map((row) => row.hash));
    const pending = migrations.filter((m) => !applied.has(m.hash));
    for (const migration of pending) {
      await db.transaction(async (tx) => {
        for (const statement of migration.sql) {
          if (statement.trim()) await tx.execute(sql.raw(statement));
        }
        await tx.execute(
          sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${migration.hash}, ${migration.folderMillis})`,
        );
      });
    }
    return pending.length;
  });
}
