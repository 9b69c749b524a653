import type { StaffCustomerDetails } from '@care/contract/customers';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '#app/db/schema/audit.ts';
import {
  clearOutbox,
  clearRateLimits,
  cookieFor,
  insertMachine,
  insertUser,
  ownerOf,
  PASSWORD,
  postJson,
  queuedMail,
  registrationPayload,
  signIn,
  tokenIn,
  userByEmail,
} from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { undeclaredAuditEntries } from '#app/test/audit.ts';

describe('customers: admin changes (resend confirmation, reactivate, assign and remove machines)', () => {
  let t: TestApp;
  const u: Record<string, number> = {};
  const cookie: Record<string, string> = {};
  const post = (url: string, as: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie: as } });
  /** The newest two audit entries, oldest first. */
  const lastAudit = async () =>
    (await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(2)).reverse();
  const newestAudit = async () => (await lastAudit()).at(-1);

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    u.jan = await insertUser(db, { email: 'jan@example.com' });
    u.anna = await insertUser(db, { email: 'anna@example.com', firstName: 'Anna' });
    u.service = await insertUser(db, { email: 'serwis@example.com', role: 'service' });
    u.admin = await insertUser(db, { email: 'admin@example.com', role: 'admin' });
    await insertMachine(db, 'AM-100', null);
    await insertMachine(db, 'AM-200', u.anna);
    cookie.admin = await cookieFor(t.app, 'admin@example.com');
    cookie.service = await cookieFor(t.app, 'serwis@example.com');
    cookie.jan = await cookieFor(t.app, 'jan@example.com');
  });
  beforeEach(async () => {
    await clearRateLimits(t.database.db);
  });
  afterAll(async () => {
    await t?.app.close();
  });

  it('refuses every change to customers (403) and service staff (403)', async () => {
    const changes: [string, object][] = [
      [`/api/admin/customers/${u.jan}/confirmation-mail`, {}],
      [`/api/admin/customers/${u.jan}/reactivation`, { reason: 'Prośba klienta' }],
      [`/api/admin/customers/${u.jan}/machines`, { serialNumber: 'AM-100', reason: 'Zakup u dealera' }],
      [`/api/admin/customers/${u.anna}/machines/1/removal`, { reason: 'Sprzedana' }],
    ];
    for (const as of [cookie.jan!, cookie.service!])
      for (const [url, payload] of changes) expect((await post(url, as, payload)).statusCode, url).toBe(403);
    expect(await ownerOf(t.database.db, 'AM-100')).toBeNull();
  });

  it('assigns a machine by serial number with a reason, audited in the same change', async () => {
    const response = await post(`/api/admin/customers/${u.jan}/machines`, cookie.admin!, {
      serialNumber: ' am-100 ',
      reason: 'Zakup u dealera',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as StaffCustomerDetails).machines.map((m) => m.serialNumber)).toEqual(['AM-100']);
    const entry = await newestAudit();
    expect(entry).toMatchObject({
      kind: 'machine.assigned',
      subjectType: 'user',
      subjectId: String(u.jan),
      actorId: u.admin,
      reason: 'Zakup u dealera',
      before: { serialNumber: 'AM-100', owner: null },
      after: { serialNumber: 'AM-100', owner: 'jan@example.com' },
    });
  });

  it('refuses an unknown serial, a machine already theirs, a missing reason', async () => {
    const assign = (payload: object) =>
      post(`/api/admin/customers/${u.jan}/machines`, cookie.admin!, payload);
    const unknown = await assign({ serialNumber: 'NO-SUCH', reason: 'Zakup' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'MACHINE_NOT_FOUND']);
    const again = await assign({ serialNumber: 'AM-100', reason: 'Zakup' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'MACHINE_ALREADY_ASSIGNED']);
    const noReason = await assign({ serialNumber: 'AM-100', reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toEqual([expect.objectContaining({ path: 'reason' })]);
  });

  it('refuses another customer’s machine unless moved explicitly; a move is audited on both', async () => {
    const url = `/api/admin/customers/${u.jan}/machines`;
    const refused = await post(url, cookie.admin!, { serialNumber: 'AM-200', reason: 'Odkupił' });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'MACHINE_OWNED_BY_ANOTHER']);
    expect(await ownerOf(t.database.db, 'AM-200')).toBe(u.anna);
    const moved = await post(url, cookie.admin!, { serialNumber: 'AM-200', reason: 'Odkupił', move: true });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await ownerOf(t.database.db, 'AM-200')).toBe(u.jan);
    const [fromAnna, toJan] = await lastAudit();
    expect(fromAnna).toMatchObject({
      kind: 'machine.unassigned',
      subjectId: String(u.anna),
      reason: 'Odkupił',
    });
    expect(toJan).toMatchObject({ kind: 'machine.assigned', subjectId: String(u.jan), reason: 'Odkupił' });
  });

  it('removes a machine with a reason; someone else’s machine id is NOT_FOUND', async () => {
    const page = (await (
      await t.app.inject({
        method: 'GET',
        url: `/api/staff/customers/${u.jan}`,
        headers: { cookie: cookie.admin! },
      })
    ).json()) as StaffCustomerDetails;
    const machine = page.machines.find((m) => m.serialNumber === 'AM-200')!;
    const wrong = await post(`/api/admin/customers/${u.anna}/machines/${machine.id}/removal`, cookie.admin!, {
      reason: 'Sprzedana',
    });
    expect(wrong.statusCode).toBe(404);
    const removed = await post(
      `/api/admin/customers/${u.jan}/machines/${machine.id}/removal`,
      cookie.admin!,
      {
        reason: 'Sprzedana sąsiadowi',
      },
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await ownerOf(t.database.db, 'AM-200')).toBeNull();
    const entry = await newestAudit();
    expect(entry).toMatchObject({
      kind: 'machine.unassigned',
      reason: 'Sprzedana sąsiadowi',
      after: { owner: null },
    });
  });

  it('reactivates a deactivated customer, who then signs in with their password', async () => {
    const ola = await insertUser(t.database.db, { email: 'ola@example.com' });
    const own = await cookieFor(t.app, 'ola@example.com');
    const deactivated = await t.app.inject({
      method: 'POST',
      url: '/api/user/deactivation',
      headers: { cookie: own },
      payload: { password: PASSWORD },
    });
    expect(deactivated.statusCode).toBe(204);
    expect((await signIn(t.app, 'ola@example.com')).statusCode).toBe(401);
    const notYet = await post(`/api/admin/customers/${u.jan}/reactivation`, cookie.admin!, {
      reason: 'Prośba',
    });
    expect([notYet.statusCode, notYet.json().code]).toEqual([409, 'CUSTOMER_NOT_DEACTIVATED']);

    const response = await post(`/api/admin/customers/${ola}/reactivation`, cookie.admin!, {
      reason: 'Prośba telefoniczna klientki',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as StaffCustomerDetails).status).toBe('active');
    // By its kind: the refused sign-in above writes its own entry after its answer, so it may land after this one.
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.kind, 'customer.reactivated'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect((await signIn(t.app, 'ola@example.com')).statusCode).toBe(200);
    expect(entry).toMatchObject({
      kind: 'customer.reactivated',
      subjectId: String(ola),
      before: { status: 'deactivated' },
      after: { status: 'active' },
      reason: 'Prośba telefoniczna klientki',
    });
  });

  it('resends the confirmation link of a pending registration; the link activates the account', async () => {
    const db = t.database.db;
    await insertMachine(db, 'AM-300', null);
    await postJson(t.app, '/auth/registration', registrationPayload('piotr@example.com', 'AM-300'));
    const pending = (await userByEmail(db, 'piotr@example.com'))!;
    await clearOutbox(db);
    const response = await post(`/api/admin/customers/${pending.id}/confirmation-mail`, cookie.admin!);
    expect(response.statusCode, response.body).toBe(200);
    const [mail] = await queuedMail(db, 'piotr@example.com');
    const confirmed = await postJson(t.app, '/auth/registration/confirmation', {
      id: tokenIn(mail!.text, 'confirm'),
      username: 'piotr@example.com',
    });
    expect(confirmed.json()).toEqual({ machineLinked: true });
    expect((await userByEmail(db, 'piotr@example.com'))!.status).toBe('active');
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.kind, 'customer.confirmation-sent'));
    expect(entry).toMatchObject({ subjectId: String(pending.id), actorId: u.admin });
    const again = await post(`/api/admin/customers/${pending.id}/confirmation-mail`, cookie.admin!);
    expect([again.statusCode, again.json().code]).toEqual([409, 'CUSTOMER_NOT_PENDING']);
  });

  it('answers NOT_FOUND for a staff account', async () => {
    const response = await post(`/api/admin/customers/${u.service}/reactivation`, cookie.admin!, {
      reason: 'Test',
    });
    expect(response.statusCode).toBe(404);
  });

  // Last: checks what every test above wrote (test/audit.ts).
  it('writes only audit fields, values and reasons the contract declares, so the admin screen labels them all', async () => {
    expect(await undeclaredAuditEntries(t.database.db)).toEqual([]);
  });
});
