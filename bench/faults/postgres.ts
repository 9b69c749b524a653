import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { FAULTS_DIR } from './paths.ts';

/**
 * A PostgreSQL cluster of the fault benches' own, so that stopping it harms nobody: initdb into
 * `${FAULTS_DIR}/pg` on first use, listening on 127.0.0.1:FAULTS_PG_PORT (55432) and a socket in FAULTS_DIR.
 * As root every pg_ctl runs as the `postgres` user (PostgreSQL refuses to run as root); as anyone else, as
 * that user. The cluster is stopped at the end of a run; its files stay for the next one (`--clean` removes them).
 */
export const PG_PORT = Number(process.env.FAULTS_PG_PORT ?? 55432);
const dataDir = join(FAULTS_DIR, 'pg');
const socketDir = join(FAULTS_DIR, 'sock');
const logFile = join(FAULTS_DIR, 'pg.log');

function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const versions = readdirSync('/usr/lib/postgresql')
    .map(Number)
    .filter((v) => v > 0)
    .sort((a, b) => b - a);
  if (versions.length === 0) throw new Error('no PostgreSQL under /usr/lib/postgresql: set PG_BIN');
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}

const asRoot = process.getuid?.() === 0;

function run(tool: string, args: string[]): string {
  const command = join(binDir(), tool);
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export const adminUrl = `postgres://postgres@127.0.0.1:${PG_PORT}/postgres`;
export const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${PG_PORT}/${database}`;

export function isRunning(): boolean {
  try {
    run('pg_ctl', ['-D', dataDir, 'status']);
    return true;
  } catch {
    return false;
  }
}

/** Creates the cluster if it is not there and starts it. */
export function startPostgres(): void {
  mkdirSync(socketDir, { recursive: true });
  chmodSync(FAULTS_DIR, 0o777);
  chmodSync(socketDir, 0o777);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    mkdirSync(dataDir, { recursive: true });
    if (asRoot) execFileSync('chown', ['postgres:', dataDir]);
    run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  }
  if (isRunning()) return;
  const options = `-p ${PG_PORT} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=on -c max_connections=100`;
  run('pg_ctl', ['-D', dataDir, '-o', options, '-l', logFile, '-w', 'start']);
}

/** `fast` rolls back open transactions and closes connections (SIGINT); `immediate` is a crash (SIGQUIT). */
export function stopPostgres(mode: 'fast' | 'immediate' = 'fast'): void {
  if (isRunning()) run('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
}

/** A new empty database (an old one of that name is dropped, its connections ended). */
export async function freshDatabase(name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
  return urlOf(name);
}

/** Runs one query on `url` with a short-lived client. */
export async function query<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
