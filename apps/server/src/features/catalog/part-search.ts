import {
  PART_HINTS_LIMIT,
  PART_SEARCH_TOTAL_CAP,
  type PartCount,
  type PartHint,
  type PartPage,
} from '@care/contract/catalog';
import { normalizeSearchText } from '@care/contract/search-text';
import { createTtlCache } from '#app/cache/ttl-cache.ts';
import type { Db } from '#app/db/client.ts';
import { normalizeSymbol } from '#app/db/search-text.ts';
import { catalogStatements } from './catalog-statements.ts';
import { catalogueSample, forgetCatalogueSamples } from './catalogue-sample.ts';
import { partOut } from './part-out.ts';
import { forgetVocabulary, match } from './part-match.ts';
import { countMatches, rankMatches, type Ranked } from './part-ranking.ts';

/*
 * The part search (GET api/parts, api/parts/count, api/parts/hints): what a typed text matches (part-match.ts),
 * ranked (part-ranking.ts), paged and cached. Public data like the rest of the catalogue (catalog.routes.ts
 * decides who may call it).
 *
 * A page reads the results up to its end and one more, not all of them: for a common text (which is where
 * counting cost most) the total is then unknown, and the page says "more than" the parts up to its end, with
 * a next page while there is one. A rare text's results are all read anyway, so its total is exact, up to
 * PART_SEARCH_TOTAL_CAP ("more than 1,000" beyond, where the pages stop).
 */

/**
 * Results kept RESULTS_CACHE_MS per text: the next pages, hints and the same search by others cost no ranking
 * while the results reach far enough. A catalogue import shows in searches at most that much later, or at once
 * after forgetCatalogSearches().
 */
const RESULTS_CACHE_MS = 30_000;
const resultsCache = createTtlCache<string, Ranked>({ max: 500, ttlMs: RESULTS_CACHE_MS });

/** Drops the cached results (and so hints), vocabulary lookups and catalogue sample (after a catalogue import). */
export function forgetCatalogSearches(): void {
  resultsCache.clear();
  forgetVocabulary();
  forgetCatalogueSamples();
}

// match() depends on nothing but these two.
const keyOf = (q: string) => `${normalizeSearchText(q)}\u0000${normalizeSymbol(q)}`;

/** At least the first `need` results of `q` (all when fewer match); null when the text is too short. */
async function results(db: Db, q: string, need: number): Promise<Ranked | null> {
  const key = keyOf(q);
  const cached = resultsCache.get(key);
  if (cached && (cached.total !== null || cached.ids.length >= need)) return cached;
  const found = await match(db, q);
  if (!found) return null;
  const ranked = await rankMatches(db, found, need, await catalogueSample(db));
  resultsCache.set(key, ranked);
  return ranked;
}

/**
 * GET api/parts: one page of the matching parts, exact matches first, then by symbol. `total` is their number
 * when known, else the parts up to this page's end with `totalCapped` (more match); `hasMore` tells whether a
 * next page has parts. Pages end at PART_SEARCH_TOTAL_CAP.
 */
export async function searchParts(
  db: Db,
  query: { q: string; page: number; pageSize: number },
): Promise<PartPage> {
  const { page, pageSize } = query;
  const offset = (page - 1) * pageSize;
  const end = Math.min(offset + pageSize, PART_SEARCH_TOTAL_CAP);
  const found = (await results(db, query.q, end + 1)) ?? { ids: [], total: 0 };
  const ids = found.ids.slice(offset, end);
  const rows = ids.length ? await catalogStatements(db).partsByIds.execute({ ids }) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const known = found.total === null ? null : Math.min(found.total, PART_SEARCH_TOTAL_CAP);
  return {
    items: ids.flatMap((id) => (byId.has(id) ? [partOut(byId.get(id)!)] : [])),
    total: known ?? end,
    totalCapped: found.total === null || found.total > PART_SEARCH_TOTAL_CAP,
    hasMore: offset + pageSize < (known ?? PART_SEARCH_TOTAL_CAP),
    page,
    pageSize,
  };
}

/**
 * GET api/parts/count: how many parts match, up to PART_SEARCH_TOTAL_CAP (then capped is true). From the
 * results when they hold it, else counted; the web's pages do not ask for it (api/parts answers what it knows).
 */
export async function countParts(db: Db, q: string): Promise<PartCount> {
  const cached = resultsCache.get(keyOf(q));
  let count = cached?.total ?? null;
  if (count === null) {
    const found = await match(db, q);
    count = found ? await countMatches(db, found) : 0;
  }
  return { count: Math.min(count, PART_SEARCH_TOTAL_CAP), capped: count > PART_SEARCH_TOTAL_CAP };
}

/**
 * GET api/parts/hints: the first PART_HINTS_LIMIT results of the search (the same ranking and cache as
 * api/parts), so the search box never offers other parts than the results page heads with.
 */
export async function partHints(db: Db, q: string): Promise<PartHint[]> {
  const ids = ((await results(db, q, PART_HINTS_LIMIT)) ?? { ids: [] }).ids.slice(0, PART_HINTS_LIMIT);
  if (!ids.length) return [];
  const rows = await catalogStatements(db).hintsByIds.execute({ ids });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ id: String(row.id), symbol: row.symbol, name: row.name }] : [];
  });
}
