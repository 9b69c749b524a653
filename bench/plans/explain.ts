import { writeFileSync } from 'node:fs';
import { ChatCommentsQuerySchema } from '@care/contract/chat';
import { MachineListQuerySchema } from '@care/contract/machines';
import { ServiceRequestListQuerySchema } from '@care/contract/service-requests';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../apps/server/src/db/client.ts';
import { listComments } from '../../apps/server/src/features/chat/chat.service.ts';
import { listOwnedMachines } from '../../apps/server/src/features/machines/machines.service.ts';
import {
  getServiceRequest,
  listOwnServiceRequests,
} from '../../apps/server/src/features/service-requests/service-requests.service.ts';
import type { Actor } from '../../apps/server/src/plugins/session.ts';
import { databaseUrl } from '../support/config.ts';
import { catalogCases } from './catalog-explain.ts';
import { insightCases } from '../load/insight-scenarios.ts';
import { pickChatTargets, pickListUsers } from '../load/scenarios.ts';
import { resultsFile } from '../support/results.ts';

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the exact SQL the server runs for each benchmarked endpoint: the service
 * functions are called with a drizzle whose logger keeps every statement and its parameters, which are then
 * explained on a warm cache for the heaviest user and for a median one.
 */

interface Captured {
  sql: string;
  params: unknown[];
}

export interface Case {
  name: string;
  run: (db: Db) => Promise<unknown>;
}

async function capture(pool: pg.Pool, run: Case['run']): Promise<Captured[]> {
  const statements: Captured[] = [];
  const db = drizzle(pool, { logger: { logQuery: (sql, params) => statements.push({ sql, params }) } });
  await run(db);
  return statements;
}

async function userId(client: pg.Client, email: string): Promise<number> {
  const { rows } = await client.query<{ id: number }>('SELECT id::int FROM users WHERE email = $1', [email]);
  return rows[0]!.id;
}

function customer(id: number, email: string): Actor {
  return {
    id,
    sessionId: 0,
    sessionExpiresAt: new Date(8.64e15),
    role: 'customer',
    email,
    firstName: '',
    lastName: '',
    language: 'pl',
    authorities: [],
  };
}

async function casesFor(client: pg.Client): Promise<Case[]> {
  const listUsers = await pickListUsers(client, 50);
  const [busiest] = await pickChatTargets(client, 1);
  const cases: Case[] = [];
  for (const [label, user] of [
    ['heaviest', listUsers[0]!],
    ['median', listUsers[Math.floor(listUsers.length * 0.7)]!],
  ] as const) {
    const actor = customer(await userId(client, user.email), user.email);
    const who = `${label} customer (${user.machines} machines, ${user.requests} requests)`;
    cases.push(
      {
        name: `machines, default page — ${who}`,
        run: (db) => listOwnedMachines(db, actor, MachineListQuerySchema.parse({})),
      },
      {
        name: `machines, sorted + filtered — ${who}`,
        run: (db) =>
          listOwnedMachines(
            db,
            actor,
            MachineListQuerySchema.parse({
              sort: 'guaranteeEndDate',
              order: 'asc',
              status: 'R,G,W',
              q: 'agromech',
            }),
          ),
      },
      {
        name: `service requests, default page — ${who}`,
        run: (db) => listOwnServiceRequests(db, actor, ServiceRequestListQuerySchema.parse({})),
      },
      {
        name: `service requests, open statuses — ${who}`,
        run: (db) =>
          listOwnServiceRequests(db, actor, ServiceRequestListQuerySchema.parse({ status: 'N,C,R,P,O,A' })),
      },
      {
        name: `service requests, by machine name, page 2 — ${who}`,
        run: (db) =>
          listOwnServiceRequests(
            db,
            actor,
            ServiceRequestListQuerySchema.parse({ sort: 'machineName', order: 'asc', page: '2' }),
          ),
      },
    );
  }
  if (busiest) {
    const actor = customer(await userId(client, busiest.email), busiest.email);
    const id = busiest.serviceRequestId;
    const who = `request ${id} with ${busiest.messages} messages`;
    const page = (before?: number) => {
      const query = ChatCommentsQuerySchema.parse({
        serviceRequestId: String(id),
        before: before && String(before),
      });
      return { serviceRequestId: id, before, limit: query.limit };
    };
    cases.push(
      { name: `service request details — ${who}`, run: (db) => getServiceRequest(db, actor, id) },
      { name: `chat, newest page — ${who}`, run: (db) => listComments(db, actor, page()) },
      {
        name: `chat, older page — ${who}`,
        run: (db) => listComments(db, actor, page(busiest.middleMessageId)),
      },
    );
  }
  return cases;
}

/**
 * Runs one case, explains each statement it sent (twice on `client`, the second plan kept) and adds them to `report`;
 * prints the execution (planning) times.
 */
export async function explainCase(
  client: pg.Client,
  pool: pg.Pool,
  testCase: Case,
  report: string[],
): Promise<void> {
  const statements = await capture(pool, testCase.run);
  await capture(pool, testCase.run); // warm the cache
  const times: string[] = [];
  report.push(`## ${testCase.name}\n`);
  for (const { sql, params } of statements) {
    const explain = `EXPLAIN (ANALYZE, BUFFERS) ${sql}`;
    // Twice: the first run on this connection also fills its catalog caches, as the server's long-lived
    // pooled connections did long ago.
    await client.query(explain, params);
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(explain, params);
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    const time = (label: string) => new RegExp(`${label} Time: ([\\d.]+) ms`).exec(plan)?.[1] ?? '?';
    times.push(`${time('Execution')} (${time('Planning')})`);
    report.push('```sql', sql, `-- ${JSON.stringify(params)}`, '```', '```', plan, '```\n');
  }
  console.log(`  ${testCase.name}: ${times.join(' + ')} ms`);
}

export async function explainAll({
  onlyCatalog = false,
  only = [],
}: { onlyCatalog?: boolean; only?: string[] } = {}): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl(), max: 2 });
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  const report: string[] = [];
  try {
    console.log('Query plans (EXPLAIN ANALYZE on a warm cache): execution (planning) time of each statement');
    const onlyInsight = only.length > 0 && only.every((name) => name.startsWith('insight'));
    const cases = [
      ...(onlyCatalog || onlyInsight ? [] : await casesFor(client)),
      ...(onlyInsight ? [] : await catalogCases(client)),
      ...(onlyCatalog ? [] : await insightCases(client)),
    ];
    for (const testCase of cases.filter((c) => !onlyInsight || only.some((name) => c.name.includes(name))))
      await explainCase(client, pool, testCase, report);
    const file = resultsFile('explain', 'md');
    writeFileSync(file, report.join('\n'));
    console.log(`Plans written to ${file}`);
  } finally {
    await client.end();
    await pool.end();
  }
}
