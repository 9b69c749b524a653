import {
  type Breadcrumb,
  type CatalogCard,
  type CatalogCardSummary,
  type CatalogFolder,
  type Part,
  type PartPath,
} from '@care/contract/catalog';
import type { TranslatedText } from '@care/contract/translations';
import { eq } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { catalogCards } from '#app/db/schema/catalog.ts';
import { AppError } from '#app/plugins/errors.ts';
import { catalogStatements } from './catalog-statements.ts';
import { partOut } from './part-out.ts';

/*
 * The parts catalogue, read side. Every function here is public data: the routes decide who may call them
 * (catalog.routes.ts). Unknown ids are NOT_FOUND. Each answer is one statement (catalog-statements.ts), but a
 * part's places: two.
 */

/** Root folders, or the sub-folders of `parentId` (NOT_FOUND when that folder does not exist). */
export async function listFolders(db: Db, parentId?: number): Promise<CatalogFolder[]> {
  const statements = catalogStatements(db);
  if (parentId === undefined) {
    const rows = await statements.rootFolders.execute();
    return rows.map((row) => folderOut(row.id, row.parentId, row.name, row.imageFileId));
  }
  const rows = await statements.subFolders.execute({ parentId });
  if (!rows.length) throw new AppError('NOT_FOUND');
  return rows.flatMap((row) =>
    row.id === null ? [] : [folderOut(row.id, row.parentId, row.name!, row.imageFileId)],
  );
}

const folderOut = (
  id: number,
  parentId: number | null,
  name: TranslatedText,
  imageFileId: string | null,
): CatalogFolder => ({
  id: String(id),
  parentId: parentId === null ? null : String(parentId),
  name,
  imageFileId,
});

/** The cards of a folder in their catalogue order (NOT_FOUND for an unknown folder). */
export async function listCards(db: Db, folderId: number): Promise<CatalogCardSummary[]> {
  const rows = await catalogStatements(db).cards.execute({ folderId });
  if (!rows.length) throw new AppError('NOT_FOUND');
  return rows.flatMap((row) =>
    row.id === null ? [] : [{ id: String(row.id), folderId: String(folderId), name: row.name! }],
  );
}

/** One card, its drawing's address and its positions in drawing order, each with its part. */
export async function getCard(db: Db, id: number, basePath = ''): Promise<CatalogCard> {
  const rows = await catalogStatements(db).card.execute({ id });
  const card = rows[0]?.card;
  if (!card) throw new AppError('NOT_FOUND');
  return {
    id: String(card.id),
    folderId: String(card.folderId),
    name: card.name,
    drawingUrl: card.hasSvg ? `${basePath}/api/catalog-cards/${card.id}/drawing` : null,
    drawingFileId: card.drawingFileId,
    drawingWidth: card.drawingWidth,
    drawingHeight: card.drawingHeight,
    positions: rows.flatMap(({ position, part }) =>
      position && part
        ? [
            {
              id: String(position.id),
              positionNumber: position.positionNumber,
              quantity: position.quantity,
              hotspots: position.hotspots,
              part: partOut(part),
            },
          ]
        : [],
    ),
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
  const [row] = await catalogStatements(db).part.execute({ id });
  if (!row) throw new AppError('NOT_FOUND');
  return partOut(row);
}

/** The trails of folders, each from the root down to the folder (none for an unknown folder). */
async function folderTrails(db: Db, folderIds: number[]): Promise<Map<number, Breadcrumb[]>> {
  const trails = new Map<number, Breadcrumb[]>();
  if (!folderIds.length) return trails;
  const rows = await catalogStatements(db).folderTrails.execute({ leaves: folderIds });
  for (const row of rows) {
    let trail = trails.get(row.leaf);
    if (!trail) trails.set(row.leaf, (trail = []));
    trail.push({ kind: 'folder', id: String(row.id), name: row.name as TranslatedText });
  }
  return trails;
}

/** GET api/parts/breadcrumbs: the folders down to a folder, or down to a card's folder and the card. */
export async function breadcrumbs(
  db: Db,
  target: { folderId?: number; cardId?: number },
): Promise<Breadcrumb[]> {
  if (target.cardId !== undefined) {
    const rows = await catalogStatements(db).cardTrail.execute({ cardId: target.cardId });
    if (!rows.length) throw new AppError('NOT_FOUND');
    return rows.map((row) => ({ kind: row.kind, id: String(row.id), name: row.name as TranslatedText }));
  }
  const trail = (await folderTrails(db, [target.folderId!])).get(target.folderId!);
  if (!trail) throw new AppError('NOT_FOUND');
  return trail;
}

/** GET api/parts/paths: every card position showing the part, each with its trail (NOT_FOUND for an unknown part). */
export async function partPaths(db: Db, partId: number): Promise<PartPath[]> {
  const rows = await catalogStatements(db).partPlaces.execute({ partId });
  if (!rows.length) throw new AppError('NOT_FOUND');
  const places = rows.flatMap((row) =>
    row.cardId === null
      ? []
      : [{ ...row, cardId: row.cardId, folderId: row.folderId!, positionNumber: row.positionNumber! }],
  );
  const trails = await folderTrails(db, [...new Set(places.map((place) => place.folderId))]);
  return places.map((place) => ({
    cardId: String(place.cardId),
    positionNumber: place.positionNumber,
    trail: [
      ...(trails.get(place.folderId) ?? []),
      { kind: 'card', id: String(place.cardId), name: place.cardName! },
    ],
  }));
}
