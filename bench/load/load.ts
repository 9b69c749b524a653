import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_PASSWORD, databaseUrl, type LoadOptions, TARGET_P99_MS } from '../support/config.ts';
import { cpuBetween, cpuSnapshot } from './cpu-usage.ts';
import { figuresTables, latencyFigures, type ScenarioFigures } from './figures.ts';
import { paced, type Sample } from './paced.ts';
import { catalogQueries, catalogScenarios } from './catalog-scenarios.ts';
import { insightScenarios, insightTargets } from './insight-scenarios.ts';
import { loadScenarios, type Scenario } from './scenarios.ts';
import { type Portal, signIn, startBenchServer } from '../support/portal.ts';
import { writeFigures } from '../support/results.ts';

/** Five probes of /readyz, each every 100 ms on average. */
const CANARY_PATHS = Array.from({ length: 5 }, () => ({ email: '', path: '/readyz' }));

async function withClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function checkAnswers(
  baseUrl: string,
  scenario: Scenario,
  cookies: Map<string, string>,
): Promise<void> {
  // Each user's first path and a few of the rest: checking all of them would also fill the server's caches.
  for (const { email, path: first, more = [] } of scenario.paths)
    for (const path of [first, ...more.filter((_, i) => i % 50 === 49)]) {
      const cookie = cookies.get(email);
      const response = await fetch(`${baseUrl}${path}`, { headers: cookie ? { cookie } : {} });
      const body: unknown = await response.json();
      if (!response.ok || !scenario.check(body))
        throw new Error(
          `${scenario.name}: ${path} as ${email || 'a visitor'} answered ${response.status} ${JSON.stringify(body).slice(0, 500)}`,
        );
    }
}

/** autocannon with one connection per user, each sending its next request as soon as the last one returns. */
function saturate(
  baseUrl: string,
  scenario: Scenario,
  cookies: Map<string, string>,
  seconds: number,
): Promise<Sample> {
  const latencies: number[] = [];
  let next = 0;
  return new Promise((done, fail) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections: scenario.paths.length,
        duration: seconds,
        setupClient(client) {
          const { email, path, more = [] } = scenario.paths[next++ % scenario.paths.length]!;
          const cookie = cookies.get(email);
          const headers = cookie ? { cookie } : {};
          client.setRequests([path, ...more].map((p) => ({ method: 'GET' as const, path: p, headers })));
        },
      },
      (error: unknown, result) =>
        error
          ? fail(error)
          : done({
              latencies,
              failures: result.non2xx + result.errors + result.timeouts,
              seconds: result.duration,
            }),
    );
    // Per-response times in ms with sub-millisecond precision (autocannon's own histogram rounds to 1 ms).
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
}

async function measure(
  server: Portal,
  monitor: pg.Client,
  scenario: Scenario,
  cookies: Map<string, string>,
  options: LoadOptions,
): Promise<ScenarioFigures> {
  let rssMb = 0;
  const sampler = setInterval(() => (rssMb = Math.max(rssMb, server.rssMb())), 500);
  try {
    await saturate(server.baseUrl, scenario, cookies, options.warmup);
    // The canary asks for /readyz (one `SELECT 1`, no session) beside the users: when it is slow too in the
    // same window, the time went to waiting for a CPU, not to the endpoint's queries.
    const canary: Scenario = { name: 'canary', paths: CANARY_PATHS, check: () => true };
    const [pacedSample, canarySample] = await Promise.all([
      paced(server.baseUrl, scenario, cookies, options.duration, options.thinkMs),
      paced(server.baseUrl, canary, cookies, options.duration, 100),
    ]);
    const before = await cpuSnapshot(monitor, server.pid);
    const saturatedSample = await saturate(server.baseUrl, scenario, cookies, options.duration);
    const cpu = cpuBetween(before, await cpuSnapshot(monitor, server.pid));
    const saturated = latencyFigures(saturatedSample);
    const figures: ScenarioFigures = {
      name: scenario.name,
      targetP99Ms: scenario.targetP99Ms ?? TARGET_P99_MS,
      paced: latencyFigures(pacedSample),
      canary: latencyFigures(canarySample),
      saturated,
      serverCpuMs: (cpu.server * 1000) / Math.max(1, saturated.responses),
      databaseCpuMs: (cpu.database * 1000) / Math.max(1, saturated.responses),
      otherCpuShare: cpu.otherShare,
      load1: loadavg()[0]!,
      rssMb: Math.max(rssMb, server.rssMb()),
    };
    const { paced: p, saturated: s } = figures;
    console.log(
      `  ${scenario.name.padEnd(42)} users: p50 ${p.p50.toFixed(1)} p99 ${p.p99.toFixed(1)} ms ` +
        `(${p.requestsPerSecond.toFixed(0)}/s, canary p99 ${figures.canary.p99.toFixed(1)}) | saturated: p50 ${s.p50.toFixed(1)} p99 ${s.p99.toFixed(1)} ms ` +
        `${s.requestsPerSecond.toFixed(0)}/s, CPU ${figures.serverCpuMs.toFixed(2)} + ${figures.databaseCpuMs.toFixed(2)} ` +
        `ms/req | failures ${p.failures + s.failures}, others ${(figures.otherCpuShare * 100).toFixed(0)} %, ` +
        `load ${figures.load1.toFixed(2)}`,
    );
    return figures;
  } finally {
    clearInterval(sampler);
  }
}

export async function runLoad(options: LoadOptions): Promise<ScenarioFigures[]> {
  console.log(
    `Load: ${options.connections} users; per endpoint ${options.warmup} s warm-up, ${options.duration} s of users ` +
      `thinking ${options.thinkMs} ms on average, ${options.duration} s saturated.`,
  );
  const { scenarios: accountScenarios, listUsers, chatTargets } = await loadScenarios(options.connections);
  const insight = await withClient((client) => insightTargets(client, options.connections));
  const scenarios = [
    ...accountScenarios,
    ...catalogScenarios(await catalogQueries(options.connections)),
    ...insightScenarios(insight, options.connections),
  ];
  const chosen = scenarios.filter(
    (s) => !options.only.length || options.only.some((o) => s.name.includes(o)),
  );
  const server = await startBenchServer(options.port);
  const monitor = new pg.Client({ connectionString: databaseUrl() });
  await monitor.connect();
  try {
    const cookies = new Map<string, string>();
    const signingIn = new Set(chosen.flatMap((scenario) => scenario.paths.map((p) => p.email)));
    for (const email of [...listUsers, ...chatTargets].map((user) => user.email).concat(insight.staff))
      if (signingIn.has(email) && !cookies.has(email))
        cookies.set(email, (await signIn(server.baseUrl, email, BENCH_PASSWORD)).cookie);
    console.log(`  signed in ${cookies.size} customers and staff; the server's RSS is ${server.rssMb()} MB`);
    const results: ScenarioFigures[] = [];
    for (const scenario of chosen) {
      await checkAnswers(server.baseUrl, scenario, cookies);
      results.push(await measure(server, monitor, scenario, cookies, options));
    }
    console.log(`\n${figuresTables(results)}\n`);
    await writeFigures('load', monitor, { options, listUsers, chatTargets, results });
    return results;
  } finally {
    await monitor.end();
    // autocannon reports when its time is up, not when the last answers arrived: let those finish first.
    await sleep(2000);
    await server.stop();
  }
}
