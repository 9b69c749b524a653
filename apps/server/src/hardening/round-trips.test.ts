import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFor, insertUser } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { insertMessage, insertOwnedMachine, insertRequest } from '#app/test/service-requests.ts';
import { isSessionStatement, statementsDuring } from '#app/test/statements.ts';

/**
 * Issue 17: the hot pages each cost one statement besides the session lookup, the access check included (a
 * separate ownership query before the page's was a second round trip). A change that splits one again fails here.
 */
describe('round trips of the hot pages', () => {
  let t: TestApp;
  const ids = { machine: 0, request: 0, quiet: 0, annasMachine: 0, annas: 0 };
  const cookie = { jan: '', staff: '' };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const jan = await insertUser(db, { email: 'trips-jan@example.com' });
    const anna = await insertUser(db, { email: 'trips-anna@example.com' });
    await insertUser(db, { email: 'trips-staff@example.com', role: 'service' });
    ids.machine = await insertOwnedMachine(db, { serialNumber: 'TRIP-1', ownerId: jan });
    await insertOwnedMachine(db, { serialNumber: 'TRIP-2', ownerId: jan, name: 'Siewnik S-3' });
    ids.annasMachine = await insertOwnedMachine(db, { serialNumber: 'TRIP-3', ownerId: anna });
    ids.request = await insertRequest(db, { code: 'SR/TRIP/1', customerId: jan, machineId: ids.machine });
    ids.quiet = await insertRequest(db, { code: 'SR/TRIP/2', customerId: jan, machineId: ids.machine });
    ids.annas = await insertRequest(db, { code: 'SR/TRIP/3', customerId: anna, machineId: ids.annasMachine });
    for (let i = 0; i < 3; i++) await insertMessage(db, ids.request, jan, `message ${i}`);
    cookie.jan = await cookieFor(t.app, 'trips-jan@example.com');
    cookie.staff = await cookieFor(t.app, 'trips-staff@example.com');
  });
  afterAll(async () => {
    await t.app.close();
  });

  const statementsOf = async (url: string, as: string, status: number) => {
    let statusCode = 0;
    const statements = await statementsDuring(t.database, async () => {
      statusCode = (await t.app.inject({ url, headers: { cookie: as } })).statusCode;
    });
    expect(statusCode).toBe(status);
    return statements.filter((statement) => !isSessionStatement(statement));
  };

  it.each([
    ['the machines list', () => '/api/end-products/user-owned'],
    [
      'the machines list, searched, filtered and sorted',
      () => '/api/end-products/user-owned?q=siew&status=I&sort=name&order=asc',
    ],
    ['a machine', () => `/api/end-products/${ids.machine}`],
    ['the service requests list', () => '/api/service-requests/user-owned'],
    ['a service request', () => `/api/service-requests/${ids.request}`],
    ['a chat page', () => `/api/chat/comments?serviceRequestId=${ids.request}`],
    ['an older chat page', () => `/api/chat/comments?serviceRequestId=${ids.request}&before=999999999`],
    ['the chat page of a request without messages', () => `/api/chat/comments?serviceRequestId=${ids.quiet}`],
  ])('a customer reading %s: one statement besides the session', async (_page, url) => {
    expect(await statementsOf(url(), cookie.jan, 200)).toHaveLength(1);
  });

  it.each([
    ['a machine', () => `/api/end-products/${ids.annasMachine}`],
    ['a service request', () => `/api/service-requests/${ids.annas}`],
    ['a chat page', () => `/api/chat/comments?serviceRequestId=${ids.annas}`],
  ])('another customer’s %s: 404 after one statement', async (_page, url) => {
    expect(await statementsOf(url(), cookie.jan, 404)).toHaveLength(1);
  });

  it('the staff page of a request: one statement besides the session', async () => {
    expect(await statementsOf(`/api/staff/service-requests/${ids.request}`, cookie.staff, 200)).toHaveLength(
      1,
    );
  });

  it('the count sees every statement sent, each of two in a row', async () => {
    const statements = await statementsDuring(t.database, async () => {
      await t.database.db.execute(sql`SELECT 1`);
      await t.database.db.execute(sql`SELECT 2`);
    });
    expect(statements.filter((statement) => !isSessionStatement(statement))).toHaveLength(2);
  });
});
