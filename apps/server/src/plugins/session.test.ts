import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import cookie from '@fastify/cookie';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionCache } from '#app/cache/session-cache.ts';
import { sessionSecondFactor } from '#app/db/schema/mfa.ts';
import { sessions } from '#app/db/schema/sessions.ts';
import { publishUsersChanged } from '#app/events/event-bus.ts';
import { users } from '#app/db/schema/users.ts';
import { sha256Hex } from '#app/security/tokens.ts';
import { cookieFor, insertUser } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { registerErrorHandling } from './errors.ts';
import { actorOf, authoritiesOf, endSession, requireAuthority, requireRole, requireUser } from './session.ts';
import {
  createSessionEntryCache,
  createSessionLookup,
  registerSessions,
  type SessionEntry,
} from './session-lookup.ts';

describe('route guards', () => {
  let t: TestApp;
  let probe: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp();
    // A small app with the same sessions and guards, for routes that later issues add (catalogue, staff).
    probe = Fastify();
    registerErrorHandling(probe);
    await probe.register(cookie);
    registerSessions(probe, t.env, t.database.db);
    probe.get(
      '/api/catalog',
      { preHandler: requireAuthority('RIGHT_CARE_VIEW_CATALOG') },
      async (request) => ({
        id: actorOf(request).id,
      }),
    );
    probe.get('/api/secret', { preHandler: requireAuthority('RIGHT_CARE_SECRET') }, async () => ({}));
    probe.get('/api/staff', { preHandler: requireRole('service', 'admin') }, async () => ({}));
    await probe.ready();
    await insertUser(t.database.db, { email: 'jan@example.com' });
    await insertUser(t.database.db, { email: 'serwis@agromech.example', role: 'service' });
  });
  afterAll(async () => {
    await probe.close();
    await t.app.close();
  });

  const get = (url: string, cookieHeader?: string) =>
    probe.inject({ url, ...(cookieHeader ? { headers: { cookie: cookieHeader } } : {}) });

  it('lets a customer with the catalogue authority in and keeps others out', async () => {
    const jan = await cookieFor(t.app, 'jan@example.com');
    expect((await get('/api/catalog', jan)).statusCode).toBe(200);
    expect((await get('/api/catalog')).statusCode).toBe(401);
    expect((await get('/api/secret', jan)).json().code).toBe('FORBIDDEN');
    expect((await get('/api/staff', jan)).statusCode).toBe(403);
  });

  it('adds the authorities granted to one user to those of the role', async () => {
    await t.database.db
      .update(users)
      .set({ authorities: ['RIGHT_CARE_SECRET'] })
      .where(eq(users.email, 'jan@example.com'));
    const jan = await cookieFor(t.app, 'jan@example.com');
    expect((await get('/api/secret', jan)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/user/authorities', headers: { cookie: jan } })).json()).toEqual([
      'RIGHT_CARE_VIEW_CATALOG',
      'RIGHT_CARE_SECRET',
    ]);
  });

  it('lets the listed staff roles in', async () => {
    const staff = await cookieFor(t.app, 'serwis@agromech.example');
    expect((await get('/api/staff', staff)).statusCode).toBe(200);
  });

  it('takes customer authorities from CUSTOMER_AUTHORITIES, even none', () => {
    expect(authoritiesOf({ ...t.env, CUSTOMER_AUTHORITIES: [] }, 'customer', [])).toEqual([]);
    expect(authoritiesOf({ ...t.env, CUSTOMER_AUTHORITIES: [] }, 'admin', [])).toEqual([
      'RIGHT_CARE_VIEW_CATALOG',
    ]);
  });
});

describe('sessions kept between requests', () => {
  let t: TestApp;
  let count = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.app.close();
  });

  /** A signed-in user's token, and a lookup with its own trusted cache and clock (the bus is not involved). */
  async function signedIn(ttlMs = 5_000) {
    count += 1;
    const email = `kept-${count}@example.com`;
    await insertUser(t.database.db, { email });
    const token = (await cookieFor(t.app, email)).split('=')[1]!;
    let time = Date.now();
    const cache = createSessionCache<SessionEntry>({ max: 100, ttlMs, now: () => time });
    cache.reset(true);
    const find = createSessionLookup(t.database.db, t.env, { cache, now: () => new Date(time) });
    const row = () => eq(sessions.tokenHash, sha256Hex(token));
    return { token, find, cache, row, advance: (ms: number) => (time += ms), now: () => time };
  }

  it('a cached session past its expiry is refused, though its time in the cache is not over', async () => {
    const { token, find, cache, row, advance, now } = await signedIn();
    // Idle for the rest of its life: it expires two seconds from now unless used.
    await t.database.db
      .update(sessions)
      .set({ idleExpiresAt: new Date(now() + 2_000) })
      .where(row());
    expect((await find(token))?.actor.email).toMatch(/^kept-/);
    expect(cache.size).toBe(1);
    advance(3_000);
    expect(await find(token)).toBeNull();
  });

  it('a session waiting for its second factor is read every time, so completing it lets the next request in', async () => {
    const { token, find, row } = await signedIn();
    const [session] = await t.database.db.select({ id: sessions.id }).from(sessions).where(row());
    await t.database.db.insert(sessionSecondFactor).values({ sessionId: session!.id, step: 'verify' });
    expect((await find(token))?.step).toBe('verify');
    // Completed without any message to the cache: nothing of the pending session was kept.
    await t.database.db.delete(sessionSecondFactor).where(eq(sessionSecondFactor.sessionId, session!.id));
    expect((await find(token))?.step).toBeNull();
  });

  it('a session served from the cache still has its idle expiry pushed once a minute, and is refused once its row is gone', async () => {
    const { token, find, row, advance, now } = await signedIn(10 * 60_000);
    const idleOf = async () =>
      (await t.database.db.select({ idle: sessions.idleExpiresAt }).from(sessions).where(row()))[0]?.idle;
    expect(await find(token)).not.toBeNull();
    const before = await idleOf();
    advance(61_000);
    const found = await find(token);
    expect((await idleOf())!.getTime()).toBe(now() + t.env.SESSION_IDLE_MINUTES * 60_000);
    expect(found!.actor.sessionExpiresAt.getTime()).toBe(now() + t.env.SESSION_IDLE_MINUTES * 60_000);
    expect((await idleOf())!.getTime()).toBeGreaterThan(before!.getTime());
    // Removed behind the cache's back (no message): served until the next push finds no row.
    await t.database.db.delete(sessions).where(row());
    advance(30_000);
    expect(await find(token)).not.toBeNull();
    advance(31_000);
    expect(await find(token)).toBeNull();
  });
});

describe('what a request ends or changes, its own instance forgets before it answers', () => {
  let t: TestApp;
  let probe: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp();
    // No bus: only the request's own publications reach this cache, as before its NOTIFY comes back.
    const cache = createSessionEntryCache();
    cache.reset(true);
    probe = Fastify();
    registerErrorHandling(probe);
    await probe.register(cookie);
    registerSessions(probe, t.env, t.database.db, cache);
    probe.get('/api/me', { preHandler: requireUser }, async (request) => ({
      firstName: actorOf(request).firstName,
    }));
    probe.post('/api/sign-out', { preHandler: requireUser }, async (request) => {
      await endSession(t.database.db, actorOf(request).sessionId);
      return {};
    });
    probe.post('/api/rename', { preHandler: requireUser }, async (request) => {
      const { id } = actorOf(request);
      await t.database.db.transaction(async (tx) => {
        await tx.update(users).set({ firstName: 'Janusz' }).where(eq(users.id, id));
        await publishUsersChanged(tx, [id]);
      });
      return {};
    });
    await probe.ready();
    await insertUser(t.database.db, { email: 'jan@example.com' });
    await insertUser(t.database.db, { email: 'anna@example.com', firstName: 'Anna' });
  });
  afterAll(async () => {
    await probe.close();
    await t.app.close();
  });
  const call = (method: 'GET' | 'POST', url: string, cookieHeader: string) =>
    probe.inject({ method, url, headers: { cookie: cookieHeader } });

  it('a session ended by a request is refused on the next one', async () => {
    const jan = await cookieFor(t.app, 'jan@example.com');
    expect((await call('GET', '/api/me', jan)).statusCode).toBe(200);
    expect((await call('GET', '/api/me', jan)).statusCode).toBe(200);
    expect((await call('POST', '/api/sign-out', jan)).statusCode).toBe(200);
    expect((await call('GET', '/api/me', jan)).statusCode).toBe(401);
  });

  it('a user changed by a request is read anew on the next one', async () => {
    const anna = await cookieFor(t.app, 'anna@example.com');
    expect((await call('GET', '/api/me', anna)).json()).toEqual({ firstName: 'Anna' });
    expect((await call('POST', '/api/rename', anna)).statusCode).toBe(200);
    expect((await call('GET', '/api/me', anna)).json()).toEqual({ firstName: 'Janusz' });
  });
});

describe('where sessions end', () => {
  it('only plugins/session.ts deletes sessions, so every end also ends the live-update streams', async () => {
    const root = resolve(import.meta.dirname, '..');
    const sources = (await readdir(root, { recursive: true })).filter(
      (path) => /\.ts$/.test(path) && !/\.test\.ts$/.test(path) && !path.startsWith('test/'),
    );
    const deleting = [];
    for (const path of sources) {
      const text = await readFile(join(root, path), 'utf8');
      if (
        /\.delete\(\s*sessions\s*\)|DELETE\s+FROM\s+"?sessions\b|\.delete\(\s*users\s*\)|DELETE\s+FROM\s+"?users\b/i.test(
          text,
        )
      )
        deleting.push(path);
    }
    expect(deleting).toEqual(['plugins/session.ts']);
  });
});
