import { basename, join, resolve } from 'node:path';

export interface Server {
  port: number;
  basePath: string;
}

/** The two servers the journeys run against: the built app at the root, and the same build under BASE_PATH. */
export const SERVERS = {
  root: { port: 3110, basePath: '' },
  basePath: { port: 3111, basePath: '/portal' },
  /** Two instances of the same portal on one PostgreSQL database and one file store (as in production). */
  first: { port: 3112, basePath: '' },
  second: { port: 3113, basePath: '' },
} as const satisfies Record<string, Server>;

/**
 * Each run's servers keep their files (mail, uploads) in a directory of their own. The main process names it
 * once; the workers it starts inherit the variable, so every process reads the same mail.
 */
process.env.E2E_DATA_DIR ??= resolve(import.meta.dirname, '../../.e2e-data', String(Date.now()));
export const E2E_DATA_ROOT = resolve(import.meta.dirname, '../../.e2e-data');

export const dataDirOf = (server: Server): string => join(process.env.E2E_DATA_DIR!, String(server.port));

/** The two instances share their files, as production shares a file store. */
export const SHARED_DATA_DIR = (): string => join(process.env.E2E_DATA_DIR!, 'shared');

/** This run's PostgreSQL database for the two instances (global-setup drops earlier runs' ones). */
export const E2E_DATABASE_PREFIX = 'care_e2e_';
export const e2eDatabaseUrl = (): string =>
  `postgres://postgres@127.0.0.1:5432/${E2E_DATABASE_PREFIX}${basename(process.env.E2E_DATA_DIR!)}`;

export const originOf = (server: Server): string => `http://localhost:${server.port}`;
