import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUTHORITIES } from '@care/contract/limits';
import { PORTAL_BROAD_VALUE } from '@care/contract/user';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '#app/app.ts';
import { parseEnv } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { openDatabase, type Database } from '#app/db/client.ts';
import { migrate } from '#app/db/migrate.ts';
import { chatMessages } from '#app/db/schema/chat.ts';
import { files } from '#app/db/schema/files.ts';
import { offerRequests } from '#app/db/schema/offers.ts';
import { users, userSettings } from '#app/db/schema/users.ts';
import {
  awayFromWindowEdge,
  clearOutbox,
  clearRateLimits,
  cookieFor,
  insertUser,
  postJson,
  queuedMail,
} from '#app/test/accounts.ts';
import { insertPart } from '#app/test/catalog.ts';
import { adminQuery, createTestApp, type TestApp } from '#app/test/app.ts';
import { filesUnder, type Part, pngOfSize } from '#app/test/files.ts';
import { insertOwnedMachine, insertRequest, postMultipart } from '#app/test/service-requests.ts';

const MINUTE = 60_000;
const KB = 1024;

/** A used-up quota: 429, its own code, and Retry-After within the window. */
function expectQuotaAnswer(response: LightMyRequestResponse, code: string, windowSeconds: number) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json()).toMatchObject({ code });
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

async function customerWithRequest(db: Db, email: string, role: 'customer' | 'service' = 'customer') {
  const id = await insertUser(db, { email, role });
  const owner = role === 'customer' ? id : await insertUser(db, { email: `owner-${email}` });
  const request = await insertRequest(db, {
    code: `SR/2026/${String(id).padStart(6, '0')}`,
    customerId: owner,
    machineId: await insertOwnedMachine(db, { serialNumber: `AM-Q${id}`, ownerId: owner }),
  });
  return { id, request };
}

const sendMessage = (app: FastifyInstance, cookie: string, request: number, body = 'Dzień dobry') =>
  app.inject({
    method: 'POST',
    url: '/api/chat/comment',
    payload: { serviceRequestId: String(request), body, clientId: randomUUID() },
    headers: { cookie },
  });

describe('per-user quotas (the production defaults)', () => {
  let t: TestApp;
  let db: Db;
  let dataDir: string;
  let bearing: number;

  const messagesOf = async (userId: number) =>
    (await db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.authorId, userId)))[0]!.n;
  const filesOf = async (userId: number) =>
    (await db.select({ n: count() }).from(files).where(eq(files.uploadedBy, userId)))[0]!.n;
  const storedFiles = async () => (await filesUnder(dataDir)).filter((path) => !path.startsWith('files/tmp'));
  const upload = (cookie: string, request: number, sizes: number[]) =>
    postMultipart(t.app, `/api/service-requests/${request}/appendices`, cookie, [
      ...sizes.map((size, i): Part => ({
        name: 'files',
        file: { filename: `zdjecie-${i}.png`, content: pngOfSize(size) },
      })),
    ]);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'care-quotas-'));
    // The defaults, except the day's upload volume: 1 MB is quicker to fill than 200.
    t = await createTestApp({ DATA_DIR: dataDir, QUOTA_UPLOAD_MB_PER_DAY: '1' });
    db = t.database.db;
    bearing = await insertPart(db, { externalId: 'P-Q1' });
  });
  afterAll(async () => {
    await t.app.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await clearRateLimits(db);
  });

  it('the defaults are those docs/operations.md lists', () => {
    expect(t.app.quotas).toMatchObject({
      chatMessages: { max: 10 },
      offerRequests: { max: 3 },
      staffFactor: 10,
      settingBytes: 16 * KB,
      settingsPerUser: 20,
    });
    expect(t.env.QUOTA_EVENT_STREAMS_PER_USER).toBe(6);
  });

  it('a customer’s 11th chat message within a minute answers 429 TOO_MANY_MESSAGES with Retry-After and is not stored', async () => {
    const jan = await customerWithRequest(db, 'jan.chat@example.com');
    const cookie = await cookieFor(t.app, 'jan.chat@example.com');
    await awayFromWindowEdge(MINUTE);
    for (let i = 0; i < 10; i += 1)
      expect((await sendMessage(t.app, cookie, jan.request)).statusCode).toBe(201);
    expectQuotaAnswer(await sendMessage(t.app, cookie, jan.request, 'Jedenasta'), 'TOO_MANY_MESSAGES', 60);
    // A file is a chat message too.
    const file = await postMultipart(t.app, '/api/chat/files', cookie, [
      { name: 'serviceRequestId', value: String(jan.request) },
      { name: 'files', file: { filename: 'a.png', content: pngOfSize(2 * KB) } },
    ]);
    expectQuotaAnswer(file, 'TOO_MANY_MESSAGES', 60);
    expect(await messagesOf(jan.id)).toBe(10);
    expect(await filesOf(jan.id)).toBe(0);
    // Another customer is not affected.
    const anna = await customerWithRequest(db, 'anna.chat@example.com');
    const annaCookie = await cookieFor(t.app, 'anna.chat@example.com');
    expect((await sendMessage(t.app, annaCookie, anna.request)).statusCode).toBe(201);
  });

  it('service staff may send ten times a customer’s messages a minute, and no more', async () => {
    const staff = await customerWithRequest(db, 'serwis.chat@example.com', 'service');
    const cookie = await cookieFor(t.app, 'serwis.chat@example.com');
    await awayFromWindowEdge(MINUTE, 15_000);
    for (let i = 0; i < 100; i += 1) {
      expect((await sendMessage(t.app, cookie, staff.request)).statusCode).toBe(201);
    }
    expectQuotaAnswer(await sendMessage(t.app, cookie, staff.request), 'TOO_MANY_MESSAGES', 60);
    expect(await messagesOf(staff.id)).toBe(100);
  });

  it('a customer’s 4th offer request within a minute answers 429 TOO_MANY_OFFER_REQUESTS; no request or e-mail past the limit', async () => {
    const id = await insertUser(db, { email: 'jan.offer@example.com' });
    await db
      .update(users)
      .set({ authorities: [AUTHORITIES.viewCatalog] })
      .where(eq(users.id, id));
    const cookie = await cookieFor(t.app, 'jan.offer@example.com');
    await clearOutbox(db);
    const cart = () => ({
      items: [{ id: String(bearing), name: 'Łożysko', symbol: 'P-Q1', images: [], amount: 1 }],
      clientId: randomUUID(),
    });
    await awayFromWindowEdge(MINUTE);
    for (let i = 0; i < 3; i += 1) {
      expect((await postJson(t.app, '/api/parts/email', cart(), { cookie })).statusCode).toBe(201);
    }
    expectQuotaAnswer(
      await postJson(t.app, '/api/parts/email', cart(), { cookie }),
      'TOO_MANY_OFFER_REQUESTS',
      60,
    );
    // The multipart way shares the count.
    const withFiles = await postMultipart(t.app, '/api/offer-requests/new-request', cookie, [
      { name: 'payload', value: JSON.stringify(cart()) },
    ]);
    expectQuotaAnswer(withFiles, 'TOO_MANY_OFFER_REQUESTS', 60);
    const stored = await db
      .select({ n: count() })
      .from(offerRequests)
      .where(eq(offerRequests.customerId, id));
    expect(stored[0]!.n).toBe(3);
    expect(await queuedMail(db)).toHaveLength(6);
  });

  it('an upload past the day’s volume answers 429 UPLOAD_QUOTA_EXCEEDED and keeps none of its files', async () => {
    const jan = await customerWithRequest(db, 'jan.upload@example.com');
    const cookie = await cookieFor(t.app, 'jan.upload@example.com');
    const first = await upload(cookie, jan.request, [300 * KB, 300 * KB]);
    expect(first.statusCode, first.body).toBe(201);
    const before = await storedFiles();

    // 600 KB used of 1 MB: 500 KB more is over, whichever file crosses the line.
    const over = await upload(cookie, jan.request, [200 * KB, 300 * KB]);
    expectQuotaAnswer(over, 'UPLOAD_QUOTA_EXCEEDED', 86_400);
    expect(await filesOf(jan.id)).toBe(2);
    expect(await storedFiles()).toEqual(before);

    // What was refused did not count: the rest of the day's volume is still there.
    expect((await upload(cookie, jan.request, [300 * KB])).statusCode).toBe(201);
    expect(await filesOf(jan.id)).toBe(3);
    // Used up (900 of 1024 KB, the next 200 KB would cross it): the same answer for a new service request.
    const newRequest = await postMultipart(t.app, '/api/service-requests/new-request', cookie, [
      { name: 'files', file: { filename: 'x.png', content: pngOfSize(200 * KB) } },
    ]);
    expectQuotaAnswer(newRequest, 'UPLOAD_QUOTA_EXCEEDED', 86_400);
    expect(await filesOf(jan.id)).toBe(3);
  });

  it('an upload once the day’s volume is used up is refused before its body is stored', async () => {
    const jan = await customerWithRequest(db, 'jan.full@example.com');
    const cookie = await cookieFor(t.app, 'jan.full@example.com');
    expect((await upload(cookie, jan.request, [1024 * KB - 2000])).statusCode).toBe(201);
    expect((await upload(cookie, jan.request, [1000])).statusCode).toBe(201);
    const before = await storedFiles();
    expectQuotaAnswer(await upload(cookie, jan.request, [1000]), 'UPLOAD_QUOTA_EXCEEDED', 86_400);
    expect(await storedFiles()).toEqual(before);
  });

  it('staff may upload ten times a customer’s volume a day', async () => {
    const staff = await customerWithRequest(db, 'serwis.upload@example.com', 'service');
    const cookie = await cookieFor(t.app, 'serwis.upload@example.com');
    for (let i = 0; i < 3; i += 1) {
      const sent = await upload(cookie, staff.request, [900 * KB, 900 * KB]);
      expect(sent.statusCode, sent.body).toBe(201);
    }
    expect(await filesOf(staff.id)).toBe(6);
  });

  describe('saved settings', () => {
    let cookie: string;
    let userId: number;
    const table = (filterValue: string) => ({
      filters: [{ id: 'name', value: Array.from({ length: 50 }, () => filterValue) }],
    });
    const save = (broadValue: string, value: unknown) =>
      postJson(t.app, '/api/user/settings', { broadValue, key: 'table.machines', value }, { cookie });
    const rows = async () =>
      (await db.select({ n: count() }).from(userSettings).where(eq(userSettings.userId, userId)))[0]!.n;

    beforeAll(async () => {
      userId = await insertUser(db, { email: 'jan.settings@example.com' });
      cookie = await cookieFor(t.app, 'jan.settings@example.com');
    });

    it('a value over 16 KB is refused with a field error (400, not 429) and not stored', async () => {
      // 50 values of 200 characters: what the schema allows, about 10 KB, is saved.
      expect((await save(PORTAL_BROAD_VALUE, table('x'.repeat(200)))).statusCode).toBe(201);
      const large = { ...table('x'.repeat(200)), columnOrder: [] as string[] };
      const big = {
        ...large,
        filters: Array.from({ length: 3 }, (_, i) => ({ id: `c${i}`, value: large.filters[0]!.value })),
      };
      const refused = await save('another-product', big);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: [{ path: 'value', code: 'form.setting-too-large' }],
      });
      const update = await t.app.inject({
        method: 'PUT',
        url: `/api/user/settings/${(await save(PORTAL_BROAD_VALUE, {})).json().id}`,
        payload: { value: big },
        headers: { cookie },
      });
      expect(update.statusCode).toBe(400);
      expect(update.json().fields).toEqual([{ path: 'value', code: 'form.setting-too-large' }]);
      const [stored] = await db
        .select({ value: userSettings.value })
        .from(userSettings)
        .where(eq(userSettings.userId, userId));
      expect(JSON.stringify(stored!.value).length).toBeLessThan(16 * KB);
      expect(await rows()).toBe(1);
    });

    it('a user’s 21st saved setting is refused with a field error and not stored; replacing one still works', async () => {
      await db.delete(userSettings).where(eq(userSettings.userId, userId));
      for (let i = 0; i < 20; i += 1) expect((await save(`product-${i}`, {})).statusCode).toBe(201);
      const refused = await save('product-20', {});
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: [{ path: 'broadValue', code: 'form.too-many-settings' }],
      });
      expect(await rows()).toBe(20);
      expect((await save('product-3', table('y'))).statusCode).toBe(200);
    });
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

/** Two app instances on one PostgreSQL database, as in production (PGlite has no second instance). */
describe.skipIf(!serverUrl)('per-user quotas across two instances (PostgreSQL only)', () => {
  const name = `care_test_${randomBytes(6).toString('hex')}`;
  const apps: FastifyInstance[] = [];
  let setup: Database | undefined;
  let dataDir: string;

  beforeAll(async () => {
    await adminQuery(`CREATE DATABASE ${name}`);
    dataDir = await mkdtemp(join(tmpdir(), 'care-quotas-2-'));
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    for (let i = 0; i < 2; i += 1) {
      const env = parseEnv({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: '/nonexistent',
        DATA_DIR: dataDir,
        QUOTA_UPLOAD_MB_PER_DAY: '1',
      });
      const database = await openDatabase({ url: url.toString(), dataDir: '', poolMax: 3 });
      await migrate(database);
      apps.push(await buildApp({ env, database }));
    }
    setup = await openDatabase({ url: url.toString(), dataDir: '', poolMax: 1 });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await setup?.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('chat messages sent through both instances share one count', async () => {
    const db = setup!.db;
    const jan = await customerWithRequest(db, 'jan@example.com');
    const cookie = await cookieFor(apps[0]!, 'jan@example.com');
    await awayFromWindowEdge(MINUTE);
    for (let i = 0; i < 10; i += 1) {
      expect((await sendMessage(apps[i % 2]!, cookie, jan.request)).statusCode).toBe(201);
    }
    expectQuotaAnswer(await sendMessage(apps[0]!, cookie, jan.request), 'TOO_MANY_MESSAGES', 60);
    expectQuotaAnswer(await sendMessage(apps[1]!, cookie, jan.request), 'TOO_MANY_MESSAGES', 60);
    const stored = await db
      .select({ n: count() })
      .from(chatMessages)
      .where(eq(chatMessages.authorId, jan.id));
    expect(stored[0]!.n).toBe(10);
  });

  it('the day’s upload volume is one for both instances', async () => {
    const db = setup!.db;
    const anna = await customerWithRequest(db, 'anna@example.com');
    const cookie = await cookieFor(apps[0]!, 'anna@example.com');
    const upload = (app: FastifyInstance, size: number) =>
      postMultipart(app, `/api/service-requests/${anna.request}/appendices`, cookie, [
        { name: 'files', file: { filename: 'zdjecie.png', content: pngOfSize(size) } },
      ]);
    expect((await upload(apps[0]!, 600 * KB)).statusCode).toBe(201);
    expectQuotaAnswer(await upload(apps[1]!, 600 * KB), 'UPLOAD_QUOTA_EXCEEDED', 86_400);
    const stored = await db.select({ n: count() }).from(files).where(eq(files.uploadedBy, anna.id));
    expect(stored[0]!.n).toBe(1);
  });
});
