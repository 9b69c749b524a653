import type { MachineImportProblem, MachineImportSummary } from '@care/contract/machine-import';
import { MACHINE_IMPORT_STATUSES } from '@care/contract/machine-import';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bigintRef, checkIn, createdAt, id, timestamptz } from './columns.ts';
import { users } from './users.ts';

/**
 * Every machine import from the ERP (admin screen or command line), checks and refusals included. A running
 * import updates `rows_read` as it reads, outside its own transaction, so the screen can show progress.
 */
export const machineImports = pgTable(
  'machine_imports',
  {
    id: id(),
    /** Who ran it; NULL for the command line. */
    userId: bigintRef('user_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    dryRun: boolean('dry_run').notNull(),
    status: text('status', { enum: MACHINE_IMPORT_STATUSES }).notNull().default('running'),
    rowsRead: integer('rows_read').notNull().default(0),
    summary: jsonb('summary').$type<MachineImportSummary>(),
    /** The first MACHINE_IMPORT_MAX_PROBLEMS problems; problem_count has them all. */
    problems: jsonb('problems').$type<MachineImportProblem[]>().notNull().default([]),
    problemCount: integer('problem_count').notNull().default(0),
    createdAt: createdAt(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    index('machine_imports_created_at_idx').on(t.createdAt),
    checkIn('machine_imports_status_check', t.status, MACHINE_IMPORT_STATUSES),
  ],
);

/**
 * The checked rows of a running import, written while the file streams in (in batches, outside the import's
 * transaction) and applied to `machines` set-based in one transaction at the end; deleted with the run's end.
 */
export const machineImportRows = pgTable(
  'machine_import_rows',
  {
    importId: bigintRef('import_id')
      .notNull()
      .references(() => machineImports.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    serialNumber: text('serial_number').notNull(),
    name: text('name').notNull(),
    purchaseDate: date('purchase_date', { mode: 'string' }),
    guaranteeEndDate: date('guarantee_end_date', { mode: 'string' }),
    status: text('status').notNull(),
    dealer: text('dealer'),
    ownerEmail: text('owner_email'),
    /** The owner's account, resolved from owner_email set-based after the file is read. */
    ownerId: bigintRef('owner_id'),
  },
  (t) => [primaryKey({ columns: [t.importId, t.line] })],
);
