import {
  type Breadcrumb,
  type CatalogCard,
  type CatalogCardSummary,
  type CatalogFolder,
  type Part,
  type PartPath,
} from '@care/contract/catalog';
import type { TranslatedText } from '@care/contract/translations';
import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { cardPositions, catalogCards, catalogFolders, parts } from '#app/db/schema/catalog.ts';
import { AppError } from '#app/plugins/errors.ts';
import { partOut } from './part-out.ts';

/*
 * The parts catalogue, read side. Every function here is public data: the routes decide who may call them
 * (catalog.routes.ts). Unknown ids are NOT_FOUND.
 */

const folderColumns = {
  id: catalogFolders.id,
  parentId: catalogFolders.parentId,
  name: catalogFolders.name,
  imageFileId: catalogFolders.imageFileId,
};

/** Root folders, or the sub-folders of `parentId` (NOT_FOUND when that folder does not exist). */
export async function listFolders(db: Db, parentId?: number): Promise<CatalogFolder[]> {
  if (parentId !== undefined) await folderExists(db, parentId);
  const rows = await db
    .select(folderColumns)
    .from(catalogFolders)
    .where(parentId === undefined ? isNull(catalogFolders.parentId) : eq(catalogFolders.parentId, parentId))
    .orderBy(asc(catalogFolders.sortOrder), asc(catalogFolders.id));
  return rows.map((row) => ({
    id: String(row.id),
    parentId: row.parentId === null ? null : String(row.parentId),
    name: row.name,
    imageFileId: row.imageFileId,
  }));
}

async function folderExists(db: Db, id: number): Promise<void> {
  const [row] = await db
    .select({ id: catalogFolders.id })
    .from(catalogFolders)
    .where(eq(catalogFolders.id, id));
  if (!row) throw new AppError('NOT_FOUND');
}

/** The cards of a folder in their catalogue order (NOT_FOUND for an unknown folder). */
export async function listCards(db: Db, folderId: number): Promise<CatalogCardSummary[]> {
  await folderExists(db, folderId);
  const rows = await db
    .select({ id: catalogCards.id, folderId: catalogCards.folderId, name: catalogCards.name })
    .from(catalogCards)
    .where(eq(catalogCards.folderId, folderId))
    .orderBy(asc(catalogCards.sortOrder), asc(catalogCards.id));
  return rows.map((row) => ({ id: String(row.id), folderId: String(row.folderId), name: row.name }));
}

/** One card, its drawing's address and its positions in drawing order, each with its part. */
export async function getCard(db: Db, id: number, basePath = ''): Promise<CatalogCard> {
  const [card] = await db
    .select({
      id: catalogCards.id,
      folderId: catalogCards.folderId,
      name: catalogCards.name,
      hasSvg: sql<boolean>`${catalogCards.drawingSvg} IS NOT NULL`,
      drawingFileId: catalogCards.drawingFileId,
      drawingWidth: catalogCards.drawingWidth,
      drawingHeight: catalogCards.drawingHeight,
    })
    .from(catalogCards)
    .where(eq(catalogCards.id, id));
  if (!card) throw new AppError('NOT_FOUND');
  const rows = await db
    .select({ position: cardPositions, part: parts })
    .from(cardPositions)
    .innerJoin(parts, eq(parts.id, cardPositions.partId))
    .where(eq(cardPositions.cardId, id))
    .orderBy(asc(cardPositions.sortOrder), asc(cardPositions.id));
  return {
    id: String(card.id),
    folderId: String(card.folderId),
    name: card.name,
    drawingUrl: card.hasSvg ? `${basePath}/api/catalog-cards/${card.id}/drawing` : null,
    drawingFileId: card.drawingFileId,
    drawingWidth: card.drawingWidth,
    drawingHeight: card.drawingHeight,
    positions: rows.map(({ position, part }) => ({
      id: String(position.id),
      positionNumber: position.positionNumber,
      quantity: position.quantity,
      hotspots: position.hotspots,
      part: partOut(part),
    })),
  };
}

/** The card's SVG drawing markup (NOT_FOUND for an unknown card or one without an SVG drawing). */
export async function getCardDrawing(db: Db, id: number): Promise<string> {
  const [card] = await db
    .select({ svg: catalogCards.drawingSvg })
    .from(catalogCards)
    .where(eq(catalogCards.id, id));
  if (!card?.svg) throw new AppError('NOT_FOUND');
  return card.svg;
}

export async function getPart(db: Db, id: number): Promise<Part> {
  const [row] = await db.select().from(parts).where(eq(parts.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  return partOut(row);
}

/** The folders from the root down to `folderId` (empty when it does not exist). */
async function folderTrail(db: Db, folderId: number): Promise<Breadcrumb[]> {
  const result = (await db.execute(sql`
    WITH RECURSIVE trail AS (
      SELECT id, parent_id, name, 0 AS depth FROM ${catalogFolders} WHERE id = ${folderId}
      UNION ALL
      SELECT f.id, f.parent_id, f.name, trail.depth + 1
        FROM ${catalogFolders} f JOIN trail ON f.id = trail.parent_id
        WHERE trail.depth < 32
    )
    SELECT id, name FROM trail ORDER BY depth DESC`)) as {
    rows: { id: number | string; name: TranslatedText | string }[];
  };
  return result.rows.map((row) => ({
    kind: 'folder',
    id: String(row.id),
    name: typeof row.name === 'string' ? (JSON.parse(row.name) as TranslatedText) : row.name,
  }));
}

/** GET api/parts/breadcrumbs: the folders down to a folder, or down to a card's folder and the card. */
export async function breadcrumbs(
  db: Db,
  target: { folderId?: number; cardId?: number },
): Promise<Breadcrumb[]> {
  if (target.cardId !== undefined) {
    const [card] = await db
      .select({ id: catalogCards.id, folderId: catalogCards.folderId, name: catalogCards.name })
      .from(catalogCards)
      .where(eq(catalogCards.id, target.cardId));
    if (!card) throw new AppError('NOT_FOUND');
    const trail = await folderTrail(db, card.folderId);
    return [...trail, { kind: 'card', id: String(card.id), name: card.name }];
  }
  const trail = await folderTrail(db, target.folderId!);
  if (trail.length === 0) throw new AppError('NOT_FOUND');
  return trail;
}

/** GET api/parts/paths: every card position showing the part, each with its trail (NOT_FOUND for an unknown part). */
export async function partPaths(db: Db, partId: number): Promise<PartPath[]> {
  await getPart(db, partId);
  const rows = await db
    .select({
      cardId: catalogCards.id,
      folderId: catalogCards.folderId,
      cardName: catalogCards.name,
      positionNumber: cardPositions.positionNumber,
    })
    .from(cardPositions)
    .innerJoin(catalogCards, eq(catalogCards.id, cardPositions.cardId))
    .where(eq(cardPositions.partId, partId))
    .orderBy(
      asc(catalogCards.folderId),
      asc(catalogCards.sortOrder),
      asc(catalogCards.id),
      asc(cardPositions.sortOrder),
    );
  const folderIds = [...new Set(rows.map((row) => row.folderId))];
  const trails = new Map<number, Breadcrumb[]>();
  for (const folderId of folderIds) trails.set(folderId, await folderTrail(db, folderId));
  return rows.map((row) => ({
    cardId: String(row.cardId),
    positionNumber: row.positionNumber,
    trail: [...trails.get(row.folderId)!, { kind: 'card', id: String(row.cardId), name: row.cardName }],
  }));
}
