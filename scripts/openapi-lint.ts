// Lints the published OpenAPI document with Redocly's recommended rules (docs/decisions/053): builds the app on an
// in-memory database, with single sign-on configured so its routes are in the document too, writes the document to
// a temporary file and runs `redocly lint` on it. Prints Redocly's report and exits non-zero on any error.
// OPENAPI_KEEP=<file> keeps a copy of the document there (to read what the report points at).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { parseEnv } from '../apps/server/src/config/env.ts';
import { createPglite, wrapPglite } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';

const root = resolve(import.meta.dirname, '..');
const folder = mkdtempSync(join(tmpdir(), 'care-openapi-'));

async function writeDocument(file: string): Promise<void> {
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    DATA_DIR: folder,
    // Never reached: discovery happens at the first sign-in, and the document only needs the routes.
    OIDC_ISSUER_URL: 'https://sso.example.invalid',
    OIDC_CLIENT_ID: 'care-portal',
    OIDC_CLIENT_SECRET: 'openapi-lint',
    OIDC_ROLE_GROUPS: 'admin=care-admins',
  });
  const database = wrapPglite(await createPglite());
  await migrate(database);
  const app = await buildApp({ env, database });
  try {
    await app.ready();
    const document = JSON.stringify(app.swagger(), null, 2);
    writeFileSync(file, document);
    if (process.env.OPENAPI_KEEP) writeFileSync(process.env.OPENAPI_KEEP, document);
  } finally {
    await app.close();
  }
}

let status = 1;
try {
  const file = join(folder, 'openapi.json');
  await writeDocument(file);
  // Redocly runs on the project's Node (this one), not on whichever `node` the shell finds first.
  const lint = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/@redocly/cli/bin/cli.js'),
      'lint',
      file,
      '--extends=recommended',
      '--format=stylish',
      '--max-problems=1000',
    ],
    // No usage data or update notices sent from CI or a developer's machine.
    {
      stdio: 'inherit',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' },
    },
  );
  status = lint.status ?? 1;
} finally {
  rmSync(folder, { recursive: true, force: true });
}
process.exit(status);
