import type { ServiceRequestDetails } from '@care/contract/service-requests';
import type { StaffServiceRequest } from '@care/contract/staff';
import type { ServiceRequestStatus } from '@care/contract/statuses';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '#app/db/schema/audit.ts';
import { todayInPoland } from '#app/db/guarantee.ts';
import { serviceRatingLinks, serviceRequestRatings } from '#app/db/schema/ratings.ts';
import { serviceRequestEstimateChanges, serviceRequests } from '#app/db/schema/service-requests.ts';
import { userSettings } from '#app/db/schema/users.ts';
import { clearOutbox, cookieFor, insertUser, queuedMail } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { insertOwnedMachine, insertRequest } from '#app/test/service-requests.ts';

const DAY = 24 * 60 * 60 * 1000;
const dayOf = (offsetDays: number) => todayInPoland(new Date(Date.now() + offsetDays * DAY));
/** The rating link of a message: `/rate/<43 URL-safe characters>`. */
const ratingTokenIn = (text: string) => /\/rate\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];

describe('completion date at F, estimate history and e-mails, confirm and rate (issue 18)', () => {
  let t: TestApp;
  let counter = 0;
  const u: Record<string, number> = {};
  const machine: Record<string, number> = {};
  const cookie: Record<string, string> = {};
  const db = () => t.database.db;

  const newRequest = async (
    customer: 'jan' | 'emma' = 'jan',
    status: ServiceRequestStatus = 'A',
    reportDate?: Date,
  ) => {
    counter += 1;
    return insertRequest(db(), {
      code: `SR/2026/${String(counter).padStart(6, '0')}`,
      customerId: u[customer]!,
      machineId: machine[customer]!,
      status,
      reportDate,
    });
  };
  const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, as?: string) =>
    t.app.inject({ method, url, payload, headers: as ? { cookie: as } : {} });
  const toF = (id: number, completionDate?: string, as = cookie.service) =>
    inject(
      'POST',
      `/api/staff/service-requests/${id}/status`,
      { status: 'F', fromStatus: 'A', completionDate },
      as,
    );
  const setEstimate = (id: number, estimatedCompletionDate: string | null) =>
    inject('PATCH', `/api/staff/service-requests/${id}`, { estimatedCompletionDate }, cookie.service);
  const rate = (id: number, payload: object, as = cookie.jan) =>
    inject('POST', `/api/service-requests/${id}/rating`, payload, as);
  const readLink = (token: string) => inject('POST', '/api/service-ratings/link', { token });
  const rateByLink = (token: string, payload: object) =>
    inject('POST', '/api/service-ratings/link/rating', { token, ...payload });
  const requestOf = async (id: number) =>
    (await db().select().from(serviceRequests).where(eq(serviceRequests.id, id)))[0]!;
  /** A finished request of Jan's and the token of its F e-mail's rating link. */
  const finished = async () => {
    const id = await newRequest();
    await clearOutbox(db());
    expect((await toF(id, todayInPoland())).statusCode).toBe(200);
    const [mail] = await queuedMail(db(), 'jan@example.com');
    return { id, token: ratingTokenIn(mail!.text)! };
  };

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://care.example', BASE_PATH: '' });
    u.jan = await insertUser(db(), { email: 'jan@example.com' });
    u.emma = await insertUser(db(), { email: 'emma@example.com', firstName: 'Emma', language: 'en' });
    u.service = await insertUser(db(), {
      email: 'serwis@example.com',
      role: 'service',
      firstName: 'Piotr',
      lastName: 'Serwisant',
    });
    machine.jan = await insertOwnedMachine(db(), { serialNumber: 'AM-600-001', ownerId: u.jan });
    machine.emma = await insertOwnedMachine(db(), {
      serialNumber: 'AM-600-002',
      name: 'AgroMech Kosiarka 300',
      ownerId: u.emma,
    });
    cookie.jan = await cookieFor(t.app, 'jan@example.com');
    cookie.emma = await cookieFor(t.app, 'emma@example.com');
    cookie.service = await cookieFor(t.app, 'serwis@example.com');
  });

  afterAll(async () => {
    await t.app.close();
  });

  beforeEach(async () => {
    await clearOutbox(db());
  });

  describe('completion date at F', () => {
    it('F without a completion date is refused (VALIDATION_FAILED on completionDate) and changes nothing', async () => {
      const id = await newRequest();
      const response = await toF(id);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: [{ path: 'completionDate', code: 'form.completion-date-required' }],
      });
      expect((await requestOf(id)).status).toBe('A');
    });

    it('a completion date with any status but F is refused', async () => {
      const id = await newRequest('jan', 'N');
      const response = await inject(
        'POST',
        `/api/staff/service-requests/${id}/status`,
        { status: 'C', fromStatus: 'N', completionDate: todayInPoland() },
        cookie.service,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual([
        { path: 'completionDate', code: 'form.completion-date-not-allowed' },
      ]);
      expect((await requestOf(id)).status).toBe('N');
    });

    it('a completion date after today (in Poland) is refused, and nothing is saved or e-mailed', async () => {
      const id = await newRequest();
      const response = await toF(id, dayOf(1));
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual([
        { path: 'completionDate', code: 'form.completion-date-future' },
      ]);
      const row = await requestOf(id);
      expect([row.status, row.completionDate]).toEqual(['A', null]);
      expect(await queuedMail(db())).toEqual([]);
    });

    it('a completion date before the report day is DATE_BEFORE_REPORT_DATE', async () => {
      const id = await newRequest('jan', 'A', new Date(Date.now() - 3 * DAY));
      const response = await toF(id, dayOf(-10));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'DATE_BEFORE_REPORT_DATE',
        fields: [{ path: 'completionDate' }],
      });
      expect((await requestOf(id)).status).toBe('A');
    });

    it('F saves the completion date with the status, audits it, and e-mails the date and a rating link', async () => {
      const id = await newRequest('jan', 'A', new Date(Date.now() - 3 * DAY));
      const day = dayOf(-1);
      const response = await toF(id, day);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        status: 'F',
        completionDate: day,
        canRate: true,
        rating: null,
      });
      const customerView = (await inject('GET', `/api/service-requests/${id}`, undefined, cookie.jan)).json();
      expect(customerView.completionDate).toBe(day);
      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.kind, 'service-request.status'), eq(auditLog.subjectId, String(id))));
      expect(entry!.after).toEqual({ status: 'F', completionDate: day });
      const mails = await queuedMail(db());
      expect(mails).toHaveLength(1);
      const token = ratingTokenIn(mails[0]!.text);
      expect(token).toBeDefined();
      expect(mails[0]!.text).toContain('Data realizacji:');
      expect(mails[0]!.text).toContain(`https://care.example/rate/${token}`);
      expect(mails[0]!.text).toContain(`https://care.example/home/services/edit/${id}`);
      expect(mails[0]!.html).toContain('Potwierdź i oceń obsługę');
      // Only the token's hash is kept.
      const [link] = await db()
        .select()
        .from(serviceRatingLinks)
        .where(eq(serviceRatingLinks.serviceRequestId, id));
      expect(link!.tokenHash).not.toContain(token!);
      expect(link!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * DAY);
    });
  });

  describe('estimated completion date: history and e-mails', () => {
    it('setting, moving and clearing the estimate are kept with who and when, for staff and the customer', async () => {
      const id = await newRequest('jan', 'O');
      const first = dayOf(10);
      const second = dayOf(14);
      expect((await setEstimate(id, first)).statusCode).toBe(200);
      expect((await setEstimate(id, second)).statusCode).toBe(200);
      // Saving the same date again is no change: no entry, no e-mail.
      expect((await setEstimate(id, second)).statusCode).toBe(200);
      const cleared = await setEstimate(id, null);
      const staffView = cleared.json() as StaffServiceRequest;
      expect(
        staffView.estimateHistory.map(({ fromDate, toDate, changedBy }) => [fromDate, toDate, changedBy]),
      ).toEqual([
        [null, first, 'Piotr Serwisant'],
        [first, second, 'Piotr Serwisant'],
        [second, null, 'Piotr Serwisant'],
      ]);
      const customerView = (
        await inject('GET', `/api/service-requests/${id}`, undefined, cookie.jan)
      ).json() as ServiceRequestDetails;
      expect(customerView.estimateHistory).toEqual(staffView.estimateHistory);
      const rows = await db()
        .select()
        .from(serviceRequestEstimateChanges)
        .where(eq(serviceRequestEstimateChanges.serviceRequestId, id));
      expect(rows.every((row) => row.changedBy === u.service)).toBe(true);
    });

    it('a change of the estimate alone e-mails the customer once per save, in their language', async () => {
      const id = await newRequest('emma', 'O');
      const day = dayOf(7);
      await setEstimate(id, day);
      const mails = await queuedMail(db(), 'emma@example.com');
      expect(mails).toHaveLength(1);
      const long = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(`${day}T00:00:00Z`),
      );
      expect(mails[0]!.subject).toBe(
        `Service request SR/2026/${String(counter).padStart(6, '0')}: estimated completion ${long}`,
      );
      expect(mails[0]!.text).toContain('Hello Emma,');
      expect(mails[0]!.text).toContain(`is now ${long}`);
      await clearOutbox(db());
      // Dates and findings in one save: still one message.
      await inject(
        'PATCH',
        `/api/staff/service-requests/${id}`,
        { estimatedCompletionDate: dayOf(8), serviceOpinion: 'OK' },
        cookie.service,
      );
      expect(await queuedMail(db())).toHaveLength(1);
      await clearOutbox(db());
      // A save without the estimate sends nothing.
      await inject(
        'PATCH',
        `/api/staff/service-requests/${id}`,
        { serviceOpinion: 'Wymiana łożyska' },
        cookie.service,
      );
      expect(await queuedMail(db())).toEqual([]);
    });

    it('the estimate e-mail respects the state-change setting (the history is kept anyway)', async () => {
      const id = await newRequest('emma', 'O');
      await db()
        .insert(userSettings)
        .values({ userId: u.emma!, broadValue: '', key: 'notifications.state-change', value: false });
      try {
        await setEstimate(id, dayOf(5));
        expect(await queuedMail(db())).toEqual([]);
        expect(
          await db()
            .select()
            .from(serviceRequestEstimateChanges)
            .where(eq(serviceRequestEstimateChanges.serviceRequestId, id)),
        ).toHaveLength(1);
      } finally {
        await db().delete(userSettings).where(eq(userSettings.userId, u.emma!));
      }
    });

    it('the status e-mail states the current estimate while the request is open', async () => {
      const id = await newRequest('emma', 'O');
      const day = dayOf(9);
      await setEstimate(id, day);
      await clearOutbox(db());
      await inject(
        'POST',
        `/api/staff/service-requests/${id}/status`,
        { status: 'A', fromStatus: 'O' },
        cookie.service,
      );
      const [mail] = await queuedMail(db(), 'emma@example.com');
      const long = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(`${day}T00:00:00Z`),
      );
      expect(mail!.text).toContain(`Estimated completion date: ${long}.`);
      expect(mail!.text).not.toContain('/rate/');
    });
  });

  describe('confirm and rate from the request page', () => {
    it('the customer rates a finished request once; staff see it; the rating is audited', async () => {
      const { id } = await finished();
      const response = await rate(id, { score: 4, comment: '  Szybko i sprawnie.  ' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ score: 4, comment: 'Szybko i sprawnie.' });
      const mine = (await inject('GET', `/api/service-requests/${id}`, undefined, cookie.jan)).json();
      expect(mine).toMatchObject({ canRate: false, rating: { score: 4, comment: 'Szybko i sprawnie.' } });
      const staff = (
        await inject('GET', `/api/staff/service-requests/${id}`, undefined, cookie.service)
      ).json();
      expect(staff.rating).toEqual(mine.rating);
      const again = await rate(id, { score: 5 });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('ALREADY_RATED');
      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.kind, 'service-request.rating'), eq(auditLog.subjectId, String(id))));
      expect(entry).toMatchObject({
        actorId: u.jan,
        after: { score: 4, comment: 'Szybko i sprawnie.', via: 'page' },
      });
    });

    it('a request that is not F cannot be rated', async () => {
      const id = await newRequest('jan', 'A');
      const response = await rate(id, { score: 5 });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('SERVICE_REQUEST_NOT_FINISHED');
      expect(
        await db().select().from(serviceRequestRatings).where(eq(serviceRequestRatings.serviceRequestId, id)),
      ).toEqual([]);
    });

    it("another customer's request is a 404, staff may not rate, a score outside 1–5 or a long comment is refused", async () => {
      const { id } = await finished();
      expect((await rate(id, { score: 5 }, cookie.emma)).statusCode).toBe(404);
      expect((await rate(id, { score: 5 }, cookie.service)).statusCode).toBe(403);
      expect((await rate(id, { score: 5 }, '')).statusCode).toBe(401);
      for (const payload of [
        { score: 0 },
        { score: 6 },
        { score: 3.5 },
        {},
        { score: 3, comment: 'x'.repeat(1001) },
      ]) {
        const response = await rate(id, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect((await requestOf(id)).status).toBe('F');
      expect(
        await db().select().from(serviceRequestRatings).where(eq(serviceRequestRatings.serviceRequestId, id)),
      ).toEqual([]);
    });
  });

  describe('confirm and rate through the e-mailed link', () => {
    it('the link shows only the code and machine, rates once, and then says it was rated', async () => {
      const { id, token } = await finished();
      const read = await readLink(token);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({
        state: 'open',
        serviceRequestId: String(id),
        code: (await requestOf(id)).code,
        machine: { name: 'AgroMech Żniwiarz 5200', serialNumber: 'AM-600-001' },
      });
      const rated = await rateByLink(token, { score: 4, comment: 'Dziękuję' });
      expect(rated.statusCode).toBe(200);
      expect(rated.json().state).toBe('rated');
      const again = await rateByLink(token, { score: 1 });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('ALREADY_RATED');
      expect((await readLink(token)).json().state).toBe('rated');
      const [rating] = await db()
        .select()
        .from(serviceRequestRatings)
        .where(eq(serviceRequestRatings.serviceRequestId, id));
      expect(rating).toMatchObject({ score: 4, comment: 'Dziękuję', ratedBy: u.jan, via: 'link' });
      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.kind, 'service-request.rating'), eq(auditLog.subjectId, String(id))));
      expect(entry).toMatchObject({ actorId: u.jan, actorLabel: 'jan@example.com', after: { via: 'link' } });
      // The page knows it too.
      expect((await rate(id, { score: 2 })).json().code).toBe('ALREADY_RATED');
    });

    it('a rating from the page makes the link say it was rated', async () => {
      const { id, token } = await finished();
      expect((await rate(id, { score: 5 })).statusCode).toBe(200);
      expect((await readLink(token)).json().state).toBe('rated');
      expect((await rateByLink(token, { score: 3 })).json().code).toBe('ALREADY_RATED');
    });

    it('a forged or unknown token is INVALID_TOKEN and shows nothing', async () => {
      for (const token of ['x'.repeat(43), 'not-a-token', 'A'.repeat(200)]) {
        const read = await readLink(token);
        expect(read.statusCode).toBe(400);
        expect(read.json()).toEqual({ code: 'INVALID_TOKEN', message: expect.any(String) });
        expect((await rateByLink(token, { score: 5 })).json().code).toBe('INVALID_TOKEN');
      }
    });

    it('an expired link says so and rates nothing; the request page still takes the rating', async () => {
      const { id, token } = await finished();
      await db()
        .update(serviceRatingLinks)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(serviceRatingLinks.serviceRequestId, id));
      expect((await readLink(token)).json()).toMatchObject({
        state: 'expired',
        serviceRequestId: String(id),
      });
      const response = await rateByLink(token, { score: 5 });
      expect(response.statusCode).toBe(410);
      expect(response.json().code).toBe('RATING_LINK_EXPIRED');
      expect(
        await db().select().from(serviceRequestRatings).where(eq(serviceRequestRatings.serviceRequestId, id)),
      ).toEqual([]);
      expect((await rate(id, { score: 5 })).statusCode).toBe(200);
    });

    it('a link is for its own request only: the token of one request never rates another', async () => {
      const one = await finished();
      const other = await finished();
      expect((await rateByLink(one.token, { score: 2 })).statusCode).toBe(200);
      const [rating] = await db()
        .select()
        .from(serviceRequestRatings)
        .where(eq(serviceRequestRatings.serviceRequestId, other.id));
      expect(rating).toBeUndefined();
      expect((await readLink(other.token)).json().state).toBe('open');
    });
  });
});
