/**
 * The machine import engine (docs/machine-import.md), one for the command line and the admin screen:
 * 1. the file streams through the CSV reader; checked rows go to machine_import_rows in batches (outside any
 *    transaction, so the run's rows_read shows progress to the screen meanwhile);
 * 2. owners are checked set-based; any problem at all and nothing is written to machines;
 * 3. a good file is applied in one transaction (apply-import.ts) with its audit entries and e-mails.
 */
import {
  MACHINE_IMPORT_MAX_PROBLEMS,
  type MachineImport,
  type MachineImportProblem,
} from '@care/contract/machine-import';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { machineImportRows, machineImports } from '#app/db/schema/machine-imports.ts';
import { type AuditActor, recordAudit } from '#app/audit/audit.ts';
import { applyChanges, checkOwners, countChanges, type MailLinks } from './apply-import.ts';
import { readMachineCsv } from './machine-csv.ts';
import type { MachineRow } from './machine-row.ts';
import { getMachineImport } from './machine-import-history.ts';

export interface MachineImportOptions {
  fileName: string;
  dryRun: boolean;
  actor: AuditActor;
  links: MailLinks;
  ip?: string | null;
  /** Rows read so far, after each staged batch (the command line prints it). */
  onProgress?: (rowsRead: number) => void;
}

export type MachineImportOutcome = { ok: boolean; import: MachineImport };

/** Rows per staging INSERT: big enough to amortise a round trip, small enough for frequent progress. */
const BATCH = 5000;

async function stageBatch(db: Db, importId: number, batch: { line: number; row: MachineRow }[]) {
  if (batch.length === 0) return;
  // One JSON parameter for the whole batch: one statement, no per-row parameters (PostgreSQL takes at most
  // 65,535), and the same on node-postgres and PGlite.
  const rows = JSON.stringify(batch.map(({ line, row }) => ({ line, ...row })));
  await db.execute(sql`
    INSERT INTO ${machineImportRows} (import_id, line, serial_number, name, purchase_date, guarantee_end_date,
      status, dealer, owner_email)
    SELECT ${importId}::bigint, r.line, r."serialNumber", r.name, r."purchaseDate", r."guaranteeEndDate",
      r.status, r.dealer, r."ownerEmail"
    FROM jsonb_to_recordset(${rows}::jsonb) AS r(line int, "serialNumber" text, name text, "purchaseDate" date,
      "guaranteeEndDate" date, status text, dealer text, "ownerEmail" text)`);
}

/** Reads the file into the staging table; answers the rows read and the problems found. */
async function stageFile(
  db: Db,
  importId: number,
  source: AsyncIterable<Buffer | string>,
  onProgress: (rowsRead: number) => Promise<void>,
) {
  const problems: MachineImportProblem[] = [];
  let problemCount = 0;
  let rowsRead = 0;
  let batch: { line: number; row: MachineRow }[] = [];
  // One batch in flight while the next is parsed: the database inserts on its core while Node parses on its own.
  let inFlight: Promise<void> = Promise.resolve();
  const flush = async () => {
    await inFlight;
    const rows = batch;
    const read = rowsRead;
    batch = [];
    inFlight = stageBatch(db, importId, rows).then(() => onProgress(read));
    // Not awaited here; a failure surfaces at the next flush or at the end.
    inFlight.catch(() => {});
  };
  try {
    for await (const item of readMachineCsv(source)) {
      if (!item.header) rowsRead += 1;
      if (item.row) batch.push({ line: item.line, row: item.row });
      problemCount += item.problems.length;
      for (const problem of item.problems)
        if (problems.length < MACHINE_IMPORT_MAX_PROBLEMS) problems.push(problem);
      if (batch.length >= BATCH) await flush();
    }
  } catch (error) {
    // Let the batch in flight land before the caller removes the staged rows.
    await inFlight.catch(() => {});
    throw error;
  }
  await flush();
  await inFlight;
  return { rowsRead, problems, problemCount };
}

export async function importMachines(
  db: Db,
  source: AsyncIterable<Buffer | string>,
  options: MachineImportOptions,
): Promise<MachineImportOutcome> {
  const [run] = await db
    .insert(machineImports)
    .values({
      userId: options.actor.id,
      fileName: options.fileName.slice(0, 255),
      dryRun: options.dryRun,
    })
    .returning({ id: machineImports.id });
  const importId = run!.id;
  const finish = (values: Partial<typeof machineImports.$inferInsert>, tx: Db = db) =>
    tx
      .update(machineImports)
      .set({ ...values, finishedAt: new Date() })
      .where(eq(machineImports.id, importId));
  try {
    const read = await stageFile(db, importId, source, async (rowsRead) => {
      options.onProgress?.(rowsRead);
      await db.update(machineImports).set({ rowsRead }).where(eq(machineImports.id, importId));
    });
    const owners = await checkOwners(db, importId);
    const problemCount = read.problemCount + owners.count;
    if (problemCount > 0) {
      const problems = [...read.problems, ...owners.problems]
        .sort((a, b) => a.line - b.line)
        .slice(0, MACHINE_IMPORT_MAX_PROBLEMS);
      await db.delete(machineImportRows).where(eq(machineImportRows.importId, importId));
      await finish({ status: 'invalid', problems, problemCount });
      return { ok: false, import: await getMachineImport(db, importId) };
    }
    if (options.dryRun) {
      const summary = await countChanges(db, importId);
      await db.delete(machineImportRows).where(eq(machineImportRows.importId, importId));
      await finish({ status: 'checked', summary });
      return { ok: true, import: await getMachineImport(db, importId) };
    }
    await db.transaction(async (tx) => {
      // One import at a time: two at once would count each other's machines as new.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('machine-import'))`);
      const summary = await countChanges(tx, importId);
      await applyChanges(tx, importId, options.actor, options.links, options.ip ?? null);
      await recordAudit(tx, options.actor, {
        kind: 'machines.imported',
        subject: { type: 'machine-import', id: importId, label: options.fileName },
        after: { fileName: options.fileName, ...summary },
        ip: options.ip ?? null,
      });
      await tx.delete(machineImportRows).where(eq(machineImportRows.importId, importId));
      await finish({ status: 'imported', summary }, tx);
    });
    return { ok: true, import: await getMachineImport(db, importId) };
  } catch (error) {
    await db.delete(machineImportRows).where(eq(machineImportRows.importId, importId));
    await finish({ status: 'failed' });
    throw error;
  }
}
