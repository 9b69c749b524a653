import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../apps/server/src/db/client.ts';
import {
  forgetCatalogSearches,
  partHints,
  searchParts,
} from '../../apps/server/src/features/catalog/part-search.ts';
import { catalogQueries } from '../load/catalog-scenarios.ts';
import { databaseUrl } from '../support/config.ts';

/**
 * The mix's part-search texts (bench/load/mix-scenario.ts: 20 users' lists of hints and searches), each distinct
 * one once, one at a time, through the server's own search functions with empty result caches: what PostgreSQL
 * spends on them (pg_stat_statements: time, buffers, per statement) and each call's time. A cost comparison
 * that does not depend on the machine's load as much as the mix does (buffers do not depend on it at all).
 *
 *   BENCH_PG_URL=... node bench/plans/catalog-replay.ts [--limit=N]
 */

interface Kind {
  name: string;
  texts: string[];
  run: (db: Db, q: string) => Promise<unknown>;
}

/** What a statement of the search is, from its text (pg_stat_statements keeps one entry per distinct text). */
function classOf(query: string): string {
  if (query.includes('part_search_words')) return 'vocabulary lookup';
  if (!query.startsWith('WITH')) return query.slice(0, 60);
  const ways = [
    /ORDER BY "parts"."symbol"/.test(query) && 'walk',
    /LIKE/.test(query) && 'trigram LIKE',
    /to_tsvector/.test(query) && 'word index',
  ].filter(Boolean);
  return `ranking: ${ways.join(' + ')}`;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function main(): Promise<void> {
  const limit = Number(process.argv.find((arg) => arg.startsWith('--limit='))?.slice(8) ?? Infinity);
  const url = databaseUrl();
  const monitor = new pg.Client({ connectionString: url });
  await monitor.connect();
  await monitor.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const db = drizzle(pool) as unknown as Db;
  const queries = await catalogQueries(20);
  const unique = (texts: string[]) => [...new Set(texts)].slice(0, limit);
  const kinds: Kind[] = [
    { name: 'hints', texts: unique(queries.hints.flat()), run: (d, q) => partHints(d, q) },
    {
      name: 'search p1',
      texts: unique(queries.searches.flat()),
      run: (d, q) => searchParts(d, { q, page: 1, pageSize: 20 }),
    },
    {
      name: 'search p2',
      texts: unique(queries.searches.flat()),
      run: (d, q) => searchParts(d, { q, page: 2, pageSize: 20 }),
    },
  ];
  // Warm PostgreSQL's buffers and the catalogue sample with one pass that is not measured.
  for (const kind of kinds) for (const text of kind.texts) await kind.run(db, text);
  for (const kind of kinds) {
    forgetCatalogSearches();
    await monitor.query('SELECT pg_stat_statements_reset()');
    const times: number[] = [];
    for (const text of kind.texts) {
      const start = performance.now();
      await kind.run(db, text);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const { rows } = await monitor.query<{
      calls: string;
      ms: number;
      blocks: string;
      query: string;
    }>(
      `SELECT calls, total_exec_time + total_plan_time AS ms, shared_blks_hit + shared_blks_read AS blocks,
              regexp_replace(query, '\\s+', ' ', 'g') AS query
         FROM pg_stat_statements JOIN pg_database d ON d.oid = dbid
        WHERE d.datname = current_database() AND query NOT LIKE '%pg_stat_statements%'
        ORDER BY total_exec_time DESC`,
    );
    const total = rows.reduce((sum, row) => sum + row.ms, 0);
    const blocks = rows.reduce((sum, row) => sum + Number(row.blocks), 0);
    const n = kind.texts.length;
    console.log(
      `\n${kind.name}: ${n} texts; PostgreSQL ${(total / n).toFixed(3)} ms and ${(blocks / n).toFixed(0)} buffers ` +
        `per text; call p50 ${percentile(times, 50).toFixed(2)} p90 ${percentile(times, 90).toFixed(2)} ` +
        `p99 ${percentile(times, 99).toFixed(2)} max ${times.at(-1)!.toFixed(2)} ms`,
    );
    const classes = new Map<string, { calls: number; ms: number; blocks: number }>();
    for (const row of rows) {
      const name = classOf(row.query);
      const sum = classes.get(name) ?? { calls: 0, ms: 0, blocks: 0 };
      sum.calls += Number(row.calls);
      sum.ms += row.ms;
      sum.blocks += Number(row.blocks);
      classes.set(name, sum);
    }
    for (const [name, sum] of [...classes].sort((a, b) => b[1].ms - a[1].ms))
      console.log(
        `  ${((100 * sum.ms) / total).toFixed(1).padStart(5)} %  ${String(sum.calls).padStart(5)} calls  ` +
          `${(sum.ms / sum.calls).toFixed(3).padStart(7)} ms  ${(sum.blocks / sum.calls).toFixed(0).padStart(6)} buf  ${name}`,
      );
  }
  await pool.end();
  await monitor.end();
}

await main();
