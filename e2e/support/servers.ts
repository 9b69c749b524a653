import { basename, join, resolve } from 'node:path';

export interface Server {
  port: number;
  basePath: string;
}

/**
 * The first of the four ports the journeys' servers take. E2E_PORT_BASE moves them, so that two checkouts on one
 * machine can run their journeys at the same time.
 */
const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 3110);

/** The servers the journeys run against: the built app at the root, and the same build under BASE_PATH. */
export const SERVERS = {
  root: { port: PORT_BASE, basePath: '' },
  basePath: { port: PORT_BASE + 1, basePath: '/portal' },
  /** Two instances of the same portal on one PostgreSQL database and one file store (as in production). */
  first: { port: PORT_BASE + 2, basePath: '' },
  second: { port: PORT_BASE + 3, basePath: '' },
  /** A portal with staff single sign-on through the test OpenID provider below (e2e/sso.spec.ts). */
  sso: { port: PORT_BASE + 4, basePath: '' },
} as const satisfies Record<string, Server>;

/** The test OpenID provider (e2e/support/oidc-provider.ts) the `sso` server signs staff in through. */
export const OIDC_PROVIDER = {
  port: PORT_BASE + 5,
  issuer: `http://127.0.0.1:${PORT_BASE + 5}`,
  clientId: 'care-portal-e2e',
  clientSecret: 'care-portal-e2e-secret',
  providerName: 'AgroMech ID',
} as const;

/**
 * The root server's SMTP receiver for answers to chat e-mails (docs/decisions/063), and the reply address its chat
 * e-mails carry: the service desk's journey answers an e-mail as a mail program would.
 */
export const INBOUND_SMTP = {
  port: PORT_BASE + 6,
  replyAddress: 'reply@care.agromech.example',
  replySecret: 'e2e-only-reply-secret-0123456789abcdef',
} as const;

/**
 * Each run's servers keep their files (mail, uploads) in a directory of their own. The main process names it
 * once; the workers it starts inherit the variable, so every process reads the same mail.
 */
process.env.E2E_DATA_DIR ??= resolve(import.meta.dirname, '../../.e2e-data', String(Date.now()));
export const E2E_DATA_ROOT = resolve(import.meta.dirname, '../../.e2e-data');

export const dataDirOf = (server: Server): string => join(process.env.E2E_DATA_DIR!, String(server.port));

/** The two instances share their files, as production shares a file store. */
export const SHARED_DATA_DIR = (): string => join(process.env.E2E_DATA_DIR!, 'shared');

/**
 * This run's PostgreSQL database for the two instances (global-setup drops earlier runs' ones: those of the
 * same port base, so a checkout running at the same time on other ports keeps its own).
 */
export const E2E_DATABASE_PREFIX = `care_e2e_${PORT_BASE}_`;
export const e2eDatabaseUrl = (): string =>
  `postgres://postgres@127.0.0.1:5432/${E2E_DATABASE_PREFIX}${basename(process.env.E2E_DATA_DIR!)}`;

export const originOf = (server: Server): string => `http://localhost:${server.port}`;
