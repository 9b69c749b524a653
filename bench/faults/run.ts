/**
 * npm run faults -- <db-outage|db-crash|smtp-outage|disk-full|sigkill|all> [--keep-cluster] [--clean]
 *
 * Fault scenarios against the real server (docs/reliability.md). Each starts what it needs itself: a
 * PostgreSQL cluster of its own on 127.0.0.1:55432 (FAULTS_PG_PORT) under /tmp/care-faults (FAULTS_DIR), server
 * processes on ports 3270–3279, SMTP sinks on 2525–2529 (FAULTS_PORT_BASE=<n>: all on n…n+9), a tmpfs for disk-full. Run as root (pg_ctl runs as the
 * postgres user; mount needs root). Prints a table per scenario, writes bench/results/faults/<scenario>.json and
 * exits 1 when a scenario's expectations failed. Not part of CI.
 */
import { rmSync } from 'node:fs';
import { dbOutage, dbOutageDefaults } from './db-outage.ts';
import { diskFull } from './disk-full.ts';
import { FAULTS_DIR } from './paths.ts';
import { stopPostgres } from './postgres.ts';
import { sigkill } from './sigkill.ts';
import { smtpOutage } from './smtp-outage.ts';

const SCENARIOS: Record<string, () => Promise<string[]>> = {
  'db-outage': () => dbOutage(),
  // The same with PostgreSQL crashing (pg_ctl -m immediate: no clean shutdown, crash recovery at start).
  'db-crash': () => dbOutage({ ...dbOutageDefaults, mode: 'immediate' }),
  'smtp-outage': () => smtpOutage(),
  'disk-full': () => diskFull(),
  sigkill: () => sigkill(),
};

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const names = args.filter((a) => !a.startsWith('--'));
  const chosen = names.length === 0 || names.includes('all') ? Object.keys(SCENARIOS) : names;
  const unknown = chosen.filter((name) => !SCENARIOS[name]);
  if (unknown.length > 0 || names.length === 0) {
    console.error(
      `usage: npm run faults -- <${Object.keys(SCENARIOS).join('|')}|all> [--keep-cluster] [--clean]`,
    );
    return 2;
  }
  const outcome: Record<string, string[]> = {};
  try {
    for (const name of chosen) {
      console.log(`\n=== ${name} ===`);
      const started = performance.now();
      try {
        outcome[name] = await SCENARIOS[name]!();
      } catch (error) {
        outcome[name] = [`the scenario threw: ${(error as Error).stack ?? String(error)}`];
      }
      console.log(`  (${Math.round((performance.now() - started) / 1000)} s)`);
    }
  } finally {
    if (!args.includes('--keep-cluster')) stopPostgres('fast');
    if (args.includes('--clean')) rmSync(FAULTS_DIR, { recursive: true, force: true });
  }
  console.log('\n=== outcome ===');
  let failed = 0;
  for (const [name, failures] of Object.entries(outcome)) {
    console.log(`  ${name}: ${failures.length === 0 ? 'PASS' : 'FAIL'}`);
    for (const failure of failures) console.log(`    - ${failure}`);
    if (failures.length > 0) failed++;
  }
  return failed > 0 ? 1 : 0;
}

process.exitCode = await main();
