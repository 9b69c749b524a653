/**
 * The machine import at docs/design.md's scale on PostgreSQL (docs/perf.md "Machines from the ERP"):
 *
 *   npm run bench:machines [-- --rows=300000]
 *
 * Generates a CSV of `rows` machines (1% with an owner's e-mail), then times, in a fresh database
 * (care_bench_machines on BENCH_PG_URL): the first import, the same file again (nothing changes), and a file with
 * 10% of the rows changed (status and guarantee date; owners of changed machines are e-mailed). Peak RSS is
 * sampled to show that the file is streamed, not held. Kept out of `npm test` and CI.
 */
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { importMachines } from '../../apps/server/src/features/machine-import/machine-import.service.ts';
import { adminUrl } from '../support/config.ts';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '300000' } } });
const ROWS = Number(values.rows);
const CUSTOMERS = 1000;
const DATABASE = 'care_bench_machines';
const STATUSES = ['W', 'I', 'R', 'G', 'M'];

async function admin(text: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Writes the CSV row by row (`changedEvery`: every n-th row gets another status and guarantee end). */
async function writeCsv(path: string, changedEvery: number | null) {
  const out = createWriteStream(path);
  out.write('\uFEFFserial_number;model_name;purchase_date;guarantee_end_date;status;dealer;owner_email\r\n');
  for (let i = 0; i < ROWS; i++) {
    const changed = changedEvery !== null && i % changedEvery === 0;
    const year = 2020 + (i % 6);
    const status = changed ? 'G' : STATUSES[i % STATUSES.length];
    const end = changed ? `${year + 3}-06-30` : `${year + 2}-03-31`;
    const owner = i % 100 === 10 ? `owner${i % CUSTOMERS}@bench.example` : '';
    const line = `BM-${String(i).padStart(7, '0')};Kombajn AM-${500 + (i % 7) * 10};${String((i % 28) + 1).padStart(2, '0')}.03.${year};${end};${status};Dealer ${i % 40}, Sp. z o.o.;${owner}\r\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/**
 * CPU seconds the database's server processes for DATABASE have used (Linux /proc, clock ticks of 1/100 s): with
 * Node's own CPU it tells the work apart from the waiting on a machine shared with others.
 */
async function pgCpuSeconds(monitor: pg.Client): Promise<number> {
  const { rows } = await monitor.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [DATABASE],
  );
  let ticks = 0;
  for (const { pid } of rows) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Not on Linux, or the process has ended.
    }
  }
  return ticks / 100;
}

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100);

const dir = await mkdtemp(join(tmpdir(), 'care-bench-machines-'));
await admin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
await admin(`CREATE DATABASE ${DATABASE}`);
const url = new URL(adminUrl);
url.pathname = `/${DATABASE}`;
const database = await openDatabase({ url: url.toString(), dataDir: '', poolMax: 4 });
try {
  await migrate(database);
  // The owners the file names: active customers, half of them with status e-mails turned off.
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query(`
    INSERT INTO users (email, password_hash, status, role, first_name, last_name)
    SELECT 'owner' || n || '@bench.example', 'x', 'active', 'customer', 'Jan', 'Kowalski'
    FROM generate_series(0, ${CUSTOMERS - 1}) n`);
  await client.query(`
    INSERT INTO user_settings (user_id, broad_value, key, value)
    SELECT id, '', 'notifications.state-change', 'false'::jsonb FROM users WHERE id % 2 = 0`);
  await client.end();
  const monitor = new pg.Client({ connectionString: url.toString() });
  await monitor.connect();

  const original = join(dir, 'machines.csv');
  const changed = join(dir, 'machines-changed.csv');
  await writeCsv(original, null);
  await writeCsv(changed, 10);
  const size = (await stat(original)).size;
  console.log(`${ROWS} rows, ${(size / 1024 / 1024).toFixed(1)} MB per file`);

  const links = { brand: 'AgroMech', publicUrl: 'http://localhost:3000', basePath: '' };
  const figures: string[] = [];
  for (const [label, path] of [
    ['fresh import', original],
    ['same file again', original],
    ['10% of rows changed', changed],
  ] as const) {
    peakRss = process.memoryUsage().rss;
    const cpu = process.cpuUsage();
    const pgBefore = await pgCpuSeconds(monitor);
    const started = performance.now();
    const outcome = await importMachines(database.db, createReadStream(path), {
      fileName: 'machines.csv',
      dryRun: false,
      actor: { id: null, email: 'cli' },
      links,
    });
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const nodeCpu = (used.user + used.system) / 1e6;
    const pgCpu = (await pgCpuSeconds(monitor)) - pgBefore;
    if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome.import.problems.slice(0, 3))}`);
    const s = outcome.import.summary!;
    figures.push(
      `| ${label} | ${seconds.toFixed(1)} s | ${nodeCpu.toFixed(1)} s | ${pgCpu.toFixed(1)} s | ${loadavg()[0]!.toFixed(1)} | ${s.created} | ${s.changed} | ${s.unchanged} | ${s.assigned} | ${s.notified} | ${Math.round(peakRss / 1024 / 1024)} MB |`,
    );
    console.log(figures.at(-1));
  }
  // The machine's load beside the time: on a shared machine the wall clock says more about the neighbours.
  console.log(
    '\n| run | time | Node CPU | PostgreSQL CPU | load (1 min) | new | changed | unchanged | assigned | notified | peak RSS |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const line of figures) console.log(line);
  await monitor.end();
} finally {
  clearInterval(sampler);
  await database.close();
  await admin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await rm(dir, { recursive: true, force: true });
}
