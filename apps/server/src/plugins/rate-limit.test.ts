import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '#app/app.ts';
import { rateLimitHits } from '#app/db/schema/rate-limits.ts';
import { awayFromWindowEdge, clearRateLimits, insertUser, PASSWORD } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { claimOnce, countHit, RATE_LIMITS, removeExpiredRateLimitWindows } from './rate-limit.ts';

const login = (app: FastifyInstance, username: string, ip: string, password = 'Wrong-password-1') =>
  app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { username, password, remember: false },
    remoteAddress: ip,
  });

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await insertUser(t.database.db, { email: 'jan@example.com' });
  });
  afterAll(async () => {
    await t.app.close();
  });
  beforeEach(async () => {
    await clearRateLimits(t.database.db);
  });

  it('allows 10 sign-in attempts a minute from one address, then answers 429 with Retry-After', async () => {
    await awayFromWindowEdge(RATE_LIMITS.signInPerIp.timeWindow);
    for (let i = 0; i < RATE_LIMITS.signInPerIp.max; i++) {
      expect((await login(t.app, `user${i}@example.com`, '192.0.2.1')).statusCode).toBe(401);
    }
    const limited = await login(t.app, 'jan@example.com', '192.0.2.1', PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: expect.any(String) });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another address is not affected.
    expect((await login(t.app, 'jan@example.com', '192.0.2.2', PASSWORD)).statusCode).toBe(200);
  });

  it('RATE_LIMIT_IP_FACTOR multiplies the per-IP limits and leaves the per-account ones alone', async () => {
    const scaled = await createTestApp({ RATE_LIMIT_IP_FACTOR: '3' });
    try {
      await awayFromWindowEdge(RATE_LIMITS.signInPerIp.timeWindow);
      const max = RATE_LIMITS.signInPerIp.max * 3;
      for (let i = 0; i < max; i++) {
        expect((await login(scaled.app, `user${i % 15}@example.com`, '192.0.2.7')).statusCode).toBe(401);
      }
      expect((await login(scaled.app, 'someone@example.com', '192.0.2.7')).statusCode).toBe(429);
    } finally {
      await scaled.app.close();
    }
  });

  it('allows 20 sign-in attempts an hour for one account from any number of addresses', async () => {
    await awayFromWindowEdge(RATE_LIMITS.signInPerAccount.timeWindow);
    for (let i = 0; i < RATE_LIMITS.signInPerAccount.max; i++) {
      expect((await login(t.app, 'jan@example.com', `198.51.100.${i + 1}`)).statusCode).toBe(401);
    }
    // The right password does not help, and neither does writing the e-mail differently.
    const limited = await login(t.app, ' JAN@Example.com', '198.51.100.99', PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    // Fixed windows: Retry-After is what is left of the current hour-long window.
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await login(t.app, 'other@example.com', '198.51.100.99')).statusCode).toBe(401);
  });

  it('does not count successful sign-ins against the account: only failures use up its 20 an hour', async () => {
    await awayFromWindowEdge(RATE_LIMITS.signInPerAccount.timeWindow, 60_000);
    const { max } = RATE_LIMITS.signInPerAccount;
    for (let i = 0; i < max + 5; i++) {
      expect((await login(t.app, 'jan@example.com', `198.51.100.${i + 1}`, PASSWORD)).statusCode).toBe(200);
    }
    for (let i = 0; i < max; i++) {
      expect((await login(t.app, 'jan@example.com', `203.0.113.${i + 1}`)).statusCode).toBe(401);
    }
    expect((await login(t.app, 'jan@example.com', '203.0.113.99', PASSWORD)).statusCode).toBe(429);
  });

  it('counts failed sign-ins sent at once exactly: none gets past the account limit', async () => {
    await awayFromWindowEdge(RATE_LIMITS.signInPerAccount.timeWindow, 60_000);
    const { max } = RATE_LIMITS.signInPerAccount;
    const statuses = await Promise.all(
      Array.from({ length: max + 10 }, (_, i) => login(t.app, 'jan@example.com', `192.0.2.${i + 10}`)),
    ).then((answers) => answers.map((answer) => answer.statusCode));
    expect(statuses.filter((status) => status === 401)).toHaveLength(max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });

  it('stores no e-mail address in the per-account counters', async () => {
    await login(t.app, 'jan@example.com', '203.0.113.5');
    const keys = (await t.database.db.select({ key: rateLimitHits.key }).from(rateLimitHits)).map(
      (r) => r.key,
    );
    expect(keys.some((key) => key.startsWith('sign-in:account:'))).toBe(true);
    expect(keys.join(' ')).not.toContain('jan');
  });

  it('allows 5 registrations (both kinds together) per 15 minutes from one address', async () => {
    await awayFromWindowEdge(RATE_LIMITS.registrationPerIp.timeWindow);
    const ip = '192.0.2.50';
    const post = (url: string) => t.app.inject({ method: 'POST', url, payload: {}, remoteAddress: ip });
    for (let i = 0; i < 3; i++) expect((await post('/auth/registration')).statusCode).toBe(400);
    for (let i = 0; i < 2; i++) expect((await post('/auth/registrationB2C')).statusCode).toBe(400);
    const limited = await post('/auth/registration');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect((await post('/auth/registrationB2C')).statusCode).toBe(429);
  });

  it('allows 5 password-reset requests per 15 minutes from one address', async () => {
    await awayFromWindowEdge(RATE_LIMITS.passwordResetPerIp.timeWindow);
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/auth/password-reset',
        payload: { email: 'jan@example.com' },
        remoteAddress: '192.0.2.60',
      });
    for (let i = 0; i < RATE_LIMITS.passwordResetPerIp.max; i++) expect((await post()).statusCode).toBe(202);
    const limited = await post();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('shares the counters between instances through the database', async () => {
    await awayFromWindowEdge(RATE_LIMITS.signInPerIp.timeWindow);
    const second = await buildApp({ env: t.env, database: { ...t.database, close: async () => {} } });
    try {
      for (let i = 0; i < 5; i++) await login(t.app, `a${i}@example.com`, '192.0.2.70');
      for (let i = 0; i < 5; i++) await login(second, `b${i}@example.com`, '192.0.2.70');
      expect((await login(t.app, 'c@example.com', '192.0.2.70')).statusCode).toBe(429);
      expect((await login(second, 'c@example.com', '192.0.2.70')).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe('rate-limit store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('counts hits in fixed windows and tells how long the window still runs', async () => {
    const first = await countHit(t.database.db, 'test:a', 60_000);
    const second = await countHit(t.database.db, 'test:a', 60_000);
    expect(first.count).toBe(1);
    expect(second.count).toBe(2);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(60_000);
    expect((await countHit(t.database.db, 'test:b', 60_000)).count).toBe(1);
  });

  it('counts concurrent hits exactly', async () => {
    const hits = await Promise.all(
      Array.from({ length: 20 }, () => countHit(t.database.db, 'test:burst', 60_000)),
    );
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('starts a new window once the old one is over', async () => {
    await countHit(t.database.db, 'test:old', 60_000);
    await t.database.db.execute(
      sql`UPDATE ${rateLimitHits} SET window_start = window_start - interval '1 minute' WHERE key = 'test:old'`,
    );
    expect((await countHit(t.database.db, 'test:old', 60_000)).count).toBe(1);
  });

  it('claims a single-use key once', async () => {
    const until = new Date(Date.now() + 60_000);
    expect(await claimOnce(t.database.db, 'test:once', until)).toBe(true);
    expect(await claimOnce(t.database.db, 'test:once', until)).toBe(false);
  });

  it('removes windows older than a day and keeps current ones', async () => {
    await countHit(t.database.db, 'test:current', 60_000);
    await t.database.db
      .insert(rateLimitHits)
      .values({ key: 'test:ancient', windowStart: new Date(Date.now() - 2 * 86_400_000) });
    expect(await removeExpiredRateLimitWindows(t.database.db)).toBeGreaterThanOrEqual(1);
    const keys = (await t.database.db.select({ key: rateLimitHits.key }).from(rateLimitHits)).map(
      (r) => r.key,
    );
    expect(keys).toContain('test:current');
    expect(keys).not.toContain('test:ancient');
  });
});
