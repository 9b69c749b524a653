import { PART_SEARCH_TOTAL_CAP } from '@care/contract/catalog';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { parts } from '#app/db/schema/catalog.ts';
import type { CatalogueSample } from './catalogue-sample.ts';
import type { Condition, Match } from './part-match.ts';

/*
 * The search's ranking: parts matching exactly first (tier 0), then those matching with one typo (tier 1),
 * each by symbol, then id; at most PART_SEARCH_TOTAL_CAP + 1 of them, and typo matches only while the exact
 * ones are fewer than that. Two ways to the first `need` results, both exact:
 *
 * - Bitmap: every match through the word or trigram index, then sorted. What a rare text costs (a SAP id, a
 *   symbol, a word on a few hundred parts): the matches it reads are the parts it shows, and their number is
 *   then known too.
 * - Walk: parts in symbol order (parts_symbol_id_idx), each tested, until `need` match. What a common word
 *   costs: "śruba" is on 3 % of the parts, so 21 matches come within the first ~700 parts, where a bitmap
 *   would read all 33,000 of a million to sort them. The total stays unknown ("more than").
 *
 * Which one: what a sample of the catalogue says the text's share is (catalogue-sample.ts). A walk reads about
 * need ÷ share parts at WALK_ROW_COST each, a bitmap share × parts at 1 each; the cheaper wins (past
 * EXACT_READ matches, the walk: page 50 of a word on 2 % of a million parts walks ~50,000). A walk is
 * bounded (four times what the sample promised): if the parts it needs lie further on (a word only on parts
 * whose symbols sort last, say "DIN …"), the same statement reads the matches instead, as a bitmap.
 *
 * One case stays as the search always ranked: a text on more than EXACT_READ parts that no walk serves (a
 * common symbol fragment such as "am-44", whose matches sit together somewhere in the symbol order): a set of
 * RANKED_CAP matches, sorted. Its pages are consistent (they come from that one set, cached), its order is
 * not the catalogue-wide one. The set is the first RANKED_CAP parts whose symbol starts with the text (a range
 * of the symbol prefix index: what someone typing a symbol looks for, and at 1M parts ~1 ms where the trigram
 * bitmap of "am-44" took ~16 ms), or, when fewer start so, the first RANKED_CAP matches met.
 */

/**
 * What testing one part in symbol order costs, relative to one match read through an index and sorted. EXPLAIN
 * ANALYZE at 100k parts, warm: ~1.5 µs a part walked (parts_symbol_id_idx, the heap row, strpos), ~2 µs a
 * match of a bitmap scan with its share of the sort; about even.
 */
const WALK_ROW_COST = 1;
const RANKED_CAP = PART_SEARCH_TOTAL_CAP + 1;
/**
 * A text the sample puts on at most this many parts is ranked by reading all its matches (at most
 * MAX_MATCHES_READ, should the sample be far off); beyond, without a walk, the first RANKED_CAP met. Reading
 * more costs more than it is worth: at 1M parts a word on 8,887 parts took 47 ms and a symbol fragment on 10,049
 * took 242 ms read whole (docs/perf.md, issue 17), where the first 1,001 met take a tenth of that.
 */
const EXACT_READ = RANKED_CAP;
const MAX_MATCHES_READ = 2 * RANKED_CAP;

export interface Ranked {
  /** The first results in order: all of them up to RANKED_CAP when `total` is known, else at least `need`. */
  ids: number[];
  /** How many parts match (exact, plus typo ones when the exact are fewer than RANKED_CAP), or null: unknown. */
  total: number | null;
}

interface TierPlan {
  /** Parts to read in symbol order to meet `need` matches, or null: read the matches through the index. */
  walk: number | null;
  /** Take the first RANKED_CAP parts whose symbol starts with the condition's prefix, when there are as many. */
  prefix: string | null;
  /** At most this many matches read through the index (when not walking, or when the walk falls short). */
  read: number;
}

/** How to rank a condition's matches for `need` of them, from the sample's share of the catalogue. */
function planTier(condition: Condition, need: number, sample: CatalogueSample): TierPlan {
  let hits = 0;
  for (const text of sample.texts) if (condition.test(text)) hits++;
  if (!hits) return { walk: null, prefix: null, read: MAX_MATCHES_READ };
  const share = hits / sample.texts.length;
  const matches = share * sample.parts;
  const read = matches <= EXACT_READ ? MAX_MATCHES_READ : RANKED_CAP;
  const walked = need / share;
  // Past EXACT_READ the walk is the only exact way: taken even when deep pages make it long, so that every page
  // of a text comes from the same order.
  const walk = condition.walkable && (matches > EXACT_READ || walked * WALK_ROW_COST < matches);
  return {
    walk: walk ? Math.ceil(4 * walked) + 100 : null,
    prefix: !walk && matches > EXACT_READ ? condition.prefix : null,
    read,
  };
}

/** `text%` for LIKE, with the text's own %, _ and \ taken literally. */
const prefixPattern = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const int = (value: number) => sql.raw(String(Math.trunc(value)));

/**
 * CTE `r<n>`: one row of `ids` (bigint[], in order) and `matched` (their number when every match was read,
 * else null) for `condition`, with the CTEs it needs. `gate` (SQL): whether this tier runs at all.
 */
function tierSql(
  n: number,
  condition: Condition,
  { walk, prefix, read }: TierPlan,
  need: number,
  gate: SQL | null,
): SQL {
  const [w, m, r] = [`w${n}`, `m${n}`, `r${n}`].map((name) => sql.raw(name));
  const gated = gate ? sql` AND ${gate}` : sql``;
  const ordered = sql`ORDER BY symbol, id`;
  if (prefix !== null) {
    // The first RANKED_CAP by normalised symbol (parts_symbol_normalized_prefix_idx, then id for ties); when
    // the prefix has fewer parts, the first RANKED_CAP matches met as below.
    const full = sql`(SELECT count(*) FROM ${w}) >= ${int(RANKED_CAP)}`;
    return sql`${w} AS MATERIALIZED (SELECT ${parts.id} AS id, ${parts.symbol} AS symbol FROM ${parts}
        WHERE ${parts.symbolNormalized} COLLATE "C" LIKE ${prefixPattern(prefix)}${gated}
        ORDER BY ${parts.symbolNormalized} COLLATE "C", ${parts.id} LIMIT ${int(RANKED_CAP)}),
      ${m} AS MATERIALIZED (SELECT ${parts.id} AS id, ${parts.symbol} AS symbol FROM ${parts}
        WHERE ${condition.indexed} AND NOT ${full}${gated} LIMIT ${int(read)}),
      ${r} AS MATERIALIZED (SELECT
        CASE WHEN ${full} THEN ARRAY(SELECT id FROM ${w} ${ordered})
             ELSE ARRAY(SELECT id FROM ${m} ${ordered} LIMIT ${int(RANKED_CAP)}) END AS ids,
        CASE WHEN ${full} THEN NULL ELSE (SELECT count(*) FROM ${m}) END AS matched)`;
  }
  if (walk === null)
    return sql`${m} AS MATERIALIZED (SELECT ${parts.id} AS id, ${parts.symbol} AS symbol FROM ${parts}
        WHERE ${condition.indexed}${gated} LIMIT ${int(read)}),
      ${r} AS MATERIALIZED (SELECT ARRAY(SELECT id FROM ${m} ${ordered} LIMIT ${int(RANKED_CAP)}) AS ids,
        (SELECT count(*) FROM ${m}) AS matched)`;
  // The walk's rows are named "parts" so that the condition's column references read them.
  const walked = sql`(SELECT count(*) FROM ${w}) >= ${int(need)}`;
  return sql`${w} AS MATERIALIZED (SELECT id, symbol FROM
        (SELECT ${parts.id}, ${parts.symbol}, ${parts.searchText} FROM ${parts} ${gate ? sql`WHERE ${gate}` : sql``}
          ORDER BY ${parts.symbol}, ${parts.id} LIMIT ${int(walk)}) AS parts
        WHERE ${condition.scanned} LIMIT ${int(need)}),
      ${m} AS MATERIALIZED (SELECT ${parts.id} AS id, ${parts.symbol} AS symbol FROM ${parts}
        WHERE ${condition.indexed} AND NOT ${walked}${gated} LIMIT ${int(read)}),
      ${r} AS MATERIALIZED (SELECT
        CASE WHEN ${walked} THEN ARRAY(SELECT id FROM ${w} ${ordered})
             ELSE ARRAY(SELECT id FROM ${m} ${ordered} LIMIT ${int(RANKED_CAP)}) END AS ids,
        CASE WHEN ${walked} THEN NULL ELSE (SELECT count(*) FROM ${m}) END AS matched)`;
}

/** The first `need` (at least) results for `found`, and their total when it comes for free. One statement. */
export async function rankMatches(
  db: Db,
  found: Match,
  need: number,
  sample: CatalogueSample,
): Promise<Ranked> {
  const tiers = [tierSql(0, found.exact, planTier(found.exact, need, sample), need, null)];
  if (found.fuzzy) {
    const { exact, fuzzy } = found;
    const typoOnly: Condition = {
      indexed: sql`${fuzzy.indexed} AND NOT ${exact.indexed}`,
      scanned: sql`${fuzzy.scanned} AND NOT ${exact.scanned}`,
      test: (text) => fuzzy.test(text) && !exact.test(text),
      walkable: fuzzy.walkable,
      prefix: null,
    };
    // Typo matches count only when every exact one was read and they are fewer than RANKED_CAP.
    const gate = sql`(SELECT matched FROM r0) < ${int(RANKED_CAP)}`;
    tiers.push(tierSql(1, typoOnly, planTier(typoOnly, need, sample), need, gate));
  }
  const result = (await db.execute(
    sql`WITH ${sql.join(tiers, sql`, `)}
      SELECT r0.ids AS ids0, r0.matched AS matched0${found.fuzzy ? sql`, r1.ids AS ids1, r1.matched AS matched1 FROM r0, r1` : sql` FROM r0`}`,
  )) as { rows: RankedRow[] };
  const row = result.rows[0]!;
  const exact = idList(row.ids0);
  const matched = countOf(row.matched0);
  if (!found.fuzzy || matched === null || matched >= RANKED_CAP)
    return { ids: exact.slice(0, RANKED_CAP), total: matched };
  const typo = countOf(row.matched1);
  return {
    ids: [...exact, ...idList(row.ids1)].slice(0, RANKED_CAP),
    total: typo === null ? null : matched + typo,
  };
}

/**
 * GET api/parts/count: how many parts match, reading at most RANKED_CAP of them (exact, then typo) in any
 * order, as the bitmap way does.
 */
export async function countMatches(db: Db, found: Match): Promise<number> {
  const exact = sql`e AS MATERIALIZED (SELECT 1 FROM ${parts} WHERE ${found.exact.indexed} LIMIT ${int(RANKED_CAP)})`;
  const result = (await db.execute(
    found.fuzzy
      ? sql`WITH ${exact}, f AS MATERIALIZED (SELECT 1 FROM ${parts}
            WHERE ${found.fuzzy.indexed} AND NOT ${found.exact.indexed}
              AND (SELECT count(*) FROM e) < ${int(RANKED_CAP)} LIMIT ${int(RANKED_CAP)})
          SELECT (SELECT count(*) FROM e) + (SELECT count(*) FROM f) AS count`
      : sql`WITH ${exact} SELECT count(*) AS count FROM e`,
  )) as { rows: { count: number | string | bigint }[] };
  return Math.min(Number(result.rows[0]!.count), RANKED_CAP);
}

type Scalar = number | string | bigint;

interface RankedRow {
  ids0: Scalar[] | string;
  matched0: Scalar | null;
  ids1?: Scalar[] | string;
  matched1?: Scalar | null;
}

/** A bigint[] from either driver (node-postgres: strings; PGlite: numbers, or the text form). */
function idList(value: Scalar[] | string | undefined): number[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.map(Number);
  const inner = value.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',').map(Number) : [];
}

const countOf = (value: Scalar | null | undefined) =>
  value === null || value === undefined ? null : Number(value);
