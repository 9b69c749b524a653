import {
  PART_HINTS_LIMIT,
  PART_SEARCH_MIN_LENGTH,
  PART_SEARCH_TOTAL_CAP,
  type PartCount,
  type PartHint,
  type PartPage,
} from '@care/contract/catalog';
import { normalizeSearchText } from '@care/contract/search-text';
import type { TranslatedText } from '@care/contract/translations';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { createTtlCache } from '#app/cache/ttl-cache.ts';
import type { Db } from '#app/db/client.ts';
import { parts, partSearchWords } from '#app/db/schema/catalog.ts';
import { containsPattern, normalizeSymbol } from '#app/db/search-text.ts';
import { partOut } from './part-out.ts';

/*
 * The part search (GET api/parts, api/parts/count, api/parts/hints): what a typed text matches, with one typo
 * allowed, ranked, capped and cached. Public data like the rest of the catalogue (catalog.routes.ts decides who
 * may call it).
 */

/** Typo tolerance applies to words of this many letters: in shorter words one wrong letter matches too much. */
const FUZZY_MIN_LENGTH = 5;
/**
 * pg_trgm similarity between a typed word and a catalogue word for it to count as that word with one typo:
 * one wrong letter inside a 7-letter word scores about 0.45 ("lozisko" ~ "lozysko").
 */
const WORD_SIMILARITY_THRESHOLD = 0.45;
/** At most this many catalogue words stand in for one misspelt word (the closest ones). */
const ALTERNATIVES_PER_WORD = 5;

/** A typed word stands for at most this many catalogue words holding it; a vaguer one is searched by trigrams. */
const MAX_WORDS_PER_FRAGMENT = 200;

/**
 * What a search text matches, as SQL conditions on parts.search_text:
 * - `exact`: every word of the folded text as a substring, in any order (names in pl/en/de with or without
 *   diacritics); a text with digits as one substring (catalogue number, SAP id, "m10x30"); or the text
 *   without spaces, dashes, dots as a substring (symbols typed "am 4410-205"; search_text holds every symbol
 *   without separators too);
 * - `fuzzy` (or null): one typo. A word of FUZZY_MIN_LENGTH+ letters that no catalogue word contains
 *   (part_search_words) stands for the catalogue words it is similar to (trigram similarity ≥
 *   WORD_SIMILARITY_THRESHOLD); every other word must appear as it is. Null when no word is misspelt or a
 *   misspelt one resembles nothing. Never for numbers: a "typo" in a symbol is another part.
 *
 * Two ways to the same rows. A text of words of 4+ letters is looked up in the vocabulary first: each word
 * becomes the catalogue words holding it ("kugellager" → rillenkugellager, kugellager, …), searched in the
 * word index of search_text (one posting list per catalogue word). Anything else (symbols, numbers,
 * 3-letter fragments) is a LIKE on the trigram index.
 */
interface Match {
  exact: SQL;
  fuzzy: SQL | null;
}

interface WordInfo {
  /** The catalogue words holding the typed word; null when there are more than MAX_WORDS_PER_FRAGMENT. */
  containing: string[] | null;
  /** The catalogue words it is similar to, closest first (only for words of FUZZY_MIN_LENGTH+ letters). */
  similar: string[];
}

/**
 * The vocabulary's answer for each typed word, kept a while: people retype the same words, and the vocabulary
 * changes only with imports (a new word is missed for at most VOCABULARY_CACHE_MS).
 */
const VOCABULARY_CACHE_MS = 10 * 60_000;
const vocabularyCache = createTtlCache<string, WordInfo>({ max: 5_000, ttlMs: VOCABULARY_CACHE_MS });

async function vocabularyOf(db: Db, words: string[]): Promise<Map<string, WordInfo>> {
  const found = new Map<string, WordInfo>();
  const missing: string[] = [];
  for (const word of words) {
    const cached = vocabularyCache.get(word);
    if (cached) found.set(word, cached);
    else missing.push(word);
  }
  if (missing.length) {
    // Both lookups use the vocabulary's trigram index; `%` (pg_trgm's default threshold 0.3) finds the
    // candidates, the exact cut follows. The words are [a-z] only: nothing to escape for LIKE.
    const result = (await db.execute(sql`
      SELECT typed.word AS typed,
             ARRAY(SELECT w.word FROM ${partSearchWords} w WHERE w.word LIKE '%' || typed.word || '%'
                    ORDER BY w.word LIMIT ${MAX_WORDS_PER_FRAGMENT + 1}) AS containing,
             ARRAY(SELECT w.word FROM ${partSearchWords} w
                    WHERE length(typed.word) >= ${FUZZY_MIN_LENGTH} AND w.word % typed.word
                      AND similarity(w.word, typed.word) >= ${WORD_SIMILARITY_THRESHOLD}
                    ORDER BY similarity(w.word, typed.word) DESC, w.word
                    LIMIT ${ALTERNATIVES_PER_WORD}) AS near
        FROM unnest(${sql.param(missing)}::text[]) AS typed(word)`)) as {
      rows: { typed: string; containing: string[] | string; near: string[] | string }[];
    };
    for (const row of result.rows) {
      const containing = textArray(row.containing);
      const info: WordInfo = {
        containing: containing.length > MAX_WORDS_PER_FRAGMENT ? null : containing,
        similar: textArray(row.near),
      };
      found.set(row.typed, info);
      vocabularyCache.set(row.typed, info);
    }
  }
  return found;
}

/** A text[] from either driver (PGlite may hand over PostgreSQL's {a,b}; our words are [a-z] only). */
function textArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',') : [];
}

/**
 * Parts whose search_text has, for every group, one of its words: the expression of the word index
 * parts_search_text_letters_idx (its runs of letters, as part_search_words splits it).
 */
function hasWords(groups: string[][]): SQL {
  const query = groups.map((group) => `(${group.join(' | ')})`).join(' & ');
  return sql`to_tsvector('simple', regexp_replace(${parts.searchText}, '[^a-z]+', ' ', 'g'))
    @@ to_tsquery('simple', ${query})`;
}

const isWord = (token: string) => /^[a-z]+$/.test(token);

/**
 * The search conditions for `q`, or null when the text is too short.
 */
async function match(db: Db, q: string): Promise<Match | null> {
  const text = normalizeSearchText(q);
  if (text.length < PART_SEARCH_MIN_LENGTH) return null;
  const tokens = [...new Set(text.split(' '))];
  const typoWords = /\d/.test(text)
    ? []
    : tokens.filter((token) => token.length >= FUZZY_MIN_LENGTH && isWord(token));
  const wordy = tokens.every((token) => token.length >= 4 && isWord(token));
  const vocabulary = wordy || typoWords.length ? await vocabularyOf(db, wordy ? tokens : typoWords) : null;
  const fuzzyGroups = (word: string) => {
    const info = vocabulary?.get(word);
    return info?.containing?.length === 0 ? info.similar : null;
  };

  if (vocabulary && wordy && tokens.every((token) => vocabulary.get(token)!.containing)) {
    const groups = tokens.map((token) => vocabulary.get(token)!.containing!);
    const known = groups.every((group) => group.length);
    const exact = known ? hasWords(groups) : sql`false`;
    const typo = tokens.map((token, i) => (groups[i]!.length ? groups[i]! : (fuzzyGroups(token) ?? [])));
    const typos = !known && typo.every((group) => group.length);
    return { exact, fuzzy: typos ? hasWords(typo) : null };
  }

  const symbol = normalizeSymbol(q);
  // Words in any order; a text with numbers as typed ("sruba m10x30", "4410 205": a symbol, not two numbers).
  const words = tokens.filter((token) => token.length >= PART_SEARCH_MIN_LENGTH);
  const exact =
    /\d/.test(text) || !words.length
      ? [sql`${parts.searchText} LIKE ${containsPattern(text)}`]
      : [
          sql`(${sql.join(
            words.map((word) => sql`${parts.searchText} LIKE ${containsPattern(word)}`),
            sql` AND `,
          )})`,
        ];
  if (symbol.length >= PART_SEARCH_MIN_LENGTH && symbol !== text)
    exact.push(sql`${parts.searchText} LIKE ${containsPattern(symbol)}`);
  return {
    exact: sql`(${sql.join(exact, sql` OR `)})`,
    fuzzy: trigramTypoMatch(tokens, typoWords, fuzzyGroups),
  };
}

/** The typo condition of the trigram way: each misspelt word as any of its look-alikes, the others as typed. */
function trigramTypoMatch(
  tokens: string[],
  typoWords: string[],
  fuzzyGroups: (word: string) => string[] | null,
): SQL | null {
  const misspelt = typoWords.filter((word) => fuzzyGroups(word) !== null);
  if (!misspelt.length || misspelt.some((word) => !fuzzyGroups(word)!.length)) return null;
  const conditions = tokens
    .filter((token) => token.length >= PART_SEARCH_MIN_LENGTH)
    .map((token) => {
      const similar = fuzzyGroups(token);
      if (!similar) return sql`${parts.searchText} LIKE ${containsPattern(token)}`;
      return sql`${parts.searchText} LIKE ANY (${sql.param(similar.map(containsPattern))}::text[])`;
    });
  return sql`(${sql.join(conditions, sql` AND `)})`;
}

/**
 * The CTE `hits` of the matching parts as (id, symbol, tier) plus the CTEs it needs: exact matches (tier 0),
 * then typo matches (tier 1), `limit` in all. Without ORDER BY each is a scan that stops at its limit (a
 * bitmap scan of the trigram index, or for a frequent text a sequential scan that meets `limit` matches
 * early), so a word on 80,000 parts costs about what one on 1,000 does. The typo search starts only when the
 * exact one found fewer than `limit` (a one-time filter); both limits are constants for the planner.
 */
function hitsSql(found: Match, limit: number): SQL {
  const exact = sql`exact AS MATERIALIZED (SELECT ${parts.id} AS id, ${parts.symbol} AS symbol, 0 AS tier
    FROM ${parts} WHERE ${found.exact} LIMIT ${limit})`;
  if (!found.fuzzy) return sql`${exact}, hits AS (SELECT * FROM exact)`;
  return sql`${exact},
    fuzzy AS MATERIALIZED (SELECT ${parts.id} AS id, ${parts.symbol} AS symbol, 1 AS tier
      FROM ${parts} WHERE ${found.fuzzy} AND NOT ${found.exact} LIMIT ${limit}),
    hits AS ((SELECT * FROM exact) UNION ALL
             (SELECT * FROM fuzzy WHERE (SELECT count(*) FROM exact) < ${limit}) LIMIT ${limit})`;
}

/**
 * The ids of the parts a search finds, in result order (exact matches first, then by symbol), at most
 * PART_SEARCH_TOTAL_CAP + 1 of them; null when the text is too short. Kept for RESULTS_CACHE_MS, so that
 * the next pages and the count of a search (and the same search by others) cost no query: a catalogue
 * import shows in searches at most that much later, or at once after forgetCatalogSearches().
 */
const RESULTS_CACHE_MS = 30_000;
const resultsCache = createTtlCache<string, number[]>({ max: 500, ttlMs: RESULTS_CACHE_MS });

/** Drops the cached search results (and so hints) and vocabulary lookups (after a catalogue import). */
export function forgetCatalogSearches(): void {
  resultsCache.clear();
  vocabularyCache.clear();
}

async function matchingIds(db: Db, q: string): Promise<number[] | null> {
  // match() depends on nothing but these two.
  const key = `${normalizeSearchText(q)}\u0000${normalizeSymbol(q)}`;
  const cached = resultsCache.get(key);
  if (cached) return cached;
  const found = await match(db, q);
  if (!found) return null;
  const result = (await db.execute(
    sql`WITH ${hitsSql(found, PART_SEARCH_TOTAL_CAP + 1)} SELECT id FROM hits ORDER BY tier, symbol, id`,
  )) as { rows: { id: number | string }[] };
  const ids = result.rows.map((row) => Number(row.id));
  resultsCache.set(key, ids);
  return ids;
}

/**
 * GET api/parts: one page of the matching parts, exact matches first, then by symbol, with their number.
 * When more than PART_SEARCH_TOTAL_CAP parts match, the search stops there: total is the cap and
 * totalCapped is true, and the pages hold those first PART_SEARCH_TOTAL_CAP matches in the same order.
 */
export async function searchParts(
  db: Db,
  query: { q: string; page: number; pageSize: number },
): Promise<PartPage> {
  const { page, pageSize } = query;
  const matched = (await matchingIds(db, query.q)) ?? [];
  const offset = (page - 1) * pageSize;
  const ids = matched.slice(offset, Math.min(offset + pageSize, PART_SEARCH_TOTAL_CAP));
  const rows = ids.length ? await db.select().from(parts).where(inArray(parts.id, ids)) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    items: ids.flatMap((id) => (byId.has(id) ? [partOut(byId.get(id)!)] : [])),
    total: Math.min(matched.length, PART_SEARCH_TOTAL_CAP),
    totalCapped: matched.length > PART_SEARCH_TOTAL_CAP,
    page,
    pageSize,
  };
}

/** GET api/parts/count: as api/parts' total (at most PART_SEARCH_TOTAL_CAP, then capped is true). */
export async function countParts(db: Db, q: string): Promise<PartCount> {
  const matched = (await matchingIds(db, q)) ?? [];
  return {
    count: Math.min(matched.length, PART_SEARCH_TOTAL_CAP),
    capped: matched.length > PART_SEARCH_TOTAL_CAP,
  };
}

/**
 * GET api/parts/hints: the first PART_HINTS_LIMIT parts of the search's results (the same query, ranking and
 * cache as api/parts), so the search box never offers other parts than the results page heads with.
 */
export async function partHints(db: Db, q: string): Promise<PartHint[]> {
  const ids = ((await matchingIds(db, q)) ?? []).slice(0, PART_HINTS_LIMIT);
  if (!ids.length) return [];
  const rows = await db
    .select({ id: parts.id, symbol: parts.symbol, name: parts.name })
    .from(parts)
    .where(inArray(parts.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => (byId.has(id) ? [hintOut(byId.get(id)!)] : []));
}

const hintOut = (row: { id: number; symbol: string; name: TranslatedText }): PartHint => ({
  id: String(row.id),
  symbol: row.symbol,
  name: row.name,
});
