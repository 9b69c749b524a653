import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFor, insertUser } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { insertElements, insertOwnedMachine, postMultipart } from '#app/test/service-requests.ts';
import { unstorablePath } from './input-guard.ts';

/**
 * wapiti's payload "/e%00" in a search text was a 500: PostgreSQL text cannot hold U+0000. Every way in
 * (query, path, JSON body, multipart field) now answers 400 VALIDATION_FAILED naming the field.
 */
describe('NUL characters in input', () => {
  let t: TestApp;
  let cookie: string;
  let machineId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const owner = await insertUser(t.database.db, { email: 'jan@example.com' });
    await insertElements(t.database.db);
    machineId = await insertOwnedMachine(t.database.db, { serialNumber: 'AM-2025-000001', ownerId: owner });
    cookie = await cookieFor(t.app, 'jan@example.com');
  });
  afterAll(async () => {
    await t.app.close();
  });

  const refused = (response: { statusCode: number; json(): unknown }, path: string) => {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ path, code: 'validation.invalid_format' }],
    });
  };

  it('refuses a NUL in a query: the searches wapiti hit', async () => {
    for (const url of [
      '/api/parts?q=%2Fe%00',
      '/api/parts/count?q=%2Fe%00',
      '/api/parts/hints?q=%2Fe%00',
      '/api/end-products/user-owned?q=%2Fe%00',
      '/api/service-requests/user-owned?q=%2Fe%00',
    ]) {
      refused(await t.app.inject({ url, headers: { cookie } }), 'q');
    }
    refused(
      await t.app.inject({ url: '/api/user/settings?broadValue=a%00', headers: { cookie } }),
      'broadValue',
    );
  });

  it('refuses a NUL in a JSON body and in a path parameter', async () => {
    const details = await t.app.inject({
      method: 'PUT',
      url: '/api/user/details',
      headers: { cookie },
      payload: { firstName: 'Jan\u0000', lastName: 'Kowalski', phone: '', peselOrNip: '', language: 'pl' },
    });
    refused(details, 'firstName');
    refused(await t.app.inject({ url: '/api/end-products/1%00', headers: { cookie } }), 'id');
  });

  it('refuses a NUL in a multipart field and files nothing', async () => {
    const response = await postMultipart(t.app, '/api/service-requests/new-request', cookie, [
      { name: 'machineId', value: String(machineId) },
      { name: 'problemDescription', value: 'Nie działa\u0000' },
      { name: 'transportType', value: 'OWN' },
      { name: 'deliveryPlace', value: 'FARM' },
    ]);
    refused(response, 'problemDescription');
    const list = await t.app.inject({ url: '/api/service-requests/user-owned', headers: { cookie } });
    expect(list.json().total).toBe(0);
  });

  it('refuses __proto__ and constructor.prototype in a JSON body (ASVS 5.0 15.3.6) and a repeated scalar parameter (15.3.7)', async () => {
    const valid = '"firstName":"Jan","lastName":"Kowalski","phone":"","peselOrNip":"","language":"pl"';
    const put = (payload: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/user/details',
        headers: { cookie, 'content-type': 'application/json' },
        payload,
      });
    expect((await put(`{${valid}}`)).statusCode).toBe(200);
    expect((await put(`{${valid},"__proto__":{"role":"admin"}}`)).statusCode).toBe(400);
    expect((await put(`{${valid},"constructor":{"prototype":{"role":"admin"}}}`)).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/parts?q=abc', headers: { cookie } })).statusCode).toBe(200);
    const repeated = await t.app.inject({ url: '/api/parts?q=abc&q=def', headers: { cookie } });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().code).toBe('VALIDATION_FAILED');
  });

  it('finds the path of the first NUL in nested values and keys', () => {
    expect(unstorablePath({ a: [{ b: 'x' }, { c: 'y\u0000' }] })).toBe('a.1.c');
    expect(unstorablePath({ ['k\u0000']: 1 })).toBe('k\ufffd');
    expect(unstorablePath({ a: { ['\ud800']: 'x' } })).toBe('a.\ufffd');
    expect(unstorablePath(['fine', 'pair 🚜', 'lone \udfff'])).toBe('2');
    expect(unstorablePath({ a: 'fine', b: 2, c: null })).toBeUndefined();
  });
});
