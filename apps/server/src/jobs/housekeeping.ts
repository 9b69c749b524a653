import { type Periodic, runPeriodically } from '#app/jobs/periodic.ts';
import { sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { jobRuns } from '#app/db/schema/jobs.ts';
import { machineImportRows, machineImports } from '#app/db/schema/machine-imports.ts';
import { mailOutbox } from '#app/db/schema/outbox.ts';
import { authTokens } from '#app/db/schema/sessions.ts';
import { removeExpiredRateLimitWindows } from '#app/plugins/rate-limit.ts';
import { removeExpiredSessions } from '#app/plugins/session.ts';

export interface HousekeepingResult {
  sessions: number;
  rateLimitWindows: number;
  authTokens: number;
  sentMails: number;
  /** Machine imports still 'running' long after any import ends: their instance died (marked failed). */
  abandonedImports: number;
}

/**
 * A machine import still running after this long died with its instance (a restart, a crash): 300,000 rows take
 * under a minute, and even the largest file taken (100 MB) over a 20 kB/s link is through in 83 minutes.
 */
export const ABANDONED_IMPORT = '6 hours';

/** How long a sent message stays in the outbox as the record of what was sent (it holds names and addresses). */
export const SENT_MAIL_RETENTION = '180 days';

/**
 * Deletes rows that can never be used again: expired sessions, finished rate-limit windows, e-mailed
 * tokens a month after they expired (kept that long to answer "why did my link not work?") and sent mail after
 * SENT_MAIL_RETENTION (found through the created_at index; messages given up on stay for an operator); and marks
 * machine imports whose instance died as failed, removing their staged rows. Each step is idempotent; startHousekeeping() runs it once per clock hour across all instances (runHousekeepingOnce).
 */
export async function runHousekeeping(db: Db): Promise<HousekeepingResult> {
  const sessions = await removeExpiredSessions(db);
  const rateLimitWindows = await removeExpiredRateLimitWindows(db);
  const tokens = (await db.execute(sql`
    WITH removed AS (DELETE FROM ${authTokens} WHERE expires_at < now() - interval '30 days' RETURNING 1)
    SELECT count(*)::int AS n FROM removed`)) as { rows: { n: number }[] };
  const mails = (await db.execute(sql`
    WITH removed AS (
      DELETE FROM ${mailOutbox}
      WHERE created_at < now() - ${SENT_MAIL_RETENTION}::interval AND sent_at IS NOT NULL
      RETURNING 1)
    SELECT count(*)::int AS n FROM removed`)) as { rows: { n: number }[] };
  // Its staged rows go with it (ON DELETE CASCADE would only on deleting the run, which the history keeps).
  const abandoned = (await db.execute(sql`
    WITH failed AS (
      UPDATE ${machineImports} SET status = 'failed', finished_at = now()
      WHERE status = 'running' AND created_at < now() - ${ABANDONED_IMPORT}::interval
      RETURNING id),
    unstaged AS (DELETE FROM ${machineImportRows} WHERE import_id IN (SELECT id FROM failed))
    SELECT count(*)::int AS n FROM failed`)) as { rows: { n: number }[] };
  return {
    sessions,
    rateLimitWindows,
    authTokens: tokens.rows[0]!.n,
    sentMails: mails.rows[0]!.n,
    abandonedImports: abandoned.rows[0]!.n,
  };
}

export const HOUSEKEEPING_JOB = 'housekeeping';
/** A run still 'running' after this long is taken to have died with its instance. */
const STALE_RUN = '15 minutes';

/** The clock hour (UTC) `now` falls in: one run per hour across all instances. */
const runKeyOf = (now: Date) => `${HOUSEKEEPING_JOB}:${now.toISOString().slice(0, 13)}`;

export interface HousekeepingRun {
  /** This call ran it (false: another instance, or an earlier call, has this hour's run). */
  ran: boolean;
  result?: HousekeepingResult;
}

/**
 * Runs this hour's housekeeping unless another instance has taken it: the first to insert the hour's job_runs row
 * runs it (as the guarantee reminders claim their day); a failed run, or one whose instance died, may be taken over.
 */
export async function runHousekeepingOnce(db: Db, now = new Date()): Promise<HousekeepingRun> {
  const runKey = runKeyOf(now);
  const claimed = (await db.execute(sql`
    INSERT INTO ${jobRuns} (job_name, run_key) VALUES (${HOUSEKEEPING_JOB}, ${runKey})
    ON CONFLICT (run_key) DO UPDATE
      SET status = 'running', started_at = now(), finished_at = NULL, error = NULL
      WHERE ${jobRuns.status} = 'failed'
        OR (${jobRuns.status} = 'running' AND ${jobRuns.startedAt} < now() - ${STALE_RUN}::interval)
    RETURNING id`)) as { rows: unknown[] };
  if (claimed.rows.length === 0) return { ran: false };
  let result: HousekeepingResult;
  try {
    result = await runHousekeeping(db);
  } catch (error) {
    await db.execute(sql`
      UPDATE ${jobRuns} SET status = 'failed', finished_at = now(), error = ${String(error).slice(0, 2000)}
      WHERE run_key = ${runKey}`);
    throw error;
  }
  await db.execute(sql`
    UPDATE ${jobRuns} SET status = 'succeeded', finished_at = now(), result = ${JSON.stringify(result)}::jsonb
    WHERE run_key = ${runKey}`);
  return { ran: true, result };
}

export interface HousekeepingOptions {
  onError(error: unknown): void;
  /** Told after each check: whether this instance ran the hour's housekeeping (metrics). */
  onRun?(run: HousekeepingRun): void;
  /** How often an instance checks whether this hour's run is taken (every 10 minutes by default). */
  intervalMs?: number;
}

/**
 * Every instance checks every `intervalMs` (the first check one interval after start-up); the first to claim the
 * clock hour runs it, so housekeeping runs once an hour however many instances there are.
 */
export function startHousekeeping(
  db: Db,
  { onError, onRun = () => {}, intervalMs = 10 * 60_000 }: HousekeepingOptions,
): Periodic {
  return runPeriodically(() => runHousekeepingOnce(db).then(onRun, onError), { intervalMs });
}
