/**
 * Catalogue import (docs/catalog-import.md): read and check every record, check the files they name (drawings
 * are sanitised, and what that removed is reported as warnings), then in ONE transaction check references
 * against the catalogue and upsert by external id. Any problem → nothing is written (files stored on the way
 * are removed) and every problem is reported. Each run is recorded in
 * catalog_imports (checks and failures too).
 */
import {
  CATALOG_IMPORT_MAX_PROBLEMS,
  type CatalogImportProblem,
  type CatalogImportResult,
  type CatalogImportSummary,
} from '@care/contract/catalog-import';
import { Readable } from 'node:stream';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { forgetCatalogSearches } from '#app/features/catalog/part-search.ts';
import { catalogCards, catalogFolders, parts } from '#app/db/schema/catalog.ts';
import { catalogFiles, catalogImports } from '#app/db/schema/catalog-imports.ts';
import { files } from '#app/db/schema/files.ts';
import { type AuditActor, recordAudit } from '#app/audit/audit.ts';
import type { FileStore } from '#app/files/file-store.ts';
import type { CheckedImage, ImportFiles } from './import-files.ts';
import { Problems } from './problems.ts';
import { type ImportSources, readRecords } from './records.ts';
import { checkReferences, dropDuplicates, type ExistingFolder } from './references.ts';
import { isImageUrl, resolveFiles } from './resolve-files.ts';
import {
  chunks,
  emptyCounts,
  type WriteContext,
  writeCards,
  writeFolders,
  writeParts,
  writePositions,
} from './write-catalog.ts';

export interface CatalogImportInput {
  sources: ImportSources;
  files: ImportFiles;
  /** For the history: the JSON/CSV names and the uploaded files. */
  fileNames: string[];
}

export interface CatalogImportOptions {
  dryRun: boolean;
  /** Who runs it: an admin, or the command line (`{ id: null, email: 'cli' }`). */
  actor: AuditActor;
  /** The admin's address, for the audit entry. */
  ip?: string;
  /** Prefix of stored image addresses (env BASE_PATH). */
  basePath: string;
  fileStore: FileStore;
}

export type CatalogImportOutcome =
  | { ok: true; result: CatalogImportResult }
  | { ok: false; id: string; problems: CatalogImportProblem[]; problemCount: number };

class Rejected extends Error {}

/** Only one import at a time: two imports of overlapping files would race on the same external ids. */
const IMPORT_LOCK = 7_020_501;

export function catalogFileUrl(basePath: string, fileId: string): string {
  return `${basePath}/api/catalog-files/${fileId}`;
}

export async function importCatalog(
  db: Db,
  input: CatalogImportInput,
  options: CatalogImportOptions,
): Promise<CatalogImportOutcome> {
  const started = Date.now();
  const problems = new Problems();
  const warnings = new Problems();
  const records = readRecords(input.sources, problems);
  dropDuplicates(records, problems);
  const resolved = await resolveFiles(records, input.files, problems, warnings);
  const summary: CatalogImportSummary = {
    folders: emptyCounts(),
    cards: emptyCounts(),
    parts: emptyCounts(),
    positions: emptyCounts(),
    files: emptyCounts(),
  };
  const storedKeys: string[] = [];
  let importedId: string | undefined;
  try {
    importedId = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`);
      const folderRows = await tx.select().from(catalogFolders);
      const byId = new Map(folderRows.map((row) => [row.id, row.externalId]));
      const storedFolders = new Map(folderRows.map((row) => [row.externalId, row]));
      const existingFolders = new Map<string, ExistingFolder>(
        folderRows.map((row) => [
          row.externalId,
          {
            id: row.id,
            externalId: row.externalId,
            parentExternalId: row.parentId === null ? null : byId.get(row.parentId)!,
          },
        ]),
      );
      const storedCards = new Map<string, typeof catalogCards.$inferSelect>();
      for (const batch of chunks(records.cards.map((card) => card.externalId)))
        for (const row of await tx.select().from(catalogCards).where(inArray(catalogCards.externalId, batch)))
          storedCards.set(row.externalId, row);
      const fileParts = new Set(records.parts.map((part) => part.externalId));
      const named = [
        ...new Set(
          records.cards.flatMap((card) => (card.positions ?? []).map((position) => position.partExternalId)),
        ),
      ].filter((externalId) => !fileParts.has(externalId));
      const catalogueParts = new Map<string, number>();
      for (const batch of chunks(named))
        for (const row of await tx
          .select({ id: parts.id, externalId: parts.externalId })
          .from(parts)
          .where(inArray(parts.externalId, batch)))
          catalogueParts.set(row.externalId, row.id);

      const cardsInFile = new Map(records.cards.map((card) => [card.externalId, card]));
      checkReferences(
        records,
        {
          folders: existingFolders,
          partsInCatalogue: new Set(catalogueParts.keys()),
          drawingSizeOf: (externalId) => {
            const card = cardsInFile.get(externalId);
            const drawing = resolved.drawings.get(externalId);
            if (drawing) return drawing;
            const stored = storedCards.get(externalId);
            if (card?.drawing === undefined && stored?.drawingWidth && stored.drawingHeight)
              return { width: stored.drawingWidth, height: stored.drawingHeight };
            return null;
          },
        },
        problems,
      );
      if (problems.size) throw new Rejected();

      const imageIds = await storeImages(tx, resolved.images, options, summary, storedKeys);
      let placeholder = 0;
      const ctx: WriteContext = { tx, dryRun: options.dryRun, summary, placeholderId: () => --placeholder };
      const folderIds = await writeFolders(ctx, records.folders, storedFolders, (path) =>
        imageIds.get(path)!,
      );
      const imageUrl = (path: string) =>
        isImageUrl(path) ? path : catalogFileUrl(options.basePath, imageIds.get(path)!);
      const partIds = await writeParts(ctx, records.parts, (record) => record.images.map(imageUrl));
      for (const [externalId, id] of catalogueParts) partIds.set(externalId, id);
      const cardIds = await writeCards(ctx, records.cards, storedCards, folderIds, resolved.drawings);
      await writePositions(ctx, records.cards, cardIds, partIds);
      // A real import is recorded (history and audit) in its own transaction; a check is no change.
      return options.dryRun ? undefined : recordImport(tx, input, options, summary, started);
    });
  } catch (error) {
    await Promise.allSettled(storedKeys.map((key) => options.fileStore.remove(key)));
    if (!(error instanceof Rejected)) throw error;
  }

  const failed = problems.size > 0;
  const status = failed ? 'failed' : options.dryRun ? 'checked' : 'imported';
  let id = importedId;
  if (id === undefined) {
    const [row] = await db
      .insert(catalogImports)
      .values({
        userId: options.actor.id,
        fileNames: input.fileNames,
        dryRun: options.dryRun,
        status,
        summary: failed ? null : summary,
        problems: problems.list.slice(0, CATALOG_IMPORT_MAX_PROBLEMS),
        problemCount: problems.size,
        durationMs: Date.now() - started,
      })
      .returning({ id: catalogImports.id });
    id = String(row!.id);
  }
  // Searches kept from before the import would not find its parts for a while (catalog/part-search.ts).
  if (status === 'imported') forgetCatalogSearches();
  if (failed)
    return {
      ok: false,
      id,
      problems: problems.list.slice(0, CATALOG_IMPORT_MAX_PROBLEMS),
      problemCount: problems.size,
    };
  return {
    ok: true,
    result: {
      id,
      dryRun: options.dryRun,
      status,
      summary,
      warnings: warnings.list.slice(0, CATALOG_IMPORT_MAX_PROBLEMS),
    },
  };
}

/** The history row of an applied import and its audit entry (catalog.imported), in the import's transaction. */
async function recordImport(
  tx: Db,
  input: CatalogImportInput,
  options: CatalogImportOptions,
  summary: CatalogImportSummary,
  started: number,
): Promise<string> {
  const [row] = await tx
    .insert(catalogImports)
    .values({
      userId: options.actor.id,
      fileNames: input.fileNames,
      dryRun: false,
      status: 'imported',
      summary,
      problems: [],
      problemCount: 0,
      durationMs: Date.now() - started,
    })
    .returning({ id: catalogImports.id });
  const id = String(row!.id);
  await recordAudit(tx, options.actor, {
    kind: 'catalog.imported',
    subject: { type: 'catalog-import', id, label: input.fileNames.join(', ') },
    after: { ...summary },
    ip: options.ip,
  });
  return id;
}

/**
 * The file id of every image, reusing a catalogue file with the same content; new ones are written to the
 * store (not in a dry run: a placeholder id stands in) and recorded in this transaction.
 */
async function storeImages(
  tx: Db,
  images: Map<string, CheckedImage>,
  options: CatalogImportOptions,
  summary: CatalogImportSummary,
  storedKeys: string[],
): Promise<Map<string, string>> {
  const bySha = new Map<string, CheckedImage & { path: string }>();
  for (const [path, image] of images)
    if (!bySha.has(image.sha256)) bySha.set(image.sha256, { ...image, path });
  const idOfSha = new Map<string, string>();
  for (const batch of chunks([...bySha.keys()]))
    for (const row of await tx.select().from(catalogFiles).where(inArray(catalogFiles.sha256, batch)))
      idOfSha.set(row.sha256, row.fileId);
  for (const [sha, image] of bySha) {
    if (idOfSha.has(sha)) {
      summary.files.unchanged++;
      continue;
    }
    summary.files.created++;
    if (options.dryRun) {
      idOfSha.set(sha, `new-${sha.slice(0, 12)}`);
      continue;
    }
    const stored = await options.fileStore.write(Readable.from([image.content]));
    storedKeys.push(stored.storageKey);
    const name = image.path.split(/[/\\]/).pop()!;
    const [file] = await tx
      .insert(files)
      .values({
        storageKey: stored.storageKey,
        originalName: name.toLowerCase().endsWith(image.extension) ? name : name + image.extension,
        contentType: image.contentType,
        sizeBytes: stored.sizeBytes,
        sha256: stored.sha256,
        uploadedBy: options.actor.id,
      })
      .returning({ id: files.id });
    await tx.insert(catalogFiles).values({ sha256: sha, fileId: file!.id });
    idOfSha.set(sha, file!.id);
  }
  return new Map([...images].map(([path, image]) => [path, idOfSha.get(image.sha256)!]));
}
