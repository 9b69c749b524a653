import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#app/test/app.ts';

/** Issue 16: RFC 9110 15.5.6 (plugins/web-app.test.ts has the same with the web app's catch-all routes). */
describe('a method an API path does not have', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('is answered 405 with Allow listing the methods it has', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/logout' });
    expect([res.statusCode, res.headers.allow, res.json().code]).toEqual([405, 'POST', 'METHOD_NOT_ALLOWED']);
    const settings = await t.app.inject({ method: 'PATCH', url: '/api/user/settings?broadValue=x' });
    expect([settings.statusCode, settings.headers.allow]).toEqual([405, 'GET, HEAD, POST, DELETE']);
  });

  it('is 404 where the path is no API route at all', async () => {
    for (const url of ['/api/nope', '/auth/nope', '/api/user/settings/12/more']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.statusCode, res.headers.allow]).toEqual([url, 404, undefined]);
    }
  });
});
