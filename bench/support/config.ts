import { resolve } from 'node:path';

/** Where the benchmark runs and how big its data is (docs/design.md "Scale"). */

export const repoRoot = resolve(import.meta.dirname, '../..');
export const resultsDir = resolve(repoRoot, 'bench/results');

/** The server's PostgreSQL (README: 127.0.0.1:5432, user postgres, trust); override with BENCH_PG_URL. */
export const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const benchDatabase = process.env.BENCH_DATABASE ?? 'care_bench';

export function databaseUrl(database = benchDatabase): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** One password for every generated account, so the load can sign in as anyone. */
export const BENCH_PASSWORD = 'Bench-Zniwa-2026';

export interface Scale {
  /** 1 = docs/design.md: 100k customers, 300k machines, 1M service requests, 10M chat messages. */
  factor: number;
  customers: number;
  staff: number;
  machines: number;
  serviceRequests: number;
  /** docs/design.md: 100k offer requests (bench/data/fill-offers.ts; their status histories, not their items). */
  offerRequests: number;
  chatMessages: number;
}

export function scaleOf(factor: number): Scale {
  if (!(factor > 0 && factor <= 10)) throw new Error(`--scale must be in (0, 10], got ${factor}`);
  return {
    factor,
    customers: Math.round(100_000 * factor),
    staff: 20,
    machines: Math.round(300_000 * factor),
    serviceRequests: Math.round(1_000_000 * factor),
    offerRequests: Math.round(100_000 * factor),
    chatMessages: Math.round(10_000_000 * factor),
  };
}

export interface LoadOptions {
  connections: number;
  /** Seconds measured per scenario, after `warmup` seconds that are thrown away. */
  duration: number;
  warmup: number;
  /** Mean think time of a paced user between two requests, ms. */
  thinkMs: number;
  port: number;
  /** Only the scenarios whose name contains one of these (all when empty). */
  only: string[];
}

export const defaultLoadOptions: LoadOptions = {
  connections: 50,
  duration: 20,
  warmup: 5,
  thinkMs: 1000,
  port: 3190,
  only: [],
};

/** DESIGN/issue target: p99 under 50 ms at 50 concurrent users, for each endpoint. */
export const TARGET_P99_MS = 50;
