import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFor, insertUser, signIn } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';

/** ASVS 5.0 14.3.2: answers with personal data are kept by no browser or shared cache. */
describe('caching of API answers', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    await insertUser(t.database.db, { email: 'jan@example.com' });
    cookie = await cookieFor(t.app, 'jan@example.com');
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('marks API and sign-in answers no-store, errors included', async () => {
    const details = await t.app.inject({ url: '/api/user/details', headers: { cookie } });
    expect(details.statusCode).toBe(200);
    expect(details.headers['cache-control']).toBe('no-store');
    const login = await signIn(t.app, 'jan@example.com');
    expect(login.headers['cache-control']).toBe('no-store');
    const anonymous = await t.app.inject({ url: '/api/user/details' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    const unknown = await t.app.inject({ url: '/api/no-such-thing', headers: { cookie } });
    expect(unknown.headers['cache-control']).toBe('no-store');
  });

  it('keeps the caching a route chose for public data', async () => {
    const brand = await t.app.inject({ url: '/api/brand' });
    expect(brand.statusCode).toBe(200);
    expect(brand.headers['cache-control']).toBe('public, max-age=300');
  });
});
