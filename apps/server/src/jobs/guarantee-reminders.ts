import { paths } from '@care/contract/pages';
import { type Periodic, runPeriodically } from '#app/jobs/periodic.ts';
import { GUARANTEE_ENDING_DAYS } from '@care/contract/machines';
import type { Language } from '@care/contract/locales';
import { sql } from 'drizzle-orm';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { guaranteeRemindersSent, jobRuns } from '#app/db/schema/jobs.ts';
import { machines } from '#app/db/schema/machines.ts';
import { users } from '#app/db/schema/users.ts';
import { guaranteeOf, todayInPoland } from '#app/db/guarantee.ts';
import { notificationOn } from '#app/features/user/notification-settings.ts';
import { enqueueMail } from '#app/mail/outbox.ts';
import { mailTemplates } from '#app/mail/templates.ts';

/*
 * Guarantee-end reminders (docs/decisions/023-guarantee-reminders.md). Once a day, every owned machine whose
 * guarantee ends within GUARANTEE_ENDING_DAYS (today included) and that has no reminder for that end date yet gets
 * one e-mail to its owner, in the owner's language, when their `notifications.guarantee-end` setting is on.
 * - Once: a guarantee_reminders_sent row (machine, end date, kind) is written in the same transaction as the
 *   queued e-mail; its primary key makes a second writer (a re-run, another instance) insert nothing.
 * - No lost reminders: the window is "ends within 30 days and not reminded", not "ends in exactly 30 days", so a
 *   day the job did not run is caught up the next day (with the days actually left in the message).
 * - Once a day across instances: the first instance to insert today's job_runs row runs it; a failed run, or one
 *   whose instance died mid-run, may be taken over.
 */

export const GUARANTEE_REMINDERS_JOB = 'guarantee-reminders';
const KIND = '30d';
/** A run still 'running' after this long is taken to have died with its instance. */
const STALE_RUN = '1 hour';
/** Reminders go out from this hour on (Poland), not in the night after a restart. */
export const REMINDER_EARLIEST_HOUR = 7;

export interface GuaranteeRemindersResult {
  /** This call ran the job (false: another run has it today). */
  ran: boolean;
  remindersQueued: number;
}

interface Candidate {
  machine_id: number | string;
  name: string;
  serial_number: string;
  guarantee_end_date: string;
  user_id: number | string;
  email: string;
  first_name: string;
  language: Language;
}

/** Takes today's run: true when this caller should run it. */
async function claimRun(db: Db, runKey: string): Promise<boolean> {
  const claimed = (await db.execute(sql`
    INSERT INTO ${jobRuns} (job_name, run_key) VALUES (${GUARANTEE_REMINDERS_JOB}, ${runKey})
    ON CONFLICT (run_key) DO UPDATE
      SET status = 'running', started_at = now(), finished_at = NULL, error = NULL
      WHERE ${jobRuns.status} = 'failed'
        OR (${jobRuns.status} = 'running' AND ${jobRuns.startedAt} < now() - ${STALE_RUN}::interval)
    RETURNING id`)) as { rows: unknown[] };
  return claimed.rows.length === 1;
}

/**
 * One batch in one transaction: the sent rows and their e-mails together. `full`: the batch was full, so more
 * may be waiting behind it.
 */
async function remindBatch(
  db: Db,
  env: Env,
  today: string,
  batchSize: number,
): Promise<{ queued: number; full: boolean }> {
  return db.transaction(async (tx) => {
    const candidates = (await tx.execute(sql`
      SELECT m.id AS machine_id, m.name, m.serial_number, m.guarantee_end_date::text AS guarantee_end_date,
        u.id AS user_id, u.email, u.first_name, u.language
      FROM ${machines} m
      JOIN ${users} u ON u.id = m.owner_id
      WHERE m.owner_id IS NOT NULL
        AND m.guarantee_end_date BETWEEN ${today}::date AND ${today}::date + ${GUARANTEE_ENDING_DAYS}::int
        AND u.status = 'active'
        AND ${notificationOn(sql`u.id`, 'notifications.guarantee-end')}
        AND NOT EXISTS (
          SELECT 1 FROM ${guaranteeRemindersSent} g
          WHERE g.machine_id = m.id AND g.guarantee_end_date = m.guarantee_end_date AND g.kind = ${KIND})
      ORDER BY m.guarantee_end_date, m.id
      LIMIT ${batchSize}`)) as { rows: Candidate[] };
    if (candidates.rows.length === 0) return { queued: 0, full: false };
    const inserted = await tx
      .insert(guaranteeRemindersSent)
      .values(
        candidates.rows.map((c) => ({
          machineId: Number(c.machine_id),
          guaranteeEndDate: c.guarantee_end_date,
          kind: KIND,
          userId: Number(c.user_id),
        })),
      )
      .onConflictDoNothing()
      .returning({ machineId: guaranteeRemindersSent.machineId });
    const fresh = new Set(inserted.map((row) => row.machineId));
    for (const c of candidates.rows.filter((row) => fresh.has(Number(row.machine_id)))) {
      const mail = mailTemplates.guaranteeEnding(c.language, {
        name: c.first_name,
        brand: env.BRAND_NAME,
        url: `${env.PUBLIC_URL}${env.BASE_PATH}${paths.machine(c.machine_id)}`,
        machineName: c.name,
        serialNumber: c.serial_number,
        endDate: c.guarantee_end_date,
        daysLeft: guaranteeOf(c.guarantee_end_date, today).guaranteeDaysLeft!,
      });
      await enqueueMail(tx, { to: c.email, ...mail, kind: 'guarantee-end', language: c.language });
    }
    return { queued: fresh.size, full: candidates.rows.length === batchSize };
  });
}

/** Runs the day's reminders if no other run has them; `now` decides the day (Poland). */
export async function runGuaranteeReminders(
  db: Db,
  env: Env,
  { now = new Date(), batchSize = 500 }: { now?: Date; batchSize?: number } = {},
): Promise<GuaranteeRemindersResult> {
  const today = todayInPoland(now);
  const runKey = `${GUARANTEE_REMINDERS_JOB}:${today}`;
  if (!(await claimRun(db, runKey))) return { ran: false, remindersQueued: 0 };
  let remindersQueued = 0;
  try {
    let full = true;
    while (full) {
      const batch = await remindBatch(db, env, today, batchSize);
      remindersQueued += batch.queued;
      full = batch.full;
    }
  } catch (error) {
    await db.execute(sql`
      UPDATE ${jobRuns} SET status = 'failed', finished_at = now(), error = ${String(error).slice(0, 2000)},
        result = ${JSON.stringify({ remindersQueued })}::jsonb
      WHERE run_key = ${runKey}`);
    throw error;
  }
  await db.execute(sql`
    UPDATE ${jobRuns} SET status = 'succeeded', finished_at = now(),
      result = ${JSON.stringify({ remindersQueued })}::jsonb
    WHERE run_key = ${runKey}`);
  return { ran: true, remindersQueued };
}

/** The hour of `now` in Poland (0–23). */
function hourInPoland(now: Date): number {
  return Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Warsaw', hour: '2-digit', hourCycle: 'h23' }).format(
      now,
    ),
  );
}

export interface GuaranteeRemindersOptions {
  onError(error: unknown): void;
  /** Called after a run queued e-mail, so the outbox worker sends it without waiting for its next poll. */
  onMailQueued(): void;
  /** Told after each check that got past the earliest hour: whether this instance ran the day's job (metrics). */
  onRun?(result: GuaranteeRemindersResult): void;
  /** How often an instance checks whether today's run is due (every instance checks; one runs it). */
  intervalMs?: number;
  /** The time it is (tests set it). */
  clock?: () => Date;
}

/**
 * Checks every `intervalMs` (15 minutes by default, the first check a minute after start-up) whether today's run
 * is due and not taken, so a restart, a missed hour or a dead instance only delays the reminders.
 */
export function startGuaranteeReminders(
  db: Db,
  env: Env,
  {
    onError,
    onMailQueued,
    onRun = () => {},
    intervalMs = 15 * 60_000,
    clock = () => new Date(),
  }: GuaranteeRemindersOptions,
): Periodic {
  return runPeriodically(
    () => {
      const now = clock();
      if (hourInPoland(now) < REMINDER_EARLIEST_HOUR) return undefined;
      return runGuaranteeReminders(db, env, { now })
        .then((result) => {
          onRun(result);
          if (result.remindersQueued > 0) onMailQueued();
        })
        .catch(onError);
    },
    { firstMs: Math.min(60_000, intervalMs), intervalMs },
  );
}
