import type pg from 'pg';

export interface TableSize {
  table: string;
  rows: number;
  /** Bytes of the table itself (heap + TOAST) and of all its indexes. */
  tableBytes: number;
  indexBytes: number;
}

const REPORTED = [
  'users',
  'machines',
  'service_requests',
  'service_request_status_history',
  'service_request_attachments',
  'files',
  'chat_messages',
  'chat_read_markers',
  'chat_unread_counts',
  'parts',
  'catalog_folders',
  'catalog_cards',
  'card_positions',
];

/** Exact row counts and on-disk sizes of the tables the benchmark is about. */
export async function tableSizes(client: pg.Client): Promise<TableSize[]> {
  const sizes: TableSize[] = [];
  for (const table of REPORTED) {
    const { rows } = await client.query<{ rows: string; table_bytes: string; index_bytes: string }>(
      `SELECT (SELECT count(*) FROM ${table}) AS rows,
              pg_table_size('${table}') AS table_bytes, pg_indexes_size('${table}') AS index_bytes`,
    );
    const row = rows[0]!;
    sizes.push({
      table,
      rows: Number(row.rows),
      tableBytes: Number(row.table_bytes),
      indexBytes: Number(row.index_bytes),
    });
  }
  return sizes;
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024).toLocaleString('en-US')} MB`;

/** The sizes as a markdown table (for the console and docs/perf.md). */
export function sizesTable(sizes: readonly TableSize[]): string {
  const lines = ['| table | rows | table | indexes |', '|---|---:|---:|---:|'];
  for (const size of sizes)
    lines.push(
      `| ${size.table} | ${size.rows.toLocaleString('en-US')} | ${mb(size.tableBytes)} | ${mb(size.indexBytes)} |`,
    );
  return lines.join('\n');
}
