/**
 * From the JSON document and the parts CSV to checked records: each record is validated with the contract's
 * schema on its own, so one bad record never hides the next one's problems. Names become TranslatedText
 * (plain text in the default language, the XML-like form, or { pl, en, de }).
 */
import {
  CatalogImportDocumentSchema,
  DEFAULT_HOTSPOT_RADIUS,
  ImportCardSchema,
  ImportFolderSchema,
  ImportPartSchema,
  MAX_NAME,
} from '@care/contract/catalog-import';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@care/contract/locales';
import { parseTranslations, type TranslatedText } from '@care/contract/translations';
import type { Hotspot } from '#app/db/schema/catalog.ts';
import { isStorableText, unstorablePath } from '#app/plugins/input-guard.ts';
import { readPartsCsv } from './parts-csv.ts';
import type { Problems } from './problems.ts';
import { type RecordRef } from './problems.ts';

export interface FolderRecord {
  ref: RecordRef;
  externalId: string;
  parentExternalId: string | null;
  name: TranslatedText;
  sortOrder: number;
  /** undefined: keep the folder's image; null: remove it. */
  image: string | null | undefined;
}

export interface PositionRecord {
  positionNumber: string;
  partExternalId: string;
  quantity: number | null;
  hotspots: Hotspot[];
}

export interface CardRecord {
  ref: RecordRef;
  externalId: string;
  folderExternalId: string;
  name: TranslatedText;
  sortOrder: number;
  /** undefined: keep the card's drawing; null: remove it. */
  drawing: string | null | undefined;
  /** undefined: keep the card's positions. */
  positions: PositionRecord[] | undefined;
}

export interface PartRecord {
  ref: RecordRef;
  externalId: string;
  symbol: string;
  name: TranslatedText;
  standard: string | null;
  quantity: number | null;
  unit: string | null;
  catalogNumber: string | null;
  sapId: string | null;
  configuration: string | null;
  returnable: boolean;
  images: string[];
}

export interface ImportRecords {
  folders: FolderRecord[];
  cards: CardRecord[];
  parts: PartRecord[];
  /**
   * External ids of folders and parts whose records have problems of their own: references to them are not
   * reported again as unknown (one mistake, one problem).
   */
  refused: { folders: Set<string>; parts: Set<string> };
}

export interface ImportSources {
  /** The JSON document's text. */
  json?: string | undefined;
  /** The parts CSV's text. */
  csv?: string | undefined;
}

const blank = (value: string | null | undefined) => (value ? value : null);

/** A name as the file gives it → TranslatedText; null when no language has any text. */
export function toTranslatedText(raw: string | Partial<Record<Language, string>>, fallback: Language) {
  let text: TranslatedText;
  if (typeof raw === 'string') {
    text = parseTranslations(raw, fallback);
  } else {
    const values: Partial<Record<Language, string>> = {};
    for (const language of LANGUAGES) {
      const value = raw[language]?.trim();
      if (value) values[language] = value;
    }
    const present = Object.keys(values) as Language[];
    text = { default: values[fallback] ? fallback : (present[0] ?? fallback), values };
  }
  for (const language of LANGUAGES) {
    const value = text.values[language]?.trim();
    if (value) text.values[language] = value;
    else delete text.values[language];
  }
  return Object.keys(text.values).length ? text : null;
}

function nameOf(ref: RecordRef, raw: unknown, fallback: Language, problems: Problems) {
  const text = toTranslatedText(raw as string | Partial<Record<Language, string>>, fallback);
  if (!text) problems.add(ref, 'name', 'name-empty');
  else if (Object.values(text.values).some((value) => value.length > MAX_NAME))
    problems.add(ref, 'name', 'too-long', MAX_NAME);
  return text;
}

function refOf(
  entity: RecordRef['entity'],
  source: RecordRef['source'],
  index: number,
  raw: unknown,
): RecordRef {
  const id = (raw as { externalId?: unknown } | null)?.externalId;
  return { entity, source, index, externalId: typeof id === 'string' && id.trim() ? id.trim() : null };
}

const UNSTORABLE = 'a NUL character or an unpaired surrogate';

/** Reads both files into records; every problem found on the way is in `problems`. */
export function readRecords(sources: ImportSources, problems: Problems): ImportRecords {
  const records: ImportRecords = {
    folders: [],
    cards: [],
    parts: [],
    refused: { folders: new Set(), parts: new Set() },
  };
  const documentRef: RecordRef = { entity: 'document', source: 'json', index: null, externalId: null };
  let language: Language = FALLBACK_LANGUAGE;
  if (sources.json !== undefined) {
    let raw: unknown;
    try {
      raw = JSON.parse(sources.json.replace(/^\uFEFF/, ''));
    } catch (error) {
      problems.add(documentRef, null, 'json-malformed', (error as Error).message);
      return records;
    }
    // Text PostgreSQL cannot store ("\u0000", a lone "\ud800") is refused as in any request (input-guard.ts).
    const unstorable = unstorablePath(raw);
    if (unstorable !== undefined) {
      problems.add(documentRef, unstorable || null, 'invalid-value', UNSTORABLE);
      return records;
    }
    const document = CatalogImportDocumentSchema.safeParse(raw);
    if (!document.success) {
      problems.addZodIssues(documentRef, document.error, raw);
      return records;
    }
    language = document.data.defaultLanguage ?? FALLBACK_LANGUAGE;
    readFolders(document.data.folders ?? [], language, problems, records);
    readCards(document.data.cards ?? [], language, problems, records);
    (document.data.parts ?? []).forEach((item, i) =>
      readPart(item, refOf('part', 'json', i + 1, item), language, problems, records),
    );
  }
  if (sources.csv !== undefined && !isStorableText(sources.csv)) {
    const csvRef: RecordRef = { entity: 'document', source: 'csv', index: null, externalId: null };
    problems.add(csvRef, null, 'csv-malformed', UNSTORABLE);
  } else if (sources.csv !== undefined) {
    for (const row of readPartsCsv(sources.csv, problems)) {
      const ref: RecordRef = {
        entity: 'part',
        source: 'csv',
        index: row.line,
        externalId: row.part.externalId?.trim() || null,
      };
      if (row.problems.length) {
        for (const problem of row.problems) problems.add(ref, problem.field, problem.code, problem.detail);
        if (ref.externalId) records.refused.parts.add(ref.externalId);
        continue;
      }
      readPart(row.part, ref, language, problems, records);
    }
  }
  if (!problems.size && !records.folders.length && !records.cards.length && !records.parts.length)
    problems.add(documentRef, null, 'nothing-to-import');
  return records;
}

function readFolders(items: unknown[], language: Language, problems: Problems, records: ImportRecords) {
  const siblings = new Map<string | null, number>();
  items.forEach((item, i) => {
    const ref = refOf('folder', 'json', i + 1, item);
    const parsed = ImportFolderSchema.safeParse(item);
    const name = parsed.success ? nameOf(ref, parsed.data.name, language, problems) : null;
    if (!parsed.success) problems.addZodIssues(ref, parsed.error, item);
    if (!parsed.success || !name) {
      if (ref.externalId) records.refused.folders.add(ref.externalId);
      return;
    }
    const parent = parsed.data.parentExternalId ?? null;
    const place = siblings.get(parent) ?? 0;
    siblings.set(parent, place + 1);
    records.folders.push({
      ref,
      externalId: parsed.data.externalId,
      parentExternalId: parent,
      name,
      sortOrder: parsed.data.sortOrder ?? place,
      image: parsed.data.image,
    });
  });
}

function readCards(items: unknown[], language: Language, problems: Problems, records: ImportRecords) {
  const siblings = new Map<string, number>();
  items.forEach((item, i) => {
    const ref = refOf('card', 'json', i + 1, item);
    const parsed = ImportCardSchema.safeParse(item);
    if (!parsed.success) return problems.addZodIssues(ref, parsed.error, item);
    const name = nameOf(ref, parsed.data.name, language, problems);
    const card = parsed.data;
    const positions = card.positions?.map((position, p): PositionRecord => {
      const field = `positions.${p + 1}`;
      const hotspots: Hotspot[] = (position.hotspots ?? []).map((h) => ({
        x: h.x,
        y: h.y,
        r: h.r ?? DEFAULT_HOTSPOT_RADIUS,
      }));
      if (position.x !== undefined && position.y !== undefined)
        hotspots.push({ x: position.x, y: position.y, r: position.r ?? DEFAULT_HOTSPOT_RADIUS });
      else if (position.x !== undefined || position.y !== undefined)
        problems.add(ref, `${field}.${position.x === undefined ? 'x' : 'y'}`, 'hotspot-missing');
      return {
        positionNumber: position.positionNumber,
        partExternalId: position.partExternalId,
        quantity: position.quantity ?? null,
        hotspots,
      };
    });
    const seen = new Set<string>();
    positions?.forEach((position, p) => {
      if (seen.has(position.positionNumber))
        problems.add(
          ref,
          `positions.${p + 1}.positionNumber`,
          'duplicate-position-number',
          position.positionNumber,
        );
      seen.add(position.positionNumber);
    });
    if (!name) return;
    const place = siblings.get(card.folderExternalId) ?? 0;
    siblings.set(card.folderExternalId, place + 1);
    records.cards.push({
      ref,
      externalId: card.externalId,
      folderExternalId: card.folderExternalId,
      name,
      sortOrder: card.sortOrder ?? place,
      drawing: card.drawing,
      positions,
    });
  });
}

function readPart(
  item: unknown,
  ref: RecordRef,
  language: Language,
  problems: Problems,
  records: ImportRecords,
) {
  const parsed = ImportPartSchema.safeParse(item);
  const name = parsed.success ? nameOf(ref, parsed.data.name, language, problems) : null;
  if (!parsed.success) problems.addZodIssues(ref, parsed.error, item);
  if (!parsed.success || !name) {
    if (ref.externalId) records.refused.parts.add(ref.externalId);
    return;
  }
  const part = parsed.data;
  records.parts.push({
    ref,
    externalId: part.externalId,
    symbol: part.symbol,
    name,
    standard: blank(part.standard),
    quantity: part.quantity ?? null,
    unit: blank(part.unit),
    catalogNumber: blank(part.catalogNumber),
    sapId: blank(part.sapId),
    configuration: blank(part.configuration),
    returnable: part.returnable ?? false,
    images: part.images ?? [],
  });
}
