import { describe, expect, it } from 'vitest';
import { type CachedSession, createSessionCache } from './session-cache.ts';

describe('session cache', () => {
  const start = 1_000_000;
  const entry = (sessionId: number, userId: number, validUntil = start + 60_000): CachedSession => ({
    sessionId,
    userId,
    validUntil,
  });
  const trustedCache = () => {
    let time = start;
    const cache = createSessionCache<CachedSession>({ max: 100, ttlMs: 5_000, now: () => time });
    cache.reset(true);
    return { cache, advance: (ms: number) => (time += ms), now: () => time };
  };

  it('serves nothing until it is trusted, and nothing after the listener went down', () => {
    const cache = createSessionCache<CachedSession>({ max: 100, ttlMs: 5_000 });
    cache.set('a', entry(1, 1), cache.ticket());
    expect(cache.get('a', start)).toBeUndefined();
    cache.reset(true);
    cache.set('a', entry(1, 1), cache.ticket());
    expect(cache.get('a', start)).toEqual(entry(1, 1));
    cache.reset(false);
    expect(cache.size).toBe(0);
    cache.set('a', entry(1, 1), cache.ticket());
    expect(cache.get('a', start)).toBeUndefined();
  });

  it('refuses a session past its expiry though its time in the cache is not over', () => {
    const { cache, advance, now } = trustedCache();
    cache.set('a', entry(1, 1, start + 2_000), cache.ticket());
    advance(1_999);
    expect(cache.get('a', now())).toEqual(entry(1, 1, start + 2_000));
    advance(1);
    expect(cache.get('a', now())).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('forgets every entry after its time to live', () => {
    const { cache, advance, now } = trustedCache();
    cache.set('a', entry(1, 1), cache.ticket());
    advance(5_000);
    expect(cache.get('a', now())).toBeUndefined();
  });

  it('drops the entries of ended sessions and of changed users', () => {
    const { cache } = trustedCache();
    for (const [key, value] of [
      ['a', entry(1, 10)],
      ['b', entry(2, 10)],
      ['c', entry(3, 20)],
      ['d', entry(4, 30)],
    ] as const)
      cache.set(key, value, cache.ticket());
    cache.dropSessions([1, 99]);
    cache.dropUsers([20]);
    expect(['a', 'b', 'c', 'd'].map((key) => cache.get(key, start)?.sessionId)).toEqual([
      undefined,
      2,
      undefined,
      4,
    ]);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('does not keep an answer read while a drop or a reset came in: it may be older than the change', () => {
    const { cache } = trustedCache();
    for (const change of [
      () => cache.dropSessions([7]),
      () => cache.dropUsers([7]),
      () => cache.clear(),
      () => cache.reset(true),
    ]) {
      const ticket = cache.ticket();
      change();
      cache.set('a', entry(1, 1), ticket);
      expect(cache.get('a', start)).toBeUndefined();
    }
    cache.set('a', entry(1, 1), cache.ticket());
    expect(cache.get('a', start)).toEqual(entry(1, 1));
  });
});
