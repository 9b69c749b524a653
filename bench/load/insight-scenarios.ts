import { INSIGHT_WEEKS } from '@care/contract/insight';
import type pg from 'pg';
import { StaffQueueQuerySchema } from '@care/contract/staff';
import type { Db } from '../../apps/server/src/db/client.ts';
import { getInsight } from '../../apps/server/src/features/insight/insight.service.ts';
import { listQueue } from '../../apps/server/src/features/staff/staff-queue.service.ts';
import type { Actor } from '../../apps/server/src/plugins/session.ts';
import type { Scenario } from './scenarios.ts';

/**
 * The insight dashboard (issue 15) at docs/design.md's scale: the whole dashboard (GET api/staff/insight, one call
 * for every figure) and the two queue filters its links added (an exact machine model, the days of the last
 * status change). The users are the generated service staff (ids 1..20, service<N>@bench.example).
 */

/** Issue 15: p99 under 200 ms. */
export const INSIGHT_TARGET_P99_MS = 200;

export interface InsightTargets {
  staff: string[];
  /** The model with the most requests in the dashboard's window, and the window's first day. */
  model: string;
  since: string;
  /** Monday and Sunday of the last finished week. */
  lastWeek: { from: string; to: string };
}

export async function insightTargets(client: pg.Client, connections: number): Promise<InsightTargets> {
  const staff = await client.query<{ email: string }>(
    `SELECT email FROM users WHERE role = 'service' ORDER BY id LIMIT $1`,
    [connections],
  );
  const window = await client.query<{ since: string; from: string; to: string }>(
    `SELECT to_char(w - ($1 - 1) * interval '1 week', 'YYYY-MM-DD') AS since,
            to_char(w - interval '1 week', 'YYYY-MM-DD') AS "from",
            to_char(w - interval '1 day', 'YYYY-MM-DD') AS "to"
       FROM (SELECT date_trunc('week', now() AT TIME ZONE 'Europe/Warsaw') AS w) x`,
    [INSIGHT_WEEKS],
  );
  const { since, from, to } = window.rows[0]!;
  const model = await client.query<{ name: string }>(
    `SELECT m.name FROM service_requests r JOIN machines m ON m.id = r.machine_id
      WHERE r.report_date >= ($1::date::timestamp AT TIME ZONE 'Europe/Warsaw')
      GROUP BY m.name ORDER BY count(*) DESC LIMIT 1`,
    [since],
  );
  return {
    staff: staff.rows.map((row) => row.email),
    model: model.rows[0]!.name,
    since,
    lastWeek: { from, to },
  };
}

const isInsight = (body: unknown) =>
  typeof body === 'object' && body !== null && 'weeks' in body && (body.weeks as unknown[]).length === 26;
const isPage = (body: unknown) => typeof body === 'object' && body !== null && 'items' in body;

export function insightScenarios(targets: InsightTargets, connections: number): Scenario[] {
  const forStaff = (path: string) =>
    Array.from({ length: connections }, (_, i) => ({
      email: targets.staff[i % targets.staff.length]!,
      path,
    }));
  const { from, to } = targets.lastWeek;
  return [
    {
      name: 'insight: the dashboard',
      paths: forStaff('/api/staff/insight'),
      targetP99Ms: INSIGHT_TARGET_P99_MS,
      check: isInsight,
    },
    {
      name: 'insight link: queue by model',
      paths: forStaff(
        `/api/staff/service-requests?model=${encodeURIComponent(targets.model)}&reportedFrom=${targets.since}`,
      ),
      targetP99Ms: INSIGHT_TARGET_P99_MS,
      check: isPage,
    },
    {
      name: 'insight link: queue closed in a week',
      paths: forStaff(`/api/staff/service-requests?status=F,X,U&changedFrom=${from}&changedTo=${to}`),
      targetP99Ms: INSIGHT_TARGET_P99_MS,
      check: isPage,
    },
  ];
}

/** The same three for EXPLAIN (bench/plans/explain.ts): the service functions the endpoints call. */
export async function insightCases(
  client: pg.Client,
): Promise<{ name: string; run: (db: Db) => Promise<unknown> }[]> {
  const targets = await insightTargets(client, 1);
  const { rows } = await client.query<{ id: number }>(`SELECT id::int FROM users WHERE email = $1`, [
    targets.staff[0],
  ]);
  const actor: Actor = {
    id: rows[0]!.id,
    sessionId: 0,
    sessionExpiresAt: new Date(8.64e15),
    role: 'service',
    email: targets.staff[0]!,
    firstName: '',
    lastName: '',
    language: 'pl',
    authorities: [],
  };
  const { from, to } = targets.lastWeek;
  return [
    { name: 'insight: the dashboard', run: (db) => getInsight(db) },
    {
      name: `insight link: queue by model (${targets.model})`,
      run: (db) =>
        listQueue(
          db,
          actor,
          StaffQueueQuerySchema.parse({ model: targets.model, reportedFrom: targets.since }),
        ),
    },
    {
      name: `insight link: queue closed in the week ${from}`,
      run: (db) =>
        listQueue(
          db,
          actor,
          StaffQueueQuerySchema.parse({ status: 'F,X,U', changedFrom: from, changedTo: to }),
        ),
    },
  ];
}
