import type { StaffCustomerDetails, StaffCustomersPage } from '@care/contract/customers';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAddresses, users } from '#app/db/schema/users.ts';
import { cookieFor, insertUser } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { insertOwnedMachine, insertRequest } from '#app/test/service-requests.ts';
import { conditionsOf } from './customer-search.service.ts';

describe('customers: search and a customer’s page for service staff and admins', () => {
  let t: TestApp;
  const u: Record<string, number> = {};
  const cookie: Record<string, string> = {};
  const get = (url: string, as: string) => t.app.inject({ method: 'GET', url, headers: { cookie: as } });
  const search = async (query: string, as = cookie.service!) => {
    const response = await get(`/api/staff/customers?${query}`, as);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as StaffCustomersPage;
  };
  const emails = (page: StaffCustomersPage) => page.items.map((item) => item.email);

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    u.jan = await insertUser(db, { email: 'jan@example.com' });
    u.anna = await insertUser(db, { email: 'anna@example.com', firstName: 'Anna', lastName: 'Zielińska' });
    u.ewa = await insertUser(db, { email: 'ewa@example.com', firstName: 'Ewa', status: 'pending' });
    u.olek = await insertUser(db, { email: 'olek@example.com', firstName: 'Olek', status: 'deactivated' });
    u.service = await insertUser(db, { email: 'serwis@example.com', role: 'service' });
    u.admin = await insertUser(db, { email: 'admin@example.com', role: 'admin' });
    u.sales = await insertUser(db, { email: 'sprzedaz@example.com', role: 'sales' });
    await db
      .update(users)
      .set({ phone: '600700800', marketingConsent: true, rulesAcceptedAt: new Date() })
      .where(sql`${users.id} = ${u.anna}`);
    await db.insert(userAddresses).values({
      userId: u.anna,
      street: 'Polna',
      houseNumber: '3',
      postalCode: '62-050',
      city: 'Mosina',
    });
    const combine = await insertOwnedMachine(db, { serialNumber: 'AM-500-4411', ownerId: u.anna });
    await insertOwnedMachine(db, { serialNumber: 'KS-300-001', name: 'Kosiarka', ownerId: u.jan });
    await insertRequest(db, { code: 'SR/2026/000001', customerId: u.anna, machineId: combine });
    const logins = { jan: 'jan', service: 'serwis', admin: 'admin', sales: 'sprzedaz' };
    for (const [name, login] of Object.entries(logins))
      cookie[name] = await cookieFor(t.app, `${login}@example.com`);
  });
  afterAll(async () => {
    await t?.app.close();
  });

  it('lists customers only (no staff), newest first, to service staff and admins', async () => {
    const page = await search('');
    expect(emails(page)).toEqual([
      'olek@example.com',
      'ewa@example.com',
      'anna@example.com',
      'jan@example.com',
    ]);
    expect(page.total).toBe(4);
    expect(page.totalCapped).toBe(false);
    expect(page.items.find((item) => item.email === 'anna@example.com')).toMatchObject({
      name: 'Anna Zielińska',
      phone: '600700800',
      status: 'active',
      machineCount: 1,
    });
    expect(emails(await search('', cookie.admin))).toHaveLength(4);
  });

  it('finds by name without diacritics, e-mail, phone and an owned serial number', async () => {
    expect(emails(await search('q=zielinska'))).toEqual(['anna@example.com']);
    expect(emails(await search('q=JAN%40EXAMPLE'))).toEqual(['jan@example.com']);
    expect(emails(await search('q=700800'))).toEqual(['anna@example.com']);
    expect(emails(await search('q=500-44'))).toEqual(['anna@example.com']);
    expect(emails(await search('q=ks-300'))).toEqual(['jan@example.com']);
    // Shorter than 3 characters: no filter (SPEC §5).
    expect(emails(await search('q=an'))).toHaveLength(4);
    expect(emails(await search('q=nobody-here'))).toEqual([]);
  });

  it('filters by status and pages', async () => {
    expect(emails(await search('status=pending,deactivated'))).toEqual([
      'olek@example.com',
      'ewa@example.com',
    ]);
    const second = await search('pageSize=3&page=2');
    expect(emails(second)).toEqual(['jan@example.com']);
    expect(second.total).toBe(4);
    expect((await get('/api/staff/customers?status=gone', cookie.service!)).statusCode).toBe(400);
  });

  it('shows a customer’s page: contact data, address, consents, machines and requests', async () => {
    const response = await get(`/api/staff/customers/${u.anna}`, cookie.service!);
    expect(response.statusCode, response.body).toBe(200);
    const customer = response.json() as StaffCustomerDetails;
    expect(customer).toMatchObject({
      email: 'anna@example.com',
      phone: '600700800',
      status: 'active',
      marketingConsent: true,
      address: { street: 'Polna', city: 'Mosina', countryCode: 'PL' },
      serviceRequestCount: 1,
      offerRequestCount: 0,
    });
    expect(customer.rulesAcceptedAt).not.toBeNull();
    expect(customer.machines.map((m) => m.serialNumber)).toEqual(['AM-500-4411']);
    expect(customer.serviceRequests[0]).toMatchObject({
      code: 'SR/2026/000001',
      machineSerialNumber: 'AM-500-4411',
    });
  });

  it('answers NOT_FOUND for an unknown id and for a staff account', async () => {
    expect((await get('/api/staff/customers/999999', cookie.service!)).statusCode).toBe(404);
    expect((await get(`/api/staff/customers/${u.admin}`, cookie.service!)).statusCode).toBe(404);
  });

  it('refuses customers and parts sales (403) and anonymous callers (401)', async () => {
    for (const as of [cookie.jan!, cookie.sales!]) {
      expect((await get('/api/staff/customers', as)).statusCode).toBe(403);
      expect((await get(`/api/staff/customers/${u.jan}`, as)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/customers' })).statusCode).toBe(401);
  });

  it('serves a search from the trigram indexes, not a scan of all customers', async () => {
    const db = t.database.db;
    await db.execute(sql`SET enable_seqscan = off`);
    const where = sql.join(conditionsOf({ q: 'zielinska' }), sql` AND `);
    const plan = (await db.execute(sql`EXPLAIN SELECT u.id FROM users u WHERE ${where}`)) as {
      rows: Record<string, string>[];
    };
    await db.execute(sql`RESET enable_seqscan`);
    const text = plan.rows.map((row) => Object.values(row)[0]).join('\n');
    expect(text).toContain('users_search_text_trgm_idx');
    expect(text).toContain('machines_search_text_trgm_idx');
  });
});
