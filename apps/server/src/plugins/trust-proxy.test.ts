import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { awayFromWindowEdge, clearRateLimits } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { RATE_LIMITS } from './rate-limit.ts';

const login = (app: FastifyInstance, i: number, remoteAddress: string, forwardedFor: string) =>
  app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { username: `user${i}@example.com`, password: 'Wrong-password-1', remember: false },
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  });

/**
 * The per-IP limits key on request.ip. A client talking to the portal directly must not choose its own address
 * with X-Forwarded-For (ASVS 5.0 15.3.4); a reverse proxy on the host or in the private network may tell it.
 */
describe('client address behind a proxy (production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example' });
  });
  afterAll(async () => {
    await t.app.close();
  });
  beforeEach(async () => {
    await clearRateLimits(t.database.db);
    await awayFromWindowEdge(RATE_LIMITS.signInPerIp.timeWindow);
  });

  it('ignores X-Forwarded-For from a client on the internet: a new header per attempt does not escape the sign-in limit', async () => {
    for (let i = 0; i < RATE_LIMITS.signInPerIp.max; i++) {
      expect((await login(t.app, i, '203.0.113.9', `198.51.100.${i + 1}`)).statusCode).toBe(401);
    }
    expect((await login(t.app, 99, '203.0.113.9', '198.51.100.200')).statusCode).toBe(429);
  });

  it('takes the client address from a reverse proxy on loopback or a private network', async () => {
    for (const proxy of ['127.0.0.1', '10.0.0.5']) {
      for (let i = 0; i < RATE_LIMITS.signInPerIp.max + 2; i++) {
        expect((await login(t.app, i, proxy, `198.51.100.${i + 1}`)).statusCode).toBe(401);
      }
    }
  });

  it('TRUST_PROXY=false trusts nobody, TRUST_PROXY=true everybody', async () => {
    const none = await createTestApp({ NODE_ENV: 'production', TRUST_PROXY: 'false' });
    const all = await createTestApp({ NODE_ENV: 'production', TRUST_PROXY: 'true' });
    try {
      for (let i = 0; i < RATE_LIMITS.signInPerIp.max; i++) {
        expect((await login(none.app, i, '127.0.0.1', `198.51.100.${i + 1}`)).statusCode).toBe(401);
        expect((await login(all.app, i, '203.0.113.9', `198.51.100.${i + 1}`)).statusCode).toBe(401);
      }
      expect((await login(none.app, 99, '127.0.0.1', '198.51.100.200')).statusCode).toBe(429);
      expect((await login(all.app, 99, '203.0.113.9', '198.51.100.200')).statusCode).toBe(401);
    } finally {
      await none.app.close();
      await all.app.close();
    }
  });
});
