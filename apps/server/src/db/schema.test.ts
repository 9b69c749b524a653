import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#app/db/client.ts';
import { migrate } from '#app/db/migrate.ts';
import * as catalog from '#app/db/schema/catalog.ts';
import * as chat from '#app/db/schema/chat.ts';
import * as counters from '#app/db/schema/counters.ts';
import * as files from '#app/db/schema/files.ts';
import * as jobs from '#app/db/schema/jobs.ts';
import * as machineImports from '#app/db/schema/machine-imports.ts';
import * as machines from '#app/db/schema/machines.ts';
import * as mfa from '#app/db/schema/mfa.ts';
import * as offers from '#app/db/schema/offers.ts';
import * as outbox from '#app/db/schema/outbox.ts';
import * as rateLimits from '#app/db/schema/rate-limits.ts';
import * as serviceRequests from '#app/db/schema/service-requests.ts';
import * as sessions from '#app/db/schema/sessions.ts';
import * as audit from '#app/db/schema/audit.ts';
import * as sso from '#app/db/schema/sso.ts';
import * as users from '#app/db/schema/users.ts';
import { normalizeSearchText } from '@care/contract/search-text';
import { createTestDatabase } from '#app/test/app.ts';

const modules = [
  audit,
  catalog,
  chat,
  counters,
  files,
  jobs,
  machineImports,
  machines,
  mfa,
  offers,
  outbox,
  rateLimits,
  serviceRequests,
  sessions,
  sso,
  users,
];
const tables = modules.flatMap((module) =>
  Object.values(module).filter((value): value is PgTable => {
    try {
      return typeof value === 'object' && value !== null && getTableConfig(value as PgTable).name.length > 0;
    } catch {
      return false;
    }
  }),
);

/** The SQLSTATE of a failed query, whichever driver and wrapper raised it. */
async function sqlState(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    const { code, cause } = error as { code?: string; cause?: { code?: string } };
    return cause?.code ?? code;
  }
}

describe('database schema and migrations', () => {
  let database: Database;
  const rows = async <T>(query: SQL) => ((await database.db.execute(query)) as { rows: T[] }).rows;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('has applied every migration, and applying again does nothing', async () => {
    const applied = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
    );
    expect(applied[0]!.n).toBeGreaterThanOrEqual(2);
    expect(await migrate(database)).toBe(0);
  });

  it('has the pg_trgm and unaccent extensions', async () => {
    const extensions = await rows<{ extname: string }>(sql`SELECT extname FROM pg_extension`);
    expect(extensions.map((row) => row.extname)).toEqual(expect.arrayContaining(['pg_trgm', 'unaccent']));
  });

  it('has every table and column the drizzle schema declares', async () => {
    const columns = await rows<{ table_name: string; column_name: string }>(
      sql`SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    const actual = new Set(columns.map((row) => `${row.table_name}.${row.column_name}`));
    const declared = tables.flatMap((table) => {
      const config = getTableConfig(table);
      return config.columns.map((column) => `${config.name}.${column.name}`);
    });
    expect(tables.length).toBeGreaterThanOrEqual(26);
    expect(declared.filter((name) => !actual.has(name))).toEqual([]);
  });

  it('indexes the list and search paths', async () => {
    const indexes = await rows<{ indexname: string; indexdef: string }>(
      sql`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'`,
    );
    const definition = (name: string) => indexes.find((index) => index.indexname === name)?.indexdef ?? '';
    expect(definition('parts_search_text_trgm_idx')).toMatch(/USING gin \(search_text gin_trgm_ops\)/);
    expect(definition('parts_symbol_normalized_prefix_idx')).toMatch(/symbol_normalized COLLATE "C"/);
    expect(definition('users_search_text_trgm_idx')).toMatch(/gin_trgm_ops/);
    expect(definition('users_email_key')).toMatch(/UNIQUE INDEX/);
    expect(definition('machines_owner_purchase_date_idx')).toMatch(/\(owner_id, purchase_date, id\)/);
    expect(definition('service_requests_customer_report_date_idx')).toMatch(
      /\(customer_id, report_date, id\)/,
    );
    expect(definition('service_requests_status_report_date_idx')).toMatch(/\(status, report_date, id\)/);
    expect(definition('service_requests_machine_report_date_idx')).toMatch(/\(machine_id, report_date, id\)/);
    expect(definition('chat_messages_request_id_idx')).toMatch(/\(service_request_id, id\)/);
    expect(definition('card_positions_card_sort_idx')).toMatch(/\(card_id, sort_order, id\)/);
    expect(definition('card_positions_part_id_idx')).toMatch(/\(part_id\)/);
    expect(definition('offer_requests_customer_created_at_idx')).toMatch(/\(customer_id, created_at, id\)/);
    expect(definition('mail_outbox_due_idx')).toMatch(
      /WHERE \(\(sent_at IS NULL\) AND \(failed_at IS NULL\)\)/,
    );
    expect(definition('sessions_token_hash_key')).toMatch(/UNIQUE INDEX/);
    expect(definition('job_runs_run_key_key')).toMatch(/UNIQUE INDEX/);
  });

  it('refuses an upper-case e-mail and an unknown role, language or status', async () => {
    const insertUser = (values: Record<string, string>) =>
      database.db.insert(users.users).values({ email: 'x@example.com', passwordHash: 'h', ...values });
    expect(await sqlState(insertUser({ email: 'Upper@Example.com' }))).toBe('23514');
    expect(await sqlState(insertUser({ role: 'dealer' }))).toBe('23514');
    expect(await sqlState(insertUser({ language: 'fr' }))).toBe('23514');
    expect(await sqlState(insertUser({ status: 'blocked' }))).toBe('23514');
  });

  it('folds names in users.search_text the way normalizeSearchText folds a query', async () => {
    const firstName = 'Łucja Żółć-Gęślą';
    const lastName = 'Müller-Größe ÉÀÇÑ';
    const [user] = await database.db
      .insert(users.users)
      .values({ email: 'folding@example.com', passwordHash: 'h', firstName, lastName })
      .returning({ searchText: users.users.searchText });
    expect(user!.searchText).toContain(normalizeSearchText(firstName));
    expect(user!.searchText).toContain(normalizeSearchText(lastName));
    expect(user!.searchText).toContain('lucja zolc-gesla muller-grosse eacn');
  });

  it('numbers documents per prefix and year without gaps', async () => {
    const at = new Date('2026-06-01T10:00:00Z');
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push(await counters.nextDocumentCode(database.db, 'SR', at));
    codes.push(await counters.nextDocumentCode(database.db, 'OR', at));
    codes.push(await counters.nextDocumentCode(database.db, 'SR', new Date('2027-01-01T00:30:00+01:00')));
    expect(codes).toEqual([
      'SR/2026/000001',
      'SR/2026/000002',
      'SR/2026/000003',
      'OR/2026/000001',
      'SR/2027/000001',
    ]);
  });
});
