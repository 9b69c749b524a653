import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceRequests, serviceRequestStatusHistory } from '#app/db/schema/service-requests.ts';
import { cookieFor, insertUser } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import {
  insertElements,
  insertMessage,
  insertOwnedMachine,
  insertRequest,
  markRead,
} from '#app/test/service-requests.ts';
import { eq } from 'drizzle-orm';

describe('service requests: lists, details, elements', () => {
  let t: TestApp;
  let jan: string;
  let anna: string;
  let staff: string;
  let sales: string;
  const u: Record<string, number> = {};
  const r: Record<string, number> = {};
  const m: Record<string, number> = {};
  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const list = async (query: string, cookie = jan) => {
    const response = await get(`/api/service-requests/user-owned${query}`, cookie);
    expect(response.statusCode).toBe(200);
    return response.json() as { items: { code: string; unreadCount: number }[]; total: number };
  };
  const codes = (page: { items: { code: string }[] }) => page.items.map((item) => item.code);
  const day = (n: number) => new Date(Date.UTC(2026, 0, n, 9));

  beforeAll(async () => {
    t = await createTestApp({ UPLOAD_MAX_FILE_MB: '5', UPLOAD_MAX_FILES: '4' });
    const db = t.database.db;
    await insertElements(db);
    u.jan = await insertUser(db, { email: 'jan@example.com' });
    u.anna = await insertUser(db, { email: 'anna@example.com', firstName: 'Anna', lastName: 'Nowak' });
    u.staff = await insertUser(db, {
      email: 'serwis@example.com',
      role: 'service',
      firstName: 'Piotr',
      lastName: 'Serwisant',
    });
    await insertUser(db, { email: 'sprzedaz@example.com', role: 'sales' });
    m.combine = await insertOwnedMachine(db, {
      serialNumber: 'AM-1',
      name: 'AgroMech Żniwiarz 5200',
      ownerId: u.jan,
    });
    m.drill = await insertOwnedMachine(db, { serialNumber: 'AM-2', name: 'AgroMech Siewca', ownerId: u.jan });
    m.annas = await insertOwnedMachine(db, { serialNumber: 'AM-3', ownerId: u.anna });
    r.first = await insertRequest(db, {
      code: 'SR/2026/000001',
      customerId: u.jan,
      machineId: m.combine,
      status: 'F',
      reportDate: day(1),
    });
    r.second = await insertRequest(db, {
      code: 'SR/2026/000002',
      customerId: u.jan,
      machineId: m.drill,
      status: 'C',
      reportDate: day(2),
      estimatedCompletionDate: '2026-02-01',
    });
    r.third = await insertRequest(db, {
      code: 'SR/2026/000013',
      customerId: u.jan,
      machineId: m.combine,
      status: 'N',
      reportDate: day(3),
    });
    r.annas = await insertRequest(db, {
      code: 'SR/2026/000004',
      customerId: u.anna,
      machineId: m.annas,
      reportDate: day(4),
    });
    await db
      .update(serviceRequests)
      .set({
        transportType: 'COURIER',
        deliveryPlace: 'FARM',
        comments: 'Dostępna od 7:00',
        serviceOpinion: 'Wymieniono listwę',
        additionalParts: 'Listwa cepowa – 1 szt.',
      })
      .where(eq(serviceRequests.id, r.second));
    await db.insert(serviceRequestStatusHistory).values({
      serviceRequestId: r.second,
      fromStatus: 'N',
      toStatus: 'C',
      changedBy: u.staff,
      changedAt: day(3),
    });
    // Chat of the second request: staff wrote 3, Jan 1; Jan read up to the first staff message.
    const read = await insertMessage(db, r.second, u.staff);
    await insertMessage(db, r.second, u.jan);
    await insertMessage(db, r.second, u.staff);
    await insertMessage(db, r.second, null, 'Status changed');
    await markRead(db, u.jan, r.second, read);
    // Chat of the third: one staff message, never opened.
    await insertMessage(db, r.third, u.staff);
    jan = await cookieFor(t.app, 'jan@example.com');
    anna = await cookieFor(t.app, 'anna@example.com');
    staff = await cookieFor(t.app, 'serwis@example.com');
    sales = await cookieFor(t.app, 'sprzedaz@example.com');
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('answers 401 to a visitor who is not signed in', async () => {
    for (const url of [
      '/api/service-requests/user-owned',
      '/api/service-requests/elements',
      `/api/service-requests/${r.first}`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(401);
    }
  });

  it("lists only the customer's requests, newest first, with machine and unread counts", async () => {
    const page = await list('');
    expect(page.total).toBe(3);
    expect(page.items).toEqual([
      {
        id: String(r.third),
        code: 'SR/2026/000013',
        machineId: String(m.combine),
        machineName: 'AgroMech Żniwiarz 5200',
        machineSerialNumber: 'AM-1',
        status: 'N',
        reportDate: day(3).toISOString(),
        estimatedCompletionDate: null,
        completionDate: null,
        unreadCount: 1,
      },
      expect.objectContaining({
        code: 'SR/2026/000002',
        estimatedCompletionDate: '2026-02-01',
        unreadCount: 2,
      }),
      expect.objectContaining({ code: 'SR/2026/000001', unreadCount: 0 }),
    ]);
    expect(codes(await list('', anna))).toEqual(['SR/2026/000004']);
  });

  it("counts unread messages per reader: someone else's, after the reader's marker", async () => {
    const db = t.database.db;
    const [request, janId, staffId] = [r.third!, u.jan!, u.staff!];
    const staffMessage = await insertMessage(db, request, staffId);
    expect((await list('?q=000013')).items[0]!.unreadCount).toBe(2);
    await markRead(db, janId, request, staffMessage);
    expect((await list('?q=000013')).items[0]!.unreadCount).toBe(0);
    // Jan's own new message is not unread for him.
    await insertMessage(db, request, janId);
    expect((await list('?q=000013')).items[0]!.unreadCount).toBe(0);
    await insertMessage(db, request, staffId);
    expect((await list('?q=000013')).items[0]!.unreadCount).toBe(1);
  });

  it('pages, sorts and filters on the server', async () => {
    const first = await list('?sort=code&order=asc&pageSize=2&page=1');
    const second = await list('?sort=code&order=asc&pageSize=2&page=2');
    expect(first.total).toBe(3);
    expect(codes(first)).toEqual(['SR/2026/000001', 'SR/2026/000002']);
    expect(codes(second)).toEqual(['SR/2026/000013']);
    expect(await list('?pageSize=2&page=5')).toMatchObject({ items: [], total: 3 });
    expect(codes(await list('?sort=machineSerialNumber&order=desc'))).toEqual([
      'SR/2026/000002',
      'SR/2026/000013',
      'SR/2026/000001',
    ]);
    expect(codes(await list('?sort=machineName&order=asc'))[0]).toBe('SR/2026/000002');
    expect(codes(await list('?sort=status&order=asc'))).toEqual([
      'SR/2026/000002',
      'SR/2026/000001',
      'SR/2026/000013',
    ]);
    expect(codes(await list('?q=0001'))).toEqual(['SR/2026/000013', 'SR/2026/000001']);
    expect((await list('?q=sr/2026/0000')).total).toBe(3);
    // The search field says "code or machine": the machine's name (diacritics folded) and serial number match too.
    expect(codes(await list('?q=siewca'))).toEqual(['SR/2026/000002']);
    expect(codes(await list('?q=zniwiarz'))).toEqual(['SR/2026/000013', 'SR/2026/000001']);
    expect(codes(await list('?q=am-2'))).toEqual(['SR/2026/000002']);
    // Dates not set yet sort last in either order.
    for (const sort of ['estimatedCompletionDate', 'completionDate'] as const)
      for (const order of ['asc', 'desc']) {
        const page = (await list(`?sort=${sort}&order=${order}`)) as unknown as {
          items: Record<typeof sort, string | null>[];
        };
        const dates = page.items.map((item) => item[sort]);
        expect(dates.includes(null), `${sort} ${order}`).toBe(true);
        expect(
          dates.slice(dates.indexOf(null)).every((d) => d === null),
          `${sort} ${order}`,
        ).toBe(true);
      }
    // Below 3 characters no search runs (SPEC §5), as in every list.
    expect((await list('?q=13')).total).toBe(3);
    expect((await list('?q=x')).total).toBe(3);
    expect(codes(await list('?status=N,C'))).toEqual(['SR/2026/000013', 'SR/2026/000002']);
    expect(codes(await list(`?machineId=${m.drill}`))).toEqual(['SR/2026/000002']);
    expect((await list(`?machineId=${m.annas}`)).total).toBe(0);
    expect((await get('/api/service-requests/user-owned?status=Q', jan)).statusCode).toBe(400);
  });

  it('shows every SPEC field of a request with its history, labels and machine', async () => {
    const response = await get(`/api/service-requests/${r.second}`, jan);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: String(r.second),
      code: 'SR/2026/000002',
      reportDate: day(2).toISOString(),
      estimatedCompletionDate: '2026-02-01',
      completionDate: null,
      status: 'C',
      statusHistory: [
        { fromStatus: null, toStatus: 'N', changedAt: day(2).toISOString(), changedBy: 'Jan Kowalski' },
        { fromStatus: 'N', toStatus: 'C', changedAt: day(3).toISOString(), changedBy: 'Piotr Serwisant' },
      ],
      transportType: {
        code: 'COURIER',
        label: { default: 'pl', values: { pl: 'Kurier', en: 'Courier', de: 'Kurier' } },
      },
      deliveryPlace: {
        code: 'FARM',
        label: { default: 'pl', values: { pl: 'Gospodarstwo', en: 'Farm', de: 'Hof' } },
      },
      problemDescription: 'Stuka bęben młócący.',
      comments: 'Dostępna od 7:00',
      serviceOpinion: 'Wymieniono listwę',
      additionalParts: 'Listwa cepowa – 1 szt.',
      machine: { id: String(m.drill), name: 'AgroMech Siewca', serialNumber: 'AM-2' },
      attachments: [],
      canAddAppendices: true,
      estimateHistory: [],
      rating: null,
      canRate: false,
    });
    expect((await get(`/api/service-requests/${r.first}`, jan)).json().canAddAppendices).toBe(false);
  });

  it("answers 404 for another customer's request and an unknown one", async () => {
    expect((await get(`/api/service-requests/${r.annas}`, jan)).statusCode).toBe(404);
    expect((await get(`/api/service-requests/${r.second}`, anna)).json().code).toBe('NOT_FOUND');
    expect((await get('/api/service-requests/987654', jan)).statusCode).toBe(404);
    // Sales staff are not the service department.
    expect((await get(`/api/service-requests/${r.second}`, sales)).statusCode).toBe(404);
  });

  it('lets service staff read any request', async () => {
    const response = await get(`/api/service-requests/${r.annas}`, staff);
    expect(response.statusCode).toBe(200);
    expect(response.json().code).toBe('SR/2026/000004');
  });

  it('answers the active form choices in order with their labels, and the upload limits', async () => {
    const response = await get('/api/service-requests/elements', jan);
    expect(response.statusCode).toBe(200);
    const elements = response.json();
    expect(elements.transportTypes.map((e: { code: string }) => e.code)).toEqual(['COURIER', 'OWN']);
    expect(elements.deliveryPlaces).toEqual([
      { code: 'FARM', label: { default: 'pl', values: { pl: 'Gospodarstwo', en: 'Farm', de: 'Hof' } } },
    ]);
    expect(elements.uploadLimits).toMatchObject({
      maxFileBytes: 5 * 1024 * 1024,
      maxRequestBytes: 100 * 1024 * 1024,
      maxFiles: 4,
    });
    expect(elements.uploadLimits.contentTypes).toContain('image/heic');
    expect(elements.uploadLimits.extensions).toContain('.jpg');
  });
});
