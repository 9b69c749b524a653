import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PortalEvent } from '@care/contract/events';
import type { StaffQueuePage, StaffServiceRequest } from '@care/contract/staff';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
import { type EventBus, startEventBus } from '#app/events/event-bus.ts';
import { guaranteeCondition } from './staff-queue.service.ts';
import { cookieFor, insertUser } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { png } from '#app/test/files.ts';
import {
  daysFromToday,
  insertMessage,
  insertOwnedMachine,
  insertRequest,
  postMultipart,
} from '#app/test/service-requests.ts';

const quietLog = { info: () => {}, warn: () => {} };

describe('staff desk: assignment, waiting for us, priority and tags, the queue’s views and search', () => {
  let t: TestApp;
  const u: Record<string, number> = {};
  const r: Record<string, number> = {};
  const cookie: Record<string, string> = {};
  const db = () => t.database.db;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, as?: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: as ? { cookie: as } : {} });
  const queue = async (query = '', as = cookie.service!) => {
    const response = await call('GET', `/api/staff/service-requests?${query}`, as);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as StaffQueuePage;
  };
  const codes = async (query: string, as?: string) => (await queue(query, as)).items.map((item) => item.code);
  const assign = (
    id: number,
    assigneeId: number | null,
    fromAssigneeId: number | null,
    as = cookie.service,
  ) =>
    call('PUT', `/api/staff/service-requests/${id}/assignee`, as, {
      assigneeId: assigneeId === null ? null : String(assigneeId),
      fromAssigneeId: fromAssigneeId === null ? null : String(fromAssigneeId),
    });
  const staffRequest = async (id: number) =>
    (await call('GET', `/api/staff/service-requests/${id}`, cookie.service)).json() as StaffServiceRequest;
  const waitingCount = async () =>
    ((await call('GET', '/api/staff/waiting', cookie.admin)).json() as { count: number }).count;
  const waitingSince = async (id: number) =>
    (
      await db()
        .select({ at: serviceRequests.waitingSince })
        .from(serviceRequests)
        .where(eq(serviceRequests.id, id))
    )[0]!.at;
  const say = (id: number, body: string, as: string) =>
    call('POST', '/api/chat/comment', as, { serviceRequestId: String(id), body, clientId: randomUUID() });

  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: await mkdtemp(join(tmpdir(), 'care-desk-')) });
    u.jan = await insertUser(db(), { email: 'jan@example.com', firstName: 'Jan', lastName: 'Kowalski' });
    u.zofia = await insertUser(db(), { email: 'zofia@example.com', firstName: 'Zofia', lastName: 'Łęcka' });
    u.service = await insertUser(db(), {
      email: 'serwis@example.com',
      role: 'service',
      firstName: 'Piotr',
      lastName: 'Nowak',
    });
    u.admin = await insertUser(db(), {
      email: 'admin@example.com',
      role: 'admin',
      firstName: 'Ewa',
      lastName: 'Wiśniewska',
    });
    u.sales = await insertUser(db(), { email: 'sprzedaz@example.com', role: 'sales' });
    u.gone = await insertUser(db(), { email: 'gone@example.com', role: 'service', status: 'deactivated' });
    const ending = await insertOwnedMachine(db(), {
      serialNumber: 'ŻN-100',
      name: 'Siewnik Głębosz',
      ownerId: u.jan,
      guaranteeEndDate: daysFromToday(10),
    });
    const active = await insertOwnedMachine(db(), {
      serialNumber: 'KS-200',
      name: 'Kosiarka',
      ownerId: u.zofia,
      guaranteeEndDate: daysFromToday(31),
    });
    const ended = await insertOwnedMachine(db(), {
      serialNumber: 'PR-300',
      name: 'Prasa',
      ownerId: u.zofia,
      guaranteeEndDate: daysFromToday(-1),
    });
    const day = (date: string) => new Date(`${date}T10:00:00Z`);
    r.a = await insertRequest(db(), {
      code: 'SR/2025/000123',
      customerId: u.jan,
      machineId: ending,
      reportDate: day('2025-12-01'),
    });
    r.b = await insertRequest(db(), {
      code: 'SR/2026/000123',
      customerId: u.zofia,
      machineId: active,
      reportDate: day('2026-01-10'),
    });
    r.c = await insertRequest(db(), {
      code: 'SR/2026/000124',
      customerId: u.zofia,
      machineId: ended,
      reportDate: day('2026-02-10'),
    });
    for (const name of ['jan', 'zofia', 'service', 'admin', 'sales']) {
      cookie[name] = await cookieFor(
        t.app,
        `${name === 'service' ? 'serwis' : name === 'sales' ? 'sprzedaz' : name}@example.com`,
      );
    }
  });

  afterAll(async () => {
    await t.app.close();
  });

  it('staff take, hand over and release a request; each change is in its history with who and when', async () => {
    expect((await assign(r.a!, u.service!, null)).statusCode).toBe(200);
    const handed = await assign(r.a!, u.admin!, u.service!);
    expect(handed.statusCode, handed.body).toBe(200);
    expect((handed.json() as StaffServiceRequest).desk.assignee).toEqual({
      id: String(u.admin),
      name: 'Ewa Wiśniewska',
    });
    expect((await assign(r.a!, null, u.admin!, cookie.admin)).statusCode).toBe(200);
    const { desk } = await staffRequest(r.a!);
    expect(desk.assignee).toBeNull();
    expect(
      desk.assignmentHistory.map(({ assignee, changedBy }) => [assignee?.name ?? null, changedBy]),
    ).toEqual([
      ['Piotr Nowak', 'Piotr Nowak'],
      ['Ewa Wiśniewska', 'Piotr Nowak'],
      [null, 'Ewa Wiśniewska'],
    ]);
    expect(desk.assignmentHistory.every((entry) => !Number.isNaN(Date.parse(entry.changedAt)))).toBe(true);
  });

  it('a change from an assignee that is no longer the one (a colleague was first) is refused, and changes nothing', async () => {
    expect((await assign(r.b!, u.service!, null)).statusCode).toBe(200);
    const late = await assign(r.b!, u.admin!, null, cookie.admin);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('ASSIGNMENT_CHANGED_MEANWHILE');
    expect((await staffRequest(r.b!)).desk.assignee?.id).toBe(String(u.service));
    expect((await staffRequest(r.b!)).desk.assignmentHistory).toHaveLength(1);
    expect((await assign(r.b!, null, u.service!)).statusCode).toBe(200);
  });

  it('a request is assigned only to an active service employee or admin', async () => {
    for (const who of [u.jan!, u.sales!, u.gone!, 99_999]) {
      const refused = await assign(r.c!, who, null);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().code).toBe('ASSIGNEE_NOT_STAFF');
    }
    expect((await staffRequest(r.c!)).desk.assignmentHistory).toEqual([]);
    const colleagues = (await call('GET', '/api/staff/colleagues', cookie.service)).json();
    expect(colleagues).toEqual([
      { id: String(u.admin), name: 'Ewa Wiśniewska' },
      { id: String(u.service), name: 'Piotr Nowak' },
    ]);
  });

  it('customers and parts sales may not use the desk; nothing changes', async () => {
    for (const who of ['jan', 'sales']) {
      const calls = [
        await assign(r.c!, u.service!, null, cookie[who]),
        await call('PUT', `/api/staff/service-requests/${r.c}/triage`, cookie[who], {
          priority: 'high',
          tags: [],
        }),
        await call('POST', `/api/staff/service-requests/${r.c}/no-answer-needed`, cookie[who]),
        await call('GET', '/api/staff/waiting', cookie[who]),
        await call('GET', '/api/staff/colleagues', cookie[who]),
        await call('GET', '/api/staff/tags', cookie[who]),
      ];
      expect(calls.map((response) => response.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
    }
    expect((await staffRequest(r.c!)).desk).toMatchObject({ assignee: null, priority: 'normal' });
  });

  it('an assignment publishes service-request-handling to the service staff only, after commit', async () => {
    const bus: EventBus = startEventBus(t.database, quietLog);
    const received: Record<string, PortalEvent[]> = { staff: [], customer: [] };
    for (const [name, role, userId] of [
      ['staff', 'admin', u.admin!],
      ['customer', 'customer', u.zofia!],
    ] as const) {
      bus.subscribe({ userId, sessionId: 0, role, end() {}, deliver: (e) => received[name]!.push(e) });
    }
    await expect.poll(() => bus.isLive()).toBe(true);
    expect((await assign(r.c!, u.service!, null)).statusCode).toBe(200);
    const expected = { type: 'service-request-handling', data: { serviceRequestId: String(r.c) } };
    await expect.poll(() => received.staff).toContainEqual(expected);
    expect(received.customer!.filter((e) => e.type === 'service-request-handling')).toEqual([]);
    await bus.close();
    expect((await assign(r.c!, null, u.service!)).statusCode).toBe(200);
  });

  it('a customer’s message starts the team’s wait; another keeps its start; a staff reply ends it for everyone', async () => {
    const before = await waitingCount();
    expect(await waitingSince(r.b!)).toBeNull();
    expect((await say(r.b!, 'Maszyna stoi.', cookie.zofia!)).statusCode).toBe(201);
    const since = await waitingSince(r.b!);
    expect(since).not.toBeNull();
    expect(await waitingCount()).toBe(before + 1);
    expect((await say(r.b!, 'Halo?', cookie.zofia!)).statusCode).toBe(201);
    expect(await waitingSince(r.b!)).toEqual(since);
    expect(await codes('waiting=true')).toContain('SR/2026/000123');
    expect((await say(r.b!, 'Jedziemy jutro.', cookie.admin!)).statusCode).toBe(201);
    expect(await waitingSince(r.b!)).toBeNull();
    expect(await waitingCount()).toBe(before);
    expect(await codes('waiting=true', cookie.admin)).not.toContain('SR/2026/000123');
  });

  it('a system notice (no author) neither starts nor ends the wait', async () => {
    await insertMessage(db(), r.c!, null, 'Status zmieniony.');
    expect(await waitingSince(r.c!)).toBeNull();
    await insertMessage(db(), r.c!, u.zofia!, 'Dziękuję');
    await insertMessage(db(), r.c!, null, 'Status zmieniony.');
    expect(await waitingSince(r.c!)).not.toBeNull();
  });

  it('"no answer needed" ends the wait without a reply', async () => {
    expect(await waitingSince(r.c!)).not.toBeNull();
    const done = await call('POST', `/api/staff/service-requests/${r.c}/no-answer-needed`, cookie.service);
    expect(done.statusCode, done.body).toBe(200);
    expect((done.json() as StaffServiceRequest).desk.waitingSince).toBeNull();
    expect(await waitingSince(r.c!)).toBeNull();
  });

  it('a file the customer adds to the request starts the wait; a staff member’s file does not', async () => {
    const upload = (as: string) =>
      postMultipart(t.app, `/api/service-requests/${r.a}/appendices`, as, [
        { name: 'files', file: { filename: 'zdjecie.png', content: png() } },
      ]);
    expect((await upload(cookie.service!)).statusCode).toBe(201);
    expect(await waitingSince(r.a!)).toBeNull();
    expect((await upload(cookie.jan!)).statusCode).toBe(201);
    expect(await waitingSince(r.a!)).not.toBeNull();
    expect((await say(r.a!, 'Dziękujemy za zdjęcie.', cookie.service!)).statusCode).toBe(201);
    expect(await waitingSince(r.a!)).toBeNull();
  });

  it('priority and tags are set by staff, suggested, filtered and sorted; a too long tag is refused', async () => {
    const triage = (id: number, payload: object) =>
      call('PUT', `/api/staff/service-requests/${id}/triage`, cookie.service, payload);
    const set = await triage(r.b!, { priority: 'urgent', tags: [' Hydraulika ', 'hydraulika', 'gwarancja'] });
    expect(set.statusCode, set.body).toBe(200);
    expect((set.json() as StaffServiceRequest).desk).toMatchObject({
      priority: 'urgent',
      tags: ['hydraulika', 'gwarancja'],
    });
    expect((await triage(r.c!, { priority: 'low', tags: ['hydraulika'] })).statusCode).toBe(200);
    const long = await triage(r.a!, { priority: 'high', tags: ['x'.repeat(31)] });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'tags.0' }] });
    expect((await staffRequest(r.a!)).desk.priority).toBe('normal');
    expect((await call('GET', '/api/staff/tags?q=HY', cookie.service)).json()).toEqual(['hydraulika']);
    expect((await call('GET', '/api/staff/tags', cookie.service)).json()).toEqual([
      'gwarancja',
      'hydraulika',
    ]);
    expect(await codes('tag=Hydraulika')).toEqual(['SR/2026/000124', 'SR/2026/000123']);
    expect(await codes('priority=urgent,high')).toEqual(['SR/2026/000123']);
    expect(await codes('sort=priority&order=desc')).toEqual([
      'SR/2026/000123',
      'SR/2025/000123',
      'SR/2026/000124',
    ]);
    expect(await codes('sort=priority&order=asc')).toEqual([
      'SR/2026/000124',
      'SR/2025/000123',
      'SR/2026/000123',
    ]);
  });

  it('the views: mine, unassigned, everyone’s, and one colleague’s', async () => {
    expect((await assign(r.b!, u.admin!, null, cookie.admin)).statusCode).toBe(200);
    expect(await codes('view=mine', cookie.admin)).toEqual(['SR/2026/000123']);
    expect(await codes('view=mine', cookie.service)).toEqual([]);
    expect(await codes('view=unassigned')).toEqual(['SR/2026/000124', 'SR/2025/000123']);
    expect(await codes(`assignee=${u.admin}`)).toEqual(['SR/2026/000123']);
    expect(await codes('view=all')).toHaveLength(3);
    expect((await queue('view=mine', cookie.admin)).items[0]!.assignee).toEqual({
      id: String(u.admin),
      name: 'Ewa Wiśniewska',
    });
  });

  it('the code search takes the whole code in any case, the year and number, or the number alone', async () => {
    expect(await codes('code=SR/2026/000123')).toEqual(['SR/2026/000123']);
    expect(await codes('code=sr/2026/123')).toEqual(['SR/2026/000123']);
    expect(await codes('code=2025/123')).toEqual(['SR/2025/000123']);
    expect(await codes('code=123')).toEqual(['SR/2026/000123', 'SR/2025/000123']);
    expect(await codes('code=000124')).toEqual(['SR/2026/000124']);
    expect(await codes('code=12')).toEqual([]);
    expect(await codes('code=abc')).toEqual([]);
  });

  it('machine and customer filters ignore case and diacritics alike', async () => {
    expect(await codes('machine=zn-100')).toEqual(['SR/2025/000123']);
    expect(await codes('machine=GŁĘBOSZ')).toEqual(['SR/2025/000123']);
    expect(await codes('machine=glebosz')).toEqual(['SR/2025/000123']);
    expect(await codes('customer=lecka')).toEqual(['SR/2026/000124', 'SR/2026/000123']);
    expect(await codes('customer=ŁĘCKA')).toEqual(['SR/2026/000124', 'SR/2026/000123']);
  });

  it('the guarantee filter: in guarantee (over 30 days left), ending within 30 days, ended', async () => {
    expect(await codes('guarantee=active')).toEqual(['SR/2026/000123']);
    expect(await codes('guarantee=ending')).toEqual(['SR/2025/000123']);
    expect(await codes('guarantee=ended')).toEqual(['SR/2026/000124']);
    const states = (await queue()).items.map((item) => [item.code, item.guaranteeState]);
    expect(states).toEqual([
      ['SR/2026/000124', 'ended'],
      ['SR/2026/000123', 'active'],
      ['SR/2025/000123', 'ending'],
    ]);
  });

  it('the guarantee filters follow the machine: a new end date from the ERP, a request moved to another machine', async () => {
    const machineOf = async (id: number) =>
      (
        await db()
          .select({ machineId: serviceRequests.machineId })
          .from(serviceRequests)
          .where(eq(serviceRequests.id, id))
      )[0]!.machineId;
    const endingMachine = await machineOf(r.a!);
    const activeMachine = await machineOf(r.b!);
    const endOf = (days: number) => sql`${daysFromToday(days)}::date`;
    // An import extends the ending machine's guarantee: its request is in guarantee, and back when it is undone.
    await db().execute(
      sql`UPDATE machines SET guarantee_end_date = ${endOf(400)} WHERE id = ${endingMachine}`,
    );
    expect(await codes('guarantee=ending')).toEqual([]);
    expect(await codes('guarantee=active')).toEqual(['SR/2026/000123', 'SR/2025/000123']);
    await db().execute(
      sql`UPDATE machines SET guarantee_end_date = ${endOf(10)} WHERE id = ${endingMachine}`,
    );
    expect(await codes('guarantee=ending')).toEqual(['SR/2025/000123']);
    // A correction moves the active machine's request to the ending machine, and back.
    await db().update(serviceRequests).set({ machineId: endingMachine }).where(eq(serviceRequests.id, r.b!));
    expect(await codes('guarantee=ending')).toEqual(['SR/2026/000123', 'SR/2025/000123']);
    expect(await codes('guarantee=active')).toEqual([]);
    await db().update(serviceRequests).set({ machineId: activeMachine }).where(eq(serviceRequests.id, r.b!));
    expect(await codes('guarantee=active')).toEqual(['SR/2026/000123']);
  });

  it('"ending within 30 days" is a range of the requests’ own guarantee index, not a probe per machine', async () => {
    const plan = await db().transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return (await tx.execute(
        sql`EXPLAIN SELECT r.id FROM service_requests r WHERE ${guaranteeCondition('ending')}`,
      )) as { rows: { 'QUERY PLAN': string }[] };
    });
    const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('service_requests_guarantee_report_date_idx');
    expect(text).not.toContain('machines');
  });

  it('sorting by waiting time puts who waits longest first, and the requests nobody waits on last', async () => {
    await insertMessage(db(), r.c!, u.zofia!, 'Pierwsza');
    await insertMessage(db(), r.a!, u.jan!, 'Druga');
    expect(await codes('sort=waitingSince&order=asc')).toEqual([
      'SR/2026/000124',
      'SR/2025/000123',
      'SR/2026/000123',
    ]);
    expect(await codes('sort=waitingSince&order=desc&waiting=true')).toEqual([
      'SR/2025/000123',
      'SR/2026/000124',
    ]);
    const row = (await queue('waiting=true')).items.find((item) => item.code === 'SR/2025/000123')!;
    expect(row.lastAuthor).toEqual({ kind: 'customer', name: 'Jan Kowalski' });
  });

  it('the rebuild of a bulk load (the migration, the bench) finds the same waits as the triggers kept', async () => {
    const [{ machineId }] = (await db()
      .select({ machineId: serviceRequests.machineId })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, r.a!))) as [{ machineId: number }];
    const chatOnly = await insertRequest(db(), { code: 'SR/2026/000200', customerId: u.jan!, machineId });
    const answered = await insertRequest(db(), { code: 'SR/2026/000201', customerId: u.jan!, machineId });
    await insertMessage(db(), chatOnly, u.jan!, 'Pierwsza');
    await insertMessage(db(), chatOnly, u.service!, 'Odpowiedź');
    await insertMessage(db(), chatOnly, u.jan!, 'Druga');
    await insertMessage(db(), chatOnly, u.jan!, 'Trzecia');
    await db().execute(sql`INSERT INTO chat_messages (service_request_id, author_id, body, internal)
      VALUES (${chatOnly}, ${u.service!}, 'Notatka', true)`);
    await insertMessage(db(), answered, u.jan!, 'Pytanie');
    await insertMessage(db(), answered, u.admin!, 'Gotowe');
    const kept = [await waitingSince(chatOnly), await waitingSince(answered)];
    expect(kept[0]).not.toBeNull();
    expect(kept[1]).toBeNull();
    // A bulk load leaves every wait empty (its triggers off); the rebuild fills in the ones that wait.
    await db().execute(
      sql`UPDATE service_requests SET waiting_since = NULL WHERE id IN (${chatOnly}, ${answered})`,
    );
    await db().execute(sql`SELECT service_requests_waiting_rebuild()`);
    expect([await waitingSince(chatOnly), await waitingSince(answered)]).toEqual(kept);
  });

  it('closing a request ends its wait; the rebuild leaves a closed request out unless its customer wrote after', async () => {
    const [{ machineId }] = (await db()
      .select({ machineId: serviceRequests.machineId })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, r.a!))) as [{ machineId: number }];
    const closed = await insertRequest(db(), { code: 'SR/2026/000300', customerId: u.jan!, machineId });
    const before = await insertMessage(db(), closed, u.jan!, 'Czy coś wiadomo?');
    expect(await waitingSince(closed)).not.toBeNull();
    const status = (to: string, from: string) =>
      call('POST', `/api/staff/service-requests/${closed}/status`, cookie.service, {
        status: to,
        fromStatus: from,
      });
    expect((await status('X', 'N')).statusCode).toBe(200);
    expect(await waitingSince(closed)).toBeNull();

    await db().execute(sql`SELECT service_requests_waiting_rebuild()`);
    expect(await waitingSince(closed)).toBeNull();
    // The question came two hours ago, the closing one hour ago; then the customer writes again.
    await db().execute(
      sql`UPDATE chat_messages SET created_at = now() - interval '2 hours' WHERE id = ${before}`,
    );
    await db().execute(
      sql`UPDATE service_requests SET status_changed_at = now() - interval '1 hour' WHERE id = ${closed}`,
    );
    await insertMessage(db(), closed, u.jan!, 'Znowu cieknie.');
    const since = await waitingSince(closed);
    expect(since).not.toBeNull();
    await db().execute(sql`UPDATE service_requests SET waiting_since = NULL WHERE id = ${closed}`);
    await db().execute(sql`SELECT service_requests_waiting_rebuild()`);
    expect(await waitingSince(closed)).toEqual(since);
  });
});
