import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import type pg from 'pg';
import { benchDatabase } from '../support/config.ts';

/**
 * CPU seconds spent by the server process and by the PostgreSQL backends serving care_bench, from /proc (Linux).
 * Divided by the number of answers this is the cost of one request, which other work on the machine does not
 * change the way it changes latency; on 2 shared cores it is the steadier figure.
 */

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS = 100;

export function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name in parentheses; utime and stime are the 14th and 15th of the whole line.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return null;
  }
}

/** Busy CPU seconds of the whole machine (all cores) since boot: /proc/stat's first line minus idle and iowait. */
export function machineBusySeconds(): number {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
  return (user + nice + system + irq + softirq + steal) / TICKS;
}

export interface CpuSnapshot {
  at: number;
  machine: number;
  bench: number;
  server: number;
  backends: Map<number, number>;
}

export async function cpuSnapshot(client: pg.Client, serverPid: number): Promise<CpuSnapshot> {
  const { rows } = await client.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
    [benchDatabase],
  );
  const backends = new Map<number, number>();
  for (const { pid } of rows) {
    const seconds = cpuSeconds(pid);
    if (seconds !== null) backends.set(pid, seconds);
  }
  const own = process.cpuUsage();
  return {
    at: performance.now(),
    machine: machineBusySeconds(),
    bench: (own.user + own.system) / 1e6,
    server: cpuSeconds(serverPid) ?? 0,
    backends,
  };
}

export interface CpuBetween {
  server: number;
  database: number;
  /** Share of all cores' time used by processes other than the server, its backends and the bench itself. */
  otherShare: number;
}

/** CPU seconds between two snapshots (a backend that started in between counts whole; one that ended is lost). */
export function cpuBetween(before: CpuSnapshot, after: CpuSnapshot): CpuBetween {
  let database = 0;
  for (const [pid, seconds] of after.backends) database += seconds - (before.backends.get(pid) ?? 0);
  const server = after.server - before.server;
  const bench = after.bench - before.bench;
  const wall = (after.at - before.at) / 1000;
  const other = after.machine - before.machine - server - database - bench;
  return { server, database, otherShare: Math.max(0, other) / (wall * cpus().length) };
}
