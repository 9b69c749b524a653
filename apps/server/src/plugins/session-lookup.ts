import type { SecondFactorStep } from '@care/contract/mfa';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type CachedSession, createSessionCache, type SessionCache } from '#app/cache/session-cache.ts';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { sessionSecondFactor } from '#app/db/schema/mfa.ts';
import { sessions } from '#app/db/schema/sessions.ts';
import { users } from '#app/db/schema/users.ts';
import { publishedMark, publishedSince } from '#app/events/event-bus.ts';
import { sha256Hex } from '#app/security/tokens.ts';
import { type Actor, authoritiesOf, lifetimes, type PendingActor, sessionToken } from './session.ts';

/*
 * Every API request's session, resolved as it arrives (plugins/session.ts has the sessions themselves: starting,
 * ending, the route guards). Most requests find it in a short in-memory cache of the instance
 * (cache/session-cache.ts) that the event bus keeps true on every instance; the others read it with one prepared
 * statement.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** How many invalidations this process had published when the request arrived (events/event-bus.ts). */
    publishedMark: number;
  }
}

/** Refreshing the idle expiry on every request would write on every read; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * How long an instance keeps a session it looked up (cache/session-cache.ts). Ends and changes reach every
 * instance at once through the bus; the time only bounds what a listener that died silently could miss.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Sessions kept per instance: about 300 bytes each. */
export const SESSION_CACHE_MAX = 10_000;

/** A session as kept between requests: the Actor and what is needed to expire it and push its idle expiry. */
export interface SessionEntry extends CachedSession {
  actor: Actor;
  step: SecondFactorStep | null;
  remember: boolean;
  lastSeenAt: number;
  expiresAt: number;
}

export type SessionEntryCache = SessionCache<SessionEntry>;

export const createSessionEntryCache = (): SessionEntryCache =>
  createSessionCache<SessionEntry>({ max: SESSION_CACHE_MAX, ttlMs: SESSION_CACHE_TTL_MS });

/** A session as a request sees it: signed in (step null) or waiting for its second factor. */
export type FoundSession = PendingActor | { actor: Actor; step: null };

export interface SessionLookupOptions {
  /** Without it, every request reads its session from the database. */
  cache?: SessionEntryCache;
  /** The clock (tests). */
  now?: () => Date;
}

/**
 * Resolves a session token: from the cache when it holds the session, else from the database with one
 * prepared statement (planned once per connection). A session waiting for its second factor is never kept: it
 * becomes complete by a write that would otherwise have to reach every cache. Once a minute of use the session's
 * idle expiry is pushed forward; a session gone from the database by then is refused.
 */
export function createSessionLookup(
  db: Db,
  env: Env,
  { cache, now = () => new Date() }: SessionLookupOptions = {},
): (token: string) => Promise<FoundSession | null> {
  const lookup = db
    .select({
      sessionId: sessions.id,
      remember: sessions.remember,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      idleExpiresAt: sessions.idleExpiresAt,
      id: users.id,
      role: users.role,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      language: users.language,
      authorities: users.authorities,
      step: sessionSecondFactor.step,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(sessionSecondFactor, eq(sessionSecondFactor.sessionId, sessions.id))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.idleExpiresAt, sql.placeholder('now')),
        eq(users.status, 'active'),
      ),
    )
    .limit(1)
    .prepare('session_lookup');

  const read = async (tokenHash: string, at: Date): Promise<SessionEntry | null> => {
    const [row] = await lookup.execute({ tokenHash, now: at.toISOString() });
    if (!row) return null;
    const validUntil = Math.min(row.idleExpiresAt.getTime(), row.expiresAt.getTime());
    const actor: Actor = {
      id: row.id,
      sessionId: row.sessionId,
      sessionExpiresAt: new Date(validUntil),
      role: row.role,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      language: row.language,
      authorities: authoritiesOf(env, row.role, row.authorities),
    };
    return {
      sessionId: row.sessionId,
      userId: row.id,
      validUntil,
      actor,
      step: row.step,
      remember: row.remember,
      lastSeenAt: row.lastSeenAt.getTime(),
      expiresAt: row.expiresAt.getTime(),
    };
  };

  /** Pushes the idle expiry forward; false when the session is no longer there. */
  const touch = async (entry: SessionEntry, at: Date): Promise<boolean> => {
    const idleExpiresAt = new Date(
      Math.min(at.getTime() + lifetimes(env, entry.remember).idleMs, entry.expiresAt),
    );
    // Noted first, so the requests arriving meanwhile do not write the same.
    entry.lastSeenAt = at.getTime();
    const touched = await db
      .update(sessions)
      .set({ lastSeenAt: at, idleExpiresAt })
      .where(eq(sessions.id, entry.sessionId))
      .returning({ id: sessions.id });
    if (touched.length === 0) return false;
    entry.validUntil = idleExpiresAt.getTime();
    entry.actor = { ...entry.actor, sessionExpiresAt: idleExpiresAt };
    return true;
  };

  return async (token) => {
    const at = now();
    const tokenHash = sha256Hex(token);
    let entry = cache?.get(tokenHash, at.getTime());
    if (!entry) {
      const ticket = cache?.ticket() ?? 0;
      const fresh = await read(tokenHash, at);
      if (!fresh) return null;
      if (!fresh.step) cache?.set(tokenHash, fresh, ticket);
      entry = fresh;
    }
    if (at.getTime() - entry.lastSeenAt > TOUCH_INTERVAL_MS && !(await touch(entry, at))) {
      cache?.delete(tokenHash);
      return null;
    }
    return entry.step ? { actor: entry.actor, step: entry.step } : { actor: entry.actor, step: null };
  };
}

/**
 * Resolves the session cookie into `request.actor` for API requests (static files skip the lookup), as the
 * request arrives: the route guards run then too, before the body is read (plugins/endpoints.ts puts each route's
 * guard in its onRequest). With a cache (kept true by the event bus, app.ts), a request that ended sessions or
 * changed users drops them from this instance's cache before it answers; other instances drop them when the
 * NOTIFY reaches them.
 */
export function registerSessions(app: FastifyInstance, env: Env, db: Db, cache?: SessionEntryCache): void {
  app.decorateRequest('actor', null);
  app.decorateRequest('pendingSecondFactor', null);
  app.decorateRequest('publishedMark', -1);
  const apiPrefixes = [`${env.BASE_PATH}/api/`, `${env.BASE_PATH}/auth/`];
  const findActor = createSessionLookup(db, env, { cache });
  app.addHook('onRequest', async (request) => {
    request.publishedMark = publishedMark();
    if (!apiPrefixes.some((p) => request.url.startsWith(p))) return;
    const token = sessionToken(env, request);
    if (!token) return;
    const found = await findActor(token);
    if (!found) return;
    // A session waiting for its second factor is no sign-in: only features/mfa's routes read it.
    if (found.step) request.pendingSecondFactor = found;
    else request.actor = found.actor;
  });
  if (!cache) return;
  app.addHook('onSend', async (request) => {
    if (request.publishedMark < 0 || publishedMark() === request.publishedMark) return;
    const published = publishedSince(request.publishedMark);
    if (!published) return cache.clear();
    for (const { sessionIds, userIds } of published) {
      if (sessionIds.length > 0) cache.dropSessions(sessionIds);
      if (userIds.length > 0) cache.dropUsers(userIds);
    }
  });
}
