/**
 * The parts CSV (docs/catalog-import.md): a header row of CSV_PART_COLUMNS names, comma or semicolon
 * separated (the header decides), UTF-8 with or without BOM. Parsed with csv-parse (docs/decisions/024);
 * each row becomes the same object a JSON part is, so one schema checks both.
 */
import { CSV_PART_COLUMNS, type CatalogImportProblemCode } from '@care/contract/catalog-import';
import { CsvError, parse } from 'csv-parse/sync';
import type { Problems } from './problems.ts';

export interface CsvPartRow {
  /** The line the record ends on (a quoted field may span lines). */
  line: number;
  part: Record<string, unknown> & { externalId?: string };
  problems: { field: string; code: CatalogImportProblemCode; detail: string | null }[];
}

const TRUE = new Set(['true', '1', 'yes', 'y', 'tak', 't', 'ja', 'x']);
const FALSE = new Set(['false', '0', 'no', 'n', 'nie', 'nein']);
/** Several images in one cell are separated by a vertical bar. */
export const CSV_IMAGE_SEPARATOR = '|';

const documentRef = { entity: 'document', source: 'csv', index: null, externalId: null } as const;

export function readPartsCsv(text: string, problems: Problems): CsvPartRow[] {
  const source = text.replace(/^\uFEFF/, '');
  const header = source.slice(0, source.search(/\r?\n|$/));
  const delimiter = header.includes(';') && !header.includes(',') ? ';' : ',';
  // The line each record ends on (the typings of `info: true` do not describe its records, so collect it here).
  const lines: number[] = [];
  let parsed: string[][];
  try {
    parsed = parse(source, {
      delimiter,
      skip_empty_lines: true,
      relax_column_count: false,
      on_record: (record, context) => {
        lines.push(context.lines);
        return record;
      },
    });
  } catch (error) {
    const line = error instanceof CsvError ? (error as CsvError & { lines?: number }).lines : undefined;
    problems.add({ ...documentRef, index: line ?? null }, null, 'csv-malformed', (error as Error).message);
    return [];
  }
  const [head, ...rows] = parsed.map((record, i) => ({ record, line: lines[i]! }));
  if (!head) {
    problems.add(documentRef, null, 'nothing-to-import');
    return [];
  }
  const columns = head.record.map((name) => name.trim());
  let headerOk = true;
  for (const column of columns) {
    if (!(CSV_PART_COLUMNS as readonly string[]).includes(column)) {
      problems.add({ ...documentRef, index: 1 }, column, 'csv-unknown-column', column);
      headerOk = false;
    }
  }
  const hasName = columns.some((column) => column === 'name' || column.startsWith('name_'));
  for (const required of ['externalId', 'symbol', ...(hasName ? [] : ['name'])]) {
    if (!columns.includes(required)) {
      problems.add({ ...documentRef, index: 1 }, required, 'csv-missing-column', required);
      headerOk = false;
    }
  }
  if (!headerOk) return [];
  return rows.map(({ line, record }) => rowOf(line, columns, record));
}

function rowOf(line: number, columns: string[], cells: string[]): CsvPartRow {
  const row: CsvPartRow = { line, part: {}, problems: [] };
  const names: Record<string, string> = {};
  columns.forEach((column, i) => {
    const value = cells[i]?.trim() ?? '';
    if (column.startsWith('name_')) {
      if (value) names[column.slice(5)] = value;
      return;
    }
    if (value === '') return;
    if (column === 'quantity') {
      const number = Number(value.replace(',', '.'));
      if (Number.isFinite(number)) row.part.quantity = number;
      else row.problems.push({ field: column, code: 'not-a-number', detail: value });
    } else if (column === 'returnable') {
      const lower = value.toLowerCase();
      if (TRUE.has(lower)) row.part.returnable = true;
      else if (FALSE.has(lower)) row.part.returnable = false;
      else row.problems.push({ field: column, code: 'not-a-boolean', detail: value });
    } else if (column === 'images') {
      row.part.images = value
        .split(CSV_IMAGE_SEPARATOR)
        .map((image) => image.trim())
        .filter(Boolean);
    } else {
      row.part[column] = value;
    }
  });
  if (row.part.name === undefined && Object.keys(names).length) row.part.name = names;
  return row;
}
