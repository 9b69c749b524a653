import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';

/**
 * The bench's own PostgreSQL cluster (issue 17): the shared cluster on 5432 serves the tests with its defaults
 * and stays as it is, while the bench measures the portal on the settings docs/operations.md gives production.
 * Debian's cluster tools make it (postgresql-common: pg_createcluster, pg_ctlcluster), as an operator would:
 *
 *   npm run bench -- cluster                       # create (once) and start 15/care-bench on 5433, production settings
 *   npm run bench -- cluster --settings=defaults   # the same cluster with PostgreSQL's defaults (to compare)
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5433/postgres npm run bench -- mix --profile
 */

export const BENCH_CLUSTER_NAME = 'care-bench';
export const BENCH_CLUSTER_PORT = 5433;

/**
 * docs/operations.md "PostgreSQL memory": for a database server with 24 GB of memory and SSD storage, the
 * portal's database (about 8 GB at docs/design.md's scale) and up to a few dozen connections from the pools.
 */
export const PRODUCTION_SETTINGS: Record<string, string> = {
  // A quarter of the memory: the hot tables and indexes (sessions, requests, chat pages, the catalogue) stay here.
  shared_buffers: '6GB',
  // What the planner may assume the OS caches besides: shared_buffers plus most of the rest of the memory.
  effective_cache_size: '16GB',
  // Per sort or hash of one statement; the portal's largest (the insight counts, the part search) fit in 16 MB.
  work_mem: '16MB',
  maintenance_work_mem: '1GB',
  // SSD: a random read costs little more than a sequential one.
  random_page_cost: '1.1',
  effective_io_concurrency: '200',
  // The portal's statements are short: compiling one to machine code costs more than it saves.
  jit: 'off',
};

const quiet = { stdio: ['ignore', 'pipe', 'pipe'] as ['ignore', 'pipe', 'pipe'] };

function postgresVersion(): string {
  const versions = readdirSync('/usr/lib/postgresql').filter((v) => /^\d+$/.test(v));
  if (versions.length === 0) throw new Error('no PostgreSQL under /usr/lib/postgresql');
  return versions.sort((a, b) => Number(b) - Number(a))[0]!;
}

/** Creates the cluster once, writes its settings (production's, or none for PostgreSQL's defaults) and (re)starts it. */
export function ensureBenchCluster(settings: 'production' | 'defaults'): string {
  const version = postgresVersion();
  const confDir = `/etc/postgresql/${version}/${BENCH_CLUSTER_NAME}`;
  if (!existsSync(confDir)) {
    execFileSync(
      'pg_createcluster',
      [
        version,
        BENCH_CLUSTER_NAME,
        '--port',
        String(BENCH_CLUSTER_PORT),
        '--',
        '--auth-local=trust',
        '--auth-host=trust',
      ],
      quiet,
    );
  }
  const lines = [
    '# Written by bench/support/cluster.ts: the bench cluster only, never the shared test cluster.',
    `listen_addresses = '127.0.0.1'`,
    `port = ${BENCH_CLUSTER_PORT}`,
    ...(settings === 'production'
      ? Object.entries(PRODUCTION_SETTINGS).map(([name, value]) => `${name} = '${value}'`)
      : []),
    // What each statement costs, for the mix's --profile (bench/load/mix-profile.ts): a monitoring extension
    // production may run too; its cost is a few per cent of statement time.
    `shared_preload_libraries = 'pg_stat_statements'`,
    `pg_stat_statements.track_planning = on`,
  ];
  writeFileSync(`${confDir}/conf.d/90-bench.conf`, `${lines.join('\n')}\n`);
  const running = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' })
    .split('\n')
    .some((line) => line.startsWith(`${version} ${BENCH_CLUSTER_NAME} `) && line.includes('online'));
  execFileSync(
    'pg_ctlcluster',
    ['--skip-systemctl-redirect', version, BENCH_CLUSTER_NAME, running ? 'restart' : 'start'],
    quiet,
  );
  return `postgres://postgres@127.0.0.1:${BENCH_CLUSTER_PORT}/postgres`;
}
