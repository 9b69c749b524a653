import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { hashPassword } from '../../apps/server/src/security/password.ts';
import { adminUrl, BENCH_PASSWORD, benchDatabase, databaseUrl, resultsDir, type Scale } from '../support/config.ts';
import { accountAndMachineSteps, type FillStep } from './fill-accounts-machines.ts';
import { chatSteps, finishingSteps } from './fill-chat.ts';
import { CATALOG_TABLES, fillCatalog } from './fill-catalog.ts';
import { offerSteps } from './fill-offers.ts';
import { requestSteps } from './fill-requests.ts';
import { dropDeferrable, restoreDeferred, schemaFingerprint } from './schema-snapshot.ts';
import { tableSizes, type TableSize } from './table-sizes.ts';

/** What COMMENT ON DATABASE keeps about a finished generation; its absence means "generate again". */
export interface Generation {
  /** Scale of the accounts, machines, requests and chat; null when only the catalogue was generated. */
  factor: number | null;
  generatedAt: string;
  seconds: number;
  /** The catalogue (parts, folders, cards, positions), generated with the rest or on its own. */
  catalog?: { factor: number; generatedAt: string; seconds: number } | null;
  tables: TableSize[];
}

/** The tables the generator fills; their secondary indexes and foreign keys are built after the load. */
const FILLED_TABLES = [
  'users',
  'machines',
  'service_requests',
  'service_request_status_history',
  'files',
  'service_request_attachments',
  'chat_messages',
  'chat_read_markers',
  'chat_unread_counts',
] as const;

const log = (line: string) => console.log(line);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Creates care_bench at `scale` (or reuses it when a finished generation at the same scale is there and
 * `fresh` is not set), always with the migrations applied exactly as the server applies them.
 */
export async function ensureGenerated(scale: Scale, fresh: boolean): Promise<Generation> {
  const existing = await readGeneration();
  if (existing && !fresh && existing.factor === scale.factor && existing.catalog?.factor === scale.factor) {
    await migrateBench();
    log(`Reusing ${benchDatabase} (scale ${existing.factor}, generated ${existing.generatedAt}).`);
    return existing;
  }
  if (existing && !fresh && existing.factor === scale.factor) return generateCatalog(scale, existing);
  return generate(scale);
}

/**
 * Only the catalogue (`generate --only=catalog`): creates care_bench with the migrations when it is not
 * there, keeps whatever else it holds, and refills the catalogue tables unless they are at `scale` already.
 */
export async function ensureCatalog(scale: Scale, fresh: boolean): Promise<Generation> {
  const existing = await readGeneration();
  if (existing && !fresh && existing.catalog?.factor === scale.factor) {
    await migrateBench();
    log(
      `Reusing the catalogue of ${benchDatabase} (scale ${scale.factor}, ${existing.catalog.generatedAt}).`,
    );
    return existing;
  }
  if (!existing) {
    await withAdmin(async (client) => {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
        benchDatabase,
      ]);
      if (!rowCount) await client.query(`CREATE DATABASE ${benchDatabase}`);
    });
  }
  return generateCatalog(scale, existing);
}

async function generateCatalog(scale: Scale, existing: Generation | null): Promise<Generation> {
  const started = performance.now();
  log(`Generating the catalogue of ${benchDatabase} at scale ${scale.factor}.`);
  await migrateBench();
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    await client.query(
      `SET synchronous_commit = off; SET work_mem = '512MB'; SET maintenance_work_mem = '1GB'`,
    );
    await client.query(`SELECT setseed(0.2027)`);
    const migrated = await schemaFingerprint(client);
    await fillCatalog(client, scale);
    const vacuumStarted = performance.now();
    await client.query(`VACUUM (ANALYZE) ${CATALOG_TABLES.join(', ')}`);
    log(`  ${'VACUUM (ANALYZE)'.padEnd(36)} ${seconds(performance.now() - vacuumStarted)}`);
    if ((await schemaFingerprint(client)) !== migrated)
      throw new Error('The schema after loading differs from the migrated one.');
    log('  schema after loading = migrated schema (columns, indexes, constraints)');
    const generation: Generation = {
      factor: existing?.factor ?? null,
      generatedAt: existing?.generatedAt ?? new Date().toISOString(),
      seconds: existing?.seconds ?? 0,
      catalog: {
        factor: scale.factor,
        generatedAt: new Date().toISOString(),
        seconds: Math.round((performance.now() - started) / 1000),
      },
      tables: await tableSizes(client),
    };
    await client.query(
      `COMMENT ON DATABASE ${benchDatabase} IS ${client.escapeLiteral(JSON.stringify(generation))}`,
    );
    log(`Generated the catalogue in ${seconds(performance.now() - started)}.`);
    return generation;
  } finally {
    await client.end();
  }
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function readGeneration(): Promise<Generation | null> {
  const comment = await withAdmin(async (client) => {
    const { rows } = await client.query<{ comment: string | null }>(
      `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`,
      [benchDatabase],
    );
    return rows[0]?.comment ?? null;
  });
  try {
    return comment ? (JSON.parse(comment) as Generation) : null;
  } catch {
    return null;
  }
}

async function migrateBench(): Promise<void> {
  const database = await openDatabase({ url: databaseUrl(), dataDir: resultsDir });
  try {
    const applied = await migrate(database);
    if (applied) {
      log(`Applied ${applied} new migration(s) to ${benchDatabase}.`);
      // A new expression index has no statistics until ANALYZE, and a migration that rewrote rows (0018 gave
      // every request its machine's model) leaves pages an index-only scan must visit until VACUUM: autovacuum
      // would get there later, in the middle of a measurement.
      await database.db.execute(sql`VACUUM (ANALYZE)`);
    }
  } finally {
    await database.close();
  }
}

async function generate(scale: Scale): Promise<Generation> {
  const started = performance.now();
  log(
    `Generating ${benchDatabase} at scale ${scale.factor}: ${scale.customers} customers, ${scale.machines} machines,`,
  );
  log(`  ${scale.serviceRequests} service requests, ${scale.chatMessages} chat messages.`);
  await withAdmin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${benchDatabase} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${benchDatabase}`);
  });
  await migrateBench();

  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    // Session settings of this loading connection only; nothing of the schema changes.
    await client.query(
      `SET synchronous_commit = off; SET work_mem = '512MB'; SET maintenance_work_mem = '1GB'`,
    );
    await client.query(`SELECT setseed(0.2026)`);
    const migrated = await schemaFingerprint(client);
    const deferred = await dropDeferrable(client, FILLED_TABLES);
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const steps: FillStep[] = [
      ...accountAndMachineSteps(scale, passwordHash),
      ...requestSteps(scale),
      ...chatSteps(scale),
      ...offerSteps(scale),
      ...finishingSteps(),
    ];
    for (const step of steps) {
      const stepStarted = performance.now();
      await client.query(step.sql, step.params);
      log(`  ${step.label.padEnd(36)} ${seconds(performance.now() - stepStarted)}`);
    }
    await restoreDeferred(client, deferred, (label, ms) => log(`  ${label.padEnd(60)} ${seconds(ms)}`));
    const catalogStarted = performance.now();
    await fillCatalog(client, scale);
    const catalogSeconds = Math.round((performance.now() - catalogStarted) / 1000);
    const vacuumStarted = performance.now();
    await client.query('VACUUM (ANALYZE)');
    log(`  ${'VACUUM (ANALYZE)'.padEnd(36)} ${seconds(performance.now() - vacuumStarted)}`);
    if ((await schemaFingerprint(client)) !== migrated)
      throw new Error('The schema after loading differs from the migrated one.');
    log('  schema after loading = migrated schema (columns, indexes, constraints)');

    const generation: Generation = {
      factor: scale.factor,
      generatedAt: new Date().toISOString(),
      seconds: Math.round((performance.now() - started) / 1000),
      catalog: { factor: scale.factor, generatedAt: new Date().toISOString(), seconds: catalogSeconds },
      tables: await tableSizes(client),
    };
    await client.query(
      `COMMENT ON DATABASE ${benchDatabase} IS ${client.escapeLiteral(JSON.stringify(generation))}`,
    );
    log(`Generated in ${seconds(performance.now() - started)}.`);
    return generation;
  } finally {
    await client.end();
  }
}
