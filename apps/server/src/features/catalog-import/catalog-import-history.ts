import type { CatalogImportHistoryItem } from '@care/contract/catalog-import';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { displayNameSql } from '#app/db/display-name.ts';
import { catalogFiles, catalogImports } from '#app/db/schema/catalog-imports.ts';
import { files } from '#app/db/schema/files.ts';
import { users } from '#app/db/schema/users.ts';
import { type DownloadableFile, downloadableFileColumns } from '#app/files/downloads.ts';
import { AppError } from '#app/plugins/errors.ts';

/** The latest imports, newest first, with who ran them (null: the command line). */
export async function listImports(db: Db, limit: number): Promise<CatalogImportHistoryItem[]> {
  const rows = await db
    .select({
      id: catalogImports.id,
      createdAt: catalogImports.createdAt,
      userName: displayNameSql(users),
      fileNames: catalogImports.fileNames,
      dryRun: catalogImports.dryRun,
      status: catalogImports.status,
      summary: catalogImports.summary,
      problemCount: catalogImports.problemCount,
    })
    .from(catalogImports)
    .leftJoin(users, eq(users.id, catalogImports.userId))
    .orderBy(desc(catalogImports.createdAt), desc(catalogImports.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, id: String(row.id), createdAt: row.createdAt.toISOString() }));
}

/** A file stored by an import (never any other upload: attachments stay private). */
export async function getCatalogFile(db: Db, fileId: string): Promise<DownloadableFile> {
  const [file] = await db
    .select(downloadableFileColumns)
    .from(catalogFiles)
    .innerJoin(files, eq(files.id, catalogFiles.fileId))
    .where(eq(catalogFiles.fileId, fileId));
  if (!file) throw new AppError('NOT_FOUND');
  return file;
}
