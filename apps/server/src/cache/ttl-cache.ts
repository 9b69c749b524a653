/**
 * A small in-memory cache of one instance (docs/decisions/051-one-ttl-cache.md): at most `max` entries, each
 * kept for `ttlMs` after it was set (or for its own time, given to `set`); when full, the entry set longest ago
 * goes first. For answers that may be a little old: the parts search's results and vocabulary, rendered public
 * pages, addresses over their render limit, the sessions of requests (cache/session-cache.ts).
 */
export interface TtlCache<K, V> {
  /** The value, or undefined when there is none or its time is over. */
  get(key: K): V | undefined;
  /** Sets the value for `ttlMs` from now (a key set again counts as the newest). */
  set(key: K, value: V, ttlMs?: number): void;
  delete(key: K): void;
  /** Removes every entry whose value passes `test` (a walk over all of them: for rare events, not per request). */
  deleteWhere(test: (value: V) => boolean): void;
  clear(): void;
  readonly size: number;
}

export interface TtlCacheOptions {
  max: number;
  ttlMs: number;
  /** The clock (tests). */
  now?: () => number;
}

export function createTtlCache<K, V>({ max, ttlMs, now = Date.now }: TtlCacheOptions): TtlCache<K, V> {
  // A Map iterates in insertion order: its first key is the one set longest ago.
  const entries = new Map<K, { value: V; until: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until > now()) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key, value, ttl = ttlMs) {
      entries.delete(key);
      entries.set(key, { value, until: now() + ttl });
      while (entries.size > max) entries.delete(entries.keys().next().value!);
    },
    delete(key) {
      entries.delete(key);
    },
    deleteWhere(test) {
      // Deleting the entry being visited is safe while iterating a Map.
      for (const [key, entry] of entries) if (test(entry.value)) entries.delete(key);
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
