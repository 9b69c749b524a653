import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#app/test/app.ts';

describe('health and platform', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('reports liveness and database readiness', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers readiness 503 when the database is gone', async () => {
    const other = await createTestApp();
    await other.database.close();
    const ready = await other.app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json().database).toBe('unavailable');
  });

  it('answers unknown API paths with the error shape and a request id', async () => {
    const res = await t.app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
    expect(res.headers['x-request-id']).toMatch(/[\w-]{8,}/);
  });

  it('serves the brand contact data', async () => {
    const res = await t.app.inject('/api/brand');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      servicePhone: expect.any(String),
      address: { city: expect.any(String) },
    });
  });

  it('refuses a cross-site form post', async () => {
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/brand',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('ORIGIN_NOT_ALLOWED');
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/brand',
      headers: { 'content-type': 'text/plain' },
      payload: 'a=b',
    });
    expect(form.statusCode).toBe(415);
  });

  it('sends the security headers', async () => {
    const res = await t.app.inject('/api/brand');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('publishes the OpenAPI document', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toHaveProperty('/api/brand');
  });
});
