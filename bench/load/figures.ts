import type { Sample } from './paced.ts';

export interface LatencyFigures {
  /** Latencies of the 2xx answers in ms. */
  p50: number;
  p90: number;
  p99: number;
  max: number;
  requestsPerSecond: number;
  responses: number;
  /** Non-2xx answers, connection errors and timeouts: must be 0. */
  failures: number;
}

export interface ScenarioFigures {
  name: string;
  /** The p99 this endpoint must stay under, ms. */
  targetP99Ms: number;
  /** 50 users with think time (paced.ts). */
  paced: LatencyFigures;
  /** GET /readyz probes during the users' run (load.ts). */
  canary: LatencyFigures;
  /** 50 connections back to back (autocannon). */
  saturated: LatencyFigures;
  /** CPU time per answer of the server process and of its PostgreSQL backends in the saturated run, ms. */
  serverCpuMs: number;
  databaseCpuMs: number;
  /** Share of the machine's CPU (all cores) used by other processes during the saturated run, and load average. */
  otherCpuShare: number;
  load1: number;
  /** The server's largest resident set size during the runs. */
  rssMb: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function latencyFigures(sample: Sample): LatencyFigures {
  const sorted = sample.latencies.sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    requestsPerSecond: sorted.length / sample.seconds,
    responses: sorted.length,
    failures: sample.failures,
  };
}

const ms = (value: number) => value.toFixed(1);
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

/** The two markdown tables of docs/perf.md: users with think time, then saturation. */
export function figuresTables(results: readonly ScenarioFigures[]): string {
  const latency = (f: LatencyFigures) => [
    ms(f.p50),
    ms(f.p90),
    ms(f.p99),
    ms(f.max),
    f.requestsPerSecond.toFixed(0),
  ];
  const paced = [
    row([
      'endpoint',
      'p50 ms',
      'p90 ms',
      'p99 ms',
      'max ms',
      'req/s',
      'failures',
      'p99 < target',
      'canary p99 / max ms',
    ]),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', ':---:', '---:']),
    ...results.map((r) =>
      row([
        r.name,
        ...latency(r.paced),
        r.paced.failures,
        `${r.paced.p99 < r.targetP99Ms ? 'yes' : '**no**'} (${r.targetP99Ms} ms)`,
        `${ms(r.canary.p99)} / ${ms(r.canary.max)}`,
      ]),
    ),
  ];
  const saturated = [
    row([
      'endpoint',
      'p50 ms',
      'p90 ms',
      'p99 ms',
      'max ms',
      'req/s',
      'failures',
      'CPU ms/req node + pg',
      'other work % CPU',
      'load (1 min)',
      'server RSS MB',
    ]),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
    ...results.map((r) =>
      row([
        r.name,
        ...latency(r.saturated),
        r.saturated.failures,
        `${ms(r.serverCpuMs)} + ${ms(r.databaseCpuMs)}`,
        (r.otherCpuShare * 100).toFixed(0),
        r.load1.toFixed(2),
        r.rssMb,
      ]),
    ),
  ];
  return [...paced, '', ...saturated].join('\n');
}
