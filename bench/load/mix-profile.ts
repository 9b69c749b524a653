import http from 'node:http';
import pg from 'pg';
import { benchDatabase, databaseUrl } from '../support/config.ts';
import type { Portal } from '../support/portal.ts';
import { resultsFile } from '../support/results.ts';
import { cpuSeconds } from './cpu-usage.ts';
import { summariseProfile, type ProfileSummary } from './cpu-profile.ts';
import type { Trace, TracedStatement } from './mix-probe.ts';
import { kindPicker, MIX_KINDS } from './mix-scenario.ts';

/**
 * `npm run bench -- mix --profile` (issue 17): where a request of the mix spends its time, from outside the
 * portal, in one run beside the steps.
 *
 * 1. Each kind at low load: requests one at a time to one instance; per kind its service time and its round
 *    trips to PostgreSQL (the statements its code sent, traced by bench/load/mix-probe.ts).
 * 2. The database-only ceiling: the traced statements replayed straight through node-postgres, as the portal
 *    sent them (prepared ones by their names), kinds drawn by the mix's weights, over as many connections as
 *    the portal held during the profiled step. Writes are rolled back (their COMMIT becomes ROLLBACK, a write
 *    outside a transaction gets one around it). What PostgreSQL can answer with no Node in front: the portal's
 *    rate divided by it is how much of the database's capacity the portal reaches.
 * 3. A fixed-rate step with a V8 CPU profile of each instance (the measured window, after the warm-up),
 *    summed by category (bench/load/cpu-profile.ts); the profiles are kept for Chrome DevTools.
 */

export interface KindTrace {
  name: string;
  requests: number;
  /** Statements sent per request: the median and the largest. */
  roundTrips: number;
  roundTripsMax: number;
  p50: number;
  p99: number;
  /** One request's statements, as sent (first words of each). */
  statements: string[];
}

export interface TraceResult {
  kinds: KindTrace[];
  traces: Trace[];
  /** Round trips per request of the mix: each kind's median weighted by the mix. */
  roundTripsPerRequest: number;
}

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

function sendTraced(
  agent: http.Agent,
  server: Portal,
  kind: string,
  request: { method: string; path: string; body?: unknown },
  cookie: string,
): Promise<number> {
  const url = new URL(server.baseUrl);
  return new Promise((done, fail) => {
    const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
    const outgoing = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        agent,
        headers: {
          accept: 'application/json',
          cookie,
          // A header holds Latin-1 only: the kind's name travels percent-encoded.
          ...(kind ? { 'x-bench-kind': encodeURIComponent(kind) } : {}),
          ...(payload === undefined
            ? {}
            : {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(payload),
                origin: url.origin,
              }),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          (response.statusCode ?? 0) < 300
            ? done(response.statusCode ?? 0)
            : fail(new Error(`${kind}: ${request.method} ${request.path} answered ${response.statusCode}`)),
        );
      },
    );
    outgoing.on('error', fail);
    outgoing.end(payload);
  });
}

/** Step 1: every kind `perKind` times, one request at a time, on `server`. */
export async function traceKinds(
  server: Portal,
  users: { customers: { cookie: string }[]; staff: { cookie: string }[] },
  make: (kind: (typeof MIX_KINDS)[number], user: number) => { method: string; path: string; body?: unknown },
  perKind: number,
): Promise<TraceResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies = new Map<string, number[]>();
  await server.ask({ probe: 'trace-start' }, 'tracing');
  try {
    for (const kind of MIX_KINDS) {
      const list = kind.role === 'staff' ? users.staff : users.customers;
      const times: number[] = [];
      for (let i = 0; i < perKind; i++) {
        const user = (i * 7919) % list.length;
        // The user's session is fresh in the instance's cache, as for someone using the portal (an untraced call).
        await sendTraced(
          agent,
          server,
          '',
          { method: 'GET', path: '/api/user/authorities' },
          list[user]!.cookie,
        );
        const started = performance.now();
        await sendTraced(agent, server, kind.name, make(kind, user), list[user]!.cookie);
        times.push(performance.now() - started);
      }
      latencies.set(
        kind.name,
        times.sort((a, b) => a - b),
      );
    }
  } finally {
    agent.destroy();
  }
  const traces = await server.ask<Trace[]>({ probe: 'trace-stop' }, 'traces');
  const at = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
  const kinds = MIX_KINDS.map((kind): KindTrace => {
    const mine = traces.filter((trace) => trace.kind === kind.name);
    const counts = mine.map((trace) => trace.statements.length).sort((a, b) => a - b);
    const times = latencies.get(kind.name) ?? [];
    const typical = mine.find((trace) => trace.statements.length === at(counts, 50)) ?? mine[0];
    return {
      name: kind.name,
      requests: mine.length,
      roundTrips: at(counts, 50),
      roundTripsMax: counts.at(-1) ?? NaN,
      p50: round(at(times, 50), 2),
      p99: round(at(times, 99), 2),
      statements: (typical?.statements ?? []).map(shortStatement),
    };
  });
  const totalWeight = MIX_KINDS.reduce((sum, kind) => sum + kind.weight, 0);
  const roundTripsPerRequest = round(
    kinds.reduce((sum, kind, i) => sum + kind.roundTrips * MIX_KINDS[i]!.weight, 0) / totalWeight,
    2,
  );
  return { kinds, traces, roundTripsPerRequest };
}

function shortStatement(statement: TracedStatement): string {
  const text = statement.text.replace(/\s+/g, ' ').trim();
  return `${statement.name ? `[${statement.name}] ` : ''}${text.slice(0, 110)}${text.length > 110 ? '…' : ''}`;
}

export interface DatabaseCeiling {
  connections: number;
  seconds: number;
  /** Requests' statements replayed per second. */
  requestsPerSecond: number;
  statementsPerSecond: number;
  /** PostgreSQL CPU (every backend of the bench database) per replayed request, ms; and in cores. */
  databaseCpuMsPerRequest: number;
  databaseCores: number;
  /** Statements that failed in the replay, and the most frequent reasons: should be none. */
  errors: number;
  errorReasons: { reason: string; count: number }[];
}

/** Step 2: the traced statements through node-postgres, kinds by the mix's weights, for `seconds`. */
export async function databaseCeiling(
  traces: readonly Trace[],
  connections: number,
  seconds: number,
): Promise<DatabaseCeiling> {
  const byKind = MIX_KINDS.map((kind) =>
    traces
      .filter((trace) => trace.kind === kind.name)
      .map((trace) => replayable(trace.statements, !!kind.write)),
  );
  const pick = kindPicker(MIX_KINDS);
  const clients = await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = new pg.Client({ connectionString: databaseUrl(), application_name: 'bench-replay' });
      await client.connect();
      return client;
    }),
  );
  const monitor = new pg.Client({ connectionString: databaseUrl() });
  await monitor.connect();
  const backendCpu = async () => {
    const { rows } = await monitor.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name = 'bench-replay'`,
      [benchDatabase],
    );
    return rows.reduce((sum, { pid }) => sum + (cpuSeconds(pid) ?? 0), 0);
  };
  let requests = 0;
  let statements = 0;
  let errors = 0;
  const reasons = new Map<string, number>();
  let seed = 17;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const run = async (client: pg.Client, until: number, counted: boolean) => {
    while (performance.now() < until) {
      const samples = byKind[pick(random)]!;
      if (samples.length === 0) continue;
      const sequence = samples[Math.floor(random() * samples.length)]!;
      for (const statement of sequence) {
        try {
          await client.query({
            text: statement.text,
            values: statement.values,
            ...(statement.name ? { name: statement.name } : {}),
          });
        } catch (error) {
          if (!counted) continue;
          errors++;
          const reason = `${(error as Error).message.slice(0, 120)} ← ${statement.text.replace(/\s+/g, ' ').slice(0, 60)}`;
          reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
        }
      }
      if (counted) {
        requests++;
        statements += sequence.length;
      }
    }
  };
  try {
    // Two seconds to prepare the named statements and warm the caches, then the measured run.
    const warm = performance.now() + 2000;
    await Promise.all(clients.map((client) => run(client, warm, false)));
    const cpuBefore = await backendCpu();
    const started = performance.now();
    await Promise.all(clients.map((client) => run(client, started + seconds * 1000, true)));
    const wall = (performance.now() - started) / 1000;
    const cpu = (await backendCpu()) - cpuBefore;
    return {
      connections,
      seconds: round(wall, 1),
      requestsPerSecond: Math.round(requests / wall),
      statementsPerSecond: Math.round(statements / wall),
      databaseCpuMsPerRequest: round((cpu * 1000) / Math.max(1, requests), 2),
      databaseCores: round(cpu / wall, 2),
      errors,
      errorReasons: [...reasons]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([reason, count]) => ({ reason, count })),
    };
  } finally {
    await Promise.all([...clients, monitor].map((client) => client.end().catch(() => {})));
  }
}

/** A write's statements with its changes rolled back, so the replay can repeat it. */
function replayable(statements: readonly TracedStatement[], write: boolean): TracedStatement[] {
  if (!write) return [...statements];
  const begins = statements.some((s) => /^\s*BEGIN/i.test(s.text));
  const rolledBack = statements.map((s) =>
    /^\s*COMMIT/i.test(s.text) ? { text: 'ROLLBACK', values: [] } : s,
  );
  return begins
    ? rolledBack
    : [{ text: 'BEGIN', values: [] }, ...rolledBack, { text: 'ROLLBACK', values: [] }];
}

export interface StatementCost {
  calls: number;
  /** Mean execution and planning time, ms. */
  meanMs: number;
  planMs: number;
  /** Share of all statement time (execution and planning) in the window. */
  share: number;
  query: string;
}

/**
 * pg_stat_statements of the bench database, when the server loads it (the bench cluster does,
 * bench/support/cluster.ts): `reset` before a window, `top` after it, the statements by their total time.
 */
export async function statementCosts(monitor: pg.Client) {
  try {
    await monitor.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await monitor.query('SELECT pg_stat_statements_reset()');
  } catch {
    return null;
  }
  return {
    async top(count = 15): Promise<StatementCost[]> {
      const { rows } = await monitor.query<{
        calls: string;
        mean: number;
        plan: number;
        total: number;
        all: number;
        query: string;
      }>(
        `SELECT calls, mean_exec_time AS mean, mean_plan_time AS plan,
                total_exec_time + total_plan_time AS total,
                sum(total_exec_time + total_plan_time) OVER () AS all, query
         FROM pg_stat_statements JOIN pg_database d ON d.oid = dbid
         WHERE d.datname = $1 ORDER BY total DESC LIMIT $2`,
        [benchDatabase, count],
      );
      return rows.map((row) => ({
        calls: Number(row.calls),
        meanMs: round(row.mean, 3),
        planMs: round(row.plan, 3),
        share: round((row.total / Math.max(1e-9, row.all)) * 100, 1),
        query: row.query.replace(/\s+/g, ' ').slice(0, 160),
      }));
    },
  };
}

export function statementTable(costs: readonly StatementCost[]): string {
  const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [
    row(['share %', 'calls', 'mean ms', 'plan ms', 'statement']),
    row(['---:', '---:', '---:', '---:', '---']),
    ...costs.map((c) =>
      row([
        c.share.toFixed(1),
        c.calls,
        c.meanMs.toFixed(3),
        c.planMs.toFixed(3),
        `\`${c.query.replaceAll('|', '\\|').replaceAll('`', "'")}\``,
      ]),
    ),
  ].join('\n');
}

export interface InstanceProfile {
  port: number;
  file: string;
  requests: number;
  /** CPU of the instance's JavaScript thread per request (busy time of the profile / requests answered), ms. */
  cpuMsPerRequest: number;
  summary: ProfileSummary;
}

/** Step 3, around a measured window: starts a CPU profile on each instance; `stop` writes and sums them. */
export async function startProfiles(servers: readonly Portal[]) {
  await Promise.all(servers.map((server) => server.ask({ probe: 'profile-start' }, 'profiling')));
  return {
    async stop(requestsPerInstance: readonly number[], rate: number): Promise<InstanceProfile[]> {
      return Promise.all(
        servers.map(async (server, i) => {
          const port = Number(new URL(server.baseUrl).port);
          const file = await server.ask<string>(
            { probe: 'profile-stop', path: resultsFile(`mix-profile-${rate}-${port}`, 'cpuprofile') },
            'profiled',
          );
          const summary = summariseProfile(file);
          const requests = requestsPerInstance[i] ?? 0;
          return {
            port,
            file,
            requests,
            cpuMsPerRequest: round(summary.busyMs / Math.max(1, requests), 3),
            summary,
          };
        }),
      );
    },
  };
}

/** The portal's connections to the bench database now (the pools' and the listeners'), for the replay. */
export async function portalConnections(monitor: pg.Client): Promise<number> {
  const { rows } = await monitor.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM pg_stat_activity
     WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend'
       AND application_name NOT IN ('care-portal-listener', 'bench-replay')`,
    [benchDatabase],
  );
  return rows[0]!.count;
}

export function traceTable(result: TraceResult): string {
  const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [
    row(['request', 'round trips', 'max', 'p50 ms', 'p99 ms', 'statements (one request)']),
    row(['---', '---:', '---:', '---:', '---:', '---']),
    ...result.kinds.map((k) =>
      row([
        k.name,
        k.roundTrips,
        k.roundTripsMax,
        k.p50.toFixed(2),
        k.p99.toFixed(2),
        k.statements.map((s) => `\`${s.replaceAll('|', '\\|').replaceAll('`', "'")}\``).join('<br>'),
      ]),
    ),
  ].join('\n');
}

export function profileTable(profiles: readonly InstanceProfile[]): string {
  const names = [...new Set(profiles.flatMap((p) => p.summary.categories.map((c) => c.name)))];
  const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  const cell = (p: InstanceProfile, name: string) => {
    const c = p.summary.categories.find((x) => x.name === name);
    return c ? `${c.share.toFixed(1)} % (${((c.ms / Math.max(1, p.requests)) * 1000).toFixed(0)} µs)` : '–';
  };
  return [
    row(['share of busy CPU (µs per request)', ...profiles.map((p) => `:${p.port}`)]),
    row(['---', ...profiles.map(() => '---:')]),
    ...names.map((name) => row([name, ...profiles.map((p) => cell(p, name))])),
    row([
      '**busy ms per request**',
      ...profiles.map((p) => `**${p.cpuMsPerRequest.toFixed(2)}** (${p.requests} requests)`),
    ]),
  ].join('\n');
}
