/**
 * Reads the ERP's machines CSV (docs/machine-import.md) as a stream: csv-parse's streaming parser, one record
 * at a time, never the whole file. The header decides the delimiter (`;` or `,`) and the columns' order; a BOM
 * and Windows line ends are accepted. Each data row comes out checked on its own (and against the serials of
 * the rows before it); checks that need the database (owners) run later, set-based.
 */
import {
  MACHINE_IMPORT_COLUMN_ALIASES,
  MACHINE_IMPORT_COLUMNS,
  MACHINE_IMPORT_REQUIRED_COLUMNS,
  type MachineImportColumn,
  type MachineImportProblem,
} from '@care/contract/machine-import';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { checkMachineRow, type MachineRow } from './machine-row.ts';

export interface CsvItem {
  line: number;
  /** The checked row, or null when the row (or the header) has problems. */
  row: MachineRow | null;
  problems: MachineImportProblem[];
  /** The header row (not a data row). */
  header?: true;
}

/** How far to look for the end of the header line before deciding the delimiter anyway. */
const HEADER_PEEK_BYTES = 64 * 1024;

/**
 * The source's chunks, and when the reader stops early (a malformed file) the rest of it read and dropped, so
 * an upload is always consumed to its end and its request can be answered.
 */
async function* chunksOf(source: AsyncIterable<Buffer | string>): AsyncGenerator<Buffer> {
  const iterator = source[Symbol.asyncIterator]();
  let done = false;
  try {
    while (!done) {
      const next = await iterator.next();
      done = Boolean(next.done);
      if (!done) yield Buffer.from(next.value);
    }
  } finally {
    while (!done) done = Boolean((await iterator.next()).done);
  }
}

export function detectDelimiter(head: string): ';' | ',' {
  const line = head.slice(0, head.search(/\r?\n|$/));
  return (line.match(/;/g)?.length ?? 0) > (line.match(/,/g)?.length ?? 0) ? ';' : ',';
}

/** "Numer seryjny", "serial-number", "SERIAL_NUMBER" → serial_number; Polish aliases too. */
function columnOf(name: string): MachineImportColumn | null {
  const key = name
    .trim()
    .toLowerCase()
    .replace(/ł/g, 'l')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[\s-]+/g, '_');
  if ((MACHINE_IMPORT_COLUMNS as readonly string[]).includes(key)) return key as MachineImportColumn;
  return MACHINE_IMPORT_COLUMN_ALIASES[key] ?? null;
}

function readHeader(
  cells: string[],
  line: number,
): { columns: (MachineImportColumn | null)[]; problems: MachineImportProblem[] } {
  const problems: MachineImportProblem[] = [];
  const columns = cells.map((cell) => {
    const column = columnOf(cell);
    if (!column && cell.trim())
      problems.push({ line, column: null, code: 'unknown-column', value: cell.slice(0, 100) });
    return column;
  });
  for (const column of MACHINE_IMPORT_COLUMNS) {
    const count = columns.filter((c) => c === column).length;
    if (count > 1) problems.push({ line, column, code: 'duplicate-column', value: column });
    if (count === 0 && MACHINE_IMPORT_REQUIRED_COLUMNS.includes(column))
      problems.push({ line, column, code: 'missing-column', value: column });
  }
  return { columns, problems };
}

export async function* readMachineCsv(source: AsyncIterable<Buffer | string>): AsyncGenerator<CsvItem> {
  const chunks = chunksOf(source);
  let head = Buffer.alloc(0);
  while (!head.includes(0x0a) && head.length < HEADER_PEEK_BYTES) {
    const next = await chunks.next();
    if (next.done) break;
    head = Buffer.concat([head, next.value]);
  }
  const delimiter = detectDelimiter(head.toString('utf8'));
  const rest = (async function* () {
    yield head;
    yield* chunks;
  })();
  const parser = pipeline(
    Readable.from(rest),
    parse({ delimiter, bom: true, relax_column_count: true, skip_empty_lines: true, info: true }),
    () => {
      // Errors reach the loop below through the parser.
    },
  );
  let columns: (MachineImportColumn | null)[] | null = null;
  let headerOk = false;
  const seen = new Map<string, number>();
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      const line = info.lines;
      if (!columns) {
        const header = readHeader(record, line);
        columns = header.columns;
        headerOk = header.problems.length === 0;
        yield { line, row: null, problems: header.problems, header: true };
        continue;
      }
      if (!headerOk) continue;
      if (record.length > columns.length && record.slice(columns.length).some((cell) => cell.trim())) {
        yield {
          line,
          row: null,
          problems: [{ line, column: null, code: 'column-count', value: String(record.length) }],
        };
        continue;
      }
      const cells: Partial<Record<MachineImportColumn, string>> = {};
      columns.forEach((column, index) => {
        if (column) cells[column] = record[index] ?? '';
      });
      yield { line, ...checkMachineRow(cells, line, seen) };
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = (error as CsvError & { lines?: number }).lines ?? 1;
    yield { line, row: null, problems: [{ line, column: null, code: 'malformed-csv', value: error.code }] };
    return;
  }
  if (!columns)
    yield { line: 1, row: null, problems: [{ line: 1, column: null, code: 'empty-file', value: null }] };
}
