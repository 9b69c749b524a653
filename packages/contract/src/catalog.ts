import { z } from 'zod';
import { endpoints, IdParam, IdParams } from './endpoint.ts';
import { AUTHORITIES, LIMITS } from './limits.ts';
import { pagedSchema, pageField, pageSizeField } from './paging.ts';
import { TranslatedTextSchema } from './translations.ts';

/*
 * Parts catalogue, read side (SPEC §1, §3, §7): folders → sub-folders → cards (an exploded drawing with its
 * numbered positions) → parts. Every read is public (the public catalogue needs no sign-in); a signed-in user
 * without RIGHT_CARE_VIEW_CATALOG gets 403 FORBIDDEN (SPEC §1: the signed-in catalogue needs the authority).
 * The endpoints are catalogEndpoints at the end of this module.
 *
 * A search text shorter than PART_SEARCH_MIN_LENGTH (after trimming) is not an error: search, count and
 * hints answer empty (total 0), so the screen shows the rule instead (SPEC §5).
 */

/** SPEC §5: search and hints need at least this many characters (the rule of every list's search). */
export const PART_SEARCH_MIN_LENGTH = LIMITS.searchMinLength;
/**
 * A search's pages end here: they hold the first PART_SEARCH_TOTAL_CAP matches, and api/parts/count counts no
 * further (`capped: true` beyond). Nobody reads 50 pages of "bolt"; they refine the text.
 */
export const PART_SEARCH_TOTAL_CAP = 1000;
/** How many hints api/parts/hints answers at most. */
export const PART_HINTS_LIMIT = 10;

/** A folder tile: a machine family (root) or an assembly (sub-folder). */
export const CatalogFolderSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  name: TranslatedTextSchema,
  /** A file-store id for the tile image, or null. */
  imageFileId: z.string().nullable(),
});
export type CatalogFolder = z.infer<typeof CatalogFolderSchema>;

export const CatalogFolderQuerySchema = z.object({ parentId: IdParam.optional() });
export const CatalogFolderListSchema = z.array(CatalogFolderSchema);

/** A card in a folder's list. */
export const CatalogCardSummarySchema = z.object({
  id: z.string(),
  folderId: z.string(),
  name: TranslatedTextSchema,
});
export type CatalogCardSummary = z.infer<typeof CatalogCardSummarySchema>;

export const CatalogCardQuerySchema = z.object({ folderId: IdParam });
export const CatalogCardListSchema = z.array(CatalogCardSummarySchema);

/** A clickable circle around a position number on the drawing, in the drawing's own units. */
export const HotspotSchema = z.object({ x: z.number(), y: z.number(), r: z.number() });
export type Hotspot = z.infer<typeof HotspotSchema>;

/** A part with the SPEC §3 fields. */
export const PartSchema = z.object({
  id: z.string(),
  name: TranslatedTextSchema,
  symbol: z.string(),
  standard: z.string().nullable(),
  /** The quantity one catalogue unit holds (e.g. 5 for a 5 l can), with its unit. */
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
  catalogNumber: z.string().nullable(),
  sapId: z.string().nullable(),
  /**
   * The machines or serial numbers the part fits ("od nr fabr. …"): free text the import may give in several
   * languages, like names (ADR 004); null without one.
   */
  configuration: TranslatedTextSchema.nullable(),
  returnable: z.boolean(),
  /** Image URLs or file-store paths; the first is the thumbnail. */
  images: z.array(z.string()),
});
export type Part = z.infer<typeof PartSchema>;

/** One numbered row of a card: the part, how many the assembly holds, and its hotspots on the drawing. */
export const CardPositionSchema = z.object({
  id: z.string(),
  /** As printed on the drawing: "12", "12a". */
  positionNumber: z.string(),
  quantity: z.number().nullable(),
  hotspots: z.array(HotspotSchema),
  part: PartSchema,
});
export type CardPosition = z.infer<typeof CardPositionSchema>;

/** GET api/catalog-cards/{id}: the card, its drawing and its positions in drawing order. */
export const CatalogCardSchema = CatalogCardSummarySchema.extend({
  /** Where to load the drawing (api/catalog-cards/{id}/drawing for SVG drawings), or null without one. */
  drawingUrl: z.string().nullable(),
  /** A raster drawing in the file store, when the card has one instead of SVG. */
  drawingFileId: z.string().nullable(),
  /** The drawing's coordinate space; hotspots use these units. */
  drawingWidth: z.number().int().nullable(),
  drawingHeight: z.number().int().nullable(),
  positions: z.array(CardPositionSchema),
});
export type CatalogCard = z.infer<typeof CatalogCardSchema>;

/** One step of a breadcrumb trail (root folder first, the card last when there is one). */
export const BreadcrumbSchema = z.object({
  kind: z.enum(['folder', 'card']),
  id: z.string(),
  name: TranslatedTextSchema,
});
export type Breadcrumb = z.infer<typeof BreadcrumbSchema>;
export const BreadcrumbListSchema = z.array(BreadcrumbSchema);

/** GET api/parts/breadcrumbs: exactly one of folderId and cardId. */
export const BreadcrumbQuerySchema = z
  .object({ folderId: IdParam.optional(), cardId: IdParam.optional() })
  .refine((q) => (q.folderId === undefined) !== (q.cardId === undefined), {
    message: 'exactly one of folderId and cardId',
  });

/** GET api/parts/paths?partId=: a place where the part appears (one card and position; trail ends in the card). */
export const PartPathSchema = z.object({
  cardId: z.string(),
  positionNumber: z.string(),
  trail: BreadcrumbListSchema,
});
export type PartPath = z.infer<typeof PartPathSchema>;
export const PartPathQuerySchema = z.object({ partId: IdParam });
export const PartPathListSchema = z.array(PartPathSchema);

/** The search text: trimmed; shorter than PART_SEARCH_MIN_LENGTH answers empty. */
const searchTextField = z.string().trim().max(100, 'form.max-length').default('');

/** GET api/parts?q=&page=&pageSize=: symbol, catalogue number, SAP id, names (pl/en/de), one typo tolerated. */
export const PartSearchQuerySchema = z.object({
  q: searchTextField,
  page: pageField,
  pageSize: pageSizeField,
});
/**
 * A page of results. A search reads its results up to the page's end and one more, not all of them, so
 * `total` is either their number (`totalCapped` false) or, with `totalCapped`, how many there are at least:
 * the parts up to this page's end, or PART_SEARCH_TOTAL_CAP (show "more than {total}").
 */
export const PartPageSchema = pagedSchema(PartSchema).extend({
  /** True when more parts match than `total`. */
  totalCapped: z.boolean(),
  /** True when the next page has parts (false past PART_SEARCH_TOTAL_CAP, where the pages end). */
  hasMore: z.boolean(),
});
export type PartPage = z.infer<typeof PartPageSchema>;

export const PartCountQuerySchema = z.object({ q: searchTextField });
export const PartCountSchema = z.object({
  count: z.number().int().min(0),
  /** True when more than PART_SEARCH_TOTAL_CAP parts match: `count` is then the cap ("1000+"). */
  capped: z.boolean(),
});
export type PartCount = z.infer<typeof PartCountSchema>;

/** GET api/parts/hints?q=: up to PART_HINTS_LIMIT parts, best match first. */
export const PartHintSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  name: TranslatedTextSchema,
});
export type PartHint = z.infer<typeof PartHintSchema>;
export const PartHintQuerySchema = z.object({ q: searchTextField });
export const PartHintListSchema = z.array(PartHintSchema);

/** GET api/catalog-files/{id}: a file-store id. */
export const CatalogFileParamsSchema = z.object({ id: z.uuid() });

/** Every read is public, but a signed-in user without RIGHT_CARE_VIEW_CATALOG gets 403 (SPEC §1, §6). */
const catalogueReaders = { access: { authority: AUTHORITIES.viewCatalog, anonymous: true } } as const;
/** The same, for a read whose query names a folder, card or part that may not exist. */
const catalogueRowReaders = { ...catalogueReaders, errors: [404] } as const;

export const catalogEndpoints = endpoints('catalog', {
  folders: {
    method: 'GET',
    path: '/api/catalog-folders',
    summary: 'Root catalogue folders, or the sub-folders of parentId',
    ...catalogueRowReaders,
    query: CatalogFolderQuerySchema,
    responses: { 200: CatalogFolderListSchema },
  },
  cards: {
    method: 'GET',
    path: '/api/catalog-cards',
    summary: 'The cards of a folder',
    ...catalogueRowReaders,
    query: CatalogCardQuerySchema,
    responses: { 200: CatalogCardListSchema },
  },
  card: {
    method: 'GET',
    path: '/api/catalog-cards/:id',
    summary: 'One card with its drawing address and positions',
    ...catalogueReaders,
    params: IdParams,
    responses: { 200: CatalogCardSchema },
  },
  drawing: {
    method: 'GET',
    path: '/api/catalog-cards/:id/drawing',
    summary: "The card's SVG drawing",
    ...catalogueReaders,
    params: IdParams,
    responses: { 200: 'file' },
  },
  search: {
    method: 'GET',
    path: '/api/parts',
    summary: 'Parts search: symbol, catalogue number, SAP id, names; paged, with the total or "more than"',
    ...catalogueReaders,
    query: PartSearchQuerySchema,
    responses: { 200: PartPageSchema },
  },
  count: {
    method: 'GET',
    path: '/api/parts/count',
    summary: 'How many parts a search finds',
    ...catalogueReaders,
    query: PartCountQuerySchema,
    responses: { 200: PartCountSchema },
  },
  hints: {
    method: 'GET',
    path: '/api/parts/hints',
    summary: 'Autocomplete for the parts search (from 3 characters)',
    ...catalogueReaders,
    query: PartHintQuerySchema,
    responses: { 200: PartHintListSchema },
  },
  paths: {
    method: 'GET',
    path: '/api/parts/paths',
    summary: 'Every card position where a part appears, with its folders',
    ...catalogueRowReaders,
    query: PartPathQuerySchema,
    responses: { 200: PartPathListSchema },
  },
  breadcrumbs: {
    method: 'GET',
    path: '/api/parts/breadcrumbs',
    summary: 'The folders down to a folder, or down to a card and the card',
    ...catalogueRowReaders,
    query: BreadcrumbQuerySchema,
    responses: { 200: BreadcrumbListSchema },
  },
  part: {
    method: 'GET',
    path: '/api/parts/:id',
    summary: 'One part',
    ...catalogueReaders,
    params: IdParams,
    responses: { 200: PartSchema },
  },
  /*
   * Served by the catalogue import (it stores these images), declared here: the public catalogue's pages show
   * them and should not load the import's schemas to know the address.
   */
  file: {
    method: 'GET',
    path: '/api/catalog-files/:id',
    tag: 'catalog-import',
    summary: 'An imported catalogue image',
    ...catalogueReaders,
    params: CatalogFileParamsSchema,
    responses: { 200: 'file', 304: null },
  },
});
