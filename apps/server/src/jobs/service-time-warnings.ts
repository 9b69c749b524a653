import type { Language } from '@care/contract/locales';
import { paths } from '@care/contract/pages';
import type { ServiceTimeTarget } from '@care/contract/service-times';
import { SERVICE_REQUEST_PRIORITIES } from '@care/contract/staff-desk-fields';
import { sql } from 'drizzle-orm';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { serviceTimeWarnings } from '#app/db/schema/service-times.ts';
import { breachWarningMail } from '#app/features/service-times/service-times.mail.ts';
import { type Periodic, runPeriodically } from '#app/jobs/periodic.ts';
import { enqueueMail } from '#app/mail/outbox.ts';

/*
 * Breach warnings (issue 18, docs/decisions/066). A request whose next target (first reply, then completion) has
 * less than a fifth of its working time left — service_requests.warn_at has passed — gets one e-mail per target:
 * to its assignee in their language, or to the service inbox (SERVICE_EMAIL, Polish) when nobody active has it.
 * - Once: a service_time_warnings row (request, target) is inserted in the transaction that queues the e-mail; its
 *   primary key makes a second writer (another instance, a re-run) insert nothing and send nothing.
 * - Final requests have no warn_at (a generated column), so they are never warned.
 * - Only warnings that fell due in the last WARN_CATCH_UP: a stopped job catches up, but the backlog of a first
 *   deployment (requests long overdue) is not e-mailed all at once.
 * No notification setting applies: staff have none for their own work (a customer's settings are theirs).
 */

export const WARN_CATCH_UP = '3 days';

interface Candidate {
  id: number | string;
  code: string;
  priority: number;
  due_at: Date | string;
  target: ServiceTimeTarget;
  machine_name: string;
  user_id: number | string | null;
  email: string | null;
  first_name: string | null;
  language: Language | null;
}

async function warnBatch(
  db: Db,
  env: Env,
  now: Date,
  batchSize: number,
): Promise<{ queued: number; full: boolean }> {
  return db.transaction(async (tx) => {
    const at = now.toISOString();
    const found = (await tx.execute(sql`
      SELECT r.id, r.code, r.priority, r.due_at,
        CASE WHEN r.first_staff_reply_at IS NULL THEN 'reply' ELSE 'completion' END AS target,
        m.name AS machine_name, u.id AS user_id, u.email, u.first_name, u.language
      FROM service_requests r
      JOIN machines m ON m.id = r.machine_id
      LEFT JOIN users u ON u.id = r.assigned_to AND u.status = 'active'
      WHERE r.warn_at <= ${at}::timestamptz AND r.warn_at > ${at}::timestamptz - ${WARN_CATCH_UP}::interval
        AND NOT EXISTS (
          SELECT 1 FROM ${serviceTimeWarnings} w
          WHERE w.service_request_id = r.id
            AND w.target = CASE WHEN r.first_staff_reply_at IS NULL THEN 'reply' ELSE 'completion' END)
      ORDER BY r.warn_at, r.id
      LIMIT ${batchSize}`)) as { rows: Candidate[] };
    if (found.rows.length === 0) return { queued: 0, full: false };
    const inserted = await tx
      .insert(serviceTimeWarnings)
      .values(
        found.rows.map((c) => ({
          serviceRequestId: Number(c.id),
          target: c.target,
          userId: c.user_id === null ? null : Number(c.user_id),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: serviceTimeWarnings.serviceRequestId, target: serviceTimeWarnings.target });
    const fresh = new Set(inserted.map((row) => `${row.id}:${row.target}`));
    for (const c of found.rows.filter((row) => fresh.has(`${Number(row.id)}:${row.target}`))) {
      const unassigned = c.user_id === null;
      const language: Language = c.language ?? 'pl';
      const mail = breachWarningMail(language, {
        name: c.first_name ?? '',
        brand: env.BRAND_NAME,
        url: `${env.PUBLIC_URL}${env.BASE_PATH}${paths.staffServiceRequest(c.id)}`,
        code: c.code,
        machineName: c.machine_name,
        priority: SERVICE_REQUEST_PRIORITIES[c.priority] ?? 'normal',
        target: c.target,
        dueAt: new Date(c.due_at),
        unassigned,
      });
      await enqueueMail(tx, {
        to: unassigned ? env.SERVICE_EMAIL : c.email!,
        ...mail,
        kind: 'service-time-warning',
        language,
      });
    }
    return { queued: fresh.size, full: found.rows.length === batchSize };
  });
}

/** Queues the warnings due at `now`; answers how many were queued. */
export async function runServiceTimeWarnings(
  db: Db,
  env: Env,
  { now = new Date(), batchSize = 200 }: { now?: Date; batchSize?: number } = {},
): Promise<number> {
  let queued = 0;
  let full = true;
  while (full) {
    const batch = await warnBatch(db, env, now, batchSize);
    queued += batch.queued;
    full = batch.full;
  }
  return queued;
}

export interface ServiceTimeWarningsOptions {
  onError(error: unknown): void;
  /** Called after a run queued e-mail, so the outbox worker sends it at once. */
  onMailQueued(): void;
  intervalMs?: number;
  clock?: () => Date;
}

/** Every instance checks every five minutes (the first check a minute after start-up); the rows decide who sends. */
export function startServiceTimeWarnings(
  db: Db,
  env: Env,
  { onError, onMailQueued, intervalMs = 5 * 60_000, clock = () => new Date() }: ServiceTimeWarningsOptions,
): Periodic {
  return runPeriodically(
    () =>
      runServiceTimeWarnings(db, env, { now: clock() })
        .then((queued) => {
          if (queued > 0) onMailQueued();
        })
        .catch(onError),
    { firstMs: Math.min(60_000, intervalMs), intervalMs },
  );
}
