import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import cookie from '@fastify/cookie';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#app/db/schema/users.ts';
import { cookieFor, insertUser } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { registerErrorHandling } from './errors.ts';
import { actorOf, authoritiesOf, registerSessions, requireAuthority, requireRole } from './session.ts';

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
