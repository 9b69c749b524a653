import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuditKind } from '@care/contract/audit';
import type { PortalEvent } from '@care/contract/events';
import type { DuplicateCandidate, IntakeCustomer, IntakeMachine, RequestRecord } from '@care/contract/intake';
import type { ServiceRequestDetails, ServiceRequestPage } from '@care/contract/service-requests';
import type { StaffServiceRequest } from '@care/contract/staff';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '#app/db/schema/audit.ts';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
import { userAddresses } from '#app/db/schema/users.ts';
import { type EventBus, startEventBus } from '#app/events/event-bus.ts';
import { clearOutbox, cookieFor, insertUser, queuedMail } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { undeclaredAuditEntries } from '#app/test/audit.ts';
import { insertElements, insertOwnedMachine, insertRequest } from '#app/test/service-requests.ts';

describe('intake: filing for a customer who phoned, corrections with a reason, duplicates', () => {
  let t: TestApp;
  const u: Record<string, number> = {};
  const m: Record<string, number> = {};
  const cookie: Record<string, string> = {};
  let codeNumber = 0;
  const db = () => t.database.db;
  const call = (method: 'GET' | 'POST', url: string, as?: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: as ? { cookie: as } : {} });
  const file = (payload: object, as = cookie.service) =>
    call('POST', '/api/staff/intake/service-requests', as, payload);
  const correct = (id: number, payload: object, as = cookie.service) =>
    call('POST', `/api/staff/service-requests/${id}/corrections`, as, payload);
  const duplicate = (id: number, originalCode: string, as = cookie.service, note?: string) =>
    call('POST', `/api/staff/service-requests/${id}/duplicate`, as, { originalCode, note });
  const record = async (id: number, as = cookie.service) => {
    const response = await call('GET', `/api/service-requests/${id}/record`, as);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as RequestRecord;
  };
  const request = async (status: 'N' | 'C' | 'A' | 'F' | 'X' = 'N', customer = 'jan', machine = 'jan1') => {
    codeNumber += 1;
    const code = `SR/T/${String(codeNumber).padStart(6, '0')}`;
    const id = await insertRequest(db(), { code, customerId: u[customer]!, machineId: m[machine]!, status });
    return { id, code };
  };
  const row = async (id: number) =>
    (await db().select().from(serviceRequests).where(eq(serviceRequests.id, id)))[0]!;
  const audits = (kind: AuditKind, subjectId: number) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, kind), eq(auditLog.subjectId, String(subjectId))))
      .orderBy(asc(auditLog.id));

  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: await mkdtemp(join(tmpdir(), 'care-intake-')) });
    await insertElements(db());
    u.jan = await insertUser(db(), { email: 'jan@example.com', firstName: 'Jan', lastName: 'Kowalski' });
    u.zofia = await insertUser(db(), {
      email: 'zofia@example.com',
      firstName: 'Zofia',
      lastName: 'Łęcka',
      language: 'de',
    });
    u.pending = await insertUser(db(), {
      email: 'nowy@example.com',
      firstName: 'Łukasz',
      lastName: 'Nowy',
      status: 'pending',
    });
    u.service = await insertUser(db(), {
      email: 'serwis@example.com',
      role: 'service',
      firstName: 'Piotr',
      lastName: 'Nowak',
    });
    u.admin = await insertUser(db(), { email: 'admin@example.com', role: 'admin' });
    await db().insert(userAddresses).values({ userId: u.zofia, companyName: 'Gospodarstwo Rolne Żuławy' });
    m.jan1 = await insertOwnedMachine(db(), { serialNumber: 'KS-100', name: 'Kombajn', ownerId: u.jan });
    m.jan2 = await insertOwnedMachine(db(), { serialNumber: 'PR-200', name: 'Prasa', ownerId: u.jan });
    m.zofia = await insertOwnedMachine(db(), { serialNumber: 'SI-300', name: 'Siewnik', ownerId: u.zofia });
    m.pending = await insertOwnedMachine(db(), {
      serialNumber: 'OP-400',
      name: 'Opryskiwacz',
      ownerId: u.pending,
    });
    cookie.jan = await cookieFor(t.app, 'jan@example.com');
    cookie.zofia = await cookieFor(t.app, 'zofia@example.com');
    cookie.service = await cookieFor(t.app, 'serwis@example.com');
    cookie.admin = await cookieFor(t.app, 'admin@example.com');
  });

  beforeEach(async () => {
    await clearOutbox(db());
  });

  afterAll(async () => {
    await t.app.close();
  });

  describe('customer search and machines', () => {
    const search = async (q: string) => {
      const response = await call(
        'GET',
        `/api/staff/intake/customers?q=${encodeURIComponent(q)}`,
        cookie.service,
      );
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as IntakeCustomer[]).map((customer) => customer.email);
    };

    it('finds active customers by name, e-mail or company, case and diacritics ignored', async () => {
      expect(await search('LECKA')).toEqual(['zofia@example.com']);
      expect(await search('zulawy')).toEqual(['zofia@example.com']);
      expect(await search('jan@exa')).toEqual(['jan@example.com']);
    });

    it('never offers staff or accounts that are not active, and needs 3 characters', async () => {
      expect(await search('nowak')).toEqual([]);
      expect(await search('łukasz')).toEqual([]);
      expect(await search('ko')).toEqual([]);
    });

    it("lists an active customer's machines; a staff account or a pending customer is 404", async () => {
      const response = await call('GET', `/api/staff/intake/customers/${u.jan}/machines`, cookie.service);
      expect((response.json() as IntakeMachine[]).map((machine) => machine.serialNumber)).toEqual([
        'KS-100',
        'PR-200',
      ]);
      for (const id of [u.service, u.pending]) {
        expect(
          (await call('GET', `/api/staff/intake/customers/${id}/machines`, cookie.service)).statusCode,
        ).toBe(404);
      }
    });

    it('a customer cannot search customers or read their machines', async () => {
      expect((await call('GET', '/api/staff/intake/customers?q=lecka', cookie.jan)).statusCode).toBe(403);
      expect(
        (await call('GET', `/api/staff/intake/customers/${u.jan}/machines`, cookie.jan)).statusCode,
      ).toBe(403);
    });
  });

  describe('filing for a customer who phoned', () => {
    const fields = {
      problemDescription: 'Klient dzwonił: cieknie olej spod przekładni.',
      transportType: 'COURIER',
      deliveryPlace: 'FARM',
    };

    it('files the request as the customer’s, with the staff member in its history, and e-mails the customer only', async () => {
      const response = await file({ ...fields, customerId: String(u.jan), machineId: String(m.jan1) });
      expect(response.statusCode, response.body).toBe(201);
      const { id, code } = response.json() as { id: string; code: string };
      expect(code).toMatch(/^SR\/\d{4}\/\d+$/);

      const own = await call('GET', `/api/service-requests/${id}`, cookie.jan);
      expect(own.statusCode).toBe(200);
      const details = own.json() as ServiceRequestDetails;
      expect(details.machine.serialNumber).toBe('KS-100');
      expect(details.transportType?.code).toBe('COURIER');
      expect(details.statusHistory).toEqual([
        expect.objectContaining({ toStatus: 'N', changedBy: 'Piotr Nowak' }),
      ]);
      const list = (
        await call('GET', '/api/service-requests/user-owned', cookie.jan)
      ).json() as ServiceRequestPage;
      expect(list.items.map((item) => item.id)).toContain(id);

      expect((await record(Number(id), cookie.jan)).filedBy).toEqual({
        name: 'Piotr Nowak',
        at: details.reportDate,
      });
      const mail = await queuedMail(db());
      expect(mail.map((message) => message.toAddress)).toEqual(['jan@example.com']);
      expect(mail[0]!.subject).toContain(code);
      expect(mail[0]!.text).toContain('Klient dzwonił');
      expect(await audits('service-request.filed', Number(id))).toHaveLength(1);
    });

    it('writes the customer’s e-mail in their language', async () => {
      const response = await file({ ...fields, customerId: String(u.zofia), machineId: String(m.zofia) });
      expect(response.statusCode, response.body).toBe(201);
      const [mail] = await queuedMail(db(), 'zofia@example.com');
      expect(mail!.subject).toMatch(/^Wir haben Ihre Servicemeldung/);
    });

    it("refuses another customer's machine and writes nothing", async () => {
      const before = (await db().select().from(serviceRequests)).length;
      const response = await file({ ...fields, customerId: String(u.jan), machineId: String(m.zofia) });
      expect(response.statusCode).toBe(404);
      expect((await db().select().from(serviceRequests)).length).toBe(before);
      expect(await queuedMail(db())).toEqual([]);
    });

    it('refuses a staff account or a customer who is not active as the customer', async () => {
      for (const [customer, machine] of [
        [u.service, m.jan1],
        [u.pending, m.pending],
        [999_999, m.jan1],
      ]) {
        const response = await file({ ...fields, customerId: String(customer), machineId: String(machine) });
        expect(response.statusCode, response.body).toBe(404);
      }
    });

    it('refuses an unknown transport type with a field error', async () => {
      const response = await file({
        ...fields,
        transportType: 'TELEPORT',
        customerId: String(u.jan),
        machineId: String(m.jan1),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ fields: [{ path: 'transportType' }] });
    });

    it('files a retried submission once', async () => {
      const payload = {
        ...fields,
        customerId: String(u.jan),
        machineId: String(m.jan2),
        clientId: '5f1c2a52-3a6e-4c35-9f0e-0c1d2e3f4a5b',
      };
      const first = (await file(payload)).json() as { id: string };
      const again = (await file(payload)).json() as { id: string };
      expect(again.id).toBe(first.id);
      expect(await queuedMail(db())).toHaveLength(1);
    });

    it('files two copies of one submission sent at once once (a double click): both answer with it', async () => {
      const payload = {
        ...fields,
        customerId: String(u.zofia),
        machineId: String(m.zofia),
        clientId: '0b6f7e2a-9d41-4c1e-8a3b-5e6f7a8b9c0d',
      };
      const before = (await queuedMail(db())).length;
      const answers = await Promise.all([file(payload), file(payload)]);
      expect(answers.map((answer) => answer.statusCode < 300)).toEqual([true, true]);
      const [one, two] = answers.map((answer) => (answer.json() as { id: string }).id);
      expect(two).toBe(one);
      expect(await queuedMail(db())).toHaveLength(before + 1);
    });

    it('a customer cannot file through the staff intake', async () => {
      const response = await file(
        { ...fields, customerId: String(u.jan), machineId: String(m.jan1) },
        cookie.jan,
      );
      expect(response.statusCode).toBe(403);
    });
  });

  describe('corrections', () => {
    it('corrects the transport with a reason: kept in the history and the audit log, the reason for staff only', async () => {
      const { id } = await request('C');
      const response = await correct(id, { transportType: 'OWN', reason: 'Klient przywiezie maszynę sam.' });
      expect(response.statusCode, response.body).toBe(200);
      const [entry] = (response.json() as RequestRecord).corrections;
      expect(entry).toMatchObject({
        field: 'transportType',
        from: null,
        to: { values: { en: 'Own' } },
        changedBy: 'Piotr Nowak',
        reason: 'Klient przywiezie maszynę sam.',
      });
      expect((await row(id)).transportType).toBe('OWN');

      const customers = await record(id, cookie.jan);
      expect(customers.corrections).toHaveLength(1);
      expect(customers.corrections[0]).not.toHaveProperty('reason');
      const details = (
        await call('GET', `/api/service-requests/${id}`, cookie.jan)
      ).json() as ServiceRequestDetails;
      expect(details.transportType?.code).toBe('OWN');

      const [audit] = await audits('service-request.corrected', id);
      expect(audit).toMatchObject({
        before: { transportType: null },
        after: { transportType: 'OWN' },
        reason: 'Klient przywiezie maszynę sam.',
      });
    });

    it('corrects the machine to another of the same customer, and several fields at once', async () => {
      const { id } = await request();
      const response = await correct(id, {
        machineId: String(m.jan2),
        deliveryPlace: 'FARM',
        reason: 'Pomyłka przy zgłoszeniu.',
      });
      expect(response.statusCode, response.body).toBe(200);
      const corrections = (response.json() as RequestRecord).corrections;
      expect(corrections.map((entry) => entry.field)).toEqual(['machine', 'deliveryPlace']);
      expect(corrections[0]).toMatchObject({
        from: { values: { pl: 'Kombajn (KS-100)' } },
        to: { values: { pl: 'Prasa (PR-200)' } },
      });
      const staff = (
        await call('GET', `/api/staff/service-requests/${id}`, cookie.service)
      ).json() as StaffServiceRequest;
      expect(staff.machine.serialNumber).toBe('PR-200');
    });

    it("refuses another customer's machine and changes nothing", async () => {
      const { id } = await request();
      const response = await correct(id, { machineId: String(m.zofia), reason: 'Inna maszyna.' });
      expect(response.statusCode).toBe(404);
      expect((await row(id)).machineId).toBe(m.jan1);
      expect((await record(id)).corrections).toEqual([]);
    });

    it('refuses a correction without a reason, one that changes nothing, and one of a closed request', async () => {
      const { id } = await request();
      expect((await correct(id, { transportType: 'OWN', reason: ' ' })).statusCode).toBe(400);
      const same = await correct(id, { machineId: String(m.jan1), reason: 'Bez zmian.' });
      expect(same.json()).toMatchObject({ code: 'NOTHING_TO_CORRECT' });
      const unknown = await correct(id, { deliveryPlace: 'MOON', reason: 'Nie ma takiego.' });
      expect(unknown.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: [{ path: 'deliveryPlace' }],
      });
      for (const status of ['F', 'X'] as const) {
        const closed = await request(status);
        const response = await correct(closed.id, { transportType: 'OWN', reason: 'Za późno.' });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({ code: 'CORRECTION_NOT_ALLOWED' });
      }
    });

    it('a customer cannot correct a request, not even their own', async () => {
      const { id } = await request();
      expect(
        (await correct(id, { transportType: 'OWN', reason: 'Sam poprawię.' }, cookie.jan)).statusCode,
      ).toBe(403);
    });
  });

  describe('duplicates', () => {
    it('closes the request as a duplicate: X in its history, links both ways, e-mail and audit', async () => {
      const original = await request('C');
      const copy = await request();
      const response = await duplicate(copy.id, original.code, cookie.service, 'Klient zgłosił dwa razy.');
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as RequestRecord).duplicateOf).toEqual({
        id: String(original.id),
        code: original.code,
        status: 'C',
      });
      expect((await row(copy.id)).status).toBe('X');
      expect((await record(original.id, cookie.jan)).duplicates).toEqual([
        { id: String(copy.id), code: copy.code, status: 'X' },
      ]);
      expect((await record(copy.id, cookie.jan)).duplicateOf?.code).toBe(original.code);

      const staff = (
        await call('GET', `/api/staff/service-requests/${copy.id}`, cookie.service)
      ).json() as StaffServiceRequest;
      expect(staff.statusHistory.at(-1)).toMatchObject({
        fromStatus: 'N',
        toStatus: 'X',
        note: 'Klient zgłosił dwa razy.',
      });
      const [mail] = await queuedMail(db(), 'jan@example.com');
      expect(mail!.subject).toBe(`Zgłoszenie ${copy.code} zamknięte jako duplikat ${original.code}`);
      expect(await audits('service-request.status', copy.id)).toHaveLength(1);
      expect(await audits('service-request.duplicate', copy.id)).toEqual([
        expect.objectContaining({
          after: { duplicateOf: original.code },
          reason: 'Klient zgłosił dwa razy.',
        }),
      ]);
    });

    it('finds the original by its code in any case', async () => {
      const original = await request();
      const copy = await request();
      expect((await duplicate(copy.id, original.code.toLowerCase())).statusCode).toBe(200);
    });

    it("refuses itself, another customer's request, a closed original and an unknown code", async () => {
      const { id, code } = await request();
      expect((await duplicate(id, code)).json()).toMatchObject({ code: 'DUPLICATE_OF_ITSELF' });
      const theirs = await request('N', 'zofia', 'zofia');
      const other = await duplicate(id, theirs.code);
      expect(other.statusCode).toBe(422);
      expect(other.json()).toMatchObject({ code: 'DUPLICATE_OF_OTHER_CUSTOMER' });
      for (const status of ['F', 'X'] as const) {
        const closed = await request(status);
        expect((await duplicate(id, closed.code)).json()).toMatchObject({
          code: 'DUPLICATE_ORIGINAL_CLOSED',
        });
      }
      expect((await duplicate(id, 'SR/1999/000001')).json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: [{ path: 'originalCode' }],
      });
      expect((await row(id)).status).toBe('N');
      expect((await row(id)).duplicateOf).toBeNull();
    });

    it('refuses a request that is already a duplicate, is past consideration, or has duplicates of its own', async () => {
      const original = await request();
      const copy = await request();
      expect((await duplicate(copy.id, original.code)).statusCode).toBe(200);
      const again = await duplicate(copy.id, original.code);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'INVALID_STATUS_TRANSITION' });
      const working = await request('A');
      expect((await duplicate(working.id, original.code)).json()).toMatchObject({
        code: 'INVALID_STATUS_TRANSITION',
      });
      const third = await request();
      expect((await duplicate(original.id, third.code)).json()).toMatchObject({
        code: 'DUPLICATE_HAS_DUPLICATES',
      });
      // The original of a duplicate is refused as closed: the links never chain.
      const fourth = await request();
      expect((await duplicate(fourth.id, copy.code)).json()).toMatchObject({
        code: 'DUPLICATE_ORIGINAL_CLOSED',
      });
    });

    it("offers the same customer's other open requests as candidates", async () => {
      const target = await request('N', 'zofia', 'zofia');
      const open = await request('C', 'zofia', 'zofia');
      await request('F', 'zofia', 'zofia');
      const response = await call(
        'GET',
        `/api/staff/service-requests/${target.id}/duplicate-candidates`,
        cookie.admin,
      );
      const codes = (response.json() as DuplicateCandidate[]).map((candidate) => candidate.code);
      expect(codes).toContain(open.code);
      expect(codes).not.toContain(target.code);
      const statuses = (response.json() as DuplicateCandidate[]).map((candidate) => candidate.status);
      expect(statuses.every((status) => !['F', 'X', 'U'].includes(status))).toBe(true);
    });

    it("a customer cannot mark duplicates, nor read another customer's record", async () => {
      const original = await request();
      const copy = await request();
      expect((await duplicate(copy.id, original.code, cookie.jan)).statusCode).toBe(403);
      expect((await call('GET', `/api/service-requests/${copy.id}/record`, cookie.zofia)).statusCode).toBe(
        404,
      );
    });
  });

  it("a correction and a duplicate are live for the customer's and the staff's open pages, both requests' pages", async () => {
    const bus: EventBus = startEventBus(t.database, { info: () => {}, warn: () => {} });
    const received: Record<string, PortalEvent[]> = { staff: [], jan: [], zofia: [] };
    for (const [name, role, userId] of [
      ['staff', 'service', u.service!],
      ['jan', 'customer', u.jan!],
      ['zofia', 'customer', u.zofia!],
    ] as const) {
      bus.subscribe({ userId, sessionId: 0, role, end() {}, deliver: (e) => received[name]!.push(e) });
    }
    try {
      await expect.poll(() => bus.isLive()).toBe(true);
      const original = await request();
      const copy = await request();
      expect(
        (await correct(original.id, { deliveryPlace: 'FARM', reason: 'Odbiór z gospodarstwa.' })).statusCode,
      ).toBe(200);
      expect((await duplicate(copy.id, original.code)).statusCode).toBe(200);
      const about = (id: number) => ({
        type: 'service-request-status',
        data: expect.objectContaining({ serviceRequestId: String(id) }),
      });
      for (const name of ['staff', 'jan']) {
        await expect.poll(() => received[name]).toContainEqual(about(original.id));
        await expect.poll(() => received[name]).toContainEqual(about(copy.id));
      }
      expect(received.zofia!.filter((e) => e.type === 'service-request-status')).toEqual([]);
    } finally {
      await bus.close();
    }
  });

  it('every audited change declares its fields', async () => {
    expect(await undeclaredAuditEntries(db())).toEqual([]);
  });
});
