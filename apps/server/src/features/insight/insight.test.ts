import type { Insight } from '@care/contract/insight';
import type { StaffQueuePage } from '@care/contract/staff';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { offerRequests, offerRequestStatusHistory } from '#app/db/schema/offers.ts';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
import { cookieFor, insertUser } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { insertOwnedMachine, insertRequest } from '#app/test/service-requests.ts';
import { getCachedInsight, INSIGHT_FRESH_MS } from './insight-cache.ts';
import { getInsight } from './insight.service.ts';

/** Wednesday 17 June 2026, 14:00 in Poland: the oldest of the 26 weeks starts on Monday 22 December 2025. */
const NOW = new Date('2026-06-17T12:00:00Z');
const at = (iso: string) => new Date(iso);
const HOUR = 3600;
const DAY = 24 * HOUR;

describe('insight: the dashboard’s figures over a small known data set', () => {
  let t: TestApp;
  let insight: Insight;
  const u: Record<string, number> = {};
  const r: Record<string, number> = {};
  const cookie: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    u.jan = await insertUser(db, { email: 'jan@example.com' });
    u.service = await insertUser(db, { email: 'serwis@example.com', role: 'service' });
    u.admin = await insertUser(db, { email: 'admin@example.com', role: 'admin' });
    u.sales = await insertUser(db, { email: 'sprzedaz@example.com', role: 'sales' });
    const combine = (serialNumber: string) =>
      insertOwnedMachine(db, { serialNumber, name: 'AgroMech Żniwiarz 5200', ownerId: u.jan! });
    const a1 = await combine('AM-500-001');
    const a2 = await combine('AM-500-002');
    const mower = await insertOwnedMachine(db, {
      serialNumber: 'KS-300-777',
      name: 'AgroMech Kosiarka 300',
      ownerId: u.jan,
    });
    const request = async (
      key: string,
      machineId: number,
      status: 'N' | 'C' | 'R' | 'O' | 'F' | 'X',
      reported: string,
      extra: { changed?: string; firstReplyAfter?: number } = {},
    ) => {
      const reportDate = at(reported);
      r[key] = await insertRequest(db, {
        code: `SR/${key}`,
        customerId: u.jan!,
        machineId,
        status,
        reportDate,
      });
      await db
        .update(serviceRequests)
        .set({
          statusChangedAt: at(extra.changed ?? reported),
          firstStaffReplyAt:
            extra.firstReplyAfter === undefined
              ? null
              : new Date(reportDate.getTime() + extra.firstReplyAfter * 1000),
        })
        .where(eq(serviceRequests.id, r[key]!));
    };
    await request('r1', a1, 'N', '2026-06-16T10:00:00Z');
    await request('r2', a2, 'C', '2026-06-08T08:00:00Z', { firstReplyAfter: 2 * HOUR });
    await request('r3', mower, 'F', '2026-06-01T08:00:00Z', {
      firstReplyAfter: 4 * HOUR,
      changed: '2026-06-09T08:00:00Z',
    });
    await request('r4', a1, 'F', '2026-06-02T08:00:00Z', {
      firstReplyAfter: 6 * HOUR,
      changed: '2026-06-12T08:00:00Z',
    });
    await request('r5', mower, 'X', '2026-06-03T08:00:00Z', { changed: '2026-06-04T08:00:00Z' });
    await request('r6', mower, 'R', '2025-01-10T08:00:00Z', { changed: '2025-02-01T08:00:00Z' });
    await request('r7', a2, 'O', '2025-03-01T08:00:00Z', { changed: '2025-04-01T08:00:00Z' });

    const offer = async (
      key: string,
      status: 'sent' | 'quoted' | 'closed',
      sent: string,
      quoted?: string,
    ) => {
      const [row] = await db
        .insert(offerRequests)
        .values({ number: `OR/${key}`, customerId: u.jan!, status, createdAt: at(sent) })
        .returning({ id: offerRequests.id });
      await db
        .insert(offerRequestStatusHistory)
        .values([
          { offerRequestId: row!.id, toStatus: 'sent', changedAt: at(sent) },
          ...(quoted
            ? [{ offerRequestId: row!.id, toStatus: 'quoted' as const, changedAt: at(quoted) }]
            : []),
        ]);
    };
    // Mon 09:00 → the deadline is Wed 09:00 (quoted exactly then: in time).
    await offer('o1', 'quoted', '2026-06-08T07:00:00Z', '2026-06-10T07:00:00Z');
    // Thu 12:00 → Mon 12:00 (quoted Mon 11:00: in time, closed since).
    await offer('o2', 'closed', '2026-06-04T10:00:00Z', '2026-06-08T09:00:00Z');
    // Fri 12:00 → Tue 12:00 (quoted Wed: late).
    await offer('o3', 'quoted', '2026-06-05T10:00:00Z', '2026-06-10T10:00:00Z');
    // Sat → Wed 00:00 (quoted Tue 23:00 in Poland: in time).
    await offer('o4', 'quoted', '2026-06-13T10:00:00Z', '2026-06-16T21:00:00Z');
    await offer('o5', 'sent', '2026-06-15T10:00:00Z');
    // Before the window: counted by status only.
    await offer('o6', 'closed', '2025-01-01T10:00:00Z', '2025-01-02T10:00:00Z');

    insight = await getInsight(db, NOW);
    cookie.jan = await cookieFor(t.app, 'jan@example.com');
    cookie.service = await cookieFor(t.app, 'serwis@example.com');
    cookie.admin = await cookieFor(t.app, 'admin@example.com');
    cookie.sales = await cookieFor(t.app, 'sprzedaz@example.com');
  });

  afterAll(async () => {
    await t.app.close();
  });

  it('counts the open requests per open status, zeros included', () => {
    expect(insight.openByStatus).toEqual([
      { status: 'N', count: 1 },
      { status: 'C', count: 1 },
      { status: 'R', count: 1 },
      { status: 'P', count: 0 },
      { status: 'O', count: 1 },
      { status: 'A', count: 0 },
    ]);
  });

  it('lists 26 Polish weeks with opened, closed and the median times to first reply and to completion', () => {
    expect(insight.since).toBe('2025-12-22');
    expect(insight.weeks).toHaveLength(26);
    expect(insight.weeks[0]!.week).toBe('2025-12-22');
    const week = (monday: string) => insight.weeks.find((w) => w.week === monday);
    expect(week('2026-06-15')).toEqual({
      week: '2026-06-15',
      opened: 1,
      closed: 0,
      replied: 0,
      firstReplyMedianSeconds: null,
      completed: 0,
      completionMedianSeconds: null,
    });
    expect(week('2026-06-08')).toEqual({
      week: '2026-06-08',
      opened: 1,
      closed: 2,
      replied: 1,
      firstReplyMedianSeconds: 2 * HOUR,
      completed: 2,
      completionMedianSeconds: 9 * DAY,
    });
    expect(week('2026-06-01')).toEqual({
      week: '2026-06-01',
      opened: 3,
      closed: 1,
      replied: 2,
      firstReplyMedianSeconds: 5 * HOUR,
      completed: 0,
      completionMedianSeconds: null,
    });
    const others = insight.weeks.filter((w) => !['2026-06-15', '2026-06-08', '2026-06-01'].includes(w.week));
    expect(others.every((w) => w.opened === 0 && w.closed === 0)).toBe(true);
  });

  it('lists the oldest open requests first and counts the window’s requests per model', () => {
    expect(insight.oldestOpen.map((row) => row.code)).toEqual(['SR/r6', 'SR/r7', 'SR/r2', 'SR/r1']);
    expect(insight.oldestOpen[0]).toMatchObject({ status: 'R', machineName: 'AgroMech Kosiarka 300' });
    expect(insight.models).toEqual([
      { model: 'AgroMech Żniwiarz 5200', count: 3 },
      { model: 'AgroMech Kosiarka 300', count: 2 },
    ]);
  });

  it('counts offer requests per status and those quoted within 2 working days', () => {
    expect(insight.offers.byStatus).toEqual([
      { status: 'sent', count: 1 },
      { status: 'in_progress', count: 0 },
      { status: 'quoted', count: 3 },
      { status: 'closed', count: 2 },
    ]);
    expect(insight.offers.quoting).toEqual({ sent: 5, quoted: 4, quotedInTime: 3 });
  });

  it('answers service staff and admins; customers and parts sales are refused', async () => {
    const get = (as?: string) =>
      t.app.inject({ method: 'GET', url: '/api/staff/insight', headers: as ? { cookie: as } : {} });
    expect((await get(cookie.service)).statusCode).toBe(200);
    const answer = await get(cookie.admin);
    expect(answer.statusCode).toBe(200);
    expect((answer.json() as Insight).weeks).toHaveLength(26);
    expect((await get(cookie.jan)).statusCode).toBe(403);
    expect((await get(cookie.sales)).statusCode).toBe(403);
    expect((await get()).statusCode).toBe(401);
  });

  it('counts the dashboard once a minute: a fresh answer is reused, a stale one served while one recount runs', async () => {
    const db = t.database.db;
    const first = await getCachedInsight(db);
    expect(await getCachedInsight(db)).toBe(first);
    const stale = await getCachedInsight(db, Date.now() + INSIGHT_FRESH_MS);
    expect(stale).toBe(first);
    await vi.waitFor(async () => expect(await getCachedInsight(db)).not.toBe(first), { timeout: 30_000 });
  });

  it('the queue filters by exact machine model and by the day of the last status change (the figures’ links)', async () => {
    const queue = async (query: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/staff/service-requests?${query}`,
        headers: { cookie: cookie.service! },
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as StaffQueuePage).items.map((item) => item.code).sort();
    };
    expect(await queue('model=AgroMech%20Kosiarka%20300')).toEqual(['SR/r3', 'SR/r5', 'SR/r6']);
    expect(await queue('model=AgroMech%20Kosiarka')).toEqual([]);
    expect(await queue('status=F,X,U&changedFrom=2026-06-08&changedTo=2026-06-14')).toEqual([
      'SR/r3',
      'SR/r4',
    ]);
    expect(await queue('changedFrom=2026-06-04&changedTo=2026-06-04')).toEqual(['SR/r5']);
  });

  it('a staff member’s first chat message sets the first reply time; a customer’s and later ones do not', async () => {
    const post = (as: string, body: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/chat/comment',
        headers: { cookie: as },
        payload: { serviceRequestId: String(r.r1), body, clientId: crypto.randomUUID() },
      });
    const firstReply = async () =>
      (
        await t.database.db
          .select({ at: serviceRequests.firstStaffReplyAt })
          .from(serviceRequests)
          .where(eq(serviceRequests.id, r.r1!))
      )[0]!.at;
    expect((await post(cookie.jan!, 'Stuka bęben.')).statusCode).toBe(201);
    expect(await firstReply()).toBeNull();
    expect((await post(cookie.service!, 'Dzień dobry, sprawdzamy.')).statusCode).toBe(201);
    const first = await firstReply();
    expect(first).toBeInstanceOf(Date);
    expect((await post(cookie.admin!, 'Uzupełniam.')).statusCode).toBe(201);
    expect(await firstReply()).toEqual(first);
  });
});
