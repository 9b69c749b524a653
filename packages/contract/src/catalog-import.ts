import { z } from 'zod';
import { endpoints } from './endpoint.ts';
import { LANGUAGES } from './locales.ts';

/*
 * Catalogue import (issue 5, "Catalogue data"): one JSON document with folders, cards (drawing, positions
 * with hotspots) and parts; parts may come instead, or as well, as a CSV file. Format: docs/catalog-import.md.
 * The import's endpoints are catalogImportEndpoints below; the images it stores are served by catalog.ts's.
 */

/** Limits of the admin upload (the command line has none: a million-part CSV goes through it). */
export const CATALOG_IMPORT_MAX_FILE_MB = 50;
export const CATALOG_IMPORT_MAX_REQUEST_MB = 200;
export const CATALOG_IMPORT_MAX_FILES = 500;
/** How many problems an answer (and the history) lists at most; the count is always complete. */
export const CATALOG_IMPORT_MAX_PROBLEMS = 500;
/** How many recent imports api/admin/catalog-imports lists. */
export const CATALOG_IMPORT_HISTORY_SIZE = 20;

export const MAX_EXTERNAL_ID = 100;
export const MAX_NAME = 500;
export const MAX_TEXT = 200;
/** The circle radius of a hotspot given without `r`, in drawing units. */
export const DEFAULT_HOTSPOT_RADIUS = 18;

// Strict objects: a misspelt field name ("catalogueNumber") is reported, not silently dropped.
const externalId = z.string().trim().min(1).max(MAX_EXTERNAL_ID);
const optionalText = z.string().trim().max(MAX_TEXT).nullish();
/** A plain name (in the default language), the XML-like `<translations default="pl">…` form, or pl/en/de. */
const nameField = z.union([
  z.string().max(MAX_NAME * 4),
  z.partialRecord(z.enum(LANGUAGES), z.string().max(MAX_NAME)),
]);
/** A path relative to the JSON file (the command line) or the name of an uploaded file (the admin screen). */
const filePath = z.string().trim().min(1).max(300);

export const ImportFolderSchema = z.strictObject({
  externalId,
  parentExternalId: externalId.nullish(),
  name: nameField,
  sortOrder: z.number().int().min(0).max(1_000_000).optional(),
  image: filePath.nullish(),
});

export const ImportHotspotSchema = z.strictObject({
  x: z.number().min(0),
  y: z.number().min(0),
  r: z.number().positive().max(10_000).optional(),
});

export const ImportPositionSchema = z.strictObject({
  positionNumber: z.string().trim().min(1).max(20),
  partExternalId: externalId,
  quantity: z.number().positive().max(1_000_000).nullish(),
  /** Either a list of hotspots, or one as `x`, `y` (and `r`) on the position itself. */
  hotspots: z.array(ImportHotspotSchema).max(20).optional(),
  x: z.number().min(0).optional(),
  y: z.number().min(0).optional(),
  r: z.number().positive().max(10_000).optional(),
});

export const ImportCardSchema = z.strictObject({
  externalId,
  folderExternalId: externalId,
  name: nameField,
  sortOrder: z.number().int().min(0).max(1_000_000).optional(),
  /** An SVG file; its viewBox (or width/height) is the hotspots' coordinate space. */
  drawing: filePath.nullish(),
  /** Positions of the card; absent leaves the card's positions as they are. */
  positions: z.array(ImportPositionSchema).max(2000).optional(),
});

export const ImportPartSchema = z.strictObject({
  externalId,
  symbol: z.string().trim().min(1).max(MAX_TEXT),
  name: nameField,
  standard: optionalText,
  quantity: z.number().positive().max(1_000_000).nullish(),
  unit: z.string().trim().max(20).nullish(),
  catalogNumber: optionalText,
  sapId: optionalText,
  configuration: z.string().trim().max(2000).nullish(),
  returnable: z.boolean().optional(),
  /** Image files (JPEG, PNG, WebP) relative to the JSON, or https URLs kept as they are. */
  images: z.array(filePath).max(20).optional(),
});

/** The JSON document, checked record by record (each problem names its record). */
export const CatalogImportDocumentSchema = z.strictObject({
  defaultLanguage: z.enum(LANGUAGES).optional(),
  folders: z.array(z.unknown()).optional(),
  cards: z.array(z.unknown()).optional(),
  parts: z.array(z.unknown()).optional(),
});

/** The CSV header names of the parts file (the first row); `name` or at least one name_<language>. */
export const CSV_PART_COLUMNS = [
  'externalId',
  'symbol',
  'name',
  'name_pl',
  'name_en',
  'name_de',
  'standard',
  'quantity',
  'unit',
  'catalogNumber',
  'sapId',
  'configuration',
  'returnable',
  'images',
] as const;

export const CATALOG_IMPORT_ENTITIES = ['document', 'folder', 'card', 'position', 'part', 'file'] as const;
export type CatalogImportEntity = (typeof CATALOG_IMPORT_ENTITIES)[number];

/**
 * What can be wrong with a record; each has a translation `admin:catalog-import.problem.<code>`. A warning
 * (`svg-cleaned`: sanitising removed something from a drawing) does not stop the import.
 */
export const CATALOG_IMPORT_PROBLEM_CODES = [
  'json-malformed',
  'csv-malformed',
  'csv-unknown-column',
  'csv-missing-column',
  'nothing-to-import',
  'unknown-field',
  'required',
  'invalid-value',
  'too-long',
  'too-small',
  'too-large',
  'not-a-number',
  'not-a-boolean',
  'name-empty',
  'duplicate-external-id',
  'duplicate-position-number',
  'unknown-parent-folder',
  'unknown-folder',
  'unknown-part',
  'folder-cycle',
  'hotspot-outside-drawing',
  'hotspot-missing',
  'file-missing',
  'file-ambiguous',
  'file-type-not-allowed',
  'file-too-large',
  'svg-invalid',
  'svg-size-unknown',
  'svg-cleaned',
] as const;
export type CatalogImportProblemCode = (typeof CATALOG_IMPORT_PROBLEM_CODES)[number];

/** One bad record: which file, which record (external id, else its place), which field, what is wrong. */
export const CatalogImportProblemSchema = z.object({
  entity: z.enum(CATALOG_IMPORT_ENTITIES),
  /** The record's external id, when it has a usable one. */
  externalId: z.string().nullable(),
  /** 1-based: the record's place in its JSON list, or the CSV line. */
  index: z.number().int().nullable(),
  /** 'json' or 'csv' (a part can come from either). */
  source: z.enum(['json', 'csv', 'files']),
  /** Dotted field path inside the record, e.g. "positions.3.partExternalId"; null for the whole record. */
  field: z.string().nullable(),
  code: z.enum(CATALOG_IMPORT_PROBLEM_CODES),
  /** The offending value or a limit, shown after the message (e.g. the unknown external id). */
  detail: z.string().nullable(),
});
export type CatalogImportProblem = z.infer<typeof CatalogImportProblemSchema>;

export const EntityCountsSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type EntityCounts = z.infer<typeof EntityCountsSchema>;

export const CatalogImportSummarySchema = z.object({
  folders: EntityCountsSchema,
  cards: EntityCountsSchema,
  parts: EntityCountsSchema,
  /** Cards whose positions were replaced (created/updated) or left (unchanged). */
  positions: EntityCountsSchema,
  /** Image files stored (created) or already stored with the same content (unchanged). */
  files: EntityCountsSchema,
});
export type CatalogImportSummary = z.infer<typeof CatalogImportSummarySchema>;

export const CATALOG_IMPORT_STATUSES = ['imported', 'checked', 'failed'] as const;

export const CatalogImportResultSchema = z.object({
  id: z.string(),
  dryRun: z.boolean(),
  status: z.enum(CATALOG_IMPORT_STATUSES),
  summary: CatalogImportSummarySchema,
  /** What was imported changed on the way (e.g. a drawing's removed scripts), for the file's author to see. */
  warnings: z.array(CatalogImportProblemSchema),
});
export type CatalogImportResult = z.infer<typeof CatalogImportResultSchema>;

/** 422 answer: the import wrote nothing. */
export const CatalogImportFailureSchema = z.object({
  code: z.literal('CATALOG_IMPORT_INVALID'),
  message: z.string(),
  id: z.string(),
  problemCount: z.number().int(),
  problems: z.array(CatalogImportProblemSchema),
});
export type CatalogImportFailure = z.infer<typeof CatalogImportFailureSchema>;

export const CatalogImportHistoryItemSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** Who ran it ("command line" when null). */
  userName: z.string().nullable(),
  fileNames: z.array(z.string()),
  dryRun: z.boolean(),
  status: z.enum(CATALOG_IMPORT_STATUSES),
  summary: CatalogImportSummarySchema.nullable(),
  problemCount: z.number().int(),
});
export type CatalogImportHistoryItem = z.infer<typeof CatalogImportHistoryItemSchema>;
export const CatalogImportHistorySchema = z.array(CatalogImportHistoryItemSchema);

const admins = { roles: ['admin'] } as const;

export const catalogImportEndpoints = endpoints('catalog-import', {
  import: {
    method: 'POST',
    path: '/api/admin/catalog-imports',
    summary: 'Import (or with dryRun only check) a catalogue JSON and/or parts CSV with their files',
    description:
      'Multipart: the JSON under "document", the parts CSV under "parts", the images and drawings it references ' +
      'under "file" (repeated).',
    access: admins,
    multipart: {
      fields: z.object({ dryRun: z.string().optional().describe('"true": only check, import nothing') }),
      files: {
        name: 'file',
        description: 'The images and drawings the JSON references, matched by file name',
      },
    },
    responses: { 200: CatalogImportResultSchema },
    errors: [413, 429],
    errorBodies: {
      422: CatalogImportFailureSchema.describe('The file has problems, each listed; nothing was imported'),
    },
  },
  history: {
    method: 'GET',
    path: '/api/admin/catalog-imports',
    summary: 'The most recent catalogue imports and checks',
    access: admins,
    responses: { 200: CatalogImportHistorySchema },
  },
});
