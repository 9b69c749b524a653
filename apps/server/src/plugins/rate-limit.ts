import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  normalizeIP,
  type RateLimitOptions,
} from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '#app/db/client.ts';
import { rateLimitHits } from '#app/db/schema/rate-limits.ts';
import { sha256Hex } from '#app/security/tokens.ts';
import { AppError } from './errors.ts';

interface Limit {
  max: number;
  /** Milliseconds; at most a day, which the clean-up relies on. */
  timeWindow: number;
}

const MINUTE = 60_000;

/** docs/design.md security baseline: limits per IP and per account on sign-in, registration and password reset. */
export const RATE_LIMITS = {
  signInPerIp: { max: 10, timeWindow: MINUTE },
  /** Failed sign-ins only (perAccountFailures): a customer who signs in often is not locked out by it. */
  signInPerAccount: { max: 20, timeWindow: 60 * MINUTE },
  /** Shared by auth/registration and auth/registrationB2C. */
  registrationPerIp: { max: 5, timeWindow: 15 * MINUTE },
  /** Registration mail to one mailbox (every registration e-mails the address it names; shared by both forms). */
  registrationPerAddress: { max: 3, timeWindow: 60 * MINUTE },
  passwordResetPerIp: { max: 5, timeWindow: 15 * MINUTE },
  /** Opening e-mailed links (registration confirmation, new password): generous, the tokens are unguessable. */
  tokenPerIp: { max: 30, timeWindow: 15 * MINUTE },
  /** Password change and deactivation: guessing the password through a session someone left open. */
  passwordCheckPerUser: { max: 10, timeWindow: 15 * MINUTE },
  /** Failed second-factor attempts (TOTP, recovery codes, passkeys) after the password, per account. */
  secondFactorPerAccount: { max: 10, timeWindow: 15 * MINUTE },
  /**
   * Server renders of public catalogue pages (plugins/rendered-pages.ts), not pages served from its cache; over it the
   * plain page. A person loads a page in full only on arrival or reload; a crawler or a flood gets the plain page.
   */
  pageRenderPerIp: { max: 10, timeWindow: MINUTE },
} as const satisfies Record<string, Limit>;

/** Rows older than this are finished windows (or spent captcha challenges) and may go. */
const RETENTION = '1 day';

interface Hit {
  count: number;
  ttl: number;
}

/** The start of the fixed window `now()` falls in, by the database clock so that every instance agrees. */
const windowStart = (windowMs: number) =>
  sql`to_timestamp(floor(extract(epoch from now()) * 1000 / ${windowMs}::numeric) * ${windowMs}::numeric / 1000)`;
const ttlOf = (windowMs: number) =>
  sql`(extract(epoch from window_start) * 1000 + ${windowMs}::numeric - extract(epoch from now()) * 1000)::int`;

/** Counts one request in the current window of `key` and answers the count so far. */
export async function countHit(db: Db, key: string, windowMs: number): Promise<Hit> {
  return addToWindow(db, key, windowMs, 1);
}

/** Adds `amount` (negative to give back) to the current window of `key`, e.g. uploaded KiB; answers the total. */
export async function addToWindow(db: Db, key: string, windowMs: number, amount: number): Promise<Hit> {
  const result = (await db.execute(sql`
    INSERT INTO ${rateLimitHits} (key, window_start, count) VALUES (${key}, ${windowStart(windowMs)}, ${amount})
    ON CONFLICT (key, window_start) DO UPDATE SET count = ${rateLimitHits}.count + ${amount}
    RETURNING count, ${ttlOf(windowMs)} AS ttl`)) as { rows: Hit[] };
  return result.rows[0]!;
}

/** The count of the current window of `key` without counting. */
export async function readHits(db: Db, key: string, windowMs: number): Promise<Hit> {
  const result = (await db.execute(sql`
    SELECT count, ${ttlOf(windowMs)} AS ttl FROM ${rateLimitHits}
    WHERE key = ${key} AND window_start = ${windowStart(windowMs)}`)) as { rows: Hit[] };
  return result.rows[0] ?? { count: 0, ttl: 0 };
}

/**
 * True the first time `key` is claimed, false ever after (until clean-up, a day after `until`). Used for
 * single-use values that expire at `until`, such as solved captcha challenges.
 */
export async function claimOnce(db: Db, key: string, until: Date): Promise<boolean> {
  const result = (await db.execute(sql`
    INSERT INTO ${rateLimitHits} (key, window_start, count) VALUES (${key}, ${until.toISOString()}, 1)
    ON CONFLICT (key, window_start) DO UPDATE SET count = ${rateLimitHits}.count + 1
    RETURNING count`)) as { rows: { count: number }[] };
  return result.rows[0]!.count === 1;
}

/** Housekeeping: finished windows. */
export async function removeExpiredRateLimitWindows(db: Db): Promise<number> {
  const result = (await db.execute(sql`
    WITH removed AS (DELETE FROM ${rateLimitHits} WHERE window_start < now() - ${RETENTION}::interval RETURNING 1)
    SELECT count(*)::int AS n FROM removed`)) as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

/**
 * A @fastify/rate-limit store on the rate_limit_hits table: fixed windows shared by all instances
 * (docs/decisions/011-rate-limit-store.md). The plugin constructs it, so the class closes over the database.
 */
export function databaseStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      countHit(db, key, timeWindow).then(
        ({ count, ttl }) => callback(null, { current: count, ttl }),
        (error: Error) => callback(error),
      );
    }
    read(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      readHits(db, key, timeWindow).then(
        ({ count, ttl }) => callback(null, { current: count, ttl }),
        (error: Error) => callback(error),
      );
    }
    child(): FastifyRateLimitStore {
      return new DatabaseStore();
    }
  }
  return DatabaseStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** RATE_LIMIT_IP_FACTOR: multiplies every per-IP limit (1 in production). */
    rateLimitIpFactor: number;
  }
}

/** Registers @fastify/rate-limit with the database store; no route is limited unless it asks (config.rateLimit). */
export async function registerRateLimits(app: FastifyInstance, db: Db, ipFactor = 1): Promise<void> {
  app.decorate('rateLimitIpFactor', ipFactor);
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(db),
    // Our error handler answers `{ code: 'RATE_LIMITED' }`; the plugin has already set Retry-After.
    errorResponseBuilder: () => Object.assign(new AppError('RATE_LIMITED'), { statusCode: 429 }),
  });
}

/** Route config for a limit per client IP (IPv6 per /64), counted before the body is even read. */
export function perIp(name: string, limit: Limit): RateLimitOptions {
  return {
    ...limit,
    max: (request) => limit.max * request.server.rateLimitIpFactor,
    keyGenerator: (request) => `${name}:ip:${normalizeIP(request.ip)}`,
  };
}

/**
 * A preHandler limiting per account, for limits whose key is in the body (validated by then). The key is
 * hashed, so the table holds no e-mail addresses.
 */
export function perAccount(
  app: FastifyInstance,
  name: string,
  limit: Limit,
  accountOf: (request: FastifyRequest) => string,
): preHandlerAsyncHookHandler {
  const check = app.createRateLimit({
    ...limit,
    keyGenerator: (request) => `${name}:account:${sha256Hex(accountOf(request)).slice(0, 32)}`,
  });
  return async (request, reply) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new AppError('RATE_LIMITED');
    }
  };
}

export interface FailureLimit {
  /** preHandler: counts the attempt, and refuses it (429, Retry-After) once the window holds `max` of them. */
  guard: preHandlerAsyncHookHandler;
  /** Gives the request's attempt back: it succeeded, so it was no guess. */
  forgive: (request: FastifyRequest) => Promise<void>;
}

/**
 * A limit per account on failed attempts only (sign-in: guessing one account's password from many addresses).
 * Every attempt is counted before it is checked and given back if it succeeds, rather than counted after it
 * fails: attempts sent at once all count, so a burst cannot get past the limit while the first ones are checked.
 * The key is hashed like perAccount's.
 */
export function perAccountFailures(
  db: Db,
  name: string,
  limit: Limit,
  accountOf: (request: FastifyRequest) => string,
): FailureLimit {
  const keyOf = (request: FastifyRequest) => `${name}:account:${sha256Hex(accountOf(request)).slice(0, 32)}`;
  /** The window each counted attempt went into, so that the give-back finds it even across a window's edge. */
  const counted = new WeakMap<FastifyRequest, string>();
  return {
    async guard(request, reply) {
      const key = keyOf(request);
      const result = (await db.execute(sql`
        INSERT INTO ${rateLimitHits} (key, window_start, count) VALUES (${key}, ${windowStart(limit.timeWindow)}, 1)
        ON CONFLICT (key, window_start) DO UPDATE SET count = ${rateLimitHits}.count + 1
        RETURNING count, ${ttlOf(limit.timeWindow)} AS ttl, window_start::text AS "windowStart"`)) as {
        rows: Array<Hit & { windowStart: string }>;
      };
      const { count, ttl, windowStart: countedIn } = result.rows[0]!;
      if (count > limit.max) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(ttl / 1000))));
        throw new AppError('RATE_LIMITED');
      }
      counted.set(request, countedIn);
    },
    async forgive(request) {
      const window = counted.get(request);
      if (window === undefined) return;
      counted.delete(request);
      await db.execute(sql`
        UPDATE ${rateLimitHits} SET count = count - 1
        WHERE key = ${keyOf(request)} AND window_start = ${window}::timestamptz AND count > 0`);
    },
  };
}
