import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { E2E_DATA_ROOT, E2E_DATABASE_PREFIX, e2eDatabaseUrl } from './support/servers.ts';

const web = resolve(import.meta.dirname, '../apps/web');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * The journeys run against the built web app served by the server (the server only serves the SPA when
 * apps/web/dist exists). `npm run e2e` builds first; a bare `npx playwright test` needs a build.
 */
/** Earlier runs' mail and uploads (each run has its own directory under .e2e-data). */
function removeEarlierRuns(): void {
  if (!existsSync(E2E_DATA_ROOT)) return;
  const current = process.env.E2E_DATA_DIR;
  for (const entry of readdirSync(E2E_DATA_ROOT)) {
    const path = join(E2E_DATA_ROOT, entry);
    if (path !== current) rmSync(path, { recursive: true, force: true });
  }
}

/** Earlier runs' PostgreSQL databases of the two-instance journeys. */
async function dropEarlierDatabases(): Promise<void> {
  const current = new URL(e2eDatabaseUrl()).pathname.slice(1);
  const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1 AND datname <> $2',
      [`${E2E_DATABASE_PREFIX}%`, current],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

export default async function globalSetup(): Promise<void> {
  removeEarlierRuns();
  await dropEarlierDatabases();
  const index = join(web, 'dist/index.html');
  if (!existsSync(index)) {
    throw new Error(
      'apps/web/dist is missing: run `npm run build -w @care/web` first (`npm run e2e` does it).',
    );
  }
  const built = statSync(index).mtimeMs;
  if (newestSource(join(web, 'src')) > built || newestSource(join(web, 'public')) > built) {
    console.warn(
      '\n  apps/web/dist is older than apps/web/src: the journeys run against the previous build.\n',
    );
  }
}
