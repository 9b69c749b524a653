import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cookieFor, insertUser } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { strictQuery } from './strict-query.ts';

describe('query parameters a route does not declare (issue 16)', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    await insertUser(t.database.db, { email: 'zapytania@example.com' });
    cookie = await cookieFor(t.app, 'zapytania@example.com');
  });
  afterAll(async () => {
    await t.app.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  it('are refused with 400 naming each of them, on a route with a query schema', async () => {
    const res = await get('/api/end-products/user-owned?stauts=I&page=1&utm_source=x');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'This call takes no query parameter "stauts", "utm_source".',
      fields: [
        { path: 'stauts', code: 'validation.unknown-parameter' },
        { path: 'utm_source', code: 'validation.unknown-parameter' },
      ],
    });
  });

  it('are refused on a route that takes no query at all', async () => {
    const res = await get('/api/user/extended-details?x=1');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ path: 'x', code: 'validation.unknown-parameter' }]);
  });

  it('leave the declared ones working', async () => {
    expect((await get('/api/end-products/user-owned?status=I&page=1')).statusCode).toBe(200);
    expect((await get('/api/user/extended-details')).statusCode).toBe(200);
  });

  it('keep a refinement of the schema and its own errors for declared parameters', async () => {
    const res = await get('/api/end-products/user-owned?page=0');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { path: string }) => f.path)).toEqual(['page']);
  });

  it('are taken where the schema says so: a record or a loose object stays as it is', () => {
    const record = z.record(z.string(), z.string());
    const loose = z.looseObject({ a: z.string() });
    expect(strictQuery(record)).toBe(record);
    expect(strictQuery(loose)).toBe(loose);
    const strict = strictQuery(z.object({ a: z.string() }).refine((q) => q.a !== 'x')) as z.ZodType;
    expect(strict.safeParse({ a: 'y', b: '1' }).success).toBe(false);
    expect(strict.safeParse({ a: 'x' }).success).toBe(false);
    expect(strict.safeParse({ a: 'y' }).success).toBe(true);
  });
});
