import {
  CLOSED_SERVICE_REQUEST_STATUSES,
  INSIGHT_LIST_LIMIT,
  INSIGHT_WEEKS,
  OPEN_SERVICE_REQUEST_STATUSES,
  type Insight,
  type InsightServiceTimeWeek,
  type InsightWeek,
} from '@care/contract/insight';
import { SERVICE_TIME_WEEKS } from '@care/contract/service-times';
import { OFFER_REQUEST_STATUSES } from '@care/contract/statuses';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { quotedInTimeSql } from './working-days.ts';
import { PORTAL_TIME_ZONE } from '#app/db/portal-day.ts';

/*
 * GET api/staff/insight: every figure is one SQL statement over an index range — the open statuses, the last
 * INSIGHT_WEEKS weeks of reports and closures, the offer requests sent since then — never a whole table
 * (docs/decisions/047-insight.md, EXPLAIN plans in docs/perf.md). Weeks are ISO weeks in Poland.
 */

const ZONE = PORTAL_TIME_ZONE;
const list = (codes: readonly string[]) =>
  sql.join(
    codes.map((code) => sql`${code}`),
    sql`, `,
  );
const weekOf = (column: SQL) => sql`date_trunc('week', ${column} AT TIME ZONE ${ZONE})::date`;
const ymd = (value: Date | string) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
const int = (value: unknown) => Number(value ?? 0);
const seconds = (value: unknown) => (value === null || value === undefined ? null : Number(value));

type Rows<T> = { rows: T[] };

/** The Monday of the oldest week shown, as a day and as the instant it starts in Poland. */
async function windowStart(db: Db, now: Date): Promise<{ since: string; from: SQL }> {
  const result = (await db.execute(sql`
    SELECT to_char(date_trunc('week', ${now.toISOString()}::timestamptz AT TIME ZONE ${ZONE})
      - ${INSIGHT_WEEKS - 1} * interval '1 week', 'YYYY-MM-DD') AS since`)) as Rows<{ since: string }>;
  const since = result.rows[0]!.since;
  return { since, from: sql`(${since}::date::timestamp AT TIME ZONE ${ZONE})` };
}

async function openByStatus(db: Db): Promise<Insight['openByStatus']> {
  const result = (await db.execute(sql`
    SELECT status, count(*) AS n FROM service_requests
    WHERE status IN (${list(OPEN_SERVICE_REQUEST_STATUSES)}) GROUP BY status`)) as Rows<{
    status: string;
    n: unknown;
  }>;
  const counts = new Map(result.rows.map((row) => [row.status, int(row.n)]));
  return OPEN_SERVICE_REQUEST_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 }));
}

/** Reports per week with the median time to the first staff reply; closures per week with the time to F. */
async function weeks(db: Db, since: string, from: SQL): Promise<InsightWeek[]> {
  const opened = (await db.execute(sql`
    SELECT ${weekOf(sql`report_date`)} AS week, count(*) AS opened, count(first_staff_reply_at) AS replied,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM first_staff_reply_at - report_date))
        FILTER (WHERE first_staff_reply_at IS NOT NULL) AS reply_median
    FROM service_requests WHERE report_date >= ${from}
    GROUP BY 1`)) as Rows<{ week: Date | string; opened: unknown; replied: unknown; reply_median: unknown }>;
  const closed = (await db.execute(sql`
    SELECT ${weekOf(sql`status_changed_at`)} AS week, count(*) AS closed,
      count(*) FILTER (WHERE status = 'F') AS completed,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM status_changed_at - report_date))
        FILTER (WHERE status = 'F') AS completion_median
    FROM service_requests
    WHERE status IN (${list(CLOSED_SERVICE_REQUEST_STATUSES)}) AND status_changed_at >= ${from}
    GROUP BY 1`)) as Rows<{
    week: Date | string;
    closed: unknown;
    completed: unknown;
    completion_median: unknown;
  }>;

  const openedBy = new Map(opened.rows.map((row) => [ymd(row.week), row]));
  const closedBy = new Map(closed.rows.map((row) => [ymd(row.week), row]));
  return Array.from({ length: INSIGHT_WEEKS }, (_, index) => {
    const monday = new Date(`${since}T00:00:00Z`);
    monday.setUTCDate(monday.getUTCDate() + 7 * index);
    const week = ymd(monday);
    const o = openedBy.get(week);
    const c = closedBy.get(week);
    return {
      week,
      opened: int(o?.opened),
      closed: int(c?.closed),
      replied: int(o?.replied),
      firstReplyMedianSeconds: seconds(o?.reply_median),
      completed: int(c?.completed),
      completionMedianSeconds: seconds(c?.completion_median),
    };
  });
}

/**
 * The service times met per week (docs/decisions/066), for the last SERVICE_TIME_WEEKS weeks: first replies by the
 * week the request was reported, completions by the week it reached F, each judged by the due time the request had.
 */
async function serviceTimes(db: Db, weeksShown: InsightWeek[], now: Date): Promise<InsightServiceTimeWeek[]> {
  const shown = weeksShown.slice(-SERVICE_TIME_WEEKS).map((week) => week.week);
  const from = sql`(${shown[0]!}::date::timestamp AT TIME ZONE ${ZONE})`;
  const at = sql`${now.toISOString()}::timestamptz`;
  const replies = (await db.execute(sql`
    SELECT ${weekOf(sql`report_date`)} AS week,
      count(*) FILTER (WHERE first_staff_reply_at <= reply_due_at) AS met,
      count(*) FILTER (WHERE first_staff_reply_at > reply_due_at
        OR (first_staff_reply_at IS NULL AND reply_due_at <= ${at}
          AND status IN (${list(OPEN_SERVICE_REQUEST_STATUSES)}))) AS missed
    FROM service_requests WHERE report_date >= ${from} AND reply_due_at IS NOT NULL
    GROUP BY 1`)) as Rows<{ week: Date | string; met: unknown; missed: unknown }>;
  const completions = (await db.execute(sql`
    SELECT ${weekOf(sql`status_changed_at`)} AS week,
      count(*) FILTER (WHERE status_changed_at <= completion_due_at) AS met,
      count(*) FILTER (WHERE status_changed_at > completion_due_at) AS missed
    FROM service_requests
    WHERE status = 'F' AND status_changed_at >= ${from} AND completion_due_at IS NOT NULL
    GROUP BY 1`)) as Rows<{ week: Date | string; met: unknown; missed: unknown }>;
  const replyBy = new Map(replies.rows.map((row) => [ymd(row.week), row]));
  const completionBy = new Map(completions.rows.map((row) => [ymd(row.week), row]));
  return shown.map((week) => ({
    week,
    replyMet: int(replyBy.get(week)?.met),
    replyMissed: int(replyBy.get(week)?.missed),
    completionMet: int(completionBy.get(week)?.met),
    completionMissed: int(completionBy.get(week)?.missed),
  }));
}

/** The oldest open requests: the first few of each open status on its (status, report_date) index, merged. */
async function oldestOpen(db: Db): Promise<Insight['oldestOpen']> {
  const perStatus = OPEN_SERVICE_REQUEST_STATUSES.map(
    (status) => sql`(SELECT id, report_date FROM service_requests WHERE status = ${status}
      ORDER BY report_date, id LIMIT ${INSIGHT_LIST_LIMIT})`,
  );
  const result = (await db.execute(sql`
    SELECT r.id, r.code, r.status, r.report_date, m.name AS machine_name
    FROM (${sql.join(perStatus, sql` UNION ALL `)}) oldest
    JOIN service_requests r ON r.id = oldest.id
    JOIN machines m ON m.id = r.machine_id
    ORDER BY oldest.report_date, oldest.id LIMIT ${INSIGHT_LIST_LIMIT}`)) as Rows<{
    id: unknown;
    code: string;
    status: Insight['oldestOpen'][number]['status'];
    report_date: Date | string;
    machine_name: string;
  }>;
  return result.rows.map((row) => ({
    id: String(row.id),
    code: row.code,
    status: row.status,
    reportDate: new Date(row.report_date).toISOString(),
    machineName: row.machine_name,
  }));
}

async function models(db: Db, from: SQL): Promise<Insight['models']> {
  const result = (await db.execute(sql`
    SELECT r.machine_model AS model, count(*) AS n
    FROM service_requests r
    WHERE r.report_date >= ${from}
    GROUP BY r.machine_model ORDER BY n DESC, r.machine_model LIMIT ${INSIGHT_LIST_LIMIT}`)) as Rows<{
    model: string;
    n: unknown;
  }>;
  return result.rows.map((row) => ({ model: row.model, count: int(row.n) }));
}

async function offers(db: Db, from: SQL): Promise<Insight['offers']> {
  const byStatus = (await db.execute(sql`
    SELECT status, count(*) AS n FROM offer_requests GROUP BY status`)) as Rows<{
    status: string;
    n: unknown;
  }>;
  const counts = new Map(byStatus.rows.map((row) => [row.status, int(row.n)]));
  const quoting = (await db.execute(sql`
    SELECT count(*) AS sent, count(q.quoted_at) AS quoted,
      count(*) FILTER (WHERE ${quotedInTimeSql(sql`o.created_at`, sql`q.quoted_at`)}) AS in_time
    FROM offer_requests o
    LEFT JOIN LATERAL (
      SELECT min(h.changed_at) AS quoted_at FROM offer_request_status_history h
      WHERE h.offer_request_id = o.id AND h.to_status = 'quoted'
    ) q ON true
    WHERE o.created_at >= ${from}`)) as Rows<{ sent: unknown; quoted: unknown; in_time: unknown }>;
  const row = quoting.rows[0]!;
  return {
    byStatus: OFFER_REQUEST_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 })),
    quoting: { sent: int(row.sent), quoted: int(row.quoted), quotedInTime: int(row.in_time) },
  };
}

/** GET api/staff/insight: the dashboard's figures as of `now`. */
export async function getInsight(db: Db, now = new Date()): Promise<Insight> {
  const { since, from } = await windowStart(db, now);
  const weekly = await weeks(db, since, from);
  return {
    generatedAt: now.toISOString(),
    since,
    openByStatus: await openByStatus(db),
    weeks: weekly,
    serviceTimes: await serviceTimes(db, weekly, now),
    oldestOpen: await oldestOpen(db),
    models: await models(db, from),
    offers: await offers(db, from),
  };
}
