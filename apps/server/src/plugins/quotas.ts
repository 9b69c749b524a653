import type { ErrorCode } from '@care/contract/errors';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { AppError } from './errors.ts';
import { addToWindow, countHit, readHits } from './rate-limit.ts';
import { actorOf, type Actor } from './session.ts';

/**
 * Per-user quotas (docs/decisions/036): what one signed-in user may do per minute or day, counted in the
 * rate-limit table's fixed windows, so every instance shares the counters. Used up, a request answers 429 with
 * Retry-After (the seconds left in the window) and a code of its own, which the web explains in words.
 *
 *   registerQuotas(app, db, env)            — once, before the routes
 *   userQuota(app, 'chatMessages')           — a preHandler counting one use
 *   startUploadQuota(request): UploadQuota   — the day's upload volume, for files/uploads.ts
 *   quotaFactor(quotas, actor)               — 1 for customers, QUOTA_STAFF_FACTOR for staff
 */

const MINUTE = 60_000;
const DAY = 86_400_000;

interface Counted {
  max: number;
  windowMs: number;
  code: ErrorCode;
}

export interface Quotas {
  chatMessages: Counted;
  offerRequests: Counted;
  /** KiB a day: the counter is an integer column, and KiB keep 10 GB × 100 within it. */
  uploadKibPerDay: number;
  staffFactor: number;
  settingBytes: number;
  settingsPerUser: number;
}

export function quotasOf(env: Env): Quotas {
  return {
    chatMessages: { max: env.QUOTA_CHAT_MESSAGES_PER_MINUTE, windowMs: MINUTE, code: 'TOO_MANY_MESSAGES' },
    offerRequests: {
      max: env.QUOTA_OFFER_REQUESTS_PER_MINUTE,
      windowMs: MINUTE,
      code: 'TOO_MANY_OFFER_REQUESTS',
    },
    uploadKibPerDay: env.QUOTA_UPLOAD_MB_PER_DAY * 1024,
    staffFactor: env.QUOTA_STAFF_FACTOR,
    settingBytes: env.QUOTA_SETTING_KB * 1024,
    settingsPerUser: env.QUOTA_SETTINGS_PER_USER,
  };
}

/**
 * Staff answer many customers a day: their rates and upload volume are QUOTA_STAFF_FACTOR times a customer's,
 * still far below what a script does, and their accounts are created by an admin.
 */
export const quotaFactor = (quotas: Quotas, actor: Actor): number =>
  actor.role === 'customer' ? 1 : quotas.staffFactor;

/** A used-up quota: 429 with Retry-After (set by registerQuotas' onError hook). */
export class QuotaExceeded extends AppError {
  readonly retryAfterSeconds: number;
  constructor(code: ErrorCode, retryAfterMs: number) {
    super(code);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    quotas: Quotas;
    quotaDb: Db;
  }
}

export function registerQuotas(app: FastifyInstance, db: Db, env: Env): void {
  app.decorate('quotas', quotasOf(env));
  app.decorate('quotaDb', db);
  // Runs before the error handler, which answers the code's status and body.
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof QuotaExceeded) reply.header('retry-after', String(error.retryAfterSeconds));
  });
}

type CountedQuota = 'chatMessages' | 'offerRequests';

/** A preHandler (after the route's guard) counting one use of the quota by the signed-in user. */
export function userQuota(app: FastifyInstance, name: CountedQuota): preHandlerAsyncHookHandler {
  return async (request) => {
    const actor = actorOf(request);
    const { max, windowMs, code } = app.quotas[name];
    const hit = await countHit(app.quotaDb, `quota:${name}:user:${actor.id}`, windowMs);
    if (hit.count > max * quotaFactor(app.quotas, actor)) throw new QuotaExceeded(code, hit.ttl);
  };
}

/** The day's upload volume of one user, as files/uploads.ts spends it. */
export interface UploadQuota {
  /** Bytes this upload may still bring before it is refused. */
  remainingBytes: number;
  /** A refusal for an upload that reached `remainingBytes` (thrown by the reader). */
  exceeded(): QuotaExceeded;
  /**
   * Adds an upload's bytes to the day; if uploads running side by side took the rest meanwhile, the bytes are
   * given back and the refusal thrown (the caller removes the files).
   */
  spend(bytes: number): Promise<void>;
}

const kib = (bytes: number) => Math.ceil(bytes / 1024);

/** Before an upload's body is read: refused at once when the day's volume is used up. */
export async function startUploadQuota(request: FastifyRequest): Promise<UploadQuota> {
  const { quotas, quotaDb: db } = request.server;
  const actor = actorOf(request);
  const key = `quota:upload-kib:user:${actor.id}`;
  const maxKib = quotas.uploadKibPerDay * quotaFactor(quotas, actor);
  const used = await readHits(db, key, DAY);
  const exceeded = (ttl: number) => new QuotaExceeded('UPLOAD_QUOTA_EXCEEDED', ttl);
  // A fresh window answers ttl 0; the day's end is then a day minus the time since midnight (UTC).
  const untilMidnight = () => DAY - (Date.now() % DAY);
  if (used.count >= maxKib) throw exceeded(used.ttl || untilMidnight());
  return {
    remainingBytes: (maxKib - used.count) * 1024,
    exceeded: () => exceeded(used.ttl || untilMidnight()),
    async spend(bytes) {
      if (bytes === 0) return;
      const total = await addToWindow(db, key, DAY, kib(bytes));
      if (total.count > maxKib) {
        await addToWindow(db, key, DAY, -kib(bytes));
        throw exceeded(total.ttl);
      }
    },
  };
}
