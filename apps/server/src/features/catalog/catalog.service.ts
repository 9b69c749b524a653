import {
  type Breadcrumb,
  type CatalogCard,
  type CatalogCardSummary,
  type CatalogFolder,
  type Part,
  PART_HINTS_LIMIT,
  PART_SEARCH_MIN_LENGTH,
  type PartCount,
  type PartHint,
  type PartPage,
  type PartPath,
} from '@care/contract/catalog';
import type { TranslatedText } from '@care/contract/translations';
import { asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { cardPositions, catalogCards, catalogFolders, parts } from '#app/db/schema/catalog.ts';
import { normalizeSearchText, normalizeSymbol } from '#app/db/search-text.ts';
import { AppError } from '#app/plugins/errors.ts';

/*
 * The parts catalogue, read side. Every function here is public data: the routes decide who may call them
 * (catalog.routes.ts). Unknown ids are NOT_FOUND.
 */

type PartRow = typeof parts.$inferSelect;

function partOut(row: PartRow): Part {
  return {
    id: String(row.id),
    name: row.name,
    symbol: row.symbol,
    standard: row.standard,
    quantity: row.quantity,
    unit: row.unit,
    catalogNumber: row.catalogNumber,
    sapId: row.sapId,
    configuration: row.configuration,
    returnable: row.returnable,
    images: row.images,
  };
}

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

/** `%fragment%` for LIKE, with %, _ and \ taken literally. */
function containsPattern(fragment: string): string {
  return `%${fragment.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Typo tolerance applies from this many letters: in shorter words one wrong letter matches too much. */
const FUZZY_MIN_LENGTH = 5;
/**
 * pg_trgm strict word similarity (whole words, not extents across word boundaries) needed for a fuzzy
 * match. One wrong letter inside a 7-letter word scores about 0.45 ("lozisko" ~ "lozysko"), below pg_trgm's
 * default 0.5, so searches set it for their transaction.
 */
const WORD_SIMILARITY_THRESHOLD = 0.45;

interface Match {
  where: SQL;
  /** ORDER BY terms before the symbol. */
  rank: SQL[];
  fuzzy: boolean;
}

/**
 * The search condition on parts.search_text (GIN trigram index), or null when the text is too short:
 * - the folded text as a substring (names in pl/en/de with or without diacritics, catalogue number, SAP id);
 * - the text without spaces, dashes, dots as a substring (symbols typed "am 4410-205"; search_text holds
 *   every symbol without separators too);
 * - from FUZZY_MIN_LENGTH letters and without digits, one typo: pg_trgm strict word similarity (`<<%`, indexed).
 * Rank: for fuzzy searches closer matches first (exact words score 1); then by symbol.
 */
function match(q: string): Match | null {
  const text = normalizeSearchText(q);
  if (text.length < PART_SEARCH_MIN_LENGTH) return null;
  const symbol = normalizeSymbol(q);
  const conditions = [sql`${parts.searchText} LIKE ${containsPattern(text)}`];
  if (symbol.length >= PART_SEARCH_MIN_LENGTH && symbol !== text)
    conditions.push(sql`${parts.searchText} LIKE ${containsPattern(symbol)}`);
  // Numbers (symbols, catalogue numbers, SAP ids) match exactly: a "typo" there is another part.
  const fuzzy = text.length >= FUZZY_MIN_LENGTH && !/\d/.test(text);
  if (fuzzy) conditions.push(sql`${text} <<% ${parts.searchText}`);
  return {
    where: sql`(${sql.join(conditions, sql` OR `)})`,
    // Without fuzzy matches every row holds the text, so the symbol alone orders them (no per-row score).
    rank: fuzzy ? [sql`strict_word_similarity(${text}, ${parts.searchText}) DESC`] : [],
    fuzzy,
  };
}

/**
 * Runs the search queries, in a transaction with the word-similarity threshold when the match is fuzzy.
 * The planner misjudges `<<%` and scans the whole table: at 400k parts the fuzzy count took 2 s as a
 * parallel sequential scan and 69 ms through the trigram index (EXPLAIN ANALYZE, PostgreSQL), so the
 * transaction also turns sequential scans off.
 */
async function searching<T>(db: Db, found: Match, run: (db: Db) => Promise<T>): Promise<T> {
  if (!found.fuzzy) return run(db);
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT set_config('pg_trgm.strict_word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true),
        set_config('enable_seqscan', 'off', true)`,
    );
    return run(tx);
  });
}

/** GET api/parts: one page of the parts matching `q`, best first, with the number of matches. */
export async function searchParts(
  db: Db,
  query: { q: string; page: number; pageSize: number },
): Promise<PartPage> {
  const { page, pageSize } = query;
  const found = match(query.q);
  if (!found) return { items: [], total: 0, page, pageSize };
  return searching(db, found, async (db) => {
    const rows = await db
      .select()
      .from(parts)
      .where(found.where)
      .orderBy(...found.rank, asc(parts.symbol), asc(parts.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const total = await db.$count(parts, found.where);
    return { items: rows.map(partOut), total, page, pageSize };
  });
}

/** GET api/parts/count. */
export async function countParts(db: Db, q: string): Promise<PartCount> {
  const found = match(q);
  if (!found) return { count: 0 };
  return { count: await searching(db, found, (db) => db.$count(parts, found.where)) };
}

/** GET api/parts/hints: a few parts for the search box, symbols starting with the text first. */
export async function partHints(db: Db, q: string): Promise<PartHint[]> {
  const found = match(q);
  if (!found) return [];
  const prefix = `${normalizeSymbol(q).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await searching(db, found, (db) =>
    db
      .select({ id: parts.id, symbol: parts.symbol, name: parts.name })
      .from(parts)
      .where(found.where)
      .orderBy(
        sql`(${parts.symbolNormalized} COLLATE "C" LIKE ${prefix}) DESC`,
        ...found.rank,
        asc(parts.symbol),
      )
      .limit(PART_HINTS_LIMIT),
  );
  return rows.map((row) => ({ id: String(row.id), symbol: row.symbol, name: row.name }));
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
