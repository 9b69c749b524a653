import { asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#app/db/client.ts';
import { cardPositions, catalogCards, catalogFolders, parts } from '#app/db/schema/catalog.ts';
import { partColumns } from './part-out.ts';

/*
 * The catalogue's hot reads as prepared statements: Drizzle builds each once per database handle instead of on
 * every request, node-postgres parses it once per pooled connection (by its name) and PostgreSQL may keep its
 * plan. Every one answers with one round trip, whether the row asked for exists included (no separate
 * existence check). PGlite ignores the names; building once still saves the query building.
 */

const folderColumns = {
  id: catalogFolders.id,
  parentId: catalogFolders.parentId,
  name: catalogFolders.name,
  imageFileId: catalogFolders.imageFileId,
};

const child = alias(catalogFolders, 'child');

/** Folders from `leaves` up to the root: one row per folder of each trail, a trail's root first. */
const trailsSql = sql`(
  WITH RECURSIVE trail AS (
    SELECT f.id AS leaf, f.id, f.parent_id, f.name, 0 AS depth
      FROM ${catalogFolders} f WHERE f.id = ANY(${sql.placeholder('leaves')}::bigint[])
    UNION ALL
    SELECT trail.leaf, f.id, f.parent_id, f.name, trail.depth + 1
      FROM ${catalogFolders} f JOIN trail ON f.id = trail.parent_id
      WHERE trail.depth < 32
  )
  SELECT leaf, id, name, depth FROM trail) AS trail`;

/** A card's folders from the root down, then the card itself (no rows for an unknown card). */
const cardTrailSql = sql`(
  WITH RECURSIVE trail AS (
    SELECT f.id, f.parent_id, f.name, 1 AS depth
      FROM ${catalogCards} c JOIN ${catalogFolders} f ON f.id = c.folder_id
      WHERE c.id = ${sql.placeholder('cardId')}
    UNION ALL
    SELECT f.id, f.parent_id, f.name, trail.depth + 1
      FROM ${catalogFolders} f JOIN trail ON f.id = trail.parent_id
      WHERE trail.depth < 32
  )
  SELECT 'folder' AS kind, id, name, depth FROM trail
  UNION ALL
  SELECT 'card', c.id, c.name, 0 FROM ${catalogCards} c WHERE c.id = ${sql.placeholder('cardId')}
) AS trail`;

function build(db: Db) {
  return {
    rootFolders: db
      .select(folderColumns)
      .from(catalogFolders)
      .where(isNull(catalogFolders.parentId))
      .orderBy(asc(catalogFolders.sortOrder), asc(catalogFolders.id))
      .prepare('catalog_root_folders'),
    /** The folder (`folder` null: unknown), each sub-folder a row (none: one row whose `id` is null). */
    subFolders: db
      .select({
        folder: catalogFolders.id,
        id: child.id,
        parentId: child.parentId,
        name: child.name,
        imageFileId: child.imageFileId,
      })
      .from(catalogFolders)
      .leftJoin(child, eq(child.parentId, catalogFolders.id))
      .where(eq(catalogFolders.id, sql.placeholder('parentId')))
      .orderBy(asc(child.sortOrder), asc(child.id))
      .prepare('catalog_sub_folders'),
    /** As subFolders, for the cards of a folder. */
    cards: db
      .select({ folder: catalogFolders.id, id: catalogCards.id, name: catalogCards.name })
      .from(catalogFolders)
      .leftJoin(catalogCards, eq(catalogCards.folderId, catalogFolders.id))
      .where(eq(catalogFolders.id, sql.placeholder('folderId')))
      .orderBy(asc(catalogCards.sortOrder), asc(catalogCards.id))
      .prepare('catalog_folder_cards'),
    /** The card on every row, with one position and its part each (no rows: unknown card). */
    card: db
      .select({
        card: {
          id: catalogCards.id,
          folderId: catalogCards.folderId,
          name: catalogCards.name,
          hasSvg: sql<boolean>`${catalogCards.drawingSvg} IS NOT NULL`,
          drawingFileId: catalogCards.drawingFileId,
          drawingWidth: catalogCards.drawingWidth,
          drawingHeight: catalogCards.drawingHeight,
        },
        position: {
          id: cardPositions.id,
          positionNumber: cardPositions.positionNumber,
          quantity: cardPositions.quantity,
          hotspots: cardPositions.hotspots,
        },
        part: partColumns,
      })
      .from(catalogCards)
      .leftJoin(cardPositions, eq(cardPositions.cardId, catalogCards.id))
      .leftJoin(parts, eq(parts.id, cardPositions.partId))
      .where(eq(catalogCards.id, sql.placeholder('id')))
      .orderBy(asc(cardPositions.sortOrder), asc(cardPositions.id))
      .prepare('catalog_card'),
    part: db
      .select(partColumns)
      .from(parts)
      .where(eq(parts.id, sql.placeholder('id')))
      .prepare('catalog_part'),
    /** The parts of `ids`, in no order (the search's page). */
    partsByIds: db
      .select(partColumns)
      .from(parts)
      .where(sql`${parts.id} = ANY(${sql.placeholder('ids')}::bigint[])`)
      .prepare('catalog_parts_by_ids'),
    hintsByIds: db
      .select({ id: parts.id, symbol: parts.symbol, name: parts.name })
      .from(parts)
      .where(sql`${parts.id} = ANY(${sql.placeholder('ids')}::bigint[])`)
      .prepare('catalog_hints_by_ids'),
    /** The part (`part` null: unknown) with each card position showing it (none: one row, `cardId` null). */
    partPlaces: db
      .select({
        part: parts.id,
        cardId: catalogCards.id,
        folderId: catalogCards.folderId,
        cardName: catalogCards.name,
        positionNumber: cardPositions.positionNumber,
      })
      .from(parts)
      .leftJoin(cardPositions, eq(cardPositions.partId, parts.id))
      .leftJoin(catalogCards, eq(catalogCards.id, cardPositions.cardId))
      .where(eq(parts.id, sql.placeholder('partId')))
      .orderBy(
        asc(catalogCards.folderId),
        asc(catalogCards.sortOrder),
        asc(catalogCards.id),
        asc(cardPositions.sortOrder),
      )
      .prepare('catalog_part_places'),
    /** The trails of the folders `leaves`, each root first. */
    folderTrails: db
      .select({
        leaf: sql<string>`trail.leaf`.mapWith(Number),
        id: sql<string>`trail.id`.mapWith(Number),
        name: sql`trail.name`.mapWith(catalogFolders.name),
      })
      .from(trailsSql)
      .orderBy(sql`trail.leaf`, sql`trail.depth DESC`)
      .prepare('catalog_folder_trails'),
    cardTrail: db
      .select({
        kind: sql<'folder' | 'card'>`trail.kind`,
        id: sql<string>`trail.id`.mapWith(Number),
        name: sql`trail.name`.mapWith(catalogFolders.name),
      })
      .from(cardTrailSql)
      .orderBy(sql`trail.depth DESC`)
      .prepare('catalog_card_trail'),
  };
}

type CatalogStatements = ReturnType<typeof build>;

const built = new WeakMap<Db, CatalogStatements>();

/** The statements of `db` (a pool's handle: built once, each prepared on every connection that runs it). */
export function catalogStatements(db: Db): CatalogStatements {
  let statements = built.get(db);
  if (!statements) built.set(db, (statements = build(db)));
  return statements;
}
