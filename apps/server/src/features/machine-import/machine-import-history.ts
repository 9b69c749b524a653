import type { MachineImport, MachineImportHistory } from '@care/contract/machine-import';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { displayNameSql } from '#app/db/display-name.ts';
import { machineImports } from '#app/db/schema/machine-imports.ts';
import { users } from '#app/db/schema/users.ts';
import { AppError } from '#app/plugins/errors.ts';

const columns = {
  id: machineImports.id,
  createdAt: machineImports.createdAt,
  finishedAt: machineImports.finishedAt,
  userName: displayNameSql(users),
  fileName: machineImports.fileName,
  dryRun: machineImports.dryRun,
  status: machineImports.status,
  rowsRead: machineImports.rowsRead,
  summary: machineImports.summary,
  problemCount: machineImports.problemCount,
};

function dated<T extends { id: number; createdAt: Date; finishedAt: Date | null }>(row: T) {
  return {
    ...row,
    id: String(row.id),
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The latest imports, newest first (a running one with its rows read so far); null user: the command line. */
export async function listMachineImports(db: Db, limit: number): Promise<MachineImportHistory> {
  const rows = await db
    .select(columns)
    .from(machineImports)
    .leftJoin(users, eq(users.id, machineImports.userId))
    .orderBy(desc(machineImports.createdAt), desc(machineImports.id))
    .limit(limit);
  return rows.map(dated);
}

/** One import with its listed problems. */
export async function getMachineImport(db: Db, id: number): Promise<MachineImport> {
  const [row] = await db
    .select({ ...columns, problems: machineImports.problems })
    .from(machineImports)
    .leftJoin(users, eq(users.id, machineImports.userId))
    .where(eq(machineImports.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  return dated(row);
}
