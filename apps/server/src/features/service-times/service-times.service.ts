import {
  completionMinutes,
  replyMinutes,
  WORKING_HOURS_PER_DAY,
  type ServiceTimeTargets,
} from '@care/contract/service-times';
import { OPEN_SERVICE_REQUEST_STATUSES } from '@care/contract/insight';
import { SERVICE_REQUEST_PRIORITIES } from '@care/contract/staff-desk-fields';
import { sql } from 'drizzle-orm';
import { recordAudit } from '#app/audit/audit.ts';
import type { Db } from '#app/db/client.ts';
import { serviceTimeTargets } from '#app/db/schema/service-times.ts';
import type { Actor } from '#app/plugins/session.ts';

/*
 * The service times (issue 18, docs/decisions/066): the targets per priority, kept in working minutes in
 * service_time_targets; a trigger on service_requests turns them into each request's due times.
 */

/** GET api/admin/service-times: every priority's targets, in the units the screen shows (hours, working days). */
export async function getServiceTimeTargets(db: Db): Promise<ServiceTimeTargets> {
  const rows = await db.select().from(serviceTimeTargets);
  const byPriority = new Map(rows.map((row) => [row.priority, row]));
  const entries = SERVICE_REQUEST_PRIORITIES.map((priority, index) => {
    const row = byPriority.get(index);
    if (!row) throw new Error(`service_time_targets has no row for priority ${index}`);
    return [
      priority,
      {
        firstReplyHours: Math.round(row.firstReplyMinutes / 60),
        completionDays: Math.round(row.completionMinutes / (WORKING_HOURS_PER_DAY * 60)),
      },
    ] as const;
  });
  return Object.fromEntries(entries) as ServiceTimeTargets;
}

/** The audit entry's value: one item per priority, most urgent first (as the screen lists them). */
const auditItems = (targets: ServiceTimeTargets) =>
  [...SERVICE_REQUEST_PRIORITIES].reverse().map((priority) => ({ priority, ...targets[priority] }));

/**
 * PUT api/admin/service-times: the new targets, the open requests' due times of every changed priority, and the
 * audit entry, in one transaction. Final requests keep the due times they had (the dashboard's "met" shares judge
 * them by the targets of their time).
 */
export async function updateServiceTimeTargets(
  db: Db,
  actor: Actor,
  input: ServiceTimeTargets,
  ip: string,
): Promise<ServiceTimeTargets> {
  return db.transaction(async (tx) => {
    // One admin's change at a time: a second waits here and compares with what the first wrote.
    await tx.execute(sql`SELECT 1 FROM ${serviceTimeTargets} FOR UPDATE`);
    const before = await getServiceTimeTargets(tx);
    const changed = SERVICE_REQUEST_PRIORITIES.map((priority, index) => ({ priority, index })).filter(
      ({ priority }) =>
        before[priority].firstReplyHours !== input[priority].firstReplyHours ||
        before[priority].completionDays !== input[priority].completionDays,
    );
    if (changed.length === 0) return before;
    for (const { priority, index } of changed) {
      const reply = replyMinutes(input[priority]);
      const completion = completionMinutes(input[priority]);
      await tx.execute(sql`
        UPDATE ${serviceTimeTargets}
        SET first_reply_minutes = ${reply}, completion_minutes = ${completion}, updated_at = now()
        WHERE priority = ${index}`);
      await tx.execute(sql`
        UPDATE service_requests SET
          reply_due_at = service_time_due(report_date, ${reply}),
          reply_warn_at = service_time_due(report_date, ${reply} * 0.8),
          completion_due_at = service_time_due(report_date, ${completion}),
          completion_warn_at = service_time_due(report_date, ${completion} * 0.8)
        WHERE priority = ${index} AND status IN (${sql.join(
          OPEN_SERVICE_REQUEST_STATUSES.map((status) => sql`${status}`),
          sql`, `,
        )})`);
    }
    await recordAudit(tx, actor, {
      kind: 'settings.changed',
      subject: { type: 'settings', id: 'service-times', label: 'service-times' },
      before: { serviceTimes: auditItems(before) },
      after: { serviceTimes: auditItems(input) },
      ip,
    });
    return input;
  });
}
