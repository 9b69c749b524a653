import { writeFileSync } from 'node:fs';
import { StaffQueueQuerySchema } from '@care/contract/staff';
import pg from 'pg';
import { countWaiting } from '../../apps/server/src/features/staff/staff-desk.service.ts';
import { listQueue } from '../../apps/server/src/features/staff/staff-queue.service.ts';
import type { Actor } from '../../apps/server/src/plugins/session.ts';
import { type Case, explainCase } from '../plans/explain.ts';
import { databaseUrl } from '../support/config.ts';
import { resultsFile } from '../support/results.ts';
import { DESK_KINDS, loadDeskData } from './desk-scenario.ts';

/**
 * `npm run bench -- desk --explain`: EXPLAIN (ANALYZE, BUFFERS) of the statements behind each of the desk's kinds
 * (desk-scenario.ts), as the first bench staff member sends them, on a warm cache (bench/plans/explain.ts's way).
 */
export async function explainDesk(): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl(), max: 2 });
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  const report: string[] = [];
  try {
    const { rows } = await client.query<{ id: number; email: string }>(
      `SELECT id::int, email FROM users WHERE email = 'service1@bench.example'`,
    );
    if (!rows[0]) throw new Error('care_bench has no service1@bench.example: generate it first');
    const actor: Actor = {
      id: rows[0].id,
      sessionId: 0,
      sessionExpiresAt: new Date(8.64e15),
      role: 'service',
      email: rows[0].email,
      firstName: '',
      lastName: '',
      language: 'pl',
      authorities: [],
    };
    const data = await loadDeskData(client);
    const cases: Case[] = DESK_KINDS.map((kind) => {
      const url = new URL(kind.make(data, () => 0.5).path, 'http://bench');
      if (url.pathname === '/api/staff/waiting') return { name: kind.name, run: (db) => countWaiting(db) };
      const query = StaffQueueQuerySchema.parse(Object.fromEntries(url.searchParams));
      return { name: `${kind.name} (${url.search || 'defaults'})`, run: (db) => listQueue(db, actor, query) };
    });
    console.log('Desk plans (EXPLAIN ANALYZE on a warm cache): execution (planning) time of each statement');
    for (const testCase of cases) await explainCase(client, pool, testCase, report);
    const file = resultsFile('desk-explain', 'md');
    writeFileSync(file, report.join('\n'));
    console.log(`Plans written to ${file}`);
  } finally {
    await client.end();
    await pool.end();
  }
}
