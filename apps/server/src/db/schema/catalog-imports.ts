import type { CatalogImportProblem, CatalogImportSummary } from '@care/contract/catalog-import';
import { CATALOG_IMPORT_STATUSES } from '@care/contract/catalog-import';
import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { bigintRef, checkIn, createdAt, id } from './columns.ts';
import { files } from './files.ts';
import { users } from './users.ts';

/** Every catalogue import run (admin screen or command line), checks and failures included. */
export const catalogImports = pgTable(
  'catalog_imports',
  {
    id: id(),
    /** Who ran it; NULL for the command line. */
    userId: bigintRef('user_id').references(() => users.id, { onDelete: 'set null' }),
    fileNames: text('file_names').array().notNull(),
    dryRun: boolean('dry_run').notNull(),
    status: text('status', { enum: CATALOG_IMPORT_STATUSES }).notNull(),
    summary: jsonb('summary').$type<CatalogImportSummary>(),
    /** The first CATALOG_IMPORT_MAX_PROBLEMS problems; problem_count has them all. */
    problems: jsonb('problems').$type<CatalogImportProblem[]>().notNull().default([]),
    problemCount: integer('problem_count').notNull().default(0),
    durationMs: integer('duration_ms').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('catalog_imports_created_at_idx').on(t.createdAt),
    checkIn('catalog_imports_status_check', t.status, CATALOG_IMPORT_STATUSES),
  ],
);

/**
 * Files an import stored as catalogue images (folder tiles, part photos): public like the catalogue and
 * served by api/catalog-files/{id}. Keyed by content, so re-importing the same image stores nothing new.
 */
export const catalogFiles = pgTable('catalog_files', {
  sha256: text('sha256').primaryKey(),
  fileId: uuid('file_id')
    .notNull()
    .unique('catalog_files_file_id_key')
    .references(() => files.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});
