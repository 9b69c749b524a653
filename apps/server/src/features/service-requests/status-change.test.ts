import type { PortalEvent } from '@care/contract/events';
import type { StaffServiceRequest } from '@care/contract/staff';
import {
  SERVICE_REQUEST_STATUSES,
  SERVICE_REQUEST_TRANSITIONS,
  type ServiceRequestStatus,
} from '@care/contract/statuses';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInPoland } from '#app/db/guarantee.ts';
import { serviceRequests, serviceRequestStatusHistory } from '#app/db/schema/service-requests.ts';
import { users, userSettings } from '#app/db/schema/users.ts';
import { type EventBus, startEventBus } from '#app/events/event-bus.ts';
import { clearOutbox, cookieFor, insertUser, queuedMail } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { insertOwnedMachine, insertRequest } from '#app/test/service-requests.ts';

const quietLog = { info: () => {}, warn: () => {} };
const today = () => todayInPoland();

describe('status changes: transitions, history, e-mail, events, concurrency, withdrawal', () => {
  let t: TestApp;
  let machine: number;
  let counter = 0;
  const u: Record<string, number> = {};
  const cookie: Record<string, string> = {};
  const db = () => t.database.db;

  const newRequest = async (customer = 'jan', status: ServiceRequestStatus = 'N') => {
    counter += 1;
    return insertRequest(db(), {
      code: `SR/2026/${String(counter).padStart(6, '0')}`,
      customerId: u[customer]!,
      machineId: machine,
      status,
    });
  };
  const change = (id: number, payload: object, as = cookie.service) =>
    t.app.inject({
      method: 'POST',
      url: `/api/staff/service-requests/${id}/status`,
      payload,
      headers: as ? { cookie: as } : {},
    });
  const withdraw = (id: number, as?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/service-requests/${id}/withdrawal`,
      headers: as ? { cookie: as } : {},
    });
  const statusOf = async (id: number) =>
    (
      await db()
        .select({ status: serviceRequests.status })
        .from(serviceRequests)
        .where(eq(serviceRequests.id, id))
    )[0]!.status;
  const historyOf = (id: number) =>
    db()
      .select({
        fromStatus: serviceRequestStatusHistory.fromStatus,
        toStatus: serviceRequestStatusHistory.toStatus,
        changedBy: serviceRequestStatusHistory.changedBy,
        changedAt: serviceRequestStatusHistory.changedAt,
        note: serviceRequestStatusHistory.note,
      })
      .from(serviceRequestStatusHistory)
      .where(eq(serviceRequestStatusHistory.serviceRequestId, id))
      .orderBy(asc(serviceRequestStatusHistory.id));
  const setSetting = (userId: number, value: boolean) =>
    db()
      .insert(userSettings)
      .values({ userId, broadValue: '', key: 'notifications.state-change', value })
      .onConflictDoUpdate({
        target: [userSettings.userId, userSettings.broadValue, userSettings.key],
        set: { value },
      });

  beforeAll(async () => {
    t = await createTestApp();
    u.jan = await insertUser(db(), { email: 'jan@example.com' });
    u.emma = await insertUser(db(), {
      email: 'emma@example.com',
      firstName: 'Emma',
      lastName: 'Smith',
      language: 'en',
    });
    u.hans = await insertUser(db(), {
      email: 'hans@example.com',
      firstName: 'Hans',
      lastName: 'Müller',
      language: 'de',
    });
    u.anna = await insertUser(db(), { email: 'anna@example.com', firstName: 'Anna' });
    u.service = await insertUser(db(), {
      email: 'serwis@example.com',
      role: 'service',
      firstName: 'Piotr',
      lastName: 'Serwisant',
    });
    u.admin = await insertUser(db(), { email: 'admin@example.com', role: 'admin' });
    machine = await insertOwnedMachine(db(), {
      serialNumber: 'AM-500-001',
      name: 'AgroMech Żniwiarz 5200',
      ownerId: u.jan,
    });
    for (const name of ['jan', 'emma', 'anna', 'service', 'admin']) {
      cookie[name] = await cookieFor(
        t.app,
        name === 'service' ? 'serwis@example.com' : `${name}@example.com`,
      );
    }
  });

  afterAll(async () => {
    await t.app.close();
  });

  it('every transition of docs/design.md is allowed, and each writes a history row with who, when and the note', async () => {
    const paths: ServiceRequestStatus[][] = [
      ['N', 'C', 'R', 'P', 'O', 'A', 'F'],
      ['N', 'C', 'R', 'O'],
      ['N', 'C', 'U'],
      ['N', 'C', 'X'],
      ['N', 'X'],
    ];
    const done = new Set<string>();
    for (const path of paths) {
      const id = await newRequest();
      for (let i = 1; i < path.length; i++) {
        const before = Date.now();
        const completion = path[i] === 'F' ? { completionDate: today() } : {};
        const response = await change(id, {
          status: path[i],
          fromStatus: path[i - 1],
          note: `krok ${i}`,
          ...completion,
        });
        expect(response.statusCode, `${path[i - 1]}→${path[i]}: ${response.body}`).toBe(200);
        const details = response.json() as StaffServiceRequest;
        expect(details.status).toBe(path[i]);
        expect(details.allowedTransitions).toEqual(SERVICE_REQUEST_TRANSITIONS[path[i]!]);
        expect(details.statusHistory.at(-1)).toMatchObject({
          fromStatus: path[i - 1],
          toStatus: path[i],
          changedBy: 'Piotr Serwisant',
          note: `krok ${i}`,
        });
        expect(Date.parse(details.statusChangedAt)).toBeGreaterThanOrEqual(before - 1000);
        done.add(`${path[i - 1]}${path[i]}`);
      }
      const history = await historyOf(id);
      expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual(
        path.map((status, i) => [i === 0 ? null : path[i - 1], status]),
      );
      expect(history.slice(1).every((h) => h.changedBy === u.service)).toBe(true);
    }
    const allowed = Object.entries(SERVICE_REQUEST_TRANSITIONS).flatMap(([from, tos]) =>
      tos.map((to) => `${from}${to}`),
    );
    expect([...done].sort()).toEqual(allowed.sort());
  });

  it('every other transition is refused with INVALID_STATUS_TRANSITION and changes nothing', async () => {
    const id = await newRequest();
    await clearOutbox(db());
    for (const from of SERVICE_REQUEST_STATUSES) {
      await db().update(serviceRequests).set({ status: from }).where(eq(serviceRequests.id, id));
      for (const to of SERVICE_REQUEST_STATUSES) {
        if (to === from || SERVICE_REQUEST_TRANSITIONS[from].includes(to)) continue;
        // F carries its completion date (without one the schema refuses it before the transition is looked at).
        const completion = to === 'F' ? { completionDate: '2026-01-01' } : {};
        const response = await change(id, { status: to, fromStatus: from, ...completion }, cookie.admin);
        expect(response.statusCode, `${from}→${to}`).toBe(409);
        expect(response.json().code).toBe('INVALID_STATUS_TRANSITION');
        expect(await statusOf(id)).toBe(from);
      }
    }
    expect(await historyOf(id)).toHaveLength(1);
    expect(await queuedMail(db())).toEqual([]);
    const unknown = await change(999_999, { status: 'C' });
    expect(unknown.statusCode).toBe(404);
    const bad = await change(id, { status: 'Z' });
    expect(bad.statusCode).toBe(400);
  });

  it('a change from a status the screen no longer shows is refused with STATUS_CHANGED_MEANWHILE', async () => {
    const id = await newRequest();
    expect((await change(id, { status: 'C', fromStatus: 'N' })).statusCode).toBe(200);
    // The other screen still shows N; asking C→R as if from N, or C again without fromStatus (a second click).
    for (const payload of [{ status: 'X', fromStatus: 'N' }, { status: 'C' }]) {
      const response = await change(id, payload, cookie.admin);
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('STATUS_CHANGED_MEANWHILE');
    }
    expect(await statusOf(id)).toBe('C');
    expect(await historyOf(id)).toHaveLength(2);
  });

  it('two staff members changing from the same status at once: exactly one succeeds', async () => {
    for (const targets of [
      ['R', 'U', 'X', 'R', 'U', 'X'],
      ['R', 'R'],
    ] as const) {
      const id = await newRequest('jan', 'C');
      const responses = await Promise.all(
        targets.map((status, i) =>
          change(id, { status, fromStatus: 'C' }, i % 2 ? cookie.admin : cookie.service),
        ),
      );
      const codes = responses.map((response) => response.statusCode).sort();
      expect(codes).toEqual([200, ...targets.slice(1).map(() => 409)]);
      for (const response of responses.filter((r) => r.statusCode === 409)) {
        expect(response.json().code).toBe('STATUS_CHANGED_MEANWHILE');
      }
      const winner = responses.find((response) => response.statusCode === 200)!.json().status;
      expect(await statusOf(id)).toBe(winner);
      expect((await historyOf(id)).map((h) => [h.fromStatus, h.toStatus])).toEqual([
        [null, 'N'],
        ['C', winner],
      ]);
    }
  });

  // PGlite runs one transaction at a time, so only PostgreSQL can hold the row while the request reads it.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'a change that read the old status before another change committed is refused (compare-and-set)',
    async () => {
      const id = await newRequest('jan', 'C');
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const first = db().transaction(async (tx) => {
        await tx.update(serviceRequests).set({ status: 'R' }).where(eq(serviceRequests.id, id));
        await held;
      });
      // Reads C (the first change is not committed yet), then waits on the row lock in its UPDATE.
      const second = change(id, { status: 'U', fromStatus: 'C' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      await first;
      const response = await second;
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('STATUS_CHANGED_MEANWHILE');
      expect(await statusOf(id)).toBe('R');
      expect(await historyOf(id)).toHaveLength(1);
    },
  );

  it('the customer gets an e-mail in their language when their state-change setting is on (the default)', async () => {
    const requests = {
      jan: await newRequest('jan'),
      emma: await newRequest('emma'),
      hans: await newRequest('hans'),
    };
    await setSetting(u.hans!, true);
    await clearOutbox(db());
    for (const id of Object.values(requests)) {
      expect((await change(id, { status: 'C', note: 'Wewnętrzna notatka' })).statusCode).toBe(200);
    }
    const mail = await queuedMail(db());
    expect(mail.map((m) => [m.toAddress, m.language, m.kind])).toEqual([
      ['jan@example.com', 'pl', 'status-changed'],
      ['emma@example.com', 'en', 'status-changed'],
      ['hans@example.com', 'de', 'status-changed'],
    ]);
    const [pl, en, de] = mail;
    expect(pl!.subject).toMatch(/^Zmiana statusu zgłoszenia SR\/2026\/\d{6}: W rozpatrywaniu$/);
    expect(pl!.text).toContain('Dzień dobry, Jan,');
    expect(pl!.text).toContain(`/home/services/edit/${requests.jan}`);
    expect(en!.subject).toMatch(/status: Under consideration$/);
    expect(en!.text).toContain('Hello Emma,');
    expect(de!.subject).toMatch(/: In Prüfung$/);
    expect(de!.html).toContain('Guten Tag, Hans,');
    // The staff note is internal: never in the customer's message.
    expect(mail.some((m) => m.text.includes('Wewnętrzna') || m.html.includes('Wewnętrzna'))).toBe(false);
  });

  it('no e-mail when the customer turned the setting off, or their account is deactivated', async () => {
    const off = await newRequest('anna');
    await setSetting(u.anna!, false);
    const closed = await newRequest('emma');
    await db().update(users).set({ status: 'deactivated' }).where(eq(users.id, u.emma!));
    await clearOutbox(db());
    expect((await change(off, { status: 'C' })).statusCode).toBe(200);
    expect((await change(closed, { status: 'C' })).statusCode).toBe(200);
    expect(await queuedMail(db())).toEqual([]);
    expect(await historyOf(off)).toHaveLength(2);
    await setSetting(u.anna!, true);
    expect((await change(off, { status: 'X' })).statusCode).toBe(200);
    expect((await queuedMail(db())).map((m) => m.toAddress)).toEqual(['anna@example.com']);
    await db().update(users).set({ status: 'active' }).where(eq(users.id, u.emma!));
  });

  it('a status change publishes service-request-status to the customer and the staff, after commit', async () => {
    const bus: EventBus = startEventBus(t.database, quietLog);
    const received: Record<string, PortalEvent[]> = { jan: [], anna: [], service: [] };
    bus.subscribe({
      userId: u.jan!,
      sessionId: 0,
      role: 'customer',
      end() {},
      deliver: (e) => received.jan!.push(e),
    });
    bus.subscribe({
      userId: u.anna!,
      sessionId: 0,
      role: 'customer',
      end() {},
      deliver: (e) => received.anna!.push(e),
    });
    bus.subscribe({
      userId: 99_999,
      sessionId: 0,
      role: 'service',
      end() {},
      deliver: (e) => received.service!.push(e),
    });
    await expect.poll(() => bus.isLive()).toBe(true);
    const id = await newRequest('jan');
    expect((await change(id, { status: 'C' })).statusCode).toBe(200);
    expect((await change(id, { status: 'N' })).statusCode).toBe(409);
    const expected = { type: 'service-request-status', data: { serviceRequestId: String(id), status: 'C' } };
    const statusEvents = (who: string) => received[who]!.filter((e) => e.type === 'service-request-status');
    await expect.poll(() => statusEvents('jan')).toEqual([expected]);
    await expect.poll(() => statusEvents('service')).toEqual([expected]);
    expect(statusEvents('anna')).toEqual([]);
    await bus.close();
  });

  it('the note stays with the staff: the customer’s view of the history has none', async () => {
    const id = await newRequest('jan');
    await change(id, { status: 'C', note: 'Klient dzwonił' });
    const customer = await t.app.inject({
      method: 'GET',
      url: `/api/service-requests/${id}`,
      headers: { cookie: cookie.jan! },
    });
    expect(customer.statusCode).toBe(200);
    expect(customer.body).not.toContain('Klient dzwonił');
    expect(customer.json().statusHistory.at(-1)).toMatchObject({ fromStatus: 'N', toStatus: 'C' });
  });

  it('a customer withdraws their new request (N → X): history, event and a confirming e-mail', async () => {
    const bus = startEventBus(t.database, quietLog);
    const received: PortalEvent[] = [];
    bus.subscribe({
      userId: 99_998,
      sessionId: 0,
      role: 'admin',
      end() {},
      deliver: (e) => received.push(e),
    });
    await expect.poll(() => bus.isLive()).toBe(true);
    const id = await newRequest('jan');
    await clearOutbox(db());
    const response = await withdraw(id, cookie.jan);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ id: String(id), status: 'X', statusChangedAt: expect.any(String) });
    expect((await historyOf(id)).at(-1)).toMatchObject({ fromStatus: 'N', toStatus: 'X', changedBy: u.jan });
    const [mail] = await queuedMail(db());
    expect(mail).toMatchObject({ toAddress: 'jan@example.com', language: 'pl', kind: 'status-changed' });
    expect(mail!.subject).toMatch(/^Zgłoszenie SR\/2026\/\d{6} zostało wycofane$/);
    await expect
      .poll(() => received.filter((e) => e.type === 'service-request-status'))
      .toEqual([{ type: 'service-request-status', data: { serviceRequestId: String(id), status: 'X' } }]);
    await bus.close();
  });

  it('withdrawal: only while N (409), only one’s own request (404), only customers (401/403)', async () => {
    const considered = await newRequest('jan', 'C');
    const response = await withdraw(considered, cookie.jan);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('INVALID_STATUS_TRANSITION');
    expect(await statusOf(considered)).toBe('C');

    const anna = await newRequest('anna');
    for (const id of [anna, 999_999]) {
      const foreign = await withdraw(id, cookie.jan);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().code).toBe('NOT_FOUND');
    }
    expect((await withdraw(anna)).statusCode).toBe(401);
    expect((await withdraw(anna, cookie.service)).statusCode).toBe(403);
    expect(await statusOf(anna)).toBe('N');
    expect((await withdraw(anna, cookie.anna)).statusCode).toBe(200);
    expect((await withdraw(anna, cookie.anna)).statusCode).toBe(409);
  });
});
