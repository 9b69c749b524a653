/**
 * The benchmark of machines, service requests and chat at docs/design.md's scale on PostgreSQL (docs/perf.md).
 *
 *   npm run bench                      # generate care_bench if needed, then the load and the query plans
 *   npm run bench -- generate [--fresh] [--scale=1] [--only=catalog]
 *   npm run bench -- load [--duration=20] [--warmup=5] [--think=1000] [--connections=50] [--only=chat]
 *   npm run bench -- explain [--only=catalog]
 *   npm run bench -- mix [--rates=50,100,200] [--duration=30] [--warmup=5] [--ceiling=20] [--customers=200]
 *   npm run bench -- mix --smoke       # the same in about a minute with tiny steps, to check that it works
 *   npm run bench -- cluster [--settings=production|defaults]   # the bench's own PostgreSQL on 5433
 *   npm run bench -- desk [--staff=20] [--duration=120] [--warmup=15] [--think=1000] [--port=3196] [--smoke]
 *                                      # issue 18: the service staff working the queue on one instance
 *   npm run bench -- desk --explain    # the plans of the desk's statements
 *   npm run bench -- mix --profile [--profile-rate=200] [--instances=1|2] [--pool=N] [--heap-mb=160]
 *                                      # issue 17: round trips per kind, CPU profiles, the database-only ceiling
 *
 * `mix` (issue 6) is the realistic mix of customers and staff on two instances beside a bare Fastify's
 * ceiling (bench/load/mix.ts); it generates care_bench first when it is not there.
 *
 * `--only=catalog` generates, loads or explains only the parts catalogue (1M parts, 20k cards at scale 1;
 * generating it alone takes about 4 minutes and keeps the rest of care_bench).
 *
 * Long (generation about 8 minutes on 2 cores, the load about 8): kept out of `npm test` and CI.
 */
import { parseArgs } from 'node:util';
import { defaultLoadOptions, scaleOf } from './support/config.ts';
import { ensureCatalog, ensureGenerated } from './data/generate.ts';
import { explainAll } from './plans/explain.ts';
import { runLoad } from './load/load.ts';
import { defaultMixOptions, runMix, smokeMixOptions } from './load/mix.ts';
import { defaultDeskOptions, runDesk, smokeDeskOptions } from './load/desk.ts';
import { explainDesk } from './load/desk-explain.ts';
import { sizesTable } from './data/table-sizes.ts';
import { ensureBenchCluster } from './support/cluster.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    scale: { type: 'string', default: '1' },
    fresh: { type: 'boolean', default: false },
    duration: { type: 'string' },
    warmup: { type: 'string' },
    think: { type: 'string', default: String(defaultLoadOptions.thinkMs) },
    connections: { type: 'string', default: String(defaultLoadOptions.connections) },
    // Each command's own default (load 3190, desk 3196).
    port: { type: 'string' },
    only: { type: 'string', multiple: true, default: [] },
    // mix (bench/load/mix.ts); its --duration and --warmup default to the mix's own values.
    rates: { type: 'string' },
    ceiling: { type: 'string' },
    customers: { type: 'string' },
    refine: { type: 'string' },
    smoke: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    'profile-rate': { type: 'string' },
    instances: { type: 'string' },
    pool: { type: 'string' },
    'heap-mb': { type: 'string' },
    settings: { type: 'string', default: 'production' },
    // desk (bench/load/desk.ts)
    staff: { type: 'string' },
    explain: { type: 'boolean', default: false },
  },
});

const command = positionals[0] ?? 'all';
if (!['all', 'generate', 'load', 'explain', 'mix', 'cluster', 'desk'].includes(command)) {
  console.error(
    `Unknown command "${command}": use generate, load, explain, mix, cluster, desk or nothing (all).`,
  );
  process.exit(2);
}
if (command === 'cluster') {
  if (values.settings !== 'production' && values.settings !== 'defaults') {
    console.error('--settings is production or defaults');
    process.exit(2);
  }
  const url = ensureBenchCluster(values.settings);
  console.log(
    `The bench cluster runs with ${values.settings === 'production' ? "docs/operations.md's settings" : "PostgreSQL's defaults"}: BENCH_PG_URL=${url}`,
  );
  process.exit(0);
}

if (command === 'desk') {
  // Over care_bench as it is: the desk never generates (it stops when there is no finished generation).
  if (values.explain) {
    await explainDesk();
    process.exit(0);
  }
  const base = { ...defaultDeskOptions, ...(values.smoke ? smokeDeskOptions : {}) };
  await runDesk({
    staff: Number(values.staff ?? base.staff),
    duration: Number(values.duration ?? base.duration),
    warmup: Number(values.warmup ?? base.warmup),
    thinkMs: Number(values.think),
    port: Number(values.port ?? base.port),
  });
  process.exit(0);
}

const scale = scaleOf(Number(values.scale));
const onlyCatalog = values.only.length > 0 && values.only.every((only) => only.startsWith('catalog'));
const generation = onlyCatalog
  ? await ensureCatalog(scale, values.fresh)
  : await ensureGenerated(scale, values.fresh);
console.log(`\n${sizesTable(generation.tables)}\n`);

if (command === 'all' || command === 'load') {
  await runLoad({
    connections: Number(values.connections),
    duration: Number(values.duration ?? defaultLoadOptions.duration),
    warmup: Number(values.warmup ?? defaultLoadOptions.warmup),
    thinkMs: Number(values.think),
    port: Number(values.port ?? defaultLoadOptions.port),
    only: values.only,
  });
}
if (command === 'all' || command === 'explain') await explainAll({ onlyCatalog, only: values.only });
if (command === 'mix') {
  const base = { ...defaultMixOptions, ...(values.smoke ? smokeMixOptions : {}) };
  const number = (value: string | undefined, fallback: number) =>
    value === undefined ? fallback : Number(value);
  await runMix({
    ...base,
    rates: values.rates ? values.rates.split(',').map(Number) : base.rates,
    duration: number(values.duration, base.duration),
    warmup: number(values.warmup, base.warmup),
    ceilingSeconds: number(values.ceiling, base.ceilingSeconds),
    customers: number(values.customers, base.customers),
    refine: number(values.refine, base.refine),
    profile: values.profile,
    profileRate: number(values['profile-rate'], base.profileRate),
    ports: base.ports.slice(0, number(values.instances, base.ports.length)),
    poolMax: values.pool === undefined ? base.poolMax : Number(values.pool),
    nodeOptions: values['heap-mb'] ? [`--max-old-space-size=${Number(values['heap-mb'])}`] : base.nodeOptions,
  });
}
