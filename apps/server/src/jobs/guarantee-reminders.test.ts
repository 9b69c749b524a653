import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseEnv } from '#app/config/env.ts';
import type { Database } from '#app/db/client.ts';
import { guaranteeRemindersSent, jobRuns } from '#app/db/schema/jobs.ts';
import { machines } from '#app/db/schema/machines.ts';
import { userSettings } from '#app/db/schema/users.ts';
import { clearOutbox, insertUser, queuedMail } from '#app/test/accounts.ts';
import { createTestDatabase } from '#app/test/app.ts';
import { insertOwnedMachine } from '#app/test/service-requests.ts';
import { runGuaranteeReminders, startGuaranteeReminders } from './guarantee-reminders.ts';

const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'https://portal.example' });
/** Noon in Poland on 2026-06-01; the guarantees below are relative to that day. */
const JUNE_1 = new Date('2026-06-01T10:00:00Z');
const day = (offset: number) =>
  new Date(Date.parse('2026-06-01') + offset * 86_400_000).toISOString().slice(0, 10);
const at = (offset: number) => new Date(JUNE_1.getTime() + offset * 86_400_000);

describe('guarantee-end reminders', () => {
  let database: Database;
  const u: Record<string, number> = {};
  const m: Record<string, number> = {};
  const db = () => database.db;
  const run = (offset = 0, batchSize?: number) =>
    runGuaranteeReminders(db(), env, { now: at(offset), batchSize });
  const setting = (userId: number, value: boolean) =>
    db()
      .insert(userSettings)
      .values({ userId, broadValue: '', key: 'notifications.guarantee-end', value })
      .onConflictDoUpdate({
        target: [userSettings.userId, userSettings.broadValue, userSettings.key],
        set: { value },
      });
  const mailTo = async () => (await queuedMail(db())).map((mail) => [mail.toAddress, mail.subject]);

  beforeAll(async () => {
    database = await createTestDatabase();
    u.jan = await insertUser(db(), { email: 'jan@example.com' });
    u.emma = await insertUser(db(), { email: 'emma@example.com', firstName: 'Emma', language: 'en' });
    u.hans = await insertUser(db(), { email: 'hans@example.com', firstName: 'Hans', language: 'de' });
    u.off = await insertUser(db(), { email: 'off@example.com' });
    u.gone = await insertUser(db(), { email: 'gone@example.com', status: 'deactivated' });
    const machine = (serialNumber: string, ownerId: number | null, offset: number, name?: string) =>
      insertOwnedMachine(db(), { serialNumber, ownerId, guaranteeEndDate: day(offset), name });
    m.in30 = await machine('JAN-30', u.jan, 30, 'Kombajn AM-500');
    m.in10 = await machine('JAN-10', u.jan, 10);
    m.today = await machine('EMMA-0', u.emma, 0, 'Baler B-200');
    m.in30de = await machine('HANS-30', u.hans, 30, 'Mähwerk M-3');
    m.in31 = await machine('JAN-31', u.jan, 31);
    m.ended = await machine('JAN-ENDED', u.jan, -1);
    m.free = await machine('FREE-30', null, 30);
    m.off = await machine('OFF-30', u.off, 30);
    m.gone = await machine('GONE-30', u.gone, 30);
    await setting(u.off, false);
    await setting(u.hans, true);
  });

  afterAll(async () => {
    await database.close();
  });

  beforeEach(async () => {
    await clearOutbox(db());
  });

  it('e-mails each owner whose guarantee ends within 30 days, in their language, once per machine', async () => {
    expect(await run()).toEqual({ ran: true, remindersQueued: 4 });
    const mail = await queuedMail(db());
    expect(mail.map((row) => [row.toAddress, row.language, row.kind])).toEqual([
      ['emma@example.com', 'en', 'guarantee-end'],
      ['jan@example.com', 'pl', 'guarantee-end'],
      ['jan@example.com', 'pl', 'guarantee-end'],
      ['hans@example.com', 'de', 'guarantee-end'],
    ]);
    const [emma, jan10, jan30, hans] = mail;
    expect(emma!.subject).toBe('The guarantee of your Baler B-200 ends on 1 June 2026');
    expect(emma!.text).toContain('(days left: 0)');
    expect(emma!.text).toContain(`https://portal.example/home/machines/edit/${m.today}`);
    expect(jan10!.text).toContain('(dni do końca: 10)');
    expect(jan30!.subject).toBe('Gwarancja maszyny Kombajn AM-500 kończy się 1 lipca 2026');
    expect(hans!.subject).toBe('Die Garantie Ihrer Maschine Mähwerk M-3 endet am 1. Juli 2026');
    const sent = await db().select().from(guaranteeRemindersSent);
    expect(sent.map((row) => row.machineId).sort((a, b) => a - b)).toEqual(
      [m.in30, m.in10, m.today, m.in30de].sort((a, b) => a! - b!),
    );
    const [runRow] = await db().select().from(jobRuns);
    expect(runRow).toMatchObject({
      jobName: 'guarantee-reminders',
      runKey: 'guarantee-reminders:2026-06-01',
      status: 'succeeded',
      result: { remindersQueued: 4 },
    });
  });

  it('running again the same day, or the next days, sends nothing twice', async () => {
    expect(await run()).toEqual({ ran: false, remindersQueued: 0 });
    // The next day runs, finds the reminded machines done; JAN-31 now ends in 30 days and gets its reminder.
    expect(await run(1)).toEqual({ ran: true, remindersQueued: 1 });
    expect(await mailTo()).toEqual([['jan@example.com', expect.stringContaining('kończy się 2 lipca 2026')]]);
    await clearOutbox(db());
    expect(await run(2)).toEqual({ ran: true, remindersQueued: 0 });
    expect(await queuedMail(db())).toEqual([]);
  });

  it('two instances running at once send each reminder once', async () => {
    const machine = await insertOwnedMachine(db(), {
      serialNumber: 'RACE-30',
      ownerId: u.jan!,
      guaranteeEndDate: day(33),
    });
    const results = await Promise.all([run(3), run(3), run(3)]);
    expect(results.filter((r) => r.ran)).toHaveLength(1);
    expect(results.reduce((sum, r) => sum + r.remindersQueued, 0)).toBe(1);
    expect(await mailTo()).toEqual([['jan@example.com', expect.any(String)]]);
    await db().delete(machines).where(eq(machines.id, machine));
  });

  it('two runs that both claimed a day (e.g. a clock skew across midnight) still send each reminder once', async () => {
    const machine = await insertOwnedMachine(db(), {
      serialNumber: 'SKEW-30',
      ownerId: u.jan!,
      guaranteeEndDate: day(34),
    });
    const results = await Promise.all([run(4), run(5)]);
    expect(results.every((r) => r.ran)).toBe(true);
    expect(results.reduce((sum, r) => sum + r.remindersQueued, 0)).toBe(1);
    expect(await mailTo()).toEqual([['jan@example.com', expect.any(String)]]);
    await db().delete(machines).where(eq(machines.id, machine));
  });

  it('a missed day loses nothing: the reminder goes out later with the days actually left', async () => {
    // Nobody ran on days 6–9; a guarantee that was 30 days away on day 4 is caught on day 10.
    const machine = await insertOwnedMachine(db(), {
      serialNumber: 'LATE-34',
      ownerId: u.emma!,
      guaranteeEndDate: day(34),
    });
    expect(await run(10)).toEqual({ ran: true, remindersQueued: 1 });
    const [mail] = await queuedMail(db());
    expect(mail!.text).toContain('(days left: 24)');
    await db().delete(machines).where(eq(machines.id, machine));
  });

  it('no reminder while the setting is off; one when it is turned on before the guarantee ends', async () => {
    expect(
      (await db().select().from(guaranteeRemindersSent).where(eq(guaranteeRemindersSent.machineId, m.off!)))
        .length,
    ).toBe(0);
    await setting(u.off!, true);
    expect(await run(11)).toEqual({ ran: true, remindersQueued: 1 });
    expect(await mailTo()).toEqual([['off@example.com', expect.any(String)]]);
  });

  it('a new guarantee end date gets its own reminder', async () => {
    await db()
      .update(machines)
      .set({ guaranteeEndDate: day(40) })
      .where(eq(machines.id, m.in10!));
    expect(await run(12)).toEqual({ ran: true, remindersQueued: 1 });
    expect(await mailTo()).toEqual([['jan@example.com', expect.stringContaining('11 lipca 2026')]]);
  });

  it('a failed or abandoned run is taken over; a finished one is not', async () => {
    const key = (offset: number) => `guarantee-reminders:${day(offset)}`;
    await db()
      .insert(jobRuns)
      .values([
        { jobName: 'guarantee-reminders', runKey: key(13), status: 'failed' },
        {
          jobName: 'guarantee-reminders',
          runKey: key(14),
          status: 'running',
          startedAt: new Date(Date.now() - 2 * 3_600_000),
        },
        { jobName: 'guarantee-reminders', runKey: key(15), status: 'running' },
      ]);
    expect((await run(13)).ran).toBe(true);
    expect((await run(14)).ran).toBe(true);
    expect((await run(15)).ran).toBe(false);
    const [row] = await db()
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.runKey, key(13)));
    expect(row!.status).toBe('succeeded');
  });

  it('works through more machines than one batch', async () => {
    const many = Array.from({ length: 7 }, (_, i) => ({
      serialNumber: `BATCH-${i}`,
      name: 'Siewnik S-1',
      ownerId: u.hans!,
      guaranteeEndDate: day(40),
    }));
    await db().insert(machines).values(many);
    expect(await run(16, 3)).toEqual({ ran: true, remindersQueued: 7 });
    expect(await queuedMail(db())).toHaveLength(7);
    await db().execute(sql`DELETE FROM ${machines} WHERE serial_number LIKE 'BATCH-%'`);
  });

  it('the schedule runs the day’s reminders from 7:00 in Poland and tells the outbox worker', async () => {
    await insertOwnedMachine(db(), { serialNumber: 'CLOCK-30', ownerId: u.jan!, guaranteeEndDate: day(50) });
    let time = new Date('2026-06-21T04:30:00Z'); // 6:30 in Poland (summer time)
    let kicks = 0;
    const errors: unknown[] = [];
    const schedule = startGuaranteeReminders(db(), env, {
      onError: (error) => errors.push(error),
      onMailQueued: () => (kicks += 1),
      intervalMs: 20,
      clock: () => time,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await queuedMail(db())).toEqual([]);
    time = new Date('2026-06-21T05:00:00Z'); // 7:00
    await expect.poll(() => kicks).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    schedule.stop();
    expect(kicks).toBe(1);
    expect(errors).toEqual([]);
    expect(await mailTo()).toEqual([['jan@example.com', expect.stringContaining('21 lipca 2026')]]);
  });
});
