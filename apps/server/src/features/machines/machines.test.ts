import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFor, insertUser } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { daysFromToday, insertOwnedMachine, insertRequest } from '#app/test/service-requests.ts';
import { guaranteeOf } from '#app/db/guarantee.ts';

describe('machines (api/end-products)', () => {
  let t: TestApp;
  let jan: string;
  let anna: string;
  let staff: string;
  const ids: Record<string, number> = {};
  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const list = async (query: string, cookie = jan) => {
    const response = await get(`/api/end-products/user-owned${query}`, cookie);
    expect(response.statusCode).toBe(200);
    return response.json() as { items: { id: string; serialNumber: string }[]; total: number };
  };
  const serials = (page: { items: { serialNumber: string }[] }) => page.items.map((m) => m.serialNumber);

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const janId = await insertUser(db, { email: 'jan@example.com' });
    const annaId = await insertUser(db, { email: 'anna@example.com', firstName: 'Anna' });
    await insertUser(db, { email: 'serwis@example.com', role: 'service' });
    ids.combine = await insertOwnedMachine(db, {
      serialNumber: 'AM-2024-000001',
      name: 'AgroMech Żniwiarz 5200',
      ownerId: janId,
      purchaseDate: '2024-03-01',
      guaranteeEndDate: daysFromToday(20),
      status: 'I',
      dealer: 'Rolmech Gniezno',
    });
    ids.baler = await insertOwnedMachine(db, {
      serialNumber: 'AM-2021-000002',
      name: 'AgroMech Prasa 1250',
      ownerId: janId,
      purchaseDate: '2021-05-10',
      guaranteeEndDate: daysFromToday(-1),
      status: 'G',
      dealer: 'Agro-Serwis Kowalczyk',
    });
    ids.drill = await insertOwnedMachine(db, {
      serialNumber: 'AM-2025-000003',
      name: 'AgroMech Siewca 3000',
      ownerId: janId,
      purchaseDate: '2025-02-01',
      guaranteeEndDate: daysFromToday(400),
      status: 'I',
    });
    ids.mower = await insertOwnedMachine(db, {
      serialNumber: 'AM-100%_X',
      name: 'AgroMech Kosa 280',
      ownerId: janId,
      status: 'R',
    });
    ids.annas = await insertOwnedMachine(db, { serialNumber: 'AM-2024-000009', ownerId: annaId });
    // The combine was Anna's before: her old request must not show to Jan.
    await insertRequest(db, {
      code: 'SR/2023/000001',
      customerId: annaId,
      machineId: ids.combine,
      status: 'F',
    });
    await insertRequest(db, {
      code: 'SR/2026/000002',
      customerId: janId,
      machineId: ids.combine,
      status: 'X',
    });
    await insertRequest(db, {
      code: 'SR/2026/000003',
      customerId: janId,
      machineId: ids.combine,
      status: 'C',
    });
    jan = await cookieFor(t.app, 'jan@example.com');
    anna = await cookieFor(t.app, 'anna@example.com');
    staff = await cookieFor(t.app, 'serwis@example.com');
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('answers 401 to a visitor who is not signed in', async () => {
    expect((await get('/api/end-products/user-owned')).statusCode).toBe(401);
    expect((await get(`/api/end-products/${ids.combine}`)).statusCode).toBe(401);
  });

  it("lists only the customer's own machines with SPEC's fields and the guarantee state", async () => {
    const page = await list('');
    expect(page.total).toBe(4);
    // Default: newest purchase first, a machine without a purchase date last.
    expect(serials(page)).toEqual(['AM-2025-000003', 'AM-2024-000001', 'AM-2021-000002', 'AM-100%_X']);
    const combine = page.items.find((m) => m.serialNumber === 'AM-2024-000001');
    expect(combine).toEqual({
      id: String(ids.combine),
      name: 'AgroMech Żniwiarz 5200',
      serialNumber: 'AM-2024-000001',
      purchaseDate: '2024-03-01',
      guaranteeEndDate: daysFromToday(20),
      status: 'I',
      dealer: 'Rolmech Gniezno',
      guaranteeDaysLeft: 20,
      guaranteeState: 'ending',
    });
    const states = Object.fromEntries(
      page.items.map((m) => [m.serialNumber, (m as unknown as { guaranteeState: string }).guaranteeState]),
    );
    expect(states).toEqual({
      'AM-100%_X': 'none',
      'AM-2025-000003': 'active',
      'AM-2024-000001': 'ending',
      'AM-2021-000002': 'ended',
    });
    expect(serials(await list('', anna))).toEqual(['AM-2024-000009']);
  });

  it('counts the end day as covered and the day after as ended', () => {
    expect(guaranteeOf('2026-06-30', '2026-06-30')).toEqual({
      guaranteeDaysLeft: 0,
      guaranteeState: 'ending',
    });
    expect(guaranteeOf('2026-06-30', '2026-07-01')).toEqual({
      guaranteeDaysLeft: -1,
      guaranteeState: 'ended',
    });
    expect(guaranteeOf('2026-07-31', '2026-07-01')).toEqual({
      guaranteeDaysLeft: 30,
      guaranteeState: 'ending',
    });
    expect(guaranteeOf('2026-08-01', '2026-07-01')).toEqual({
      guaranteeDaysLeft: 31,
      guaranteeState: 'active',
    });
    // Across the change to summer time the count is still in whole days.
    expect(guaranteeOf('2026-04-01', '2026-03-20').guaranteeDaysLeft).toBe(12);
  });

  it('pages on the server', async () => {
    const first = await list('?sort=serialNumber&order=asc&pageSize=3&page=1');
    const second = await list('?sort=serialNumber&order=asc&pageSize=3&page=2');
    expect(first.total).toBe(4);
    expect(serials(first)).toEqual(['AM-100%_X', 'AM-2021-000002', 'AM-2024-000001']);
    expect(serials(second)).toEqual(['AM-2025-000003']);
    // Past the end: no rows, still the total.
    expect(await list('?pageSize=3&page=9')).toMatchObject({ items: [], total: 4, page: 9 });
    expect(await list('?q=nothing-like-this')).toMatchObject({ items: [], total: 0 });
    expect((await get('/api/end-products/user-owned?pageSize=101', jan)).statusCode).toBe(400);
  });

  it('sorts by each column in both directions', async () => {
    // Kosa, Prasa, Siewca, Żniwiarz: the same order in the C, Polish and English collations.
    expect(serials(await list('?sort=name&order=asc'))).toEqual([
      'AM-100%_X',
      'AM-2021-000002',
      'AM-2025-000003',
      'AM-2024-000001',
    ]);
    expect(serials(await list('?sort=guaranteeEndDate&order=asc'))).toEqual([
      'AM-2021-000002',
      'AM-2024-000001',
      'AM-2025-000003',
      'AM-100%_X',
    ]);
    expect(serials(await list('?sort=dealer&order=asc')).slice(0, 2)).toEqual([
      'AM-2021-000002',
      'AM-2024-000001',
    ]);
    expect(serials(await list('?sort=status&order=desc'))[0]).toBe('AM-100%_X');
    expect((await get('/api/end-products/user-owned?sort=owner', jan)).statusCode).toBe(400);
  });

  it('puts machines without a purchase date, guarantee end or dealer last in either order', async () => {
    expect(serials(await list(''))).toEqual([
      'AM-2025-000003',
      'AM-2024-000001',
      'AM-2021-000002',
      'AM-100%_X',
    ]);
    expect(serials(await list('?sort=purchaseDate&order=asc'))).toEqual([
      'AM-2021-000002',
      'AM-2024-000001',
      'AM-2025-000003',
      'AM-100%_X',
    ]);
    expect(serials(await list('?sort=guaranteeEndDate&order=desc')).at(-1)).toBe('AM-100%_X');
    expect(
      serials(await list('?sort=dealer&order=desc'))
        .slice(2)
        .sort(),
    ).toEqual(['AM-100%_X', 'AM-2025-000003']);
  });

  it('filters by a fragment of the name or serial number and by several statuses', async () => {
    expect(serials(await list('?q=żniwiarz'))).toEqual(['AM-2024-000001']);
    expect(serials(await list('?q=2021-0'))).toEqual(['AM-2021-000002']);
    expect(serials(await list(`?q=${encodeURIComponent('100%_')}`))).toEqual(['AM-100%_X']);
    expect(serials(await list(`?q=${encodeURIComponent('0%_')}`))).toEqual(['AM-100%_X']);
    expect(serials(await list('?q=9999'))).toEqual([]);
    expect(serials(await list('?status=G&status=R')).sort()).toEqual(['AM-100%_X', 'AM-2021-000002']);
    expect((await list('?status=I&q=siewca')).total).toBe(1);
  });

  it('ignores case and Polish letters in the search, like the parts search', async () => {
    for (const q of ['zni', 'ŻNI', 'Żni', 'zniwiarz', 'ZNIWIARZ 5200', 'am-2024-000001'])
      expect(serials(await list(`?q=${encodeURIComponent(q)}`)), q).toEqual(['AM-2024-000001']);
  });

  it('runs no search below 3 characters (SPEC §5): the list is not filtered', async () => {
    for (const q of ['9', 'zz', ' 9 ']) expect((await list(`?q=${encodeURIComponent(q)}`)).total, q).toBe(4);
  });

  it("shows one machine with only the customer's own service requests", async () => {
    const response = await get(`/api/end-products/${ids.combine}`, jan);
    expect(response.statusCode).toBe(200);
    const machine = response.json();
    expect(machine.guaranteeState).toBe('ending');
    expect(machine.serviceRequests.map((r: { code: string }) => r.code)).toEqual([
      'SR/2026/000003',
      'SR/2026/000002',
    ]);
    expect(machine.serviceRequestCount).toBe(2);
    expect(machine.openServiceRequestCount).toBe(1);
  });

  it("answers 404 for another customer's machine and for an unknown one", async () => {
    expect((await get(`/api/end-products/${ids.annas}`, jan)).statusCode).toBe(404);
    expect((await get(`/api/end-products/${ids.combine}`, anna)).json().code).toBe('NOT_FOUND');
    expect((await get('/api/end-products/999999', jan)).statusCode).toBe(404);
  });

  it('lets service staff read any machine with all its requests', async () => {
    const response = await get(`/api/end-products/${ids.combine}`, staff);
    expect(response.statusCode).toBe(200);
    expect(response.json().serviceRequestCount).toBe(3);
  });
});
