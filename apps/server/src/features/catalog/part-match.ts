import { PART_SEARCH_MIN_LENGTH } from '@care/contract/catalog';
import { normalizeSearchText } from '@care/contract/search-text';
import { type SQL, sql } from 'drizzle-orm';
import { createTtlCache } from '#app/cache/ttl-cache.ts';
import type { Db } from '#app/db/client.ts';
import { parts, partSearchWords } from '#app/db/schema/catalog.ts';
import { containsPattern, normalizeSymbol } from '#app/db/search-text.ts';

/*
 * What a typed text matches in the part search (part-search.ts ranks and pages it): with one typo allowed.
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
/** part_search_words holds the runs of letters of search_text this long or longer (migration 0007). */
const VOCABULARY_MIN_LENGTH = 4;

/**
 * One condition on parts.search_text in three equivalent forms:
 * - `indexed`: for a bitmap scan of the word or trigram index (all matching parts, in no order);
 * - `scanned`: for parts read one by one in symbol order, where a cheap test comes first: the word index's
 *   expression costs tens of microseconds a row, so it only runs on rows holding the typed letters (strpos);
 * - `test`: the same as a substring test in JavaScript, to estimate on a sample of the catalogue how many parts
 *   match (catalogue-sample.ts). An estimate only: a misspelt word's stand-ins are tested as substrings.
 *
 * `walkable`: whether reading parts in symbol order is worth trying. Not for a text with digits or signs: it is
 * (part of) a symbol or a number, whose matches sit together somewhere in the symbol order, not from its start.
 */
export interface Condition {
  indexed: SQL;
  scanned: SQL;
  test: (searchText: string) => boolean;
  walkable: boolean;
  /**
   * A start of parts.symbol_normalized that only matching parts have (the text as a symbol: search_text holds
   * every symbol without separators), or null. A common symbol fragment that no walk serves takes its results
   * from there (part-ranking.ts): a range of the symbol prefix index instead of a trigram bitmap.
   */
  prefix: string | null;
}

/**
 * What a search text matches:
 * - `exact`: every word of the folded text as a substring, in any order (names in pl/en/de with or without
 *   diacritics); a text with digits as one substring (catalogue number, SAP id, "m10x30"); or the text
 *   without spaces, dashes, dots as a substring (symbols typed "am 4410-205"; search_text holds every symbol
 *   without separators too);
 * - `fuzzy` (or null): one typo. A word of FUZZY_MIN_LENGTH+ letters that no catalogue word contains
 *   (part_search_words) stands for the catalogue words it is similar to (trigram similarity ≥
 *   WORD_SIMILARITY_THRESHOLD); every other word must appear as it is. Null when no word is misspelt or a
 *   misspelt one resembles nothing. Never for numbers: a "typo" in a symbol is another part. The search ranks
 *   only those that `exact` does not match (partSearchTiers).
 *
 * Two ways to the same rows. A text of letters only is looked up in the vocabulary first: each word of 3+
 * letters becomes the catalogue words holding it ("kugellager" → rillenkugellager, kugellager, …; "loz" →
 * lozysko, …, and "loz" itself), searched in the word index of search_text (one posting list per catalogue
 * word). Anything else (symbols, numbers, a fragment in more than MAX_WORDS_PER_FRAGMENT words) is a LIKE on
 * the trigram index.
 */
export interface Match {
  exact: Condition;
  fuzzy: Condition | null;
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

export function forgetVocabulary(): void {
  vocabularyCache.clear();
}

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
      // The vocabulary holds words of 4+ letters; a shorter typed word is also a word of its own ("rol" in
      // "rol 3x20"), which the word index holds like any other run of letters.
      if (row.typed.length < VOCABULARY_MIN_LENGTH) containing.unshift(row.typed);
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

/** search_text holds one of `texts` as a substring (no pattern: nothing to escape). */
const holdsAny = (texts: string[]) =>
  sql`(${sql.join(
    texts.map((text) => sql`strpos(${parts.searchText}, ${text}) > 0`),
    sql` OR `,
  )})`;

/**
 * The word index's condition for `groups`, whose every group has a word of `guards` (each group's own) as a
 * substring: a word of search_text holding a typed word holds its letters, so the guard never drops a match.
 */
function wordsCondition(groups: string[][], guards: string[][]): Condition {
  const indexed = hasWords(groups);
  const guard = sql.join(guards.map(holdsAny), sql` AND `);
  return {
    indexed,
    scanned: sql`CASE WHEN ${guard} THEN ${indexed} ELSE false END`,
    test: (text) => guards.every((guard) => guard.some((word) => text.includes(word))),
    walkable: true,
    prefix: null,
  };
}

/** A condition of the trigram way for `text`: the LIKE is cheap to test row by row, so it serves both scans. */
function likeCondition(
  text: string,
  indexed: SQL,
  test: (searchText: string) => boolean,
  prefix: string | null = null,
): Condition {
  return { indexed, scanned: indexed, test, walkable: /^[a-z ]+$/.test(text), prefix };
}

const nothing: Condition = {
  indexed: sql`false`,
  scanned: sql`false`,
  test: () => false,
  walkable: false,
  prefix: null,
};

const isWord = (token: string) => /^[a-z]+$/.test(token);

/** The search conditions for `q`, or null when the text is too short. */
export async function match(db: Db, q: string): Promise<Match | null> {
  const text = normalizeSearchText(q);
  if (text.length < PART_SEARCH_MIN_LENGTH) return null;
  const tokens = [...new Set(text.split(' '))];
  const typoWords = /\d/.test(text)
    ? []
    : tokens.filter((token) => token.length >= FUZZY_MIN_LENGTH && isWord(token));
  // Shorter tokens are left out, as the trigram way below leaves them out (a text of letters only that holds
  // every searched word holds the text without spaces too, so its symbol form adds nothing here).
  const searched = tokens.every(isWord)
    ? tokens.filter((token) => token.length >= PART_SEARCH_MIN_LENGTH)
    : [];
  const wordy = searched.length > 0;
  const vocabulary = wordy || typoWords.length ? await vocabularyOf(db, wordy ? searched : typoWords) : null;
  const fuzzyGroups = (word: string) => {
    const info = vocabulary?.get(word);
    return info?.containing?.length === 0 ? info.similar : null;
  };

  if (vocabulary && wordy && searched.every((token) => vocabulary.get(token)!.containing)) {
    const groups = searched.map((token) => vocabulary.get(token)!.containing!);
    const known = groups.every((group) => group.length);
    const exact = known
      ? wordsCondition(
          groups,
          searched.map((token) => [token]),
        )
      : nothing;
    const typo = searched.map((token, i) => (groups[i]!.length ? groups[i]! : (fuzzyGroups(token) ?? [])));
    const typos = !known && typo.every((group) => group.length);
    // A known word's guard is itself; a misspelt one's, the words it stands for.
    const typoGuards = searched.map((token, i) => (groups[i]!.length ? [token] : typo[i]!));
    return { exact, fuzzy: typos ? wordsCondition(typo, typoGuards) : null };
  }

  const symbol = normalizeSymbol(q);
  // Words in any order; a text with numbers as typed ("sruba m10x30", "4410 205": a symbol, not two numbers).
  const words = tokens.filter((token) => token.length >= PART_SEARCH_MIN_LENGTH);
  const asTyped = /\d/.test(text) || !words.length;
  const alternatives: SQL[] = asTyped
    ? [sql`${parts.searchText} LIKE ${containsPattern(text)}`]
    : [
        sql`(${sql.join(
          words.map((word) => sql`${parts.searchText} LIKE ${containsPattern(word)}`),
          sql` AND `,
        )})`,
      ];
  const bySymbol = symbol.length >= PART_SEARCH_MIN_LENGTH && symbol !== text;
  if (bySymbol) alternatives.push(sql`${parts.searchText} LIKE ${containsPattern(symbol)}`);
  const exact = likeCondition(
    text,
    sql`(${sql.join(alternatives, sql` OR `)})`,
    (searchText) =>
      (asTyped ? searchText.includes(text) : words.every((word) => searchText.includes(word))) ||
      (bySymbol && searchText.includes(symbol)),
    // A part whose symbol starts so holds `symbol` in search_text: the alternative above, or (when `symbol` is
    // the text itself) the text.
    symbol.length >= PART_SEARCH_MIN_LENGTH ? symbol : null,
  );
  return { exact, fuzzy: trigramTypoMatch(text, tokens, typoWords, fuzzyGroups) };
}

/** The typo condition of the trigram way: each misspelt word as any of its look-alikes, the others as typed. */
function trigramTypoMatch(
  text: string,
  tokens: string[],
  typoWords: string[],
  fuzzyGroups: (word: string) => string[] | null,
): Condition | null {
  const misspelt = typoWords.filter((word) => fuzzyGroups(word) !== null);
  if (!misspelt.length || misspelt.some((word) => !fuzzyGroups(word)!.length)) return null;
  const groups = tokens
    .filter((token) => token.length >= PART_SEARCH_MIN_LENGTH)
    .map((token) => fuzzyGroups(token) ?? [token]);
  const conditions = groups.map((group) =>
    group.length === 1
      ? sql`${parts.searchText} LIKE ${containsPattern(group[0]!)}`
      : sql`${parts.searchText} LIKE ANY (${sql.param(group.map(containsPattern))}::text[])`,
  );
  return likeCondition(text, sql`(${sql.join(conditions, sql` AND `)})`, (searchText) =>
    groups.every((group) => group.some((word) => searchText.includes(word))),
  );
}
