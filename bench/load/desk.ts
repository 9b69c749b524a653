import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { readGeneration } from '../data/generate.ts';
import { BENCH_PASSWORD, benchDatabase, databaseUrl, TARGET_P99_MS } from '../support/config.ts';
import { type Portal, productionNodeOptions, signIn, startBenchServer } from '../support/portal.ts';
import { writeFigures } from '../support/results.ts';
import { cpuBetween, cpuSnapshot } from './cpu-usage.ts';
import { type DeskData, DESK_KINDS, loadDeskData } from './desk-scenario.ts';
import { latencyFigures, type LatencyFigures } from './figures.ts';
import { kindPicker } from './mix-scenario.ts';
import { paced } from './paced.ts';

/**
 * Issue 18: the service department working from the queue all day — `staff` service employees of care_bench
 * (service1…@bench.example, each with their own session) against one portal instance, each asking for one of
 * desk-scenario.ts's kinds by weight, reading the answer and thinking (exponential, mean `thinkMs`) before the
 * next. Reports p50/p90/p99/max and failures per kind against the 50 ms target (docs/perf.md "Issue 18").
 *
 * It never generates care_bench (a generation takes ten minutes and may be under way): it stops if there is none.
 */

export interface DeskOptions {
  staff: number;
  /** Seconds measured, after `warmup` seconds whose answers are thrown away. */
  duration: number;
  warmup: number;
  thinkMs: number;
  port: number;
}

export const defaultDeskOptions: DeskOptions = {
  staff: 20,
  duration: 120,
  warmup: 15,
  thinkMs: 1000,
  port: 3196,
};
/** A check that it works, in about half a minute: not a measurement. */
export const smokeDeskOptions: Partial<DeskOptions> = { duration: 15, warmup: 5 };

export interface DeskKindFigures extends LatencyFigures {
  name: string;
  /** Share of the measured requests, %. */
  share: number;
}

/** /readyz (one `SELECT 1`) beside the staff: slow too in the same window means waiting for a CPU. */
const CANARY = { name: 'canary', paths: [{ email: '', path: '/readyz' }], check: () => true };

const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

/** One request of every kind as the first staff member: each must answer 200 with a page or a count. */
async function checkAnswers(baseUrl: string, cookie: string, data: DeskData): Promise<void> {
  for (const kind of DESK_KINDS) {
    const { path } = kind.make(data, () => 0.5);
    const response = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
    const body = (await response.json()) as { items?: unknown[]; count?: number };
    if (!response.ok || !(Array.isArray(body.items) || typeof body.count === 'number'))
      throw new Error(
        `${kind.name}: ${path} answered ${response.status} ${JSON.stringify(body).slice(0, 300)}`,
      );
  }
}

interface Run {
  latencies: number[][];
  failures: number[];
  seconds: number;
}

/** Every staff member works until the end; only answers to requests sent after the warm-up count. */
async function work(server: Portal, cookies: string[], data: DeskData, options: DeskOptions): Promise<Run> {
  const pick = kindPicker(DESK_KINDS);
  const latencies = DESK_KINDS.map((): number[] => []);
  const failures = DESK_KINDS.map(() => 0);
  const measuredFrom = performance.now() + options.warmup * 1000;
  const end = measuredFrom + options.duration * 1000;
  const think = () => sleep(-Math.log(1 - Math.random()) * options.thinkMs);
  await Promise.all(
    cookies.map(async (cookie) => {
      await sleep(Math.random() * options.thinkMs);
      while (performance.now() < end) {
        const kind = pick(Math.random);
        const { path } = DESK_KINDS[kind]!.make(data, Math.random);
        const sent = performance.now();
        let ok = false;
        try {
          const response = await fetch(`${server.baseUrl}${path}`, { headers: { cookie } });
          await response.arrayBuffer();
          ok = response.ok;
        } catch {
          ok = false;
        }
        const took = performance.now() - sent;
        if (sent >= measuredFrom) {
          if (ok) latencies[kind]!.push(took);
          else failures[kind]!++;
        }
        await think();
      }
    }),
  );
  return { latencies, failures, seconds: options.duration };
}

const ms = (value: number) => value.toFixed(1);
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

function deskTable(kinds: DeskKindFigures[], all: DeskKindFigures, canary: LatencyFigures): string {
  const line = (f: DeskKindFigures) =>
    row([
      f.name,
      f.share.toFixed(1),
      ms(f.p50),
      ms(f.p90),
      ms(f.p99),
      ms(f.max),
      f.requestsPerSecond.toFixed(1),
      f.failures,
      f.p99 < TARGET_P99_MS ? 'yes' : '**no**',
    ]);
  return [
    row([
      'kind',
      'share %',
      'p50 ms',
      'p90 ms',
      'p99 ms',
      'max ms',
      'req/s',
      'failures',
      `p99 < ${TARGET_P99_MS} ms`,
    ]),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', ':---:']),
    ...kinds.map(line),
    line(all),
    row([
      'canary: GET /readyz (SELECT 1)',
      '–',
      ms(canary.p50),
      ms(canary.p90),
      ms(canary.p99),
      ms(canary.max),
      canary.requestsPerSecond.toFixed(1),
      canary.failures,
      '–',
    ]),
  ].join('\n');
}

export async function runDesk(options: DeskOptions): Promise<DeskKindFigures[]> {
  const generation = await readGeneration();
  if (!generation?.factor)
    throw new Error(`${benchDatabase} has no finished generation: run \`npm run bench -- generate\` first`);
  console.log(
    `Desk (issue 18): ${options.staff} service staff on one instance over ${benchDatabase} (scale ` +
      `${generation.factor}); ${options.warmup} s warm-up, ${options.duration} s measured, think ${options.thinkMs} ms ` +
      `on average.\n  before: ${uptime()}`,
  );
  const monitor = new pg.Client({ connectionString: databaseUrl() });
  await monitor.connect();
  // With `npm start`'s heap limits, as production runs it.
  const server = await startBenchServer(options.port, { nodeOptions: productionNodeOptions() });
  try {
    const data = await loadDeskData(monitor);
    const cookies: string[] = [];
    for (let i = 1; i <= options.staff; i++)
      cookies.push((await signIn(server.baseUrl, `service${i}@bench.example`, BENCH_PASSWORD)).cookie);
    await checkAnswers(server.baseUrl, cookies[0]!, data);
    console.log(`  signed in ${cookies.length} staff; the server's RSS is ${server.rssMb()} MB`);

    const measuring = (async () => {
      await sleep(options.warmup * 1000);
      const before = await cpuSnapshot(monitor, server.pid);
      const canary = await paced(server.baseUrl, CANARY, new Map(), options.duration, 100);
      return { canary, cpu: cpuBetween(before, await cpuSnapshot(monitor, server.pid)) };
    })();
    const [run, { canary, cpu }] = await Promise.all([work(server, cookies, data, options), measuring]);
    const total = run.latencies.reduce((sum, list) => sum + list.length, 0);
    const figures = (name: string, latencies: number[], failures: number): DeskKindFigures => ({
      name,
      share: (100 * latencies.length) / Math.max(1, total),
      ...latencyFigures({ latencies, failures, seconds: run.seconds }),
    });
    const kinds = DESK_KINDS.map((kind, i) => figures(kind.name, run.latencies[i]!, run.failures[i]!));
    const all = figures(
      '**all kinds**',
      run.latencies.flat(),
      run.failures.reduce((sum, n) => sum + n, 0),
    );
    const canaryFigures = latencyFigures(canary);
    const after = uptime();
    const serverCpuMs = (cpu.server * 1000) / Math.max(1, total);
    const databaseCpuMs = (cpu.database * 1000) / Math.max(1, total);
    console.log(`\n${deskTable(kinds, all, canaryFigures)}\n`);
    console.log(
      `  CPU per request: ${serverCpuMs.toFixed(2)} ms server + ${databaseCpuMs.toFixed(2)} ms PostgreSQL; other ` +
        `processes ${(cpu.otherShare * 100).toFixed(0)} % of the machine; server RSS ${server.rssMb()} MB\n  after: ${after}`,
    );
    await writeFigures('desk', monitor, {
      options,
      scale: generation.factor,
      kinds,
      all,
      canary: canaryFigures,
      serverCpuMs,
      databaseCpuMs,
      otherCpuShare: cpu.otherShare,
      uptimeAfter: after,
    });
    return kinds;
  } finally {
    // The last answers of the run are read before the server stops.
    await sleep(500);
    await server.stop();
    await monitor.end();
  }
}
