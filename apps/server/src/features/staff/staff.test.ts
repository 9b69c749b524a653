import { STAFF_QUEUE_COUNT_LIMIT, type StaffQueuePage, type StaffServiceRequest } from '@care/contract/staff';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
import { userAddresses } from '#app/db/schema/users.ts';
import { cookieFor, insertUser } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import {
  daysFromToday,
  insertMessage,
  insertOwnedMachine,
  insertRequest,
  markRead,
} from '#app/test/service-requests.ts';

describe('staff: the service request queue, a request’s details and its service fields', () => {
  let t: TestApp;
  const u: Record<string, number> = {};
  const r: Record<string, number> = {};
  const cookie: Record<string, string> = {};
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, as?: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: as ? { cookie: as } : {} });
  const queue = async (query = '', as = cookie.service!) => {
    const response = await call('GET', `/api/staff/service-requests?${query}`, as);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as StaffQueuePage;
  };
  const codes = (page: StaffQueuePage) => page.items.map((item) => item.code);

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    u.jan = await insertUser(db, { email: 'jan@example.com' });
    u.anna = await insertUser(db, {
      email: 'anna.zielinska@example.com',
      firstName: 'Anna',
      lastName: 'Zielińska',
    });
    u.service = await insertUser(db, { email: 'serwis@example.com', role: 'service', firstName: 'Piotr' });
    u.admin = await insertUser(db, { email: 'admin@example.com', role: 'admin', firstName: 'Ewa' });
    u.sales = await insertUser(db, { email: 'sprzedaz@example.com', role: 'sales' });
    await db.insert(userAddresses).values({
      userId: u.anna,
      street: 'Polna',
      houseNumber: '3',
      postalCode: '62-050',
      city: 'Mosina',
      countryCode: 'PL',
    });
    const combine = await insertOwnedMachine(db, {
      serialNumber: 'AM-500-001',
      name: 'AgroMech Żniwiarz 5200',
      ownerId: u.jan,
      purchaseDate: '2025-03-01',
      guaranteeEndDate: daysFromToday(10),
      dealer: 'Agro-Dealer Poznań',
    });
    const mower = await insertOwnedMachine(db, {
      serialNumber: 'KS-300-777',
      name: 'AgroMech Kosiarka 300',
      ownerId: u.anna,
    });
    const day = (date: string) => new Date(`${date}T10:00:00Z`);
    r.old = await insertRequest(db, {
      code: 'SR/2026/000001',
      customerId: u.jan,
      machineId: combine,
      status: 'F',
      reportDate: day('2026-01-05'),
    });
    r.mid = await insertRequest(db, {
      code: 'SR/2026/000002',
      customerId: u.anna,
      machineId: mower,
      status: 'C',
      reportDate: day('2026-02-10'),
    });
    r.recent = await insertRequest(db, {
      code: 'SR/2026/000003',
      customerId: u.jan,
      machineId: combine,
      reportDate: day('2026-03-15'),
      problemDescription: 'Nie działa podajnik.',
    });
    r.patched = await insertRequest(db, {
      code: 'SR/2026/000004',
      customerId: u.anna,
      machineId: mower,
      reportDate: day('2026-03-20'),
    });
    // Anna wrote in her request; the service member read the first message only. Jan's request: staff wrote.
    const first = await insertMessage(db, r.mid, u.anna, 'Kiedy będzie naprawa?');
    await insertMessage(db, r.mid, u.anna, 'Halo?');
    await markRead(db, u.service, r.mid, first);
    await insertMessage(db, r.recent, u.admin, 'Proszę o zdjęcie.');
    await db
      .update(serviceRequests)
      .set({ lastMessageAt: new Date('2026-03-16T08:00:00Z') })
      .where(eq(serviceRequests.id, r.recent));
    await db
      .update(serviceRequests)
      .set({ lastMessageAt: new Date('2026-03-01T08:00:00Z') })
      .where(eq(serviceRequests.id, r.mid));
    for (const [name, email] of [
      ['jan', 'jan@example.com'],
      ['service', 'serwis@example.com'],
      ['admin', 'admin@example.com'],
      ['sales', 'sprzedaz@example.com'],
    ] as const) {
      cookie[name] = await cookieFor(t.app, email);
    }
  });

  afterAll(async () => {
    await t.app.close();
  });

  it('every staff endpoint: anonymous 401, customer and sales 403, service and admin 200', async () => {
    const db = t.database.db;
    const machine = await insertOwnedMachine(db, { serialNumber: 'MATRIX-1', ownerId: u.jan! });
    const fresh = async (n: number) =>
      insertRequest(db, { code: `SR/2026/01000${n}`, customerId: u.jan!, machineId: machine });
    const requests = { service: await fresh(1), admin: await fresh(2) };
    const endpoints = (id: number) =>
      [
        ['GET', '/api/staff/service-requests', undefined],
        ['GET', `/api/staff/service-requests/${id}`, undefined],
        ['POST', `/api/staff/service-requests/${id}/status`, { status: 'C' }],
        ['PATCH', `/api/staff/service-requests/${id}`, { serviceOpinion: 'Do sprawdzenia.' }],
      ] as const;
    for (const [who, expected] of [
      ['anonymous', 401],
      ['jan', 403],
      ['sales', 403],
      ['service', 200],
      ['admin', 200],
    ] as const) {
      const id = who === 'service' || who === 'admin' ? requests[who] : requests.service;
      for (const [method, url, payload] of endpoints(id)) {
        const response = await call(method, url, cookie[who], payload);
        expect(response.statusCode, `${who} ${method} ${url}: ${response.body}`).toBe(expected);
        if (expected !== 200) {
          expect(response.json().code).toBe(expected === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN');
        }
      }
    }
    // The refused calls changed nothing: only the staff member's own change is there.
    const [row] = await db
      .select({ status: serviceRequests.status, serviceOpinion: serviceRequests.serviceOpinion })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, requests.service));
    expect(row).toEqual({ status: 'C', serviceOpinion: 'Do sprawdzenia.' });
    await db.delete(serviceRequests).where(eq(serviceRequests.machineId, machine));
  });

  it('the queue lists every customer’s requests, newest report first, with customer, machine, my unread count, who wrote last and the desk fields', async () => {
    const page = await queue();
    expect(codes(page)).toEqual(['SR/2026/000004', 'SR/2026/000003', 'SR/2026/000002', 'SR/2026/000001']);
    expect(page).toMatchObject({ total: 4, totalCapped: false, page: 1, pageSize: 20 });
    expect(page.items[2]).toEqual({
      id: String(r.mid),
      code: 'SR/2026/000002',
      status: 'C',
      reportDate: '2026-02-10T10:00:00.000Z',
      statusChangedAt: expect.any(String),
      customerId: String(u.anna),
      customerName: 'Anna Zielińska',
      customerEmail: 'anna.zielinska@example.com',
      machineId: expect.any(String),
      machineName: 'AgroMech Kosiarka 300',
      machineSerialNumber: 'KS-300-777',
      unreadCount: 1,
      lastMessageAt: '2026-03-01T08:00:00.000Z',
      lastAuthor: { kind: 'customer', name: 'Anna Zielińska' },
      assignee: null,
      priority: 'normal',
      tags: [],
      // Anna's messages wait for the department: nobody on staff answered yet.
      waitingSince: expect.any(String),
      guaranteeEndDate: null,
      guaranteeState: 'none',
      // Normal priority: the first reply within 16 working hours of Tuesday 11:00 (Poland), long past.
      due: {
        target: 'reply',
        at: '2026-02-12T10:00:00.000Z',
        minutesLeft: expect.any(Number),
        state: 'overdue',
      },
    });
    expect(page.items[1]).toMatchObject({
      code: 'SR/2026/000003',
      lastAuthor: { kind: 'staff', name: 'Ewa Kowalski' },
      waitingSince: null,
      guaranteeState: 'ending',
    });
    // Unread counts are per person: the admin has read nothing of Anna's chat, and wrote Jan's message.
    const forAdmin = await queue('', cookie.admin);
    expect(forAdmin.items.map((item) => item.unreadCount)).toEqual([0, 0, 2, 0]);
  });

  it('the queue filters by status (several), report dates (days in Poland), machine, customer and waiting', async () => {
    expect(codes(await queue('status=N&status=F'))).toEqual([
      'SR/2026/000004',
      'SR/2026/000003',
      'SR/2026/000001',
    ]);
    expect(codes(await queue('status=C,F'))).toEqual(['SR/2026/000002', 'SR/2026/000001']);
    expect(codes(await queue('reportedFrom=2026-02-10&reportedTo=2026-03-15'))).toEqual([
      'SR/2026/000003',
      'SR/2026/000002',
    ]);
    expect(codes(await queue('reportedTo=2026-01-05'))).toEqual(['SR/2026/000001']);
    expect(codes(await queue('machine=ks-300'))).toEqual(['SR/2026/000004', 'SR/2026/000002']);
    expect(codes(await queue('machine=%C5%BBniwiarz'))).toEqual(['SR/2026/000003', 'SR/2026/000001']);
    // The one search rule of every list: case and Polish letters ignored, nothing below 3 characters.
    expect(codes(await queue('machine=zniwiarz'))).toEqual(['SR/2026/000003', 'SR/2026/000001']);
    expect(codes(await queue('machine=%C5%BBNI'))).toEqual(['SR/2026/000003', 'SR/2026/000001']);
    expect(codes(await queue('machine=KS'))).toHaveLength(4);
    expect(codes(await queue('customer=zi'))).toHaveLength(4);
    // Case- and accent-insensitive on names and e-mail.
    expect(codes(await queue('customer=ZIELINSKA'))).toEqual(['SR/2026/000004', 'SR/2026/000002']);
    expect(codes(await queue('customer=jan%40example'))).toEqual(['SR/2026/000003', 'SR/2026/000001']);
    expect(codes(await queue('customer=%25%25%25'))).toEqual([]);
    // "Waiting for us" is the team's, not a person's: Anna's chat waits for everyone on staff, though the service
    // member read her first message; Jan's chat has only the admin's message.
    expect(codes(await queue('waiting=true'))).toEqual(['SR/2026/000002']);
    expect(codes(await queue('waiting=true', cookie.admin))).toEqual(['SR/2026/000002']);
    expect(codes(await queue('waiting=false'))).toHaveLength(4);
    expect(codes(await queue('status=C&customer=anna&machine=KS-3&waiting=1'))).toEqual(['SR/2026/000002']);
    // The per-person "unread only" filter is gone for staff.
    const unread = await call('GET', '/api/staff/service-requests?unread=true', cookie.service);
    expect(unread.statusCode).toBe(400);
  });

  it('the queue sorts by report date, status change and last message (never-discussed last), and pages', async () => {
    expect(codes(await queue('sort=reportDate&order=asc'))).toEqual([
      'SR/2026/000001',
      'SR/2026/000002',
      'SR/2026/000003',
      'SR/2026/000004',
    ]);
    for (const order of ['asc', 'desc']) {
      const page = await queue(`sort=lastMessageAt&order=${order}`);
      expect(codes(page).slice(0, 2)).toEqual(
        order === 'desc' ? ['SR/2026/000003', 'SR/2026/000002'] : ['SR/2026/000002', 'SR/2026/000003'],
      );
      expect(page.items.slice(2).every((item) => item.lastMessageAt === null)).toBe(true);
    }
    await t.database.db
      .update(serviceRequests)
      .set({ statusChangedAt: new Date(Date.now() + 60_000) })
      .where(eq(serviceRequests.id, r.old!));
    expect(codes(await queue('sort=statusChangedAt&order=desc'))[0]).toBe('SR/2026/000001');
    const second = await queue('pageSize=3&page=2');
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(codes(second)).toEqual(['SR/2026/000001']);
    expect((await queue('page=9')).items).toEqual([]);
    expect((await queue('page=9')).total).toBe(4);
  });

  it('the queue counts up to STAFF_QUEUE_COUNT_LIMIT and still serves the pages past it', async () => {
    const db = t.database.db;
    const machine = await insertOwnedMachine(db, { serialNumber: 'MANY-1', ownerId: u.anna! });
    await db.execute(sql`
      INSERT INTO ${serviceRequests} (code, customer_id, machine_id, status, report_date, problem_description)
      SELECT 'SR/2025/' || lpad(i::text, 6, '0'), ${u.anna}, ${machine}, 'F',
        timestamptz '2025-01-01 10:00Z' + i * interval '1 minute', 'Opis'
      FROM generate_series(1, ${STAFF_QUEUE_COUNT_LIMIT}) i`);
    const first = await queue('status=F');
    expect(first).toMatchObject({ total: STAFF_QUEUE_COUNT_LIMIT, totalCapped: true });
    const past = await queue(`status=F&pageSize=100&page=${STAFF_QUEUE_COUNT_LIMIT / 100 + 1}`);
    expect(codes(past)).toEqual(['SR/2025/000001']);
    expect(past).toMatchObject({ total: STAFF_QUEUE_COUNT_LIMIT, totalCapped: true });
    const exact = await queue('status=F&reportedFrom=2025-01-01&reportedTo=2025-12-31');
    expect(exact).toMatchObject({ total: STAFF_QUEUE_COUNT_LIMIT, totalCapped: false });
    await db.delete(serviceRequests).where(eq(serviceRequests.machineId, machine));
  });

  it('the queue refuses unknown filters’ values and a reversed date range', async () => {
    for (const query of [
      'status=Z',
      'sort=code',
      'reportedFrom=2026-13-01',
      'unread=yes',
      'reportedFrom=2026-03-02&reportedTo=2026-03-01',
    ]) {
      const response = await call('GET', `/api/staff/service-requests?${query}`, cookie.service);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('a request’s details: what the customer sees plus the customer’s contact, the machine and allowed transitions', async () => {
    const response = await call('GET', `/api/staff/service-requests/${r.recent}`, cookie.service);
    expect(response.statusCode, response.body).toBe(200);
    const details = response.json() as StaffServiceRequest;
    expect(details).toMatchObject({
      id: String(r.recent),
      code: 'SR/2026/000003',
      status: 'N',
      problemDescription: 'Nie działa podajnik.',
      allowedTransitions: ['C', 'X'],
      statusHistory: [{ fromStatus: null, toStatus: 'N', changedBy: 'Jan Kowalski', note: null }],
      customer: {
        id: String(u.jan),
        firstName: 'Jan',
        lastName: 'Kowalski',
        email: 'jan@example.com',
        phone: '',
        language: 'pl',
        address: null,
      },
      machine: {
        name: 'AgroMech Żniwiarz 5200',
        serialNumber: 'AM-500-001',
        purchaseDate: '2025-03-01',
        guaranteeEndDate: daysFromToday(10),
        guaranteeDaysLeft: 10,
        guaranteeState: 'ending',
        status: 'I',
        dealer: 'Agro-Dealer Poznań',
      },
    });
    const anna = (await call('GET', `/api/staff/service-requests/${r.mid}`, cookie.admin)).json();
    expect(anna.customer.address).toEqual({
      companyName: '',
      street: 'Polna',
      houseNumber: '3',
      apartmentNumber: '',
      postalCode: '62-050',
      city: 'Mosina',
      countryCode: 'PL',
    });
    expect(anna.allowedTransitions).toEqual(['R', 'U', 'X']);
    expect((await call('GET', '/api/staff/service-requests/999999', cookie.service)).statusCode).toBe(404);
  });

  it('PATCH sets and clears dates, opinion and parts; only the fields given change', async () => {
    const url = `/api/staff/service-requests/${r.patched}`;
    let response = await call('PATCH', url, cookie.service, {
      estimatedCompletionDate: '2026-04-10',
      serviceOpinion: '  Wymiana łożyska.  ',
      additionalParts: 'Łożysko 6205',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      estimatedCompletionDate: '2026-04-10',
      completionDate: null,
      serviceOpinion: 'Wymiana łożyska.',
      additionalParts: 'Łożysko 6205',
    });
    response = await call('PATCH', url, cookie.admin, { completionDate: '2026-03-20', additionalParts: '' });
    expect(response.json()).toMatchObject({
      estimatedCompletionDate: '2026-04-10',
      completionDate: '2026-03-20',
      serviceOpinion: 'Wymiana łożyska.',
      additionalParts: null,
    });
    response = await call('PATCH', url, cookie.service, { estimatedCompletionDate: null });
    expect(response.json().estimatedCompletionDate).toBeNull();
  });

  it('PATCH refuses a date before the report day, a completion after today and a malformed one, and changes nothing then', async () => {
    const url = `/api/staff/service-requests/${r.patched}`;
    const before = (await call('GET', url, cookie.service)).json() as StaffServiceRequest;
    for (const [field, value] of [
      ['completionDate', '2026-03-19'],
      ['estimatedCompletionDate', '2025-12-31'],
    ] as const) {
      const response = await call('PATCH', url, cookie.service, { serviceOpinion: 'x', [field]: value });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'DATE_BEFORE_REPORT_DATE',
        fields: [{ path: field, code: 'validation.too_small' }],
      });
    }
    const both = await call('PATCH', url, cookie.service, {
      estimatedCompletionDate: '2025-12-31',
      completionDate: '2026-03-19',
    });
    expect(both.json().fields).toEqual([
      { path: 'estimatedCompletionDate', code: 'validation.too_small' },
      { path: 'completionDate', code: 'validation.too_small' },
    ]);
    // The work cannot have been done tomorrow.
    const tomorrow = daysFromToday(1);
    const future = await call('PATCH', url, cookie.service, { completionDate: tomorrow });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'completionDate', code: 'form.completion-date-future' }],
    });
    const malformed = await call('PATCH', url, cookie.service, { completionDate: '20.03.2026' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('VALIDATION_FAILED');
    expect((await call('GET', url, cookie.service)).json()).toEqual(before);
    // An estimate may be for a day to come.
    const estimate = await call('PATCH', url, cookie.service, { estimatedCompletionDate: tomorrow });
    expect(estimate.statusCode, estimate.body).toBe(200);
    expect(estimate.json().estimatedCompletionDate).toBe(tomorrow);
  });

  it('PATCH never changes the description, comments or attachments: such fields are refused', async () => {
    const url = `/api/staff/service-requests/${r.recent}`;
    for (const payload of [
      { problemDescription: 'Inny opis' },
      { comments: 'Inne uwagi' },
      { attachments: [] },
      { serviceOpinion: 'OK', problemDescription: 'Inny opis' },
      { status: 'F' },
    ]) {
      const response = await call('PATCH', url, cookie.admin, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    const [row] = await t.database.db
      .select({
        problemDescription: serviceRequests.problemDescription,
        serviceOpinion: serviceRequests.serviceOpinion,
        status: serviceRequests.status,
      })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, r.recent!));
    expect(row).toEqual({ problemDescription: 'Nie działa podajnik.', serviceOpinion: null, status: 'N' });
    expect((await call('PATCH', '/api/staff/service-requests/999999', cookie.admin, {})).statusCode).toBe(
      404,
    );
  });
});
