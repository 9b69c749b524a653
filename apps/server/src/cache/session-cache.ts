import { createTtlCache } from './ttl-cache.ts';

/**
 * The sessions this instance resolved lately, by the SHA-256 of their token (plugins/session.ts), so that most
 * requests need no session lookup in the database. Nothing it holds may outlive a change elsewhere:
 *
 * - every instance drops a session when it ends and a user's sessions when the user changes, told through the
 *   LISTEN/NOTIFY bus (events/event-bus.ts), the writing instance before it answers;
 * - while the bus's listener is down, messages may be missed, so nothing is served; it is emptied when the
 *   listener goes down and again when it is live (`reset`);
 * - an answer read from the database while a drop came in may be older than the drop: it is not kept (`ticket`);
 * - an entry past its session's expiry is never served, and every entry goes after `ttlMs` whatever happens (a
 *   listener whose connection died silently is noticed only by its next check).
 */
export interface CachedSession {
  sessionId: number;
  userId: number;
  /** The earliest of the idle and the absolute expiry (ms since the epoch), as last read or pushed forward. */
  validUntil: number;
}

export interface SessionCache<V extends CachedSession> {
  /** The session of this token hash, if kept, the cache trusted and the session not expired at `now`. */
  get(tokenHash: string, now: number): V | undefined;
  /** Taken before reading the database: the answer is kept (`set`) only when nothing was dropped meanwhile. */
  ticket(): number;
  set(tokenHash: string, value: V, ticket: number): void;
  delete(tokenHash: string): void;
  dropSessions(sessionIds: readonly number[]): void;
  dropUsers(userIds: readonly number[]): void;
  /** Empties the cache, trusted or not as it was. */
  clear(): void;
  /** Empties the cache; `trusted`: whether it may serve from now on (the listener is live) or not (it is down). */
  reset(trusted: boolean): void;
  readonly size: number;
}

export interface SessionCacheOptions {
  max: number;
  ttlMs: number;
  /** The clock of the entries' time to live (tests). */
  now?: () => number;
}

/** Untrusted until the first `reset(true)`: the bus calls it once its listener is live. */
export function createSessionCache<V extends CachedSession>(options: SessionCacheOptions): SessionCache<V> {
  const entries = createTtlCache<string, V>(options);
  let trusted = false;
  // Counts drops and resets: an answer whose ticket is older may predate one of them.
  let generation = 0;
  const drop = (test: (value: V) => boolean) => {
    generation += 1;
    entries.deleteWhere(test);
  };
  const clear = () => {
    generation += 1;
    entries.clear();
  };
  return {
    get(tokenHash, now) {
      if (!trusted) return undefined;
      const value = entries.get(tokenHash);
      if (value === undefined || value.validUntil > now) return value;
      entries.delete(tokenHash);
      return undefined;
    },
    ticket: () => generation,
    set(tokenHash, value, ticket) {
      if (trusted && ticket === generation) entries.set(tokenHash, value);
    },
    delete: (tokenHash) => entries.delete(tokenHash),
    dropSessions(sessionIds) {
      const ended = new Set(sessionIds);
      drop((value) => ended.has(value.sessionId));
    },
    dropUsers(userIds) {
      const changed = new Set(userIds);
      drop((value) => changed.has(value.userId));
    },
    clear,
    reset(nowTrusted) {
      trusted = nowTrusted;
      clear();
    },
    get size() {
      return entries.size;
    },
  };
}
