import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type AppDeps, buildApp } from '#app/app.ts';
import { parseEnv, type Env } from '#app/config/env.ts';
import { answerValidation } from './answer-validation.ts';
import type { PGlite } from '@electric-sql/pglite';
import { createPglite, openDatabase, wrapPglite, type Database } from '#app/db/client.ts';
import { migrate } from '#app/db/migrate.ts';

let template: Promise<PGlite> | undefined;

/**
 * Starting PGlite and migrating costs seconds; cloning a migrated one is much cheaper. The template lives
 * as long as the worker (the server project runs with isolate: false, so test files share it).
 */
function migratedTemplate(): Promise<PGlite> {
  template ??= (async () => {
    const client = await createPglite();
    await migrate(wrapPglite(client));
    return client;
  })();
  return template;
}

/** Runs one statement on the PostgreSQL server named by TEST_DATABASE_URL (CREATE/DROP DATABASE, killing backends). */
export async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/**
 * A migrated database for one test file: in-memory PGlite by default, or a fresh database on the PostgreSQL
 * server named by TEST_DATABASE_URL (dropped again in `close`). Tests run real SQL either way.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  // clone() is typed as the interface, but it returns a PGlite like the template.
  if (!serverUrl) return wrapPglite((await (await migratedTemplate()).clone()) as PGlite);
  const name = `care_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: '', poolMax: 5 });
  await migrate(database);
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * Per-user quotas out of the way, for test files about something else that send many messages, offer requests
 * or files as one user within a minute. The quota tests (plugins/quotas.test.ts) use the real defaults.
 */
export const QUOTAS_OFF: Record<string, string> = {
  QUOTA_CHAT_MESSAGES_PER_MINUTE: '100000',
  QUOTA_OFFER_REQUESTS_PER_MINUTE: '100000',
  QUOTA_UPLOAD_MB_PER_DAY: '10000',
};

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  env: Env;
}

/**
 * Builds the app on a fresh test database; call `app.close()` in afterAll (it closes the database too). An answer
 * that drifts from the OpenAPI document makes its `app.inject` call reject (AnswerDriftError).
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  deps: Pick<
    AppDeps,
    'b2cStore' | 'onMailQueued' | 'eventsHeartbeatMs' | 'metrics' | 'logStream' | 'onRoute'
  > = {},
): Promise<TestApp> {
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', ...overrides });
  const database = await createTestDatabase();
  // Every answer the test receives is checked against the OpenAPI document (test/answer-validation.ts).
  const validation = answerValidation(env.BASE_PATH);
  const onRoute: AppDeps['onRoute'] = (route) => {
    validation.onRoute(route);
    deps.onRoute?.(route);
  };
  const app = await buildApp({ env, database, ...deps, onRoute });
  validation.watch(app);
  await app.ready();
  return { app, database, env };
}
