import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SERVICE_TIME_TARGETS, type ServiceTimeTargets } from '@care/contract/service-times';
import type { StaffQueuePage } from '@care/contract/staff';
import type { ServiceRequestStatus } from '@care/contract/statuses';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '#app/db/schema/audit.ts';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
import { runServiceTimeWarnings } from '#app/jobs/service-time-warnings.ts';
import { clearOutbox, cookieFor, insertUser, queuedMail } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { undeclaredAuditEntries } from '#app/test/audit.ts';
import { insertOwnedMachine, insertRequest } from '#app/test/service-requests.ts';

/** A moment in Poland (November: UTC+1), e.g. local('2026-11-23 10:00') — Monday 23 November 2026. */
const local = (text: string) => new Date(`${text.replace(' ', 'T')}:00+01:00`);

describe('service times: targets, due times, the queue, and breach warnings', () => {
  let t: TestApp;
  const u: Record<string, number> = {};
  const cookie: Record<string, string> = {};
  let machineId = 0;
  let next = 0;
  const db = () => t.database.db;
  const call = (method: 'GET' | 'PUT', url: string, as?: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: as ? { cookie: as } : {} });

  /** A request reported at `reportDate` with a priority (0 low … 3 urgent), assigned to someone or nobody. */
  const request = async (
    reportDate: Date,
    { priority = 3, assignedTo = null as number | null, status = 'N' as ServiceRequestStatus } = {},
  ) => {
    next += 1;
    const id = await insertRequest(db(), {
      code: `SR/2026/${String(next).padStart(6, '0')}`,
      customerId: u.jan!,
      machineId,
      reportDate,
    });
    await db()
      .update(serviceRequests)
      .set({ priority, assignedTo, status })
      .where(eq(serviceRequests.id, id));
    return id;
  };
  const dueOf = async (id: number) =>
    (
      await db()
        .select({
          replyDueAt: serviceRequests.replyDueAt,
          completionDueAt: serviceRequests.completionDueAt,
          dueAt: serviceRequests.dueAt,
          warnAt: serviceRequests.warnAt,
        })
        .from(serviceRequests)
        .where(eq(serviceRequests.id, id))
    )[0]!;

  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: await mkdtemp(join(tmpdir(), 'care-times-')) });
    u.jan = await insertUser(db(), { email: 'jan@example.com' });
    u.service = await insertUser(db(), {
      email: 'serwis@example.com',
      role: 'service',
      firstName: 'Piotr',
      language: 'de',
    });
    u.other = await insertUser(db(), { email: 'anna@example.com', role: 'service', firstName: 'Anna' });
    u.admin = await insertUser(db(), { email: 'admin@example.com', role: 'admin', firstName: 'Ewa' });
    machineId = await insertOwnedMachine(db(), { serialNumber: 'ST-1', ownerId: u.jan });
    cookie.service = await cookieFor(t.app, 'serwis@example.com');
    cookie.admin = await cookieFor(t.app, 'admin@example.com');
    cookie.jan = await cookieFor(t.app, 'jan@example.com');
  });

  afterAll(async () => {
    await t.app.close();
  });

  describe('due times count working time (Monday–Friday, 8:00–16:00 in Poland)', () => {
    const due = async (start: string, minutes: number) => {
      const result = (await db().execute(
        sql`SELECT service_time_due(${local(start).toISOString()}::timestamptz, ${minutes}) AS at`,
      )) as { rows: { at: Date | string }[] };
      return new Date(result.rows[0]!.at).toISOString();
    };

    it.each([
      ['within a day', '2026-11-23 10:00', 240, '2026-11-23 14:00'],
      ['ending exactly at 16:00 (not the next day at 8:00)', '2026-11-23 12:00', 240, '2026-11-23 16:00'],
      ['over the night', '2026-11-23 14:00', 240, '2026-11-24 10:00'],
      ['over the weekend', '2026-11-27 15:00', 240, '2026-11-30 11:00'],
      ['from a Saturday: the clock starts on Monday', '2026-11-28 12:00', 240, '2026-11-30 12:00'],
      ['from before the working day', '2026-11-23 06:00', 60, '2026-11-23 09:00'],
      ['from after it', '2026-11-23 18:30', 60, '2026-11-24 09:00'],
      ['two working days from Monday morning', '2026-11-23 08:00', 960, '2026-11-24 16:00'],
      ['ten working days from a Wednesday', '2026-11-25 09:00', 4800, '2026-12-09 09:00'],
    ])('%s', async (_, start, minutes, expected) => {
      expect(await due(start, minutes)).toBe(local(expected).toISOString());
    });

    it('a new request gets its priority’s due times, and a priority change moves them', async () => {
      const id = await request(local('2026-11-23 10:00'), { priority: 3 });
      expect((await dueOf(id)).replyDueAt?.toISOString()).toBe(local('2026-11-23 14:00').toISOString());
      // Urgent: a fifth of 4 h (48 min) before.
      expect((await dueOf(id)).warnAt?.toISOString()).toBe(local('2026-11-23 13:12').toISOString());
      await db().update(serviceRequests).set({ priority: 2 }).where(eq(serviceRequests.id, id));
      expect((await dueOf(id)).replyDueAt?.toISOString()).toBe(local('2026-11-24 10:00').toISOString());
    });

    it('the next due is the first reply until a staff member writes, then completion; none once final', async () => {
      const id = await request(local('2026-11-23 08:00'), { priority: 3 });
      expect((await dueOf(id)).dueAt?.toISOString()).toBe(local('2026-11-23 12:00').toISOString());
      await db()
        .update(serviceRequests)
        .set({ firstStaffReplyAt: local('2026-11-23 09:00') })
        .where(eq(serviceRequests.id, id));
      expect((await dueOf(id)).dueAt?.toISOString()).toBe(local('2026-11-24 16:00').toISOString());
      await db().update(serviceRequests).set({ status: 'F' }).where(eq(serviceRequests.id, id));
      expect(await dueOf(id)).toMatchObject({ dueAt: null, warnAt: null });
    });
  });

  describe('targets', () => {
    const put = (body: unknown, as = cookie.admin) =>
      call('PUT', '/api/admin/service-times', as, body as object);

    it('service staff read the targets (the defaults at first); customers may not', async () => {
      const read = await call('GET', '/api/admin/service-times', cookie.service);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(DEFAULT_SERVICE_TIME_TARGETS);
      expect((await call('GET', '/api/admin/service-times', cookie.jan)).statusCode).toBe(403);
    });

    it('only an admin changes them', async () => {
      const response = await put(DEFAULT_SERVICE_TIME_TARGETS, cookie.service);
      expect(response.statusCode).toBe(403);
    });

    it.each([
      [
        'a first reply due after completion',
        { urgent: { firstReplyHours: 20, completionDays: 2 } },
        'urgent.firstReplyHours',
        'form.reply-after-completion',
      ],
      [
        'a more urgent priority with a longer target',
        { high: { firstReplyHours: 8, completionDays: 11 } },
        'high.completionDays',
        'form.priority-order',
      ],
      [
        'hours that are not whole',
        { urgent: { firstReplyHours: 1.5, completionDays: 2 } },
        'urgent.firstReplyHours',
        'form.service-time-hours',
      ],
      [
        'no time at all',
        { urgent: { firstReplyHours: 0, completionDays: 2 } },
        'urgent.firstReplyHours',
        'form.service-time-hours',
      ],
      [
        'too many days',
        { low: { firstReplyHours: 24, completionDays: 251 } },
        'low.completionDays',
        'form.service-time-days',
      ],
    ])('refuses %s, naming the field, and changes nothing', async (_, change, path, code) => {
      const response = await put({ ...DEFAULT_SERVICE_TIME_TARGETS, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: expect.arrayContaining([expect.objectContaining({ path, code })]),
      });
      expect((await call('GET', '/api/admin/service-times', cookie.admin)).json()).toEqual(
        DEFAULT_SERVICE_TIME_TARGETS,
      );
    });

    it('an admin’s change moves the open requests’ due times, keeps the final ones’, and is audited', async () => {
      const open = await request(local('2026-11-23 08:00'), { priority: 3 });
      const done = await request(local('2026-11-23 08:00'), { priority: 3 });
      await db().update(serviceRequests).set({ status: 'F' }).where(eq(serviceRequests.id, done));
      const targets: ServiceTimeTargets = {
        ...DEFAULT_SERVICE_TIME_TARGETS,
        urgent: { firstReplyHours: 2, completionDays: 1 },
      };
      const response = await put(targets);
      expect(response.statusCode, response.body).toBe(200);
      expect((await call('GET', '/api/admin/service-times', cookie.service)).json()).toEqual(targets);
      expect(await dueOf(open)).toMatchObject({
        replyDueAt: local('2026-11-23 10:00'),
        completionDueAt: local('2026-11-23 16:00'),
      });
      expect((await dueOf(done)).replyDueAt).toEqual(local('2026-11-23 12:00'));
      const [entry] = await db().select().from(auditLog).where(eq(auditLog.subjectId, 'service-times'));
      expect(entry).toMatchObject({ kind: 'settings.changed', actorId: u.admin });
      expect((entry!.after as { serviceTimes: unknown[] }).serviceTimes[0]).toEqual({
        priority: 'urgent',
        firstReplyHours: 2,
        completionDays: 1,
      });
      // Back to the defaults for the tests below.
      expect((await put(DEFAULT_SERVICE_TIME_TARGETS)).statusCode).toBe(200);
      expect(await undeclaredAuditEntries(db())).toEqual([]);
    });
  });

  describe('the queue', () => {
    /** Sets a request's first-reply times relative to the database's now (the queue judges by now()). */
    const times = (id: number, warn: string, due: string) =>
      db().execute(sql`UPDATE service_requests SET reply_warn_at = now() + ${warn}::interval,
        reply_due_at = now() + ${due}::interval WHERE id = ${id}`);
    let overdue = 0;
    let soon = 0;
    let later = 0;
    let otherOverdue = 0;
    let closed = 0;

    beforeAll(async () => {
      await db().execute(sql`DELETE FROM service_requests`);
      later = await request(new Date(), { assignedTo: u.service! });
      soon = await request(new Date(), { assignedTo: u.service! });
      overdue = await request(new Date(), { assignedTo: u.service! });
      otherOverdue = await request(new Date(), { assignedTo: u.other! });
      closed = await request(new Date(), { assignedTo: u.service!, status: 'F' });
      await times(later, '2 days', '3 days');
      await times(soon, '-5 minutes', '1 day');
      await times(overdue, '-2 hours', '-1 hour');
      await times(otherOverdue, '-3 hours', '-2 hours');
    });

    const queue = async (query: string) => {
      const response = await call('GET', `/api/staff/service-requests?${query}`, cookie.service);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as StaffQueuePage;
    };

    it('shows each request’s next target, what is left of it, and none for a final one', async () => {
      const items = new Map((await queue('')).items.map((item) => [Number(item.id), item]));
      expect(items.get(overdue)!.due).toMatchObject({ target: 'reply', state: 'overdue' });
      expect(items.get(overdue)!.due!.minutesLeft).toBeLessThanOrEqual(0);
      expect(items.get(soon)!.due).toMatchObject({ target: 'reply', state: 'soon' });
      expect(items.get(later)!.due).toMatchObject({ target: 'reply', state: 'ok' });
      expect(items.get(later)!.due!.minutesLeft).toBeGreaterThan(0);
      expect(items.get(closed)!.due).toBeNull();
    });

    it('sorts by due time, final requests last in either order', async () => {
      const ids = async (order: string) =>
        (await queue(`sort=dueAt&order=${order}`)).items.map((item) => Number(item.id));
      expect(await ids('asc')).toEqual([otherOverdue, overdue, soon, later, closed]);
      expect(await ids('desc')).toEqual([later, soon, overdue, otherOverdue, closed]);
    });

    it('"mine" puts the requests about to breach or overdue first, soonest due first, then the rest as chosen', async () => {
      const ids = (await queue('view=mine&sort=reportDate&order=desc')).items.map((item) => Number(item.id));
      // The rest newest first: closed (reported last), then later.
      expect(ids).toEqual([overdue, soon, closed, later]);
      const all = (await queue('sort=reportDate&order=desc')).items.map((item) => Number(item.id));
      expect(all).toEqual([closed, otherOverdue, overdue, soon, later]);
    });

    it('"mine" pages through both parts in that order, counting them once', async () => {
      const pages = [];
      for (const page of [1, 2, 3]) {
        const found = await queue(`view=mine&sort=reportDate&order=desc&pageSize=2&page=${page}`);
        expect(found.total).toBe(4);
        pages.push(found.items.map((item) => Number(item.id)));
      }
      expect(pages).toEqual([[overdue, soon], [closed, later], []]);
      const oldestFirst = await queue('view=mine&sort=reportDate&order=asc&pageSize=1&page=3');
      expect(oldestFirst.items.map((item) => Number(item.id))).toEqual([later]);
    });
  });

  describe('breach warnings', () => {
    beforeEach(async () => {
      await db().execute(sql`DELETE FROM service_requests`);
      await clearOutbox(db());
    });
    const monday = (time: string) => local(`2026-11-23 ${time}`);

    it('e-mails the assignee once, in their language, with a link to the request, when a fifth is left', async () => {
      // Urgent, reported 8:00: the first reply is due at 12:00, the warning from 11:12.
      const id = await request(monday('08:00'), { assignedTo: u.service! });
      expect(await runServiceTimeWarnings(db(), t.env, { now: monday('11:00') })).toBe(0);
      expect(await runServiceTimeWarnings(db(), t.env, { now: monday('11:15') })).toBe(1);
      expect(await runServiceTimeWarnings(db(), t.env, { now: monday('11:20') })).toBe(0);
      expect(await runServiceTimeWarnings(db(), t.env, { now: monday('12:30') })).toBe(0);
      const [mail] = await queuedMail(db());
      expect(mail).toMatchObject({
        toAddress: 'serwis@example.com',
        language: 'de',
        kind: 'service-time-warning',
      });
      expect(mail!.subject).toContain('Erste Antwort');
      expect(mail!.text).toContain(`/staff/service-requests/${id}`);
      expect(await queuedMail(db())).toHaveLength(1);
    });

    it('warns again for the completion target, once', async () => {
      const id = await request(monday('08:00'), { assignedTo: u.service! });
      await runServiceTimeWarnings(db(), t.env, { now: monday('11:15') });
      await db()
        .update(serviceRequests)
        .set({ firstStaffReplyAt: monday('11:30') })
        .where(eq(serviceRequests.id, id));
      // Completion (2 working days) due Tuesday 16:00, warning from 12:48 that day.
      const tuesday = local('2026-11-24 13:00');
      expect(await runServiceTimeWarnings(db(), t.env, { now: tuesday })).toBe(1);
      expect(await runServiceTimeWarnings(db(), t.env, { now: tuesday })).toBe(0);
      expect((await queuedMail(db())).map((m) => m.subject)).toEqual([
        expect.stringContaining('Erste Antwort'),
        expect.stringContaining('Erledigung'),
      ]);
    });

    it('never warns of a final request', async () => {
      await request(monday('08:00'), { assignedTo: u.service!, status: 'X' });
      expect(await runServiceTimeWarnings(db(), t.env, { now: monday('11:15') })).toBe(0);
    });

    it('goes to the service inbox, in Polish, when nobody has the request', async () => {
      await request(monday('08:00'));
      expect(await runServiceTimeWarnings(db(), t.env, { now: monday('11:15') })).toBe(1);
      const [mail] = await queuedMail(db());
      expect(mail).toMatchObject({ toAddress: t.env.SERVICE_EMAIL, language: 'pl' });
      expect(mail!.text).toContain('Nikt nie przejął');
    });

    it('does not e-mail the backlog of warnings older than the catch-up window', async () => {
      await request(monday('08:00'), { assignedTo: u.service! });
      expect(await runServiceTimeWarnings(db(), t.env, { now: local('2026-11-30 11:15') })).toBe(0);
    });
  });
});
