/**
 * Compare-then-write for each kind: a record equal to its stored row is left untouched (re-importing a file
 * reports everything unchanged); new and changed rows go in set-based batches
 * (`INSERT ... ON CONFLICT (external_id) DO UPDATE`), so a million parts take a few hundred statements.
 * With `dryRun` nothing is written and new rows get placeholder (negative) ids.
 */
import type { CatalogImportSummary, EntityCounts } from '@care/contract/catalog-import';
import type { TranslatedText } from '@care/contract/translations';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { cardPositions, catalogCards, catalogFolders, type Hotspot, parts } from '#app/db/schema/catalog.ts';
import { buildPartSearchText, normalizeSymbol } from '#app/db/search-text.ts';
import type { CardRecord, FolderRecord, PartRecord } from './records.ts';
import type { Drawing } from './resolve-files.ts';

export const BATCH = 1000;

export interface WriteContext {
  tx: Db;
  dryRun: boolean;
  summary: CatalogImportSummary;
  placeholderId(): number;
}

export function emptyCounts(): EntityCounts {
  return { created: 0, updated: 0, unchanged: 0 };
}

/** Key order and absent languages do not make two names differ. */
function textKey(text: TranslatedText): string {
  const values = Object.entries(text.values)
    .filter(([, value]) => value)
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([text.default, values]);
}

/** numeric(12, 3): what the database will give back. */
export const roundQuantity = (value: number | null) =>
  value === null ? null : Math.round(value * 1000) / 1000;

export function chunks<T>(rows: readonly T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < rows.length; start += size) out.push(rows.slice(start, start + size));
  return out;
}

const excluded = (column: string) => sql.raw(`excluded."${column}"`);

type FolderRow = typeof catalogFolders.$inferSelect;

/**
 * Folders level by level (a parent before its children). `imageOf` answers the file id for an image path;
 * an absent image keeps the stored one.
 */
export async function writeFolders(
  ctx: WriteContext,
  records: FolderRecord[],
  stored: Map<string, FolderRow>,
  imageOf: (path: string) => string,
): Promise<Map<string, number>> {
  const ids = new Map([...stored.values()].map((row) => [row.externalId, row.id]));
  const inFile = new Map(records.map((record) => [record.externalId, record]));
  const depth = (record: FolderRecord): number => {
    let level = 0;
    for (let up = record.parentExternalId; up && inFile.has(up); up = inFile.get(up)!.parentExternalId)
      level++;
    return level;
  };
  const levels = new Map<number, FolderRecord[]>();
  for (const record of records) levels.set(depth(record), [...(levels.get(depth(record)) ?? []), record]);
  for (const level of [...levels.keys()].sort((a, b) => a - b)) {
    const rows = [];
    for (const record of levels.get(level)!) {
      const old = stored.get(record.externalId);
      const row = {
        externalId: record.externalId,
        parentId: record.parentExternalId === null ? null : ids.get(record.parentExternalId)!,
        name: record.name,
        sortOrder: record.sortOrder,
        imageFileId:
          record.image === undefined ? (old?.imageFileId ?? null) : record.image && imageOf(record.image),
      };
      if (!old) ctx.summary.folders.created++;
      else if (
        old.parentId === row.parentId &&
        textKey(old.name) === textKey(row.name) &&
        old.sortOrder === row.sortOrder &&
        old.imageFileId === row.imageFileId
      ) {
        ctx.summary.folders.unchanged++;
        continue;
      } else ctx.summary.folders.updated++;
      rows.push(row);
    }
    for (const batch of chunks(rows)) {
      if (ctx.dryRun) {
        for (const row of batch) if (!ids.has(row.externalId)) ids.set(row.externalId, ctx.placeholderId());
        continue;
      }
      const written = await ctx.tx
        .insert(catalogFolders)
        .values(batch)
        .onConflictDoUpdate({
          target: catalogFolders.externalId,
          set: {
            parentId: excluded('parent_id'),
            name: excluded('name'),
            sortOrder: excluded('sort_order'),
            imageFileId: excluded('image_file_id'),
            updatedAt: sql`now()`,
          },
        })
        .returning({ id: catalogFolders.id, externalId: catalogFolders.externalId });
      for (const row of written) ids.set(row.externalId, row.id);
    }
  }
  return ids;
}

type CardRow = Pick<
  typeof catalogCards.$inferSelect,
  'id' | 'externalId' | 'folderId' | 'name' | 'sortOrder' | 'drawingSvg' | 'drawingWidth' | 'drawingHeight'
>;

/** Cards; an absent drawing keeps the stored one, null removes it. */
export async function writeCards(
  ctx: WriteContext,
  records: CardRecord[],
  stored: Map<string, CardRow>,
  folderIds: Map<string, number>,
  drawings: Map<string, Drawing>,
): Promise<Map<string, number>> {
  const ids = new Map([...stored.values()].map((row) => [row.externalId, row.id]));
  const rows = [];
  for (const record of records) {
    const old = stored.get(record.externalId);
    const drawing =
      record.drawing === undefined
        ? old
          ? { svg: old.drawingSvg, width: old.drawingWidth, height: old.drawingHeight }
          : { svg: null, width: null, height: null }
        : (drawings.get(record.externalId) ?? { svg: null, width: null, height: null });
    const row = {
      externalId: record.externalId,
      folderId: folderIds.get(record.folderExternalId)!,
      name: record.name,
      sortOrder: record.sortOrder,
      drawingSvg: drawing.svg,
      drawingWidth: drawing.width,
      drawingHeight: drawing.height,
    };
    if (!old) ctx.summary.cards.created++;
    else if (
      old.folderId === row.folderId &&
      textKey(old.name) === textKey(row.name) &&
      old.sortOrder === row.sortOrder &&
      old.drawingSvg === row.drawingSvg &&
      old.drawingWidth === row.drawingWidth &&
      old.drawingHeight === row.drawingHeight
    ) {
      ctx.summary.cards.unchanged++;
      continue;
    } else ctx.summary.cards.updated++;
    rows.push(row);
  }
  for (const batch of chunks(rows, 200)) {
    if (ctx.dryRun) {
      for (const row of batch) if (!ids.has(row.externalId)) ids.set(row.externalId, ctx.placeholderId());
      continue;
    }
    const written = await ctx.tx
      .insert(catalogCards)
      .values(batch)
      .onConflictDoUpdate({
        target: catalogCards.externalId,
        set: {
          folderId: excluded('folder_id'),
          name: excluded('name'),
          sortOrder: excluded('sort_order'),
          drawingSvg: excluded('drawing_svg'),
          drawingWidth: excluded('drawing_width'),
          drawingHeight: excluded('drawing_height'),
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: catalogCards.id, externalId: catalogCards.externalId });
    for (const row of written) ids.set(row.externalId, row.id);
  }
  return ids;
}

type PartRow = Omit<typeof parts.$inferSelect, 'createdAt' | 'updatedAt'>;
const PART_FIELDS = [
  'symbol',
  'symbolNormalized',
  'searchText',
  'standard',
  'quantity',
  'unit',
  'catalogNumber',
  'sapId',
  'configuration',
  'returnable',
] as const;

/** The stored form of a part record: derived columns filled as the seed fills them (db/search-text.ts). */
export function partRowOf(record: PartRecord, images: string[]): Omit<PartRow, 'id'> {
  return {
    externalId: record.externalId,
    symbol: record.symbol,
    symbolNormalized: normalizeSymbol(record.symbol),
    name: record.name,
    searchText: buildPartSearchText(record),
    standard: record.standard,
    quantity: roundQuantity(record.quantity),
    unit: record.unit,
    catalogNumber: record.catalogNumber,
    sapId: record.sapId,
    configuration: record.configuration,
    returnable: record.returnable,
    images,
  };
}

/**
 * Parts in batches: the stored rows of a batch are read with one query, the changed ones written with one.
 * In symbol order, so that new parts lie on disk in the order the search walks them (part-ranking.ts): a walk
 * then reads a few table pages instead of one per part (docs/operations.md, "The parts' order on disk").
 */
export async function writeParts(
  ctx: WriteContext,
  records: PartRecord[],
  imagesOf: (record: PartRecord) => string[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const bySymbol = records.toSorted((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
  for (const batch of chunks(bySymbol)) {
    const stored = await ctx.tx
      .select()
      .from(parts)
      .where(
        inArray(
          parts.externalId,
          batch.map((record) => record.externalId),
        ),
      );
    const byExternalId = new Map(stored.map((row) => [row.externalId, row]));
    const rows = [];
    for (const record of batch) {
      const old = byExternalId.get(record.externalId);
      const row = partRowOf(record, imagesOf(record));
      if (old) ids.set(old.externalId, old.id);
      if (!old) ctx.summary.parts.created++;
      else if (
        PART_FIELDS.every((field) => old[field] === row[field]) &&
        textKey(old.name) === textKey(row.name) &&
        JSON.stringify(old.images) === JSON.stringify(row.images)
      ) {
        ctx.summary.parts.unchanged++;
        continue;
      } else ctx.summary.parts.updated++;
      rows.push(row);
    }
    if (!rows.length) continue;
    if (ctx.dryRun) {
      for (const row of rows) if (!ids.has(row.externalId)) ids.set(row.externalId, ctx.placeholderId());
      continue;
    }
    const written = await ctx.tx
      .insert(parts)
      .values(rows)
      .onConflictDoUpdate({
        target: parts.externalId,
        set: {
          symbol: excluded('symbol'),
          symbolNormalized: excluded('symbol_normalized'),
          name: excluded('name'),
          searchText: excluded('search_text'),
          standard: excluded('standard'),
          quantity: excluded('quantity'),
          unit: excluded('unit'),
          catalogNumber: excluded('catalog_number'),
          sapId: excluded('sap_id'),
          configuration: excluded('configuration'),
          returnable: excluded('returnable'),
          images: excluded('images'),
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: parts.id, externalId: parts.externalId });
    for (const row of written) ids.set(row.externalId, row.id);
  }
  return ids;
}

interface PositionRow {
  cardId: number;
  partId: number;
  positionNumber: string;
  quantity: number | null;
  hotspots: Hotspot[];
  sortOrder: number;
}

const positionKey = (row: Omit<PositionRow, 'cardId'>) =>
  JSON.stringify([
    row.positionNumber,
    row.partId,
    row.quantity,
    row.sortOrder,
    row.hotspots.map((h) => [h.x, h.y, h.r]),
  ]);

/** A card's positions are replaced as a whole, and only when they differ from the stored list. */
export async function writePositions(
  ctx: WriteContext,
  records: CardRecord[],
  cardIds: Map<string, number>,
  partIds: Map<string, number>,
): Promise<void> {
  const withPositions = records.filter((record) => record.positions !== undefined);
  for (const batch of chunks(withPositions, 200)) {
    const ids = batch.map((record) => cardIds.get(record.externalId)!).filter((id) => id > 0);
    const stored = ids.length
      ? await ctx.tx
          .select()
          .from(cardPositions)
          .where(inArray(cardPositions.cardId, ids))
          .orderBy(cardPositions.cardId, cardPositions.sortOrder, cardPositions.id)
      : [];
    const storedKeys = new Map<number, string[]>();
    for (const row of stored)
      storedKeys.set(row.cardId, [...(storedKeys.get(row.cardId) ?? []), positionKey(row)]);
    const replace: number[] = [];
    const rows: PositionRow[] = [];
    for (const record of batch) {
      const cardId = cardIds.get(record.externalId)!;
      const next = record.positions!.map((position, sortOrder) => ({
        cardId,
        partId: partIds.get(position.partExternalId)!,
        positionNumber: position.positionNumber,
        quantity: roundQuantity(position.quantity),
        hotspots: position.hotspots,
        sortOrder,
      }));
      const before = storedKeys.get(cardId) ?? [];
      if (JSON.stringify(before) === JSON.stringify(next.map(positionKey))) {
        ctx.summary.positions.unchanged++;
        continue;
      }
      ctx.summary.positions[before.length ? 'updated' : 'created']++;
      if (before.length) replace.push(cardId);
      rows.push(...next);
    }
    if (ctx.dryRun) continue;
    if (replace.length) await ctx.tx.delete(cardPositions).where(inArray(cardPositions.cardId, replace));
    for (const chunk of chunks(rows)) await ctx.tx.insert(cardPositions).values(chunk);
  }
}
