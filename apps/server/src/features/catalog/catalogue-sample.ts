import { sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { parts } from '#app/db/schema/catalog.ts';

/*
 * A random sample of the catalogue's search texts, kept in memory, from which the part search estimates what
 * share of the parts a text matches before choosing how to rank them (part-ranking.ts): a few hundred
 * microseconds of substring tests instead of asking PostgreSQL. Only the plan depends on it, never the result.
 */

/** Parts in the sample: a share of 1 % is then about 10 ± 3 hits, enough to tell common texts from rare ones. */
const SAMPLE_SIZE = 1_000;
/** The catalogue changes with imports only; forgetCatalogSearches() drops the sample after one. */
const SAMPLE_TTL_MS = 10 * 60_000;

export interface CatalogueSample {
  /** search_text of the sampled parts. */
  texts: string[];
  /** How many parts the catalogue holds (PostgreSQL's estimate, or a count when it has none). */
  parts: number;
}

interface Kept {
  sample: Promise<CatalogueSample>;
  until: number;
}
let samples = new WeakMap<Db, Kept>();

/** The sample of `db`'s catalogue, loaded at most once per SAMPLE_TTL_MS (concurrent searches share one load). */
export function catalogueSample(db: Db, now = Date.now()): Promise<CatalogueSample> {
  const kept = samples.get(db);
  if (kept && kept.until > now) return kept.sample;
  const sample = loadSample(db);
  samples.set(db, { sample, until: now + SAMPLE_TTL_MS });
  // A failed load is not kept: the next search tries again.
  sample.catch(() => {
    if (samples.get(db)?.sample === sample) samples.delete(db);
  });
  return sample;
}

export function forgetCatalogueSamples(): void {
  samples = new WeakMap();
}

async function loadSample(db: Db): Promise<CatalogueSample> {
  const { rows } = (await db.execute(
    sql`SELECT reltuples::float8 AS estimate FROM pg_class WHERE oid = 'parts'::regclass`,
  )) as { rows: { estimate: number | string }[] };
  let count = Number(rows[0]?.estimate ?? -1);
  // -1: never vacuumed nor analysed (a fresh database, the tests); counting is cheap while that lasts.
  if (!(count > 0)) {
    const counted = (await db.execute(sql`SELECT count(*) AS count FROM ${parts}`)) as {
      rows: { count: number | string }[];
    };
    count = Number(counted.rows[0]?.count ?? 0);
  }
  // SYSTEM samples whole pages (cheap: a few dozen page reads at a million parts); a fifth more than needed
  // makes up for pages that are not full.
  const percent = count > 0 ? Math.min(100, (120 * SAMPLE_SIZE) / count) : 100;
  const sampled = (await db.execute(
    sql`SELECT ${parts.searchText} AS text FROM ${parts} TABLESAMPLE SYSTEM (${sql.raw(percent.toFixed(6))})
      LIMIT ${2 * SAMPLE_SIZE}`,
  )) as { rows: { text: string }[] };
  return { texts: sampled.rows.map((row) => row.text), parts: count };
}
