import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { defaultPoolMax } from '#app/config/env.ts';

/** One type for both drivers: features only see the pg dialect. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Runs `fn` while holding a PostgreSQL advisory lock on one connection (migrations, singleton jobs). */
  withLock<T>(key: number, fn: (db: Db) => Promise<T>): Promise<T>;
  ping(): Promise<boolean>;
  /**
   * Receives NOTIFY on `channel` over a connection of its own (events/listener.ts). PostgreSQL: a dedicated
   * client outside the pool; `onLost` is told once when it breaks, and the caller opens a new one. PGlite: the
   * one in-process connection, never lost.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onLost: (error: Error) => void,
  ): Promise<Listening>;
  close(): Promise<void>;
}

export interface Listening {
  /** A round trip on the listening connection; rejects when it is dead (a half-open TCP connection). */
  check(): Promise<void>;
  close(): Promise<void>;
}

/** The application_name of listening connections, so operators (and tests) can find them in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'care-portal-listener';

export interface DatabaseOptions {
  url: string | undefined;
  dataDir: string;
  /** Connections in the pool (PostgreSQL); by default from the machine's cores (config/env.ts defaultPoolMax). */
  poolMax?: number;
  /** Told about errors of idle pooled connections (e.g. PostgreSQL restarted); the pool replaces them. */
  onConnectionError?: (error: Error) => void;
}

export async function openDatabase({
  url,
  dataDir,
  poolMax = defaultPoolMax(),
  onConnectionError,
}: DatabaseOptions): Promise<Database> {
  if (url && /^postgres(ql)?:\/\//.test(url))
    return openPostgres(url, poolMax, onConnectionError ?? (() => {}));
  return openPglite(url === 'memory://' ? undefined : join(dataDir, 'pglite'));
}

function openPostgres(url: string, max: number, onConnectionError: (error: Error) => void): Database {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', onConnectionError);
  // Nor one checked out (a transaction between two statements, a lock holder): pg emits 'error' on the client,
  // which has no listener of the pool's while it is out. Its query in progress, or next one, fails instead, and
  // the pool drops it on release (PostgreSQL stopped with -m immediate crashed the process before).
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzleNodePg(pool);
  return {
    db,
    kind: 'postgres',
    async withLock(key, fn) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [key]);
        try {
          return await fn(drizzleNodePg(client));
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    ping: () => ping(db),
    listen: (channel, onNotify, onLost) => listenPostgres(url, channel, onNotify, onLost),
    close: () => pool.end(),
  };
}

async function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onLost: (error: Error) => void,
): Promise<Listening> {
  const client = new pg.Client({
    connectionString: url,
    application_name: LISTENER_APPLICATION_NAME,
    connectionTimeoutMillis: 5000,
    query_timeout: 5000,
    keepAlive: true,
  });
  let open = false;
  const lost = (error: Error) => {
    if (!open) return;
    open = false;
    client.end().catch(() => {});
    onLost(error);
  };
  // Without an 'error' listener a dropped connection would crash the process.
  client.on('error', lost);
  client.on('end', () => lost(new Error('the listening connection ended')));
  client.on('notification', (message) => {
    if (message.channel === channel) onNotify(message.payload ?? '');
  });
  try {
    await client.connect();
    await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  open = true;
  return {
    async check() {
      await client.query('SELECT 1');
    },
    async close() {
      open = false;
      await client.end().catch(() => {});
    },
  };
}

/** A new PGlite with the extensions our migrations use; in memory when `dir` is undefined. */
export function createPglite(dir?: string): Promise<PGlite> {
  if (dir) mkdirSync(dir, { recursive: true });
  return PGlite.create({ ...(dir ? { dataDir: dir } : {}), extensions: { pg_trgm, unaccent } });
}

async function openPglite(dir: string | undefined): Promise<Database> {
  return wrapPglite(await createPglite(dir));
}

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite(client);
  return {
    db,
    kind: 'pglite',
    // PGlite is a single connection inside this process: nothing else can race us.
    withLock: (_key, fn) => fn(db),
    ping: () => ping(db),
    async listen(channel, onNotify) {
      // PGlite quotes nothing: the channel is one of our lower-case constants.
      const unlisten = await client.listen(channel, onNotify);
      return {
        check: async () => {},
        // After the database closed there is nothing left to unlisten.
        close: () => unlisten().catch(() => {}),
      };
    },
    close: () => client.close(),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`SELECT 1`);
    return true;
  } catch {
    return false;
  }
}
