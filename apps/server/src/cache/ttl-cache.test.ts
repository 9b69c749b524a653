import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache.ts';

describe('ttl cache', () => {
  const clock = () => {
    let time = 1_000;
    return { now: () => time, advance: (ms: number) => (time += ms) };
  };

  it('answers a value until its time is over, then forgets it', () => {
    const { now, advance } = clock();
    const cache = createTtlCache<string, number>({ max: 10, ttlMs: 30_000, now });
    cache.set('a', 1);
    advance(29_999);
    expect(cache.get('a')).toBe(1);
    advance(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('gives a value set again its full time, and an entry its own time when set with one', () => {
    const { now, advance } = clock();
    const cache = createTtlCache<string, string>({ max: 10, ttlMs: 1_000, now });
    cache.set('page', 'old');
    advance(900);
    cache.set('page', 'new');
    cache.set('limited', 'yes', 5_000);
    advance(900);
    expect(cache.get('page')).toBe('new');
    advance(3_000);
    expect(cache.get('page')).toBeUndefined();
    expect(cache.get('limited')).toBe('yes');
  });

  it('keeps at most `max` entries, dropping the one set longest ago', () => {
    const cache = createTtlCache<string, number>({ max: 2, ttlMs: 60_000 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 3);
    cache.set('c', 4);
    expect(cache.size).toBe(2);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([3, undefined, 4]);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('forgets one key, or every entry whose value passes a test', () => {
    const cache = createTtlCache<string, { user: number }>({ max: 10, ttlMs: 60_000 });
    cache.set('a', { user: 1 });
    cache.set('b', { user: 2 });
    cache.set('c', { user: 1 });
    cache.set('d', { user: 3 });
    cache.delete('d');
    cache.deleteWhere((value) => value.user === 1);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.get('d')]).toEqual([
      undefined,
      { user: 2 },
      undefined,
      undefined,
    ]);
    expect(cache.size).toBe(1);
  });
});
