import type { PortalEvent } from '@care/contract/events';
import { AUTHORITIES } from '@care/contract/limits';
import type { SendOfferRequest } from '@care/contract/offers';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '#app/db/client.ts';
import { parts } from '#app/db/schema/catalog.ts';
import { documentCounters } from '#app/db/schema/counters.ts';
import { offerRequestItems, offerRequests } from '#app/db/schema/offers.ts';
import { users } from '#app/db/schema/users.ts';
import { startEventBus } from '#app/events/event-bus.ts';
import { insertPart } from '#app/test/catalog.ts';
import { clearOutbox, cookieFor, insertUser, postJson, queuedMail } from '#app/test/accounts.ts';
import { createTestApp, QUOTAS_OFF, type TestApp } from '#app/test/app.ts';
import { EXECUTABLE, JPEG, PDF } from '#app/test/files.ts';
import { postMultipart } from '#app/test/service-requests.ts';

const SALES = 'czesci@agromech.example';

describe('offer requests (POST api/parts/email, api/offer-requests, api/staff/offer-requests)', () => {
  let t: TestApp;
  let db: Db;
  let bearing: number;
  let belt: number;
  /** Polish customer, English customer, a customer without the catalogue authority, staff. */
  let jan: string;
  let janId: number;
  let john: string;
  let noCatalog: string;
  let sales: string;
  let admin: string;
  let service: string;

  const cart = (extra: Partial<SendOfferRequest> = {}): SendOfferRequest => ({
    items: [
      {
        id: String(bearing),
        name: '<translations default="pl"><pl>Łożysko kulkowe</pl><en>Ball bearing</en></translations>',
        symbol: 'old symbol',
        images: ['https://img.example/1.png'],
        amount: 2,
      },
      { id: String(belt), name: 'Pasek klinowy', symbol: 'PK-12', images: [], amount: 5 },
    ],
    note: 'Proszę o termin dostawy.',
    ...extra,
  });
  const send = (payload: unknown, cookie?: string) =>
    postJson(t.app, '/api/parts/email', payload, cookie ? { cookie } : {});
  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const setStatus = (id: string, status: string, cookie: string) =>
    postJson(t.app, `/api/staff/offer-requests/${id}/status`, { status }, { cookie });
  const stored = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(offerRequests))[0]!.n;

  beforeAll(async () => {
    // Customers get the catalogue authority only where granted, so one can be without it.
    t = await createTestApp({ ...QUOTAS_OFF, SALES_EMAIL: SALES, CUSTOMER_AUTHORITIES: ',' });
    db = t.database.db;
    bearing = await insertPart(db, {
      externalId: 'P-1',
      symbol: 'AM-6204.2RS',
      pl: 'Łożysko',
      en: 'Łożysko (en)',
    });
    belt = await insertPart(db, { externalId: 'P-2', symbol: 'PK 12-1100', pl: 'Pasek', en: 'Pasek (en)' });
    await db
      .update(parts)
      .set({ images: ['/catalog/p-1.webp'] })
      .where(eq(parts.id, bearing));
    const granted = [AUTHORITIES.viewCatalog];
    janId = await insertUser(db, { email: 'jan@example.com' });
    const johnId = await insertUser(db, {
      email: 'john@example.com',
      firstName: 'John',
      lastName: 'Smith',
      language: 'en',
    });
    await db.update(users).set({ authorities: granted }).where(eq(users.id, janId));
    await db.update(users).set({ authorities: granted }).where(eq(users.id, johnId));
    await insertUser(db, { email: 'nocatalog@example.com' });
    await insertUser(db, { email: 'sales@example.com', role: 'sales' });
    await insertUser(db, { email: 'admin@example.com', role: 'admin' });
    await insertUser(db, { email: 'service@example.com', role: 'service' });
    jan = await cookieFor(t.app, 'jan@example.com');
    john = await cookieFor(t.app, 'john@example.com');
    noCatalog = await cookieFor(t.app, 'nocatalog@example.com');
    sales = await cookieFor(t.app, 'sales@example.com');
    admin = await cookieFor(t.app, 'admin@example.com');
    service = await cookieFor(t.app, 'service@example.com');
  });
  afterAll(async () => {
    await t.app.close();
  });
  beforeEach(async () => {
    await db.delete(offerRequests);
    await db.delete(documentCounters);
    await clearOutbox(db);
  });

  it("files a cart of two parts: number, status sent, the catalogue's parts, history, two e-mails in the right languages", async () => {
    const response = await send(cart(), john);
    expect(response.statusCode).toBe(201);
    const created = response.json();
    const year = new Date().getFullYear();
    expect(created).toMatchObject({
      number: `OR/${year}/000001`,
      status: 'sent',
      note: 'Proszę o termin dostawy.',
      language: 'en',
      itemCount: 2,
    });
    // Names and symbols as the catalogue has them now, not as the cart sent them.
    expect(created.items).toEqual([
      {
        partId: String(bearing),
        symbol: 'AM-6204.2RS',
        name: { default: 'pl', values: { pl: 'Łożysko', en: 'Łożysko (en)' } },
        amount: 2,
        // The catalogue's images now, not the ones the cart sent.
        images: ['/catalog/p-1.webp'],
      },
      {
        partId: String(belt),
        symbol: 'PK 12-1100',
        name: { default: 'pl', values: { pl: 'Pasek', en: 'Pasek (en)' } },
        amount: 5,
        images: [],
      },
    ]);
    expect(created.history).toEqual([{ fromStatus: null, toStatus: 'sent', changedAt: created.createdAt }]);
    const items = await db
      .select()
      .from(offerRequestItems)
      .where(eq(offerRequestItems.offerRequestId, Number(created.id)));
    expect(items.map((item) => item.amount)).toEqual([2, 5]);

    const toSales = await queuedMail(db, SALES);
    expect(toSales).toHaveLength(1);
    expect(toSales[0]).toMatchObject({
      kind: 'offer-request-sales',
      language: 'pl',
      replyTo: 'john@example.com',
    });
    expect(toSales[0]!.subject).toBe(`Nowe zapytanie ofertowe OR/${year}/000001 – John Smith`);
    expect(toSales[0]!.text).toContain('1. Łożysko — AM-6204.2RS — 2 szt.');
    expect(toSales[0]!.text).toContain('2. Pasek — PK 12-1100 — 5 szt.');
    expect(toSales[0]!.text).toContain('Uwagi klienta: Proszę o termin dostawy.');
    // Its Reply-To is the customer: the footer says a reply reaches them, not "do not reply"; the link is the staff page.
    expect(toSales[0]!.text).toContain(
      'Odpowiedź na tę wiadomość trafi bezpośrednio do klienta (john@example.com)',
    );
    expect(toSales[0]!.text).not.toContain('nie odpowiadać');
    expect(toSales[0]!.text).toContain(`/staff/offer-requests/${created.id}`);
    const copy = await queuedMail(db, 'john@example.com');
    expect(copy).toHaveLength(1);
    expect(copy[0]).toMatchObject({ kind: 'offer-request-copy', language: 'en' });
    expect(copy[0]!.subject).toBe(`Your offer request OR/${year}/000001`);
    expect(copy[0]!.text).toContain('1. Łożysko (en) — AM-6204.2RS — 2 pcs');
    expect(await queuedMail(db)).toHaveLength(2);

    // The next send takes the next number; a Polish customer's copy is Polish.
    const next = await send(cart({ note: undefined }), jan);
    expect(next.json().number).toBe(`OR/${year}/000002`);
    const [janCopy] = await queuedMail(db, 'jan@example.com');
    expect(janCopy).toMatchObject({ language: 'pl', subject: `Twoje zapytanie ofertowe OR/${year}/000002` });
  });

  it("stores and mails the catalogue's names, not the cart's", async () => {
    const forged = cart();
    forged.items[0]!.name =
      '<translations default="pl"><pl>GRATIS: ciągnik, zadzwoń +48 600 000 000</pl><en>FREE tractor, call now</en></translations>';
    forged.items[1]!.name = { default: 'en', values: { en: 'Visit https://evil.example' } };
    const created = (await send(forged, john)).json();
    const catalogueNames = [
      { default: 'pl', values: { pl: 'Łożysko', en: 'Łożysko (en)' } },
      { default: 'pl', values: { pl: 'Pasek', en: 'Pasek (en)' } },
    ];
    expect(created.items.map((item: { name: unknown }) => item.name)).toEqual(catalogueNames);
    const rows = await db
      .select({ name: offerRequestItems.name })
      .from(offerRequestItems)
      .where(eq(offerRequestItems.offerRequestId, Number(created.id)))
      .orderBy(offerRequestItems.sortOrder);
    expect(rows.map((row) => row.name)).toEqual(catalogueNames);
    const [toSales] = await queuedMail(db, SALES);
    const [copy] = await queuedMail(db, 'john@example.com');
    expect(toSales!.text).toContain('1. Łożysko — AM-6204.2RS — 2 szt.');
    expect(toSales!.text).toContain('2. Pasek — PK 12-1100 — 5 szt.');
    expect(copy!.text).toContain('1. Łożysko (en) — AM-6204.2RS — 2 pcs');
    for (const mail of [toSales!, copy!])
      for (const text of [mail.text, mail.html, mail.subject])
        expect(text).not.toMatch(/GRATIS|FREE tractor|evil\.example/);
  });

  it('keeps a line whose part was removed from the catalogue since, without part id or images', async () => {
    const gone = await insertPart(db, {
      externalId: 'P-GONE',
      symbol: 'GONE-1',
      pl: 'Sprężyna',
      en: 'Sprężyna (en)',
    });
    await db
      .update(parts)
      .set({ images: ['/catalog/gone.webp'] })
      .where(eq(parts.id, gone));
    const created = (
      await send({ items: [{ id: String(gone), name: 'Sprężyna', symbol: 'GONE-1', amount: 3 }] }, jan)
    ).json();
    expect(created.items[0].images).toEqual(['/catalog/gone.webp']);
    await db.delete(parts).where(eq(parts.id, gone));
    const seen = (await get(`/api/offer-requests/${created.id}`, jan)).json();
    expect(seen.items).toEqual([
      {
        partId: null,
        symbol: 'GONE-1',
        name: { default: 'pl', values: { pl: 'Sprężyna', en: 'Sprężyna (en)' } },
        amount: 3,
        images: [],
      },
    ]);
  });

  it('refuses an unknown part with a field error per bad line and stores nothing', async () => {
    const payload = cart();
    payload.items[1]!.id = '999999';
    const response = await send(payload, jan);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'items.1.id', code: 'validation.invalid_value' }],
    });
    expect(await stored()).toBe(0);
    expect(await queuedMail(db)).toEqual([]);
  });

  it.each([
    ['amount 0', { amount: 0 }],
    ['a negative amount', { amount: -1 }],
    ['a fractional amount', { amount: 1.5 }],
  ])('refuses %s with a field error on the amount and stores nothing', async (_, change) => {
    const payload = cart();
    Object.assign(payload.items[0]!, change);
    const response = await send(payload, jan);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(response.json().fields.map((f: { path: string }) => f.path)).toEqual(['items.0.amount']);
    expect(await stored()).toBe(0);
  });

  it('refuses an empty cart', async () => {
    const response = await send(cart({ items: [] }), jan);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[0].path).toBe('items');
    expect(await stored()).toBe(0);
  });

  it('answers 401 to a visitor and 403 to a customer without the catalogue authority', async () => {
    expect((await send(cart())).statusCode).toBe(401);
    const refused = await send(cart(), noCatalog);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect(await stored()).toBe(0);
    expect(await queuedMail(db)).toEqual([]);
  });

  it('files a retried send (same clientId) once: one offer request, two e-mails', async () => {
    const payload = cart({ clientId: '0d6f1e2a-7b3c-4d5e-8f90-a1b2c3d4e5f6' });
    const first = await send(payload, jan);
    expect(first.statusCode).toBe(201);
    // The answer was lost; the browser sends again, twice at once.
    const retries = await Promise.all([send(payload, jan), send(payload, jan)]);
    for (const retry of retries) {
      expect(retry.statusCode).toBe(200);
      expect(retry.json().id).toBe(first.json().id);
    }
    expect(await stored()).toBe(1);
    expect(await queuedMail(db)).toHaveLength(2);
    // Another customer may happen to use the same clientId: theirs is their own request.
    expect((await send(payload, john)).statusCode).toBe(201);
    expect(await stored()).toBe(2);
  });

  it("lists the customer's own offer requests newest first, paged, and never another customer's", async () => {
    const first = (await send(cart(), jan)).json();
    const second = (await send(cart({ note: 'drugie' }), jan)).json();
    const johns = (await send(cart(), john)).json();
    const page = (await get('/api/offer-requests/user-owned?pageSize=1', jan)).json();
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(page.items.map((i: { id: string }) => i.id)).toEqual([second.id]);
    const page2 = (await get('/api/offer-requests/user-owned?pageSize=1&page=2', jan)).json();
    expect(page2.items.map((i: { id: string }) => i.id)).toEqual([first.id]);
    expect(page2.items[0]).toMatchObject({ status: 'sent', itemCount: 2, number: first.number });
    // Past the last page: no items, the total still told; the status filter counts what it lets through.
    expect((await get('/api/offer-requests/user-owned?pageSize=1&page=5', jan)).json()).toMatchObject({
      items: [],
      total: 2,
      page: 5,
    });
    expect((await get('/api/offer-requests/user-owned?status=sent&pageSize=1', jan)).json()).toMatchObject({
      total: 2,
    });
    expect((await get('/api/offer-requests/user-owned?status=closed,quoted', jan)).json()).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 20,
    });
    const own = await get(`/api/offer-requests/${first.id}`, jan);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(first);
    const others = await get(`/api/offer-requests/${johns.id}`, jan);
    expect(others.statusCode).toBe(404);
    expect(others.json().code).toBe('NOT_FOUND');
    expect((await t.app.inject({ method: 'GET', url: '/api/offer-requests/user-owned' })).statusCode).toBe(
      401,
    );
  });

  it('lets sales and admin work the inbox; customers and service staff are refused', async () => {
    const created = (await send(cart(), jan)).json();
    await send(cart(), john);
    for (const cookie of [jan, service]) {
      const refused = await get('/api/staff/offer-requests', cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('FORBIDDEN');
      expect((await setStatus(created.id, 'in_progress', cookie)).statusCode).toBe(403);
    }
    for (const cookie of [sales, admin]) {
      const inbox = (await get('/api/staff/offer-requests', cookie)).json();
      expect(inbox.total).toBe(2);
      expect(inbox.items[1]).toMatchObject({
        id: created.id,
        customer: { name: 'Jan Kowalski', email: 'jan@example.com' },
      });
    }
    const details = (await get(`/api/staff/offer-requests/${created.id}`, sales)).json();
    expect(details).toMatchObject({
      id: created.id,
      customer: { name: 'Jan Kowalski', email: 'jan@example.com' },
    });
    expect(details.customer).toHaveProperty('phone');
    expect((await get('/api/staff/offer-requests/999999', sales)).statusCode).toBe(404);
  });

  it('filters the inbox by the days the requests were sent, days in Poland, both included', async () => {
    const early = (await send(cart(), jan)).json();
    const late = (await send(cart(), jan)).json();
    // 23:30 UTC on 31 May is 1 June in Poland (UTC+2); 21:30 UTC on 30 June is still 30 June there.
    await db
      .update(offerRequests)
      .set({ createdAt: new Date('2026-05-31T23:30:00Z') })
      .where(sql`id = ${early.id}`);
    await db
      .update(offerRequests)
      .set({ createdAt: new Date('2026-06-30T21:30:00Z') })
      .where(sql`id = ${late.id}`);
    const ids = async (query: string) =>
      (await get(`/api/staff/offer-requests?${query}`, sales)).json().items.map((i: { id: string }) => i.id);
    expect(await ids('sentFrom=2026-06-01&sentTo=2026-06-30')).toEqual([late.id, early.id]);
    expect(await ids('sentTo=2026-05-31')).toEqual([]);
    expect(await ids('sentFrom=2026-06-02')).toEqual([late.id]);
    expect(await ids('sentFrom=2026-07-01')).toEqual([]);
    const reversed = await get('/api/staff/offer-requests?sentFrom=2026-06-30&sentTo=2026-06-01', sales);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'sentTo' }] });
  });

  it('moves an offer request sent → in_progress → quoted → closed with history the customer sees; no other way', async () => {
    const created = (await send(cart(), jan)).json();
    // quoted straight from sent is not allowed.
    const skipped = await setStatus(created.id, 'quoted', sales);
    expect(skipped.statusCode).toBe(409);
    expect(skipped.json().code).toBe('INVALID_STATUS_TRANSITION');
    const moved = (await setStatus(created.id, 'in_progress', sales)).json();
    expect(moved).toMatchObject({ status: 'in_progress', customer: { email: 'jan@example.com' } });
    const inProgress = (await get('/api/staff/offer-requests?status=in_progress', sales)).json();
    expect(inProgress.items.map((i: { id: string }) => i.id)).toEqual([created.id]);
    expect((await get('/api/staff/offer-requests?status=sent', sales)).json().total).toBe(0);
    expect((await setStatus(created.id, 'quoted', admin)).json().status).toBe('quoted');
    expect((await setStatus(created.id, 'in_progress', sales)).statusCode).toBe(409);
    expect((await setStatus(created.id, 'closed', sales)).json().status).toBe('closed');
    expect((await setStatus(created.id, 'closed', sales)).statusCode).toBe(409);
    const seen = (await get(`/api/offer-requests/${created.id}`, jan)).json();
    expect(seen.status).toBe('closed');
    expect(seen.history.map((h: { toStatus: string }) => h.toStatus)).toEqual([
      'sent',
      'in_progress',
      'quoted',
      'closed',
    ]);
    // sent → closed directly is allowed.
    const other = (await send(cart(), jan)).json();
    expect((await setStatus(other.id, 'closed', sales)).json().status).toBe('closed');
    expect((await setStatus('999999', 'closed', sales)).statusCode).toBe(404);
  });

  it('a new request and each status change reach its customer and parts sales as offer-request-status', async () => {
    const bus = startEventBus(t.database, { info: () => {}, warn: () => {} });
    const received: Record<string, PortalEvent[]> = { jan: [], other: [], sales: [], service: [] };
    bus.subscribe({
      userId: janId,
      sessionId: 0,
      role: 'customer',
      end() {},
      deliver: (e) => received.jan!.push(e),
    });
    bus.subscribe({
      userId: 99_990,
      sessionId: 0,
      role: 'customer',
      end() {},
      deliver: (e) => received.other!.push(e),
    });
    bus.subscribe({
      userId: 99_991,
      sessionId: 0,
      role: 'sales',
      end() {},
      deliver: (e) => received.sales!.push(e),
    });
    bus.subscribe({
      userId: 99_992,
      sessionId: 0,
      role: 'service',
      end() {},
      deliver: (e) => received.service!.push(e),
    });
    await expect.poll(() => bus.isLive()).toBe(true);
    const created = (await send(cart(), jan)).json();
    expect((await setStatus(created.id, 'in_progress', sales)).statusCode).toBe(200);
    expect((await setStatus(created.id, 'sent', sales)).statusCode).toBe(409);
    const expected = ['sent', 'in_progress'].map((status) => ({
      type: 'offer-request-status',
      data: { offerRequestId: created.id, status },
    }));
    const offerEvents = (who: string) => received[who]!.filter((e) => e.type === 'offer-request-status');
    await expect.poll(() => offerEvents('jan')).toEqual(expected);
    await expect.poll(() => offerEvents('sales')).toEqual(expected);
    expect(offerEvents('other')).toEqual([]);
    expect(offerEvents('service')).toEqual([]);
    await bus.close();
  });

  describe('with attachments (POST api/offer-requests/new-request, multipart)', () => {
    const sendWithFiles = (payload: unknown, files: { filename: string; content: Buffer }[], cookie = jan) =>
      postMultipart(t.app, '/api/offer-requests/new-request', cookie, [
        { name: 'payload', value: JSON.stringify(payload) },
        ...files.map((file) => ({ name: 'files', file })),
      ]);

    it('files the cart with its files, names them in the sales e-mail, and lets the customer and sales download them', async () => {
      await clearOutbox(db);
      const response = await sendWithFiles(cart(), [
        { filename: 'tabliczka znamionowa.jpg', content: JPEG },
        { filename: 'rysunek.pdf', content: PDF },
      ]);
      expect(response.statusCode, response.body).toBe(201);
      const created = response.json();
      expect(created.attachments.map((a: { name: string }) => a.name)).toEqual([
        'tabliczka znamionowa.jpg',
        'rysunek.pdf',
      ]);
      const [toSales] = await queuedMail(db, SALES);
      expect(toSales!.text).toContain('tabliczka znamionowa.jpg, rysunek.pdf');
      const [copy] = await queuedMail(db, 'jan@example.com');
      expect(copy!.text).toContain('Załączniki: tabliczka znamionowa.jpg, rysunek.pdf');
      const fileId = created.attachments[1].id;
      const own = await get(`/api/offer-requests/${created.id}/attachments/${fileId}`, jan);
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-disposition']).toMatch(/^attachment;/);
      expect(own.rawPayload.equals(PDF)).toBe(true);
      const staff = await get(`/api/staff/offer-requests/${created.id}/attachments/${fileId}`, sales);
      expect(staff.statusCode).toBe(200);
      // Another customer, and a file of another request, are not found; service staff are refused.
      expect((await get(`/api/offer-requests/${created.id}/attachments/${fileId}`, john)).statusCode).toBe(
        404,
      );
      const other = (await send(cart(), jan)).json();
      expect((await get(`/api/offer-requests/${other.id}/attachments/${fileId}`, jan)).statusCode).toBe(404);
      expect(
        (await get(`/api/staff/offer-requests/${created.id}/attachments/${fileId}`, service)).statusCode,
      ).toBe(403);
      expect((await get(`/api/staff/offer-requests/${created.id}`, sales)).json().attachments).toHaveLength(
        2,
      );
    });

    it('refuses a file type it does not accept and a payload that is not a cart, storing nothing', async () => {
      const before = await stored();
      const bad = await sendWithFiles(cart(), [{ filename: 'setup.exe', content: EXECUTABLE }]);
      expect(bad.statusCode).toBe(415);
      const empty = await sendWithFiles({ items: [] }, [{ filename: 'a.jpg', content: JPEG }]);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().code).toBe('VALIDATION_FAILED');
      const garbled = await postMultipart(t.app, '/api/offer-requests/new-request', jan, [
        { name: 'payload', value: '{not json' },
      ]);
      expect(garbled.statusCode).toBe(400);
      expect(await stored()).toBe(before);
    });

    it('files a retried send with files (same clientId) once', async () => {
      const clientId = '5b0c7a8e-1f2d-4c3b-9a8e-7d6c5b4a3f21';
      const first = await sendWithFiles(cart({ clientId }), [{ filename: 'a.jpg', content: JPEG }]);
      const again = await sendWithFiles(cart({ clientId }), [{ filename: 'a.jpg', content: JPEG }]);
      expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
      expect(again.json().id).toBe(first.json().id);
      expect(again.json().attachments).toHaveLength(1);
    });

    it('refuses a customer without the catalogue authority', async () => {
      expect((await sendWithFiles(cart(), [], noCatalog)).statusCode).toBe(403);
    });
  });
});
