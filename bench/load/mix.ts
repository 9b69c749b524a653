import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { BENCH_PASSWORD, benchDatabase, databaseUrl, repoRoot } from '../support/config.ts';
import { cpuSeconds, machineBusySeconds } from './cpu-usage.ts';
import { kindPicker, loadMixData, MIX_KINDS, type MixData, type MixRequest } from './mix-scenario.ts';
import {
  databaseCeiling,
  portalConnections,
  profileTable,
  startProfiles,
  statementCosts,
  statementTable,
  traceKinds,
  traceTable,
} from './mix-profile.ts';
import {
  type Portal,
  productionNodeOptions,
  type Session,
  signIn,
  startBenchServer,
} from '../support/portal.ts';
import { writeFigures } from '../support/results.ts';

/**
 * Issue 6: a realistic mix of customers and staff (bench/load/mix-scenario.ts) on two server instances against
 * care_bench on PostgreSQL, at open-loop arrival rates stepping up until p99 reaches 100 ms or a request fails;
 * beside it, in the same run, the ceiling of the machine: a bare Fastify JSON route under autocannon.
 *
 *   npm run bench -- mix [--rates=50,100,200,…] [--duration=30] [--warmup=5] [--ceiling=20] [--customers=200]
 *   npm run bench -- mix --smoke        # seconds: 20 customers, 2 short steps, a 3-second ceiling
 *
 * Open loop: arrivals are a Poisson process at the step's rate, whatever the answers take (no coordinated
 * omission); each arrival is one request of a kind drawn by weight, sent as a random signed-in user of that
 * kind's role, to the instances in turn (round robin, as a load balancer without sticky sessions). Latency is
 * counted from the arrival's scheduled time to the last byte of the answer, so a client that falls behind
 * counts against the figure, never for it.
 */

export interface MixOptions {
  rates: number[];
  /** Seconds measured per step, after `warmup` seconds thrown away. */
  duration: number;
  warmup: number;
  /** Seconds of autocannon against the bare Fastify route. */
  ceilingSeconds: number;
  ceilingConnections: number;
  customers: number;
  staff: number;
  /** Steps of bisection between the last rate that held and the first that did not. */
  refine: number;
  ports: number[];
  barePort: number;
  smtpPort: number;
  targetP99Ms: number;
  smoke: boolean;
  /** Issue 17 (bench/load/mix-profile.ts): trace each kind, profile a fixed-rate step, replay the SQL alone. */
  profile: boolean;
  profileRate: number;
  /** Requests per kind traced one at a time at low load. */
  tracePerKind: number;
  /** Seconds of the database-only replay. */
  replaySeconds: number;
  /** DATABASE_POOL_MAX of each instance; undefined: the portal's own default. */
  poolMax: number | undefined;
  /** Node options of each instance (the production start command's, e.g. a heap limit). */
  nodeOptions: string[];
}

export const defaultMixOptions: MixOptions = {
  rates: [50, 100, 150, 200, 300, 400, 500, 600, 800, 1000, 1200, 1500],
  duration: 30,
  warmup: 5,
  ceilingSeconds: 20,
  ceilingConnections: 100,
  customers: 200,
  staff: 5,
  refine: 2,
  ports: [3280, 3281],
  barePort: 3290,
  smtpPort: 3289,
  targetP99Ms: 100,
  smoke: false,
  profile: false,
  profileRate: 200,
  tracePerKind: 20,
  replaySeconds: 20,
  poolMax: undefined,
  nodeOptions: productionNodeOptions(),
};

export const smokeMixOptions: Partial<MixOptions> = {
  rates: [20, 50],
  duration: 3,
  warmup: 1,
  ceilingSeconds: 3,
  ceilingConnections: 50,
  customers: 20,
  staff: 2,
  refine: 0,
  smoke: true,
};

interface Percentiles {
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

interface KindFigures extends Percentiles {
  name: string;
  responses: number;
  failures: number;
}

interface InstanceFigures {
  port: number;
  /** Largest VmRSS seen during the step (sampled every 500 ms), MB. */
  rssMaxMb: number;
  /** process.memoryUsage() at the end of the step, MB. */
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  /** CPU used by the instance during the measured window, share of one core. */
  cpuCores: number;
  responses: number;
}

interface StepFigures extends Percentiles {
  rate: number;
  /** Answers per second in the measured window (what arrived and was answered). */
  achieved: number;
  responses: number;
  failures: number;
  /** How the failures answered: HTTP status (0 = no answer) → count. */
  failureStatuses: Record<string, number>;
  /** GET /healthz beside the mix (10/s): p99 and max ms. */
  canaryP99: number;
  canaryMax: number;
  /** CPU of both instances and PostgreSQL per request sent in the step (warm-up included), ms. */
  cpuMsPerRequest: number;
  /** The same split: the instances' share and PostgreSQL's. */
  nodeCpuMsPerRequest: number;
  databaseCpuMsPerRequest: number;
  /** The client's own lateness in sending (actual send − scheduled), p99 ms: large means the bench was the limit. */
  sendLagP99: number;
  held: boolean;
  kinds: KindFigures[];
  instances: InstanceFigures[];
  /** CPU of all care_bench PostgreSQL backends and of the bench process, in cores; other processes as a share. */
  databaseCores: number;
  benchCores: number;
  otherShare: number;
  load: number[];
  /** Mail delivered to the SMTP sink during the step. */
  mails: number;
  /** Of the blocks PostgreSQL read for the bench database in the step, the share found in shared_buffers. */
  bufferHitRatio: number;
}

/** The bench database's block reads so far: from shared_buffers (hit) and from the OS or disk (read). */
async function blockReads(monitor: pg.Client): Promise<{ hit: number; read: number }> {
  const { rows } = await monitor.query<{ hit: string; read: string }>(
    `SELECT blks_hit AS hit, blks_read AS read FROM pg_stat_database WHERE datname = $1`,
    [benchDatabase],
  );
  return { hit: Number(rows[0]?.hit ?? 0), read: Number(rows[0]?.read ?? 0) };
}

const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

function percentiles(sorted: Float64Array | number[]): Percentiles {
  const at = (p: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
  return { p50: at(50), p90: at(90), p99: at(99), max: sorted.length ? sorted[sorted.length - 1]! : NaN };
}

// ---------------------------------------------------------------------------------------------------------
// The SMTP sink: the outbox delivers over real SMTP; the sink counts and drops.

async function startSmtpSink(port: number): Promise<{ count: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => done());
  });
  return { count: () => received, close: () => new Promise((done) => server.close(() => done())) };
}

// ---------------------------------------------------------------------------------------------------------
// Processes: the bare Fastify and the CPU of whatever else runs.

async function startBare(port: number): Promise<ChildProcess> {
  const child = spawn(
    resolve(repoRoot, 'node_modules/.bin/node'),
    ['--disable-warning=ExperimentalWarning', resolve(repoRoot, 'bench/load/bare-fastify.ts'), String(port)],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`bare Fastify exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json`)).ok) return child;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  child.kill('SIGTERM');
  throw new Error('bare Fastify did not start within 20 s');
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

/** CPU seconds of every process now, by pid, with its command name (for "what else ran"). */
function allProcesses(): Map<number, { name: string; seconds: number }> {
  const result = new Map<number, { name: string; seconds: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      let command = name;
      try {
        command = readFileSync(`/proc/${entry}/cmdline`, 'utf8')
          .replace(/[\0\s]+/g, ' ')
          .trim()
          .slice(0, 90);
      } catch {
        // gone
      }
      result.set(Number(entry), {
        name: command || name,
        seconds: (Number(fields[11]) + Number(fields[12])) / 100,
      });
    } catch {
      // the process ended meanwhile
    }
  }
  return result;
}

/**
 * CPU of everything else during the steps, by command (a command's processes summed, so that short-lived test
 * workers that start and end between two samples still count: /proc is read every 2 s, a process first seen
 * after the start counts its whole life). care_bench's own PostgreSQL backends are ours and left out.
 */
function watchProcesses() {
  const base = allProcesses();
  const seen = new Map<number, { name: string; first: number; last: number }>();
  const sample = () => {
    for (const [pid, p] of allProcesses()) {
      const known = seen.get(pid);
      if (known) known.last = p.seconds;
      else seen.set(pid, { name: p.name, first: base.get(pid)?.seconds ?? 0, last: p.seconds });
    }
  };
  sample();
  const timer = setInterval(sample, 2000);
  timer.unref();
  return {
    stop(ours: ReadonlySet<number>, seconds: number): { name: string; cores: number }[] {
      clearInterval(timer);
      sample();
      const byName = new Map<string, number>();
      for (const [pid, p] of seen) {
        if (ours.has(pid) || p.name.includes(`postgres ${benchDatabase} `)) continue;
        const name = p.name.replace(/\s*\d+\.\d+\.\d+\.\d+\(\d+\).*$/, '').slice(0, 70);
        byName.set(name, (byName.get(name) ?? 0) + (p.last - p.first));
      }
      return [...byName]
        .map(([name, cpu]) => ({ name, cores: round(cpu / seconds, 2) }))
        .filter((p) => p.cores >= 0.02)
        .sort((a, b) => b.cores - a.cores)
        .slice(0, 12);
    },
  };
}

async function databaseBackends(monitor: pg.Client): Promise<Map<number, number>> {
  const { rows } = await monitor.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
    [benchDatabase],
  );
  const backends = new Map<number, number>();
  for (const { pid } of rows) {
    const seconds = cpuSeconds(pid);
    if (seconds !== null) backends.set(pid, seconds);
  }
  return backends;
}

// ---------------------------------------------------------------------------------------------------------
// The client: node:http with keep-alive, one agent per instance.

function send(agent: http.Agent, port: number, request: MixRequest, session: Session): Promise<number> {
  return new Promise((done) => {
    const headers: Record<string, string | number> = { accept: 'application/json' };
    if (session.cookie) headers.cookie = session.cookie;
    let payload: string | undefined;
    if (request.body !== undefined) {
      payload = JSON.stringify(request.body);
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
      headers.origin = `http://127.0.0.1:${port}`;
    }
    const outgoing = http.request(
      { host: '127.0.0.1', port, method: request.method, path: request.path, headers, agent },
      (response) => {
        response.resume();
        response.on('end', () => done(response.statusCode ?? 0));
        response.on('error', () => done(0));
      },
    );
    outgoing.setTimeout(10_000, () => outgoing.destroy());
    outgoing.on('error', () => done(0));
    outgoing.end(payload);
  });
}

/** Mulberry32: the mix's choices are the same in every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Load {
  data: MixData;
  customers: Session[];
  staff: Session[];
  servers: Portal[];
  ports: number[];
  agents: http.Agent[];
}

/** Each kind once on each instance, with the answer's body checked to be JSON and 2xx (before anything is measured). */
async function checkKinds(load: Load): Promise<void> {
  const random = seeded(1);
  for (const kind of MIX_KINDS)
    for (const server of load.servers) {
      const users = kind.role === 'staff' ? load.staff : load.customers;
      const user = Math.floor(random() * users.length);
      const request = kind.make(load.data, user, random);
      const response = await fetch(`${server.baseUrl}${request.path}`, {
        method: request.method,
        headers: {
          cookie: users[user]!.cookie,
          ...(request.body === undefined
            ? {}
            : { 'content-type': 'application/json', origin: server.baseUrl }),
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
      });
      const text = await response.text();
      if (!response.ok)
        throw new Error(
          `${kind.name}: ${request.method} ${request.path} answered ${response.status} ${text.slice(0, 400)}`,
        );
      JSON.parse(text);
    }
}

interface Recorded {
  kind: Int16Array;
  instance: Int8Array;
  latency: Float64Array;
  status: Int16Array;
  lag: Float64Array;
  count: number;
}

/**
 * One step: arrivals at `rate` per second for warmup + duration seconds; the arrivals scheduled in the
 * measured window are recorded. Resolves when every answer is in.
 */
const CANARY: MixRequest = { method: 'GET', path: '/healthz' };

async function drive(load: Load, rate: number, warmup: number, duration: number, seed: number) {
  const random = seeded(seed);
  const pickKind = kindPicker(MIX_KINDS);
  const capacity = Math.ceil(rate * duration * 1.3) + 1000;
  const recorded: Recorded = {
    kind: new Int16Array(capacity),
    instance: new Int8Array(capacity),
    latency: new Float64Array(capacity),
    status: new Int16Array(capacity),
    lag: new Float64Array(capacity),
    count: 0,
  };
  const started = performance.now();
  const measureFrom = started + warmup * 1000;
  const end = measureFrom + duration * 1000;
  let next = started;
  let turn = 0;
  let inFlight = 0;
  let allSent: () => void = () => {};
  const finished = new Promise<void>((done) => (allSent = done));
  let sending = true;
  let sent = 0;
  // The canary: GET /healthz (no session, no database) 10 times a second, the instances in turn, beside the mix.
  // When it is slow too, the time went to waiting for a CPU, not to the portal's work.
  const canary: number[] = [];
  let nextCanary = started;
  let canaryTurn = 0;
  const noSession: Session = { cookie: '', setCookie: '' };
  const fireCanary = (scheduled: number) => {
    const instance = canaryTurn++ % load.servers.length;
    inFlight++;
    void send(load.agents[instance]!, load.ports[instance]!, CANARY, noSession).then((status) => {
      inFlight--;
      if (scheduled >= measureFrom) canary.push(status === 200 ? performance.now() - scheduled : Infinity);
      if (!sending && inFlight === 0) allSent();
    });
  };

  const fire = (scheduled: number) => {
    sent++;
    const kindIndex = pickKind(random);
    const kind = MIX_KINDS[kindIndex]!;
    const users = kind.role === 'staff' ? load.staff : load.customers;
    const user = Math.floor(random() * users.length);
    const request = kind.make(load.data, user, random);
    const instance = turn++ % load.servers.length;
    const measured = scheduled >= measureFrom;
    const sentAt = performance.now();
    inFlight++;
    void send(load.agents[instance]!, load.ports[instance]!, request, users[user]!).then((status) => {
      inFlight--;
      if (measured && recorded.count < capacity) {
        const i = recorded.count++;
        recorded.kind[i] = kindIndex;
        recorded.instance[i] = instance;
        recorded.latency[i] = performance.now() - scheduled;
        recorded.status[i] = status;
        recorded.lag[i] = sentAt - scheduled;
      }
      if (!sending && inFlight === 0) allSent();
    });
  };

  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      while (next <= now && next < end) {
        fire(next);
        next += (-Math.log(1 - random()) * 1000) / rate;
      }
      while (nextCanary <= now && nextCanary < end) {
        fireCanary(nextCanary);
        nextCanary += 100;
      }
      if (next >= end) return done();
      setTimeout(tick, Math.max(0, Math.min(2, next - performance.now())));
    };
    tick();
  });
  sending = false;
  if (inFlight > 0) await finished;
  return { recorded, windowSeconds: duration, sent, canary: canary.sort((a, b) => a - b) };
}

async function measureStep(
  load: Load,
  monitor: pg.Client,
  sink: { count: () => number },
  rate: number,
  options: MixOptions,
): Promise<StepFigures> {
  const rssMax = load.servers.map(() => 0);
  const sampler = setInterval(
    () => load.servers.forEach((server, i) => (rssMax[i] = Math.max(rssMax[i]!, server.rssMb()))),
    500,
  );
  // The CPU figures cover the whole step (warm-up too); the latencies only the measured window.
  const before = {
    at: performance.now(),
    machine: machineBusySeconds(),
    servers: load.servers.map((s) => cpuSeconds(s.pid) ?? 0),
    backends: await databaseBackends(monitor),
    bench: process.cpuUsage(),
    mails: sink.count(),
    blocks: await blockReads(monitor),
  };
  const { recorded, windowSeconds, sent, canary } = await drive(
    load,
    rate,
    options.warmup,
    options.duration,
    rate,
  );
  const backendsAfter = await databaseBackends(monitor);
  const blocks = await blockReads(monitor);
  const blocksHit = blocks.hit - before.blocks.hit;
  const blocksRead = blocks.read - before.blocks.read;
  const wall = (performance.now() - before.at) / 1000;
  const serverCpu = load.servers.map((s, i) => (cpuSeconds(s.pid) ?? 0) - before.servers[i]!);
  let database = 0;
  for (const [pid, seconds] of backendsAfter) database += seconds - (before.backends.get(pid) ?? 0);
  const benchUsage = process.cpuUsage(before.bench);
  const bench = (benchUsage.user + benchUsage.system) / 1e6;
  const busy = machineBusySeconds() - before.machine;
  const other = busy - serverCpu.reduce((a, b) => a + b, 0) - database - bench;
  clearInterval(sampler);
  const memories = await Promise.all(load.servers.map((s) => s.memory()));

  const n = recorded.count;
  const ok: number[] = [];
  const byKind = MIX_KINDS.map(() => [] as number[]);
  const failuresByKind = MIX_KINDS.map(() => 0);
  const failureStatuses: Record<string, number> = {};
  const perInstance = load.servers.map(() => 0);
  for (let i = 0; i < n; i++) {
    const status = recorded.status[i]!;
    if (status >= 200 && status < 300) {
      ok.push(recorded.latency[i]!);
      byKind[recorded.kind[i]!]!.push(recorded.latency[i]!);
    } else {
      failuresByKind[recorded.kind[i]!]!++;
      failureStatuses[status] = (failureStatuses[status] ?? 0) + 1;
    }
    perInstance[recorded.instance[i]!]!++;
  }
  ok.sort((a, b) => a - b);
  const lag = Array.from(recorded.lag.subarray(0, n)).sort((a, b) => a - b);
  const overall = percentiles(ok);
  const failures = n - ok.length;
  const step: StepFigures = {
    rate,
    achieved: round(ok.length / windowSeconds),
    responses: ok.length,
    failures,
    failureStatuses,
    sendLagP99: round(percentiles(lag).p99, 2),
    canaryP99: round(percentiles(canary).p99),
    canaryMax: round(percentiles(canary).max),
    cpuMsPerRequest: round(((serverCpu.reduce((a, b) => a + b, 0) + database) * 1000) / Math.max(1, sent), 2),
    nodeCpuMsPerRequest: round((serverCpu.reduce((a, b) => a + b, 0) * 1000) / Math.max(1, sent), 2),
    databaseCpuMsPerRequest: round((database * 1000) / Math.max(1, sent), 2),
    ...roundAll(overall),
    held: overall.p99 < options.targetP99Ms && failures === 0,
    kinds: MIX_KINDS.map((kind, k) => ({
      name: kind.name,
      responses: byKind[k]!.length,
      failures: failuresByKind[k]!,
      ...roundAll(percentiles(byKind[k]!.sort((a, b) => a - b))),
    })),
    instances: load.servers.map((server, i) => ({
      port: load.ports[i]!,
      rssMaxMb: rssMax[i]!,
      rssMb: memories[i] ? mb(memories[i].rss) : server.rssMb(),
      heapUsedMb: memories[i] ? mb(memories[i].heapUsed) : NaN,
      heapTotalMb: memories[i] ? mb(memories[i].heapTotal) : NaN,
      externalMb: memories[i] ? mb(memories[i].external) : NaN,
      cpuCores: round(serverCpu[i]! / wall, 2),
      responses: perInstance[i]!,
    })),
    databaseCores: round(database / wall, 2),
    benchCores: round(bench / wall, 2),
    otherShare: round(Math.max(0, other) / (wall * cpus().length), 3),
    load: loadavg().map((value) => round(value, 2)),
    mails: sink.count() - before.mails,
    bufferHitRatio: round(blocksHit / Math.max(1, blocksHit + blocksRead), 4),
  };
  const s = step;
  console.log(
    `  ${String(rate).padStart(5)}/s → ${s.achieved.toFixed(0).padStart(5)}/s  p50 ${s.p50.toFixed(1)}  p90 ${s.p90.toFixed(1)}  ` +
      `p99 ${s.p99.toFixed(1)}  max ${s.max.toFixed(1)} ms  failures ${s.failures}` +
      `${s.failures ? ` ${JSON.stringify(s.failureStatuses)}` : ''}  ${s.held ? 'held' : 'NOT held'} | ` +
      `CPU node ${s.instances.map((i) => i.cpuCores.toFixed(2)).join(' + ')}, pg ${s.databaseCores.toFixed(2)}, ` +
      `bench ${s.benchCores.toFixed(2)} cores, others ${(s.otherShare * 100).toFixed(0)} % | ` +
      `RSS ${s.instances.map((i) => i.rssMaxMb).join(' / ')} MB, heap ${s.instances.map((i) => i.heapUsedMb).join(' / ')} MB | ` +
      `load ${s.load.join(' ')} | canary p99 ${s.canaryP99} ms | ${s.cpuMsPerRequest} ms CPU/req ` +
      `(node ${s.nodeCpuMsPerRequest}, pg ${s.databaseCpuMsPerRequest}) | buffer hits ${(s.bufferHitRatio * 100).toFixed(1)} % | ` +
      `send lag p99 ${s.sendLagP99} ms`,
  );
  return step;
}

function roundAll<T extends Percentiles>(p: T): T {
  return { ...p, p50: round(p.p50), p90: round(p.p90), p99: round(p.p99), max: round(p.max) };
}

// ---------------------------------------------------------------------------------------------------------

interface Ceiling {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  seconds: number;
  connections: number;
  /** CPU of the bare server and of autocannon (the bench process), in cores. */
  serverCores: number;
  benchCores: number;
  otherShare: number;
}

async function measureCeiling(port: number, pid: number, options: MixOptions): Promise<Ceiling> {
  const url = `http://127.0.0.1:${port}/json`;
  // A short warm-up lets V8 optimise the route first.
  await autocannon({
    url,
    connections: options.ceilingConnections,
    duration: Math.min(3, options.ceilingSeconds),
  });
  const before = {
    at: performance.now(),
    server: cpuSeconds(pid) ?? 0,
    bench: process.cpuUsage(),
    machine: machineBusySeconds(),
  };
  const result = await autocannon({
    url,
    connections: options.ceilingConnections,
    duration: options.ceilingSeconds,
  });
  const wall = (performance.now() - before.at) / 1000;
  const server = (cpuSeconds(pid) ?? 0) - before.server;
  const benchUsage = process.cpuUsage(before.bench);
  const bench = (benchUsage.user + benchUsage.system) / 1e6;
  const other = machineBusySeconds() - before.machine - server - bench;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts + result.non2xx,
    seconds: result.duration,
    connections: options.ceilingConnections,
    serverCores: round(server / wall, 2),
    benchCores: round(bench / wall, 2),
    otherShare: round(Math.max(0, other) / (wall * cpus().length), 3),
  };
}

/** Waits until the outbox has nothing due (e.g. the day's guarantee reminders queued at the first start). */
async function drainOutbox(monitor: pg.Client, sink: { count: () => number }): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  let reported = -1;
  // Each instance checks a minute after it starts whether the day's guarantee reminders are due (from 7:00 in
  // Poland; apps/server/src/jobs/guarantee-reminders.ts): at the first start of a day that run queues e-mail
  // (1,500 on the 21st), which must be sent before anything is measured.
  const now = new Date();
  const inPoland = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw', ...options }).format(now);
  if (Number(inPoland({ hour: '2-digit', hourCycle: 'h23' })) >= 7) {
    const runKey = `guarantee-reminders:${inPoland({ year: 'numeric', month: '2-digit', day: '2-digit' })}`;
    for (let waited = 0; ; waited += 2) {
      const { rows } = await monitor.query<{ status: string }>(
        `SELECT status FROM job_runs WHERE run_key = $1`,
        [runKey],
      );
      if (rows[0] && rows[0].status !== 'running') break;
      if (waited === 0) console.log(`  waiting for the day's guarantee reminders (${runKey})`);
      if (waited > 120) throw new Error(`${runKey} has not finished 2 minutes after the start`);
      await sleep(2000);
    }
  }
  for (;;) {
    const { rows } = await monitor.query<{ due: number; running: number }>(
      `SELECT (SELECT count(*)::int FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL) AS due,
              (SELECT count(*)::int FROM job_runs WHERE status = 'running'
                  AND started_at > now() - interval '1 hour') AS running`,
    );
    const { due, running } = rows[0]!;
    if (due === 0 && running === 0) return;
    if (Date.now() > deadline) throw new Error(`the outbox still holds ${due} messages after 10 minutes`);
    if (due !== reported)
      console.log(`  waiting for the outbox: ${due} messages to send (${sink.count()} sent)`);
    reported = due;
    await sleep(2000);
  }
}

function uptimeLine(): string {
  const seconds = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
  return `up ${Math.floor(seconds / 60)} min, load average ${loadavg()
    .map((v) => v.toFixed(2))
    .join(', ')}`;
}

function stepTable(steps: readonly StepFigures[], target: number): string {
  const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [
    row([
      'offered req/s',
      'answered req/s',
      'p50 ms',
      'p90 ms',
      'p99 ms',
      'max ms',
      'failures',
      `p99 < ${target} ms`,
      'canary p99 ms',
      'CPU ms/req (node + pg)',
      'CPU cores node A + B / pg / bench',
      'other work % CPU',
      'RSS MB A / B (max)',
      'heap MB A / B',
      'load (1 min)',
    ]),
    row(Array.from({ length: 15 }, (_, i) => (i === 7 ? ':---:' : '---:'))),
    ...[...steps]
      .sort((a, b) => a.rate - b.rate)
      .map((s) =>
        row([
          s.rate,
          s.achieved.toFixed(0),
          s.p50.toFixed(1),
          s.p90.toFixed(1),
          s.p99.toFixed(1),
          s.max.toFixed(1),
          s.failures,
          s.held ? 'yes' : '**no**',
          s.canaryP99.toFixed(1),
          `${s.cpuMsPerRequest.toFixed(2)} (${s.nodeCpuMsPerRequest.toFixed(2)} + ${s.databaseCpuMsPerRequest.toFixed(2)})`,
          `${s.instances.map((i) => i.cpuCores.toFixed(2)).join(' + ')} / ${s.databaseCores.toFixed(2)} / ${s.benchCores.toFixed(2)}`,
          (s.otherShare * 100).toFixed(0),
          s.instances.map((i) => i.rssMaxMb).join(' / '),
          s.instances.map((i) => i.heapUsedMb).join(' / '),
          s.load[0]!.toFixed(2),
        ]),
      ),
  ].join('\n');
}

function kindTable(step: StepFigures): string {
  const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  const total = step.responses + step.failures;
  return [
    row(['request', 'share %', 'answers', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'failures']),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
    ...step.kinds.map((k) =>
      row([
        k.name,
        (((k.responses + k.failures) / Math.max(1, total)) * 100).toFixed(1),
        k.responses,
        k.p50.toFixed(1),
        k.p90.toFixed(1),
        k.p99.toFixed(1),
        k.max.toFixed(1),
        k.failures,
      ]),
    ),
  ].join('\n');
}

/**
 * Issue 17: each kind traced at low load, a fixed-rate step with CPU profiles of the instances, and the traced
 * SQL replayed alone at the connections the portal held (bench/load/mix-profile.ts).
 */
async function profileRun(
  load: Load,
  monitor: pg.Client,
  sink: { count: () => number },
  options: MixOptions,
) {
  const random = seeded(7);
  console.log(
    `  tracing each kind ${options.tracePerKind} times, one request at a time, on :${load.ports[0]}`,
  );
  const traced = await traceKinds(
    load.servers[0]!,
    load,
    (kind, user) => kind.make(load.data, user, random),
    options.tracePerKind,
  );
  console.log(
    `\n${traceTable(traced)}\n\nRound trips per request of the mix: ${traced.roundTripsPerRequest}\n`,
  );

  console.log(`  profiled step at ${options.profileRate} req/s`);
  let profiles: Awaited<ReturnType<typeof startProfiles>> | null = null;
  const starting = setTimeout(() => {
    void startProfiles(load.servers).then((started) => (profiles = started));
  }, options.warmup * 1000);
  const costs = await statementCosts(monitor);
  const step = await measureStep(load, monitor, sink, options.profileRate, options);
  clearTimeout(starting);
  const statements = costs ? await costs.top() : [];
  if (statements.length)
    console.log(
      `\nPostgreSQL statements by time at ${options.profileRate} req/s:\n\n${statementTable(statements)}\n`,
    );
  const connections = await portalConnections(monitor);
  const instances = profiles
    ? await (profiles as Awaited<ReturnType<typeof startProfiles>>).stop(
        step.instances.map((i) => i.responses),
        options.profileRate,
      )
    : [];
  console.log(
    `\nCPU of each instance at ${options.profileRate} req/s, by category:\n\n${profileTable(instances)}\n`,
  );
  for (const instance of instances)
    console.log(
      `Top functions by own time on :${instance.port} (${instance.file}):\n` +
        instance.summary.topFunctions
          .map((f) => `  ${f.share.toFixed(1).padStart(5)} %  ${f.name}  ${f.where}`)
          .join('\n'),
    );

  console.log(
    `\n  database-only ceiling: the traced statements over ${connections} connections for ${options.replaySeconds} s`,
  );
  const ceiling = await databaseCeiling(traced.traces, Math.max(1, connections), options.replaySeconds);
  console.log(
    `  database-only ceiling ${ceiling.requestsPerSecond} req/s (${ceiling.statementsPerSecond} statements/s) over ` +
      `${ceiling.connections} connections; PostgreSQL ${ceiling.databaseCpuMsPerRequest} ms CPU per request ` +
      `(${ceiling.databaseCores} cores); ${ceiling.errors} statements failed` +
      ceiling.errorReasons.map((e) => `\n    ${e.count}× ${e.reason}`).join(''),
  );
  return {
    rate: options.profileRate,
    step,
    kinds: traced.kinds,
    roundTripsPerRequest: traced.roundTripsPerRequest,
    instances: instances.map(({ summary, ...rest }) => ({ ...rest, ...summary })),
    databaseCeiling: ceiling,
    statements,
  };
}

export async function runMix(options: MixOptions): Promise<void> {
  console.log(
    `Mix (issue 6): ${options.customers} customers + ${options.staff} staff on two instances ` +
      `(ports ${options.ports.join(', ')}), steps ${options.rates.join(', ')} req/s, ${options.warmup} s warm-up + ` +
      `${options.duration} s each; target p99 < ${options.targetP99Ms} ms and no failures. Machine: ${uptimeLine()}.`,
  );
  const data = await loadMixData(options.customers, options.staff);
  const sink = await startSmtpSink(options.smtpPort);
  const monitor = new pg.Client({ connectionString: databaseUrl() });
  await monitor.connect();
  const { rows: settings } = await monitor.query<{ name: string; setting: string }>(
    `SELECT name, current_setting(name) AS setting FROM unnest($1::text[]) AS name`,
    [['shared_buffers', 'effective_cache_size', 'work_mem', 'jit', 'max_connections']],
  );
  const postgresSettings = Object.fromEntries(settings.map((row) => [row.name, row.setting]));
  console.log(
    `  PostgreSQL at ${new URL(databaseUrl()).host}: ${settings.map((row) => `${row.name} ${row.setting}`).join(', ')}`,
  );
  const servers: Portal[] = [];
  let bare: ChildProcess | null = null;
  const agents = options.ports.map(() => new http.Agent({ keepAlive: true, maxSockets: 256 }));
  try {
    for (const port of options.ports)
      servers.push(
        await startBenchServer(port, {
          probe: true,
          nodeOptions: options.nodeOptions,
          env: {
            ...(options.poolMax === undefined ? {} : { DATABASE_POOL_MAX: String(options.poolMax) }),
            SMTP_URL: `smtp://127.0.0.1:${options.smtpPort}`,
            // Every sign-in of the bench comes from 127.0.0.1, all before the measured steps.
            RATE_LIMIT_IP_FACTOR: '1000',
          },
        }),
      );
    await drainOutbox(monitor, sink);

    // 1. The ceiling: bare Fastify, the two instances idle beside it.
    bare = await startBare(options.barePort);
    const ceiling = await measureCeiling(options.barePort, bare.pid!, options);
    await stopChild(bare);
    bare = null;
    console.log(
      `  ceiling: bare Fastify GET /json ${ceiling.requestsPerSecond} req/s (autocannon, ${ceiling.connections} ` +
        `connections, ${ceiling.seconds} s; p50 ${ceiling.p50} p99 ${ceiling.p99} ms, errors ${ceiling.errors}; ` +
        `CPU server ${ceiling.serverCores} + autocannon ${ceiling.benchCores} cores, others ${(ceiling.otherShare * 100).toFixed(0)} %)`,
    );

    // 2. Everyone signs in once, before anything is measured (argon2 is CPU-heavy by design).
    const signInStarted = performance.now();
    const signInAll = async (emails: string[]) => {
      const sessions: Session[] = new Array(emails.length);
      let next = 0;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < emails.length) {
            const i = next++;
            sessions[i] = await signIn(servers[i % servers.length]!.baseUrl, emails[i]!, BENCH_PASSWORD);
          }
        }),
      );
      return sessions;
    };
    const load: Load = {
      data,
      customers: await signInAll(data.customers.map((c) => c.email)),
      staff: await signInAll(data.staff),
      servers,
      ports: options.ports,
      agents,
    };
    console.log(
      `  signed in ${load.customers.length} customers and ${load.staff.length} staff in ` +
        `${((performance.now() - signInStarted) / 1000).toFixed(1)} s; RSS ${servers.map((s) => s.rssMb()).join(' / ')} MB`,
    );
    await checkKinds(load);
    const profiled = options.profile ? await profileRun(load, monitor, sink, options) : null;

    // 3. The steps, then bisection between the last that held and the first that did not.
    const watch = watchProcesses();
    const runStarted = performance.now();
    const steps: StepFigures[] = [];
    let failedAt: number | null = null;
    for (const rate of options.rates) {
      const step = await measureStep(load, monitor, sink, rate, options);
      steps.push(step);
      if (!step.held) {
        failedAt = rate;
        break;
      }
    }
    const heldRates = () => steps.filter((s) => s.held).map((s) => s.rate);
    for (let i = 0; i < options.refine && failedAt !== null; i++) {
      const low = Math.max(0, ...heldRates());
      const rate = Math.round((low + failedAt) / 2 / 10) * 10;
      if (rate <= low || rate >= failedAt) break;
      const step = await measureStep(load, monitor, sink, rate, options);
      steps.push(step);
      if (!step.held) failedAt = rate;
    }
    const runSeconds = (performance.now() - runStarted) / 1000;
    const ours = new Set([process.pid, ...servers.map((s) => s.pid)]);
    const others = watch.stop(ours, runSeconds);

    const sustained = Math.max(0, ...steps.filter((s) => s.held).map((s) => s.rate));
    // The per-request table and memory of the highest step that held, or of the lowest step when none did.
    const chosen =
      steps.find((s) => s.rate === sustained && s.held) ??
      [...steps].sort((a, b) => a.rate - b.rate)[0] ??
      null;
    const ratio = sustained / ceiling.requestsPerSecond;
    console.log(`\n${stepTable(steps, options.targetP99Ms)}\n`);
    if (chosen)
      console.log(
        `Per request at ${chosen.rate} req/s${chosen.held ? '' : ' (did NOT hold)'}:\n\n${kindTable(chosen)}\n`,
      );
    console.log(
      `Sustainable: ${sustained} req/s with p99 < ${options.targetP99Ms} ms and no failures; ` +
        `bare Fastify ceiling ${ceiling.requestsPerSecond} req/s; ratio ${(ratio * 100).toFixed(2)} % ` +
        `${ratio > 0 ? `(1 : ${(1 / ratio).toFixed(0)})` : ''}.`,
    );
    if (chosen)
      console.log(
        `Memory per instance at ${chosen.rate} req/s: ` +
          chosen.instances
            .map(
              (i) =>
                `:${i.port} RSS ${i.rssMb} MB (max ${i.rssMaxMb}), heap ${i.heapUsedMb}/${i.heapTotalMb} MB, external ${i.externalMb} MB`,
            )
            .join('; '),
      );
    console.log(
      `Other processes during the steps (${runSeconds.toFixed(0)} s), CPU cores: ` +
        (others.length ? others.map((p) => `${p.name} ${p.cores}`).join('; ') : 'none above 0.02') +
        `. Machine after the run: ${uptimeLine()}.`,
    );

    await writeFigures('mix', monitor, {
      options,
      postgresSettings,
      mix: MIX_KINDS.map(({ name, role, weight, write }) => ({ name, role, weight, write: !!write })),
      ceiling,
      sustainedRequestsPerSecond: sustained,
      ratioToCeiling: ratio,
      steps,
      otherProcesses: others,
      ...(profiled ? { profile: profiled } : {}),
    });
  } finally {
    if (bare) await stopChild(bare);
    for (const agent of agents) agent.destroy();
    await monitor.end();
    await sleep(500);
    await Promise.all(servers.map((s) => s.stop()));
    await sink.close();
  }
}
