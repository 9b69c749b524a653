import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServiceRequestStatus } from '@care/contract/statuses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
import { insertUser } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { insertOwnedMachine, insertRequest } from '#app/test/service-requests.ts';
import { getInsight } from './insight.service.ts';

/** A moment in Poland (November: UTC+1). */
const local = (text: string) => new Date(`${text.replace(' ', 'T')}:00+01:00`);

describe('insight: the service times met per week (docs/decisions/066)', () => {
  let t: TestApp;
  let customerId = 0;
  let machineId = 0;
  let next = 0;
  const db = () => t.database.db;
  /** An urgent request reported at `reportDate` (first reply due 4 working hours later, completion 2 days). */
  const request = async (reportDate: Date, status: ServiceRequestStatus = 'N') => {
    next += 1;
    const id = await insertRequest(db(), {
      code: `SR/2026/${String(next).padStart(6, '0')}`,
      customerId,
      machineId,
      reportDate,
    });
    await db().update(serviceRequests).set({ priority: 3, status }).where(eq(serviceRequests.id, id));
    return id;
  };

  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: await mkdtemp(join(tmpdir(), 'care-times-met-')) });
    customerId = await insertUser(db(), { email: 'jan@example.com' });
    machineId = await insertOwnedMachine(db(), { serialNumber: 'ST-1', ownerId: customerId });
  });

  afterAll(async () => {
    await t.app.close();
  });

  it('the dashboard shows, per week, how many first replies and completions met their targets', async () => {
    const monday = (time: string) => local(`2026-11-23 ${time}`);
    const set = (id: number, values: Partial<typeof serviceRequests.$inferInsert>) =>
      db().update(serviceRequests).set(values).where(eq(serviceRequests.id, id));
    // Urgent, reported Monday 8:00: first reply due 12:00, completion Tuesday 16:00.
    await set(await request(monday('08:00')), { firstStaffReplyAt: monday('10:00') });
    await set(await request(monday('08:00')), { firstStaffReplyAt: monday('13:00') });
    await request(monday('08:00')); // unanswered and past due: missed
    await request(monday('08:00'), 'X'); // closed unanswered: neither
    const early = await request(monday('08:00'));
    await set(early, {
      firstStaffReplyAt: monday('09:00'),
      status: 'F',
      statusChangedAt: local('2026-11-24 15:00'),
    });
    const late = await request(monday('08:00'));
    await set(late, {
      firstStaffReplyAt: monday('09:00'),
      status: 'F',
      statusChangedAt: local('2026-11-25 10:00'),
    });

    const insight = await getInsight(db(), local('2026-11-27 12:00'));
    expect(insight.serviceTimes).toHaveLength(12);
    expect(insight.serviceTimes.at(-1)).toEqual({
      week: '2026-11-23',
      replyMet: 3,
      replyMissed: 2,
      completionMet: 1,
      completionMissed: 1,
    });
    expect(insight.serviceTimes.at(-2)).toMatchObject({ replyMet: 0, replyMissed: 0 });
  });
});
