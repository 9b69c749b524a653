import type { TranslatedText } from '@care/contract/translations';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, id, updatedAt } from './columns.ts';
import { files } from './files.ts';

/** A clickable area of a card drawing around a position number, in the drawing's own units. */
export interface Hotspot {
  x: number;
  y: number;
  r: number;
}

/**
 * Catalogue tree: main folders (machine families, parent_id NULL) → sub-folders (assemblies) → cards
 * (one exploded drawing each) → positions (numbered parts on the drawing). Imported from the maker's
 * catalogue export, upserted on external_id; names are TranslatedText.
 */
export const catalogFolders = pgTable(
  'catalog_folders',
  {
    id: id(),
    parentId: bigintRef('parent_id').references((): AnyPgColumn => catalogFolders.id, {
      onDelete: 'cascade',
    }),
    externalId: text('external_id').notNull(),
    name: jsonb('name').$type<TranslatedText>().notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** An image in the file store, shown on the folder tile. */
    imageFileId: uuid('image_file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('catalog_folders_external_id_key').on(t.externalId),
    index('catalog_folders_parent_sort_idx').on(t.parentId, t.sortOrder, t.id),
  ],
);

export const catalogCards = pgTable(
  'catalog_cards',
  {
    id: id(),
    folderId: bigintRef('folder_id')
      .notNull()
      .references(() => catalogFolders.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    name: jsonb('name').$type<TranslatedText>().notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /**
     * The drawing, either as SVG markup kept here (generated or imported vector drawings, served as
     * image/svg+xml under a strict CSP) or as a raster file in the file store.
     */
    drawingSvg: text('drawing_svg'),
    drawingFileId: uuid('drawing_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** The drawing's coordinate space; hotspots use these units. */
    drawingWidth: integer('drawing_width'),
    drawingHeight: integer('drawing_height'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('catalog_cards_external_id_key').on(t.externalId),
    index('catalog_cards_folder_sort_idx').on(t.folderId, t.sortOrder, t.id),
  ],
);

export const parts = pgTable(
  'parts',
  {
    id: id(),
    externalId: text('external_id').notNull(),
    symbol: text('symbol').notNull(),
    /** `normalizeSymbol(symbol)` (db/search-text.ts), for prefix hints. */
    symbolNormalized: text('symbol_normalized').notNull(),
    name: jsonb('name').$type<TranslatedText>().notNull(),
    /** `buildPartSearchText(part)` (db/search-text.ts): every name, symbol, numbers, folded. */
    searchText: text('search_text').notNull(),
    standard: text('standard'),
    quantity: numeric('quantity', { precision: 12, scale: 3, mode: 'number' }),
    unit: text('unit'),
    catalogNumber: text('catalog_number'),
    sapId: text('sap_id'),
    configuration: text('configuration'),
    returnable: boolean('returnable').notNull().default(false),
    /** Image URLs or file-store paths; the first one is the thumbnail. */
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('parts_external_id_key').on(t.externalId),
    // Substring search over names and numbers (LIKE '%q%' with pg_trgm).
    index('parts_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // The words of search_text (its runs of letters a-z, exactly the words part_search_words collects): a
    // searched word becomes the catalogue words holding it and one posting list each here, instead of the
    // intersection of the posting lists of all its trigrams. Queries must use this very expression.
    index('parts_search_text_letters_idx').using(
      'gin',
      sql`to_tsvector('simple', regexp_replace(${t.searchText}, '[^a-z]+', ' ', 'g'))`,
    ),
    // Symbol hints: `symbol_normalized COLLATE "C" LIKE 'am44%'` is an index range scan in any locale.
    index('parts_symbol_normalized_prefix_idx').using('btree', sql`${t.symbolNormalized} COLLATE "C"`),
    // The part search's order: reading parts by symbol finds a common text's first results without reading
    // all its matches (features/catalog/part-ranking.ts).
    index('parts_symbol_id_idx').on(t.symbol, t.id),
    index('parts_sap_id_idx').on(t.sapId),
    index('parts_catalog_number_idx').on(t.catalogNumber),
  ],
);

/**
 * The vocabulary of the parts search: every distinct word of 4+ letters in parts.search_text (already folded).
 * A misspelt search word is looked up here by trigram similarity (a few thousand rows, not a million), and
 * the parts are then searched for the catalogue words it stands for. Kept by triggers on parts (migration
 * 0006_part_search_words): any insert or update of parts adds its new words; words of deleted parts stay
 * (they only widen a typo search by a word that finds nothing).
 */
export const partSearchWords = pgTable('part_search_words', { word: text('word').primaryKey() }, (t) => [
  index('part_search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
]);

/** A numbered part on a card's drawing. The same part may sit on many cards (bolts, bearings). */
export const cardPositions = pgTable(
  'card_positions',
  {
    id: id(),
    cardId: bigintRef('card_id')
      .notNull()
      .references(() => catalogCards.id, { onDelete: 'cascade' }),
    partId: bigintRef('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'restrict' }),
    /** As printed on the drawing: "12", "12a". */
    positionNumber: text('position_number').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 3, mode: 'number' }),
    hotspots: jsonb('hotspots').$type<Hotspot[]>().notNull().default([]),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('card_positions_card_sort_idx').on(t.cardId, t.sortOrder, t.id),
    // "Where is this part used" (api/parts/paths, breadcrumbs).
    index('card_positions_part_id_idx').on(t.partId),
    check('card_positions_quantity_check', sql`${t.quantity} IS NULL OR ${t.quantity} > 0`),
  ],
);
