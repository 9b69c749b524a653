import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';

const repoRoot = resolve(import.meta.dirname, '../../../..');

/**
 * Connections in one instance's pool unless DATABASE_POOL_MAX says otherwise: twice this machine's cores, at least 2
 * and at most 10 (4 on two cores). PostgreSQL does the most work with about two to four active connections per core
 * of its server across all clients; more only queue inside it and cost CPU in switching and lock contention (on
 * two cores, the same statements cost 5.5 ms of PostgreSQL CPU per request over 20 connections against 2.1 ms over
 * 2: docs/perf.md, issue 17). The default assumes one instance on a machine like the database's; with several
 * instances, divide (docs/operations.md "Connection pools").
 */
export function defaultPoolMax(cores = availableParallelism()): number {
  return Math.min(10, Math.max(2, 2 * cores));
}

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const int = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** "" and "/" mean the root; anything else becomes "/segment" without a trailing slash. */
const basePath = z
  .string()
  .regex(/^(\/[A-Za-z0-9._~-]+)*\/?$/, 'must look like /portal')
  .transform((v) => v.replace(/\/+$/, ''));

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  /** Extra origins allowed to send state-changing requests (comma-separated), e.g. a host page on another domain. */
  ALLOWED_ORIGINS: z.string().default(''),
  DATA_DIR: z.string().default(resolve(repoRoot, 'data')),
  /** postgres://… for PostgreSQL; unset for the embedded PGlite under DATA_DIR/pglite; "memory://" for an in-memory PGlite. */
  DATABASE_URL: z.string().optional(),
  /** Connections in this instance's pool (plus one for LISTEN); by default from the cores: defaultPoolMax. */
  DATABASE_POOL_MAX: int(defaultPoolMax()),
  /** Demo data on an empty database; defaults to on, except in production. */
  SEED_DEMO_DATA: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * `json`: one JSON object per line, for a log shipper. `pretty`: readable lines for a person (pino-pretty).
   * Unset: pretty in development when standard output is a terminal (`npm start` on a laptop), JSON otherwise.
   */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  WEB_DIST_DIR: z.string().default(resolve(repoRoot, 'apps/web/dist')),
  /**
   * Serve the web app's source maps (`assets/*.map`, built beside the code but not named in it) and name each in a
   * `SourceMap` header. Defaults to on, except in production: there they would hand out the readable source.
   */
  SERVE_SOURCE_MAPS: bool.optional(),
  /**
   * Serve the API's OpenAPI document and its browser at BASE_PATH/api/docs. Defaults to on, except in production:
   * there the whole API surface (staff and admin operations included) is shown only when the operator means to.
   */
  API_DOCS: bool.optional(),
  /**
   * Prometheus metrics (docs/operations.md): GET /metrics on the app's port answers only with
   * "Authorization: Bearer <METRICS_TOKEN>" (404 while unset); METRICS_PORT adds a listener on METRICS_HOST that
   * serves /metrics without a token, for a scraper on the same host or private network.
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),

  BASE_PATH: basePath.default(''),
  PORTAL_API_BASE_URL: z.string().default(''),

  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('AgroMech Care <no-reply@agromech.example>'),
  SALES_EMAIL: z.email().default('parts@agromech.example'),
  SERVICE_EMAIL: z.email().default('service@agromech.example'),
  /**
   * Answering chat e-mails by e-mail (docs/decisions/063): chat e-mails carry Reply-To `<local>+<token>@<domain>` of
   * this address; without it they carry none and say to answer in the portal. The token is signed with
   * MAIL_REPLY_SECRET (required with it, the same on every instance).
   */
  MAIL_REPLY_ADDRESS: z.email().optional(),
  MAIL_REPLY_SECRET: z.string().min(32).optional(),
  /** The portal's own SMTP receiver for those replies: listens when the port is set (needs MAIL_REPLY_ADDRESS). */
  MAIL_INBOUND_SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  MAIL_INBOUND_SMTP_HOST: z.string().default('127.0.0.1'),
  /**
   * Seconds a chat message waits before it is e-mailed with the ones written after it (ADR 063): 10 minutes. Only
   * the end-to-end journeys shorten it, to see the e-mail within seconds.
   */
  CHAT_MAIL_DELAY_S: int(600),

  CAPTCHA_REQUIRED: bool.default(false),
  /** Signs ALTCHA challenges; required with CAPTCHA_REQUIRED=true (and the same on every instance). */
  CAPTCHA_HMAC_KEY: z.string().min(32).optional(),
  /** Proof-of-work size: PBKDF2 iterations per attempt, and the largest secret counter a browser may have to reach. */
  CAPTCHA_COST: int(1000),
  CAPTCHA_MAX_NUMBER: int(3000),
  /** Authorities every customer holds (SPEC §6), comma-separated; "," for none. */
  CUSTOMER_AUTHORITIES: z
    .string()
    .regex(/^[A-Z0-9_, ]*$/, 'must be a comma-separated list of authority names like RIGHT_CARE_VIEW_CATALOG')
    .default('RIGHT_CARE_VIEW_CATALOG')
    .transform((value) =>
      value
        .split(',')
        .map((authority) => authority.trim())
        .filter(Boolean),
    ),

  /**
   * Multiplies the per-IP limits of sign-in, registration and password reset. 1 in production; raised only where
   * many people share one address on purpose, such as the end-to-end journeys on loopback.
   */
  RATE_LIMIT_IP_FACTOR: int(1),
  /**
   * Which peers may name the client's address in X-Forwarded-For (Fastify trustProxy), the address the per-IP
   * limits and the session records use: "true" (any peer: only behind a proxy that overwrites the header),
   * "false", a hop count, or addresses, CIDRs and loopback/linklocal/uniquelocal, comma-separated. Unset: a proxy
   * on loopback or a private network in production, nobody otherwise.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value): boolean | number | string | undefined => {
      if (value === undefined) return undefined;
      if (value === 'true' || value === 'false') return value === 'true';
      return /^\d+$/.test(value) ? Number(value) : value;
    }),
  /**
   * Per-user quotas (docs/decisions/036): each answers 429 with Retry-After when used up. The numbers are a
   * customer's; staff (service, sales, admin) get QUOTA_STAFF_FACTOR times the rates and the upload volume.
   */
  QUOTA_CHAT_MESSAGES_PER_MINUTE: int(10),
  QUOTA_OFFER_REQUESTS_PER_MINUTE: int(3),
  /** Megabytes of files (service requests, appendices, chat, offer requests) per user and calendar day (UTC). */
  QUOTA_UPLOAD_MB_PER_DAY: z.coerce.number().int().positive().max(10_000).default(200),
  QUOTA_STAFF_FACTOR: z.coerce.number().int().positive().max(100).default(10),
  /** Size of one saved setting's value (a table's columns and filters), and saved settings per user. */
  QUOTA_SETTING_KB: int(16),
  QUOTA_SETTINGS_PER_USER: int(20),
  /** Open live-update streams per user on one instance; a newer one replaces the oldest. */
  QUOTA_EVENT_STREAMS_PER_USER: int(6),
  /**
   * Registrations (each e-mails its address) per e-mail domain and hour, from any client address: bounds the mail
   * an attacker can send to one company. Raise it for a launch mailing to customers of one large provider.
   */
  QUOTA_REGISTRATIONS_PER_DOMAIN_PER_HOUR: int(20),

  /**
   * Staff single sign-on with OpenID Connect (docs/operations.md "Staff single sign-on"): on when OIDC_ISSUER_URL
   * is set, which then needs the client id and secret and the group mapping.
   */
  OIDC_ISSUER_URL: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** The sign-in button reads "Sign in with <name>". */
  OIDC_PROVIDER_NAME: z.string().default('SSO'),
  /** The callback under BASE_PATH, registered at the provider as PUBLIC_URL + BASE_PATH + this path. */
  OIDC_REDIRECT_PATH: z
    .string()
    .regex(/^(\/[A-Za-z0-9._~-]+)+$/, 'must look like /auth/sso/callback')
    .default('/auth/sso/callback'),
  /** The scopes asked for; add the one that releases the group claim where the provider needs it (e.g. groups). */
  OIDC_SCOPES: z.string().default('openid email profile'),
  /** The ID token / userinfo claim that lists the person's groups. */
  OIDC_GROUPS_CLAIM: z.string().default('groups'),
  /** role=group pairs, comma-separated, e.g. service=care-service,sales=care-sales,admin=care-admins. */
  OIDC_ROLE_GROUPS: z
    .string()
    .regex(
      /^\s*(service|sales|admin)=[^,=]+(,\s*(service|sales|admin)=[^,=]+)*\s*$/,
      'must be role=group pairs like service=care-service,admin=care-admins (roles: service, sales, admin)',
    )
    .optional(),
  /** false: staff roles sign in only through OIDC (customers keep passwords); needs OIDC_ISSUER_URL. */
  STAFF_PASSWORD_SIGN_IN: bool.default(true),

  SESSION_IDLE_MINUTES: int(30),
  SESSION_ABSOLUTE_HOURS: int(12),
  SESSION_REMEMBER_DAYS: int(30),

  UPLOAD_MAX_FILE_MB: int(20),
  UPLOAD_MAX_REQUEST_MB: int(100),
  UPLOAD_MAX_FILES: int(10),
  /**
   * Seconds a connection may send and receive nothing before it is closed (a stalled upload, a client that
   * stopped reading). Above the event stream's 25 s heartbeat.
   */
  REQUEST_IDLE_TIMEOUT_S: int(60),

  BRAND_NAME: z.string().default('AgroMech'),
  BRAND_SERVICE_PHONE: z.string().default('+48 61 555 01 20'),
  BRAND_SERVICE_EMAIL: z.email().default('serwis@agromech.example'),
  BRAND_ADDRESS_STREET: z.string().default('ul. Żniwna 12'),
  BRAND_ADDRESS_POSTAL_CODE: z.string().default('62-050'),
  BRAND_ADDRESS_CITY: z.string().default('Mosina'),
  /** ISO 3166-1 alpha-2: the footer names the country in the page's language (Intl.DisplayNames). */
  BRAND_ADDRESS_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 country code, e.g. PL')
    .default('PL'),
  BRAND_VIDEO_URL: z.url().default('https://www.youtube.com/@agromech-example/playlists'),
  BRAND_SOCIAL_URL: z.url().default('https://www.facebook.com/agromech.example'),
  BRAND_SHOP_URL: z.url().default('https://shop.agromech.example'),
});

export type Env = z.infer<typeof EnvSchema> & {
  PUBLIC_URL: string;
  TRUST_PROXY: boolean | number | string;
  SEED_DEMO_DATA: boolean;
  SERVE_SOURCE_MAPS: boolean;
  API_DOCS: boolean;
  CAPTCHA_HMAC_KEY: string;
  LOG_FORMAT: 'json' | 'pretty';
};

export class EnvError extends Error {}

/**
 * Parses the environment once at boot; a bad value stops start-up with a message naming each bad variable.
 * `stdoutIsTerminal` picks the default LOG_FORMAT.
 */
export function parseEnv(
  source: Record<string, string | undefined> = process.env,
  { stdoutIsTerminal = process.stdout.isTTY === true }: { stdoutIsTerminal?: boolean } = {},
): Env {
  // Empty strings mean "unset", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const result = EnvSchema.superRefine((env, context) => {
    if (env.CAPTCHA_REQUIRED && !env.CAPTCHA_HMAC_KEY) {
      context.addIssue({
        code: 'custom',
        path: ['CAPTCHA_HMAC_KEY'],
        message:
          'is required when CAPTCHA_REQUIRED=true (at least 32 characters, the same on every instance)',
      });
    }
    if (env.MAIL_REPLY_ADDRESS && !env.MAIL_REPLY_SECRET) {
      context.addIssue({
        code: 'custom',
        path: ['MAIL_REPLY_SECRET'],
        message: 'is required with MAIL_REPLY_ADDRESS (at least 32 characters, the same on every instance)',
      });
    }
    if (env.MAIL_INBOUND_SMTP_PORT && !env.MAIL_REPLY_ADDRESS) {
      context.addIssue({
        code: 'custom',
        path: ['MAIL_REPLY_ADDRESS'],
        message: 'is required with MAIL_INBOUND_SMTP_PORT (the address whose replies the receiver accepts)',
      });
    }
    if (env.OIDC_ISSUER_URL) {
      for (const name of ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_ROLE_GROUPS'] as const) {
        if (!env[name])
          context.addIssue({ code: 'custom', path: [name], message: 'is required with OIDC_ISSUER_URL' });
      }
      if (env.NODE_ENV === 'production' && !env.OIDC_ISSUER_URL.startsWith('https://')) {
        context.addIssue({
          code: 'custom',
          path: ['OIDC_ISSUER_URL'],
          message: 'must be https:// in production',
        });
      }
    } else if (!env.STAFF_PASSWORD_SIGN_IN) {
      context.addIssue({
        code: 'custom',
        path: ['STAFF_PASSWORD_SIGN_IN'],
        message:
          'can be false only with single sign-on configured (OIDC_ISSUER_URL), or no staff could sign in',
      });
    }
  }).safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid environment variables:\n${lines.join('\n')}`);
  }
  const env = result.data;
  return {
    ...env,
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    SEED_DEMO_DATA: env.SEED_DEMO_DATA ?? env.NODE_ENV !== 'production',
    SERVE_SOURCE_MAPS: env.SERVE_SOURCE_MAPS ?? env.NODE_ENV !== 'production',
    API_DOCS: env.API_DOCS ?? env.NODE_ENV !== 'production',
    // A log shipper reads a pipe or a file, never a terminal: a production host that forgot NODE_ENV still gets JSON.
    LOG_FORMAT: env.LOG_FORMAT ?? (env.NODE_ENV === 'development' && stdoutIsTerminal ? 'pretty' : 'json'),
    TRUST_PROXY:
      env.TRUST_PROXY ?? (env.NODE_ENV === 'production' ? 'loopback,linklocal,uniquelocal' : false),
    // Without a required captcha a per-process key is enough: challenges are only offered, never demanded.
    CAPTCHA_HMAC_KEY: env.CAPTCHA_HMAC_KEY ?? randomBytes(32).toString('hex'),
  };
}
