import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFor, insertUser, userByEmail } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';

const PRODUCT = 'care-portal';

const machineTable = {
  columnVisibility: { dealer: false },
  columnSizing: { name: 240 },
  sorting: [{ id: 'purchaseDate', desc: true }],
  columnOrder: ['name', 'serialNumber', 'purchaseDate'],
  filters: [{ id: 'status', value: ['R', 'G'] }],
  filtersVisible: true,
};

describe('user settings', () => {
  let t: TestApp;
  let jan: string;
  let anna: string;
  const request = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie = jan, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
    await insertUser(t.database.db, { email: 'jan@example.com' });
    await insertUser(t.database.db, { email: 'anna@example.com' });
    jan = await cookieFor(t.app, 'jan@example.com');
    anna = await cookieFor(t.app, 'anna@example.com');
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('answers the notification settings for broadValue null, absent or "null"', async () => {
    const absent = await request('GET', '/api/user/settings');
    expect(absent.statusCode).toBe(200);
    expect(absent.json()).toEqual([
      { id: expect.any(String), broadValue: '', key: 'notifications.guarantee-end', value: true },
      { id: expect.any(String), broadValue: '', key: 'notifications.state-change', value: true },
      { id: expect.any(String), broadValue: '', key: 'notifications.staff-replies', value: true },
      { id: expect.any(String), broadValue: '', key: 'notifications.marketing', value: false },
    ]);
    expect((await request('GET', '/api/user/settings?broadValue=null')).json()).toEqual(absent.json());
    expect((await request('GET', `/api/user/settings?broadValue=${PRODUCT}`)).json()).toEqual([]);
  });

  it('saves a machine-table setting, answers 201, then replaces its value with 200', async () => {
    const created = await request('POST', '/api/user/settings', jan, {
      broadValue: PRODUCT,
      key: 'table.machines',
      value: machineTable,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(String),
      broadValue: PRODUCT,
      key: 'table.machines',
      value: machineTable,
    });
    const replaced = await request('POST', '/api/user/settings', jan, {
      broadValue: PRODUCT,
      key: 'table.machines',
      value: { sorting: [{ id: 'name', desc: false }] },
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().id).toBe(created.json().id);
    // Defaults fill in what was left out.
    expect(replaced.json().value).toEqual({
      columnVisibility: {},
      columnSizing: {},
      sorting: [{ id: 'name', desc: false }],
      columnOrder: [],
      filters: [],
      filtersVisible: false,
    });
    expect((await request('GET', `/api/user/settings?broadValue=${PRODUCT}`)).json()).toEqual([
      replaced.json(),
    ]);
  });

  it('updates a setting by id and checks the value against its key', async () => {
    const [guarantee] = (await request('GET', '/api/user/settings')).json();
    const res = await request('PUT', `/api/user/settings/${guarantee.id}`, jan, {
      ...guarantee,
      value: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...guarantee, value: false });
    const bad = await request('PUT', `/api/user/settings/${guarantee.id}`, jan, { value: { sorting: [] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([{ path: 'value', code: 'validation.invalid_type' }]);
  });

  it('refuses unknown keys and malformed table settings', async () => {
    const unknown = await request('POST', '/api/user/settings', jan, {
      broadValue: PRODUCT,
      key: 'table.secret',
      value: true,
    });
    expect(unknown.statusCode).toBe(400);
    const malformed = await request('POST', '/api/user/settings', jan, {
      broadValue: PRODUCT,
      key: 'table.services',
      value: { columnSizing: { name: 5 }, sorting: [{ id: '<script>', desc: true }] },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields.map((f: { path: string }) => f.path)).toEqual([
      'value.columnSizing.name',
      'value.sorting.0.id',
    ]);
  });

  it('mirrors the marketing setting into the account’s marketing consent', async () => {
    const marketing = (await request('GET', '/api/user/settings'))
      .json()
      .find((s: { key: string }) => s.key === 'notifications.marketing');
    await request('PUT', `/api/user/settings/${marketing.id}`, jan, { value: true });
    const user = (await userByEmail(t.database.db, 'jan@example.com'))!;
    expect(user.marketingConsent).toBe(true);
    expect(user.marketingConsentAt).toBeInstanceOf(Date);
    expect((await request('GET', '/api/user/extended-details')).json().marketingConsent).toBe(true);
    // Removing the setting withdraws the consent.
    expect((await request('DELETE', `/api/user/settings/${marketing.id}`)).statusCode).toBe(204);
    expect((await userByEmail(t.database.db, 'jan@example.com'))!.marketingConsent).toBe(false);
  });

  it("a customer cannot read, change or remove another customer's settings", async () => {
    const [annaSetting] = (await request('GET', '/api/user/settings', anna)).json();
    expect(
      (await request('GET', '/api/user/settings')).json().map((s: { id: string }) => s.id),
    ).not.toContain(annaSetting.id);
    const changed = await request('PUT', `/api/user/settings/${annaSetting.id}`, jan, { value: false });
    expect(changed.statusCode).toBe(404);
    expect(changed.json().code).toBe('NOT_FOUND');
    expect((await request('DELETE', `/api/user/settings/${annaSetting.id}`)).statusCode).toBe(404);
    expect((await request('PUT', '/api/user/settings/999999', jan, { value: false })).statusCode).toBe(404);
    const unchanged = (await request('GET', '/api/user/settings', anna)).json()[0];
    expect(unchanged).toEqual(annaSetting);
  });

  it('resets saved table settings and keeps notification settings', async () => {
    await request('POST', '/api/user/settings', jan, {
      broadValue: PRODUCT,
      key: 'table.machines',
      value: machineTable,
    });
    await request('POST', '/api/user/settings', jan, {
      broadValue: PRODUCT,
      key: 'table.services',
      value: machineTable,
    });
    const one = await request('DELETE', `/api/user/settings?broadValue=${PRODUCT}&key=table.services`);
    expect(one.json()).toEqual({ removed: 1 });
    const rest = await request('DELETE', `/api/user/settings?broadValue=${PRODUCT}`);
    expect(rest.json()).toEqual({ removed: 1 });
    expect((await request('GET', `/api/user/settings?broadValue=${PRODUCT}`)).json()).toEqual([]);
    expect((await request('GET', '/api/user/settings')).json()).toHaveLength(4);
    expect((await request('DELETE', '/api/user/settings?key=notifications.marketing')).statusCode).toBe(400);
  });
});
