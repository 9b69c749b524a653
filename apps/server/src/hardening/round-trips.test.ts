import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChatMessage } from '@care/contract/chat';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerRequests } from '#app/db/schema/offers.ts';
import { cookieFor, insertUser } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { png } from '#app/test/files.ts';
import {
  insertMessage,
  insertOwnedMachine,
  insertRequest,
  postMultipart,
} from '#app/test/service-requests.ts';
import { isSessionStatement, statementsBuiltDuring, statementsDuring } from '#app/test/statements.ts';

/**
 * Issue 17: the hot pages each cost one statement besides the session lookup, the access check included (a
 * separate ownership query before the page's was a second round trip), and the writes of the chat as few as
 * their work needs. A change that splits one again fails here. Counted are the statements the database
 * receives, a transaction's BEGIN and COMMIT included.
 */
describe('round trips of the hot pages', () => {
  let t: TestApp;
  let dataDir: string;
  const ids = { machine: 0, request: 0, quiet: 0, annasMachine: 0, annas: 0, newest: 0, annasNewest: 0 };
  const cookie = { jan: '', anna: '', staff: '' };
  let janFile = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'care-round-trips-'));
    t = await createTestApp({ DATA_DIR: dataDir });
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
    for (let i = 0; i < 3; i++) ids.newest = await insertMessage(db, ids.request, jan, `message ${i}`);
    ids.annasNewest = await insertMessage(db, ids.annas, anna, 'hello');
    for (const [customerId, number] of [
      [jan, 'OR/TRIP/1'],
      [jan, 'OR/TRIP/2'],
      [anna, 'OR/TRIP/3'],
    ] as const)
      await db.insert(offerRequests).values({ number, customerId });
    cookie.jan = await cookieFor(t.app, 'trips-jan@example.com');
    cookie.anna = await cookieFor(t.app, 'trips-anna@example.com');
    cookie.staff = await cookieFor(t.app, 'trips-staff@example.com');
    const sent = await postMultipart(t.app, '/api/chat/files', cookie.jan, [
      { name: 'serviceRequestId', value: String(ids.request) },
      { name: 'files', file: { filename: 'plate.png', content: png() } },
    ]);
    expect(sent.statusCode).toBe(201);
    janFile = sent.json<ChatMessage>().file!.id;
  });
  afterAll(async () => {
    await t.app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  interface Call {
    url: string;
    method?: 'GET' | 'POST' | 'PUT';
    payload?: object;
  }

  /** The statements of one request besides the session lookup, after checking its status. */
  const statementsOf = async (call: Call | string, as: string, status: number) => {
    const { url, method = 'GET', payload } = typeof call === 'string' ? { url: call } : call;
    let statusCode = 0;
    const statements = await statementsDuring(t.database, async () => {
      statusCode = (await t.app.inject({ method, url, payload, headers: { cookie: as } })).statusCode;
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
    [
      'the open service requests, three of them',
      () => '/api/service-requests/user-owned?pageSize=3&status=N,C',
    ],
    [
      'the service requests list, searched and sorted',
      () => '/api/service-requests/user-owned?q=trip&sort=machineName',
    ],
    ['a service request', () => `/api/service-requests/${ids.request}`],
    ['a chat page', () => `/api/chat/comments?serviceRequestId=${ids.request}`],
    ['an older chat page', () => `/api/chat/comments?serviceRequestId=${ids.request}&before=999999999`],
    ['the chat page of a request without messages', () => `/api/chat/comments?serviceRequestId=${ids.quiet}`],
    ['the offer requests list', () => '/api/offer-requests/user-owned'],
    ['the unread summary', () => '/api/chat/comments/unread'],
    ['a chat’s files', () => `/api/chat/files?serviceRequestId=${ids.request}`],
    ['a chat file', () => `/api/chat/files/${janFile}`],
  ])('a customer reading %s: one statement besides the session', async (_page, url) => {
    expect(await statementsOf(url(), cookie.jan, 200)).toHaveLength(1);
  });

  it.each([
    ['a machine', () => `/api/end-products/${ids.annasMachine}`],
    ['a service request', () => `/api/service-requests/${ids.annas}`],
    ['a chat page', () => `/api/chat/comments?serviceRequestId=${ids.annas}`],
    ['chat’s files', () => `/api/chat/files?serviceRequestId=${ids.annas}`],
  ])('another customer’s %s: 404 after one statement', async (_page, url) => {
    expect(await statementsOf(url(), cookie.jan, 404)).toHaveLength(1);
  });

  it('another customer’s chat file: 404 after one statement', async () => {
    expect(await statementsOf(`/api/chat/files/${janFile}`, cookie.anna, 404)).toHaveLength(1);
  });

  /** What Drizzle builds for a second call of `call` (the first may build and prepare its statements). */
  const builtOnSecondCall = async (call: Call, as: string) => {
    const send = () =>
      t.app.inject({
        method: call.method ?? 'GET',
        url: call.url,
        payload: call.payload,
        headers: { cookie: as },
      });
    expect((await send()).statusCode).toBeLessThan(300);
    return statementsBuiltDuring(t.database, send);
  };

  it.each([
    ['the service requests list', () => '/api/service-requests/user-owned'],
    [
      'the open service requests, three of them',
      () => '/api/service-requests/user-owned?pageSize=3&status=N,C',
    ],
    ['the service requests list, searched', () => '/api/service-requests/user-owned?q=trip&machineId=1'],
    ['the offer requests list', () => '/api/offer-requests/user-owned'],
    ['the offer requests list, filtered', () => '/api/offer-requests/user-owned?status=sent'],
    ['the unread summary', () => '/api/chat/comments/unread'],
    ['a chat’s files', () => `/api/chat/files?serviceRequestId=${ids.request}`],
    ['a chat file', () => `/api/chat/files/${janFile}`],
  ])('a customer’s %s is prepared: nothing built on the next call', async (_page, url) => {
    expect(await builtOnSecondCall({ url: url() }, cookie.jan)).toEqual([]);
  });

  it.each([
    ['the queue', '/api/staff/service-requests'],
    ['the queue, waiting for us', '/api/staff/service-requests?waiting=true'],
    ['the queue, mine', '/api/staff/service-requests?view=mine&sort=waitingSince&order=asc'],
    ['the queue by status', '/api/staff/service-requests?status=N,C&sort=statusChangedAt'],
    ['the unread summary', '/api/chat/comments/unread'],
  ])('a staff member’s %s is prepared: nothing built on the next call', async (_page, url) => {
    expect(await builtOnSecondCall({ url }, cookie.staff)).toEqual([]);
  });

  it('the chat’s writes are prepared: only the quota is built on the next call', async () => {
    const read = { serviceRequestId: String(ids.request), lastReadMessageId: String(ids.newest) };
    expect(
      await builtOnSecondCall({ method: 'PUT', url: '/api/chat/comments/read', payload: read }, cookie.jan),
    ).toEqual([]);
    const send = () => ({
      method: 'POST' as const,
      url: '/api/chat/comment',
      payload: { serviceRequestId: String(ids.request), body: 'prepared', clientId: randomUUID() },
    });
    expect((await t.app.inject({ ...send(), headers: { cookie: cookie.staff } })).statusCode).toBe(201);
    const built = await statementsBuiltDuring(t.database, async () => {
      expect((await t.app.inject({ ...send(), headers: { cookie: cookie.staff } })).statusCode).toBe(201);
    });
    expect(built.filter((text) => !text.includes('rate_limit_hits'))).toEqual([]);
  });

  it.each([
    ['the staff page of a request', () => `/api/staff/service-requests/${ids.request}`],
    ['the queue', () => '/api/staff/service-requests'],
    ['the queue, waiting for us', () => '/api/staff/service-requests?waiting=true'],
    ['the waiting count', () => '/api/staff/waiting'],
    [
      'the queue, sorted by the last message',
      () => '/api/staff/service-requests?sort=lastMessageAt&order=asc',
    ],
    ['the unread summary', () => '/api/chat/comments/unread'],
  ])('a staff member reading %s: one statement besides the session', async (_page, url) => {
    expect(await statementsOf(url(), cookie.staff, 200)).toHaveLength(1);
  });

  it('the app start’s authorities: no statement besides the session', async () => {
    expect(await statementsOf('/api/user/authorities', cookie.jan, 200)).toHaveLength(0);
  });

  it('a chat read mark: the marker with its access check, then the summary with its event', async () => {
    const call = {
      method: 'PUT' as const,
      url: '/api/chat/comments/read',
      payload: { serviceRequestId: String(ids.request), lastReadMessageId: String(ids.newest) },
    };
    expect(await statementsOf(call, cookie.staff, 200)).toHaveLength(2);
    // Another customer's request: refused at the first.
    expect(
      await statementsOf(
        { ...call, payload: { ...call.payload, serviceRequestId: String(ids.annas) } },
        cookie.jan,
        404,
      ),
    ).toHaveLength(1);
  });

  it('a chat message: the quota, then one statement (access, message, request, marker, event)', async () => {
    const payload = { serviceRequestId: String(ids.request), body: 'one more', clientId: randomUUID() };
    const call = { method: 'POST' as const, url: '/api/chat/comment', payload };
    expect(await statementsOf(call, cookie.jan, 201)).toHaveLength(2);
    // A retried send reads the stored message once more.
    expect(await statementsOf(call, cookie.jan, 200)).toHaveLength(3);
    const annas = { ...payload, serviceRequestId: String(ids.annas), clientId: randomUUID() };
    expect(await statementsOf({ ...call, payload: annas }, cookie.jan, 404)).toHaveLength(2);
  });

  it('the count sees every statement sent, each of two in a row, and a transaction’s', async () => {
    const statements = await statementsDuring(t.database, async () => {
      await t.database.db.execute(sql`SELECT 1`);
      await t.database.db.execute(sql`SELECT 2`);
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 3`);
      });
    });
    expect(statements.filter((statement) => !isSessionStatement(statement))).toEqual([
      'SELECT 1',
      'SELECT 2',
      expect.stringMatching(/^begin$/i),
      'SELECT 3',
      expect.stringMatching(/^commit$/i),
    ]);
  });
});
