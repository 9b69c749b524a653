import { LIMITS } from '@care/contract/limits';
import { LANGUAGES, type Language } from '@care/contract/locales';
import type { TranslatedText } from '@care/contract/translations';
import { normalizeSearchText } from '@care/contract/search-text';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * Search normalisation is done in JavaScript (normalizeSearchText, shared with the web app through the contract),
 * because PostgreSQL's `unaccent()` is only STABLE and so cannot feed an index expression or a generated column.
 * Rows store the normalised text (parts.search_text, parts.symbol_normalized); queries must run the user's input
 * through the same function before `LIKE`.
 */

/**
 * A part symbol as typed without separators: "AM-4410 205", "am.4410.205" and "AM4410205" all become
 * "am4410205". Used for symbol prefix hints (`symbol_normalized LIKE 'am44%'`, index with COLLATE "C").
 */
export function normalizeSymbol(symbol: string): string {
  return normalizeSearchText(symbol).replace(/[\s\-./_]+/g, '');
}

export interface PartSearchFields {
  symbol: string;
  name: TranslatedText;
  catalogNumber?: string | null;
  sapId?: string | null;
  standard?: string | null;
}

/**
 * The text a parts search matches with pg_trgm: every translated name, the symbol as written and without
 * separators, catalogue number, SAP id and standard, all normalised. Substring queries use
 * `search_text LIKE '%' || normalizeSearchText(q) || '%'` on the GIN trigram index.
 */
export function buildPartSearchText(part: PartSearchFields): string {
  const names = LANGUAGES.map((language: Language) => part.name.values[language]).filter(Boolean);
  const pieces = [
    ...new Set(names),
    part.symbol,
    normalizeSymbol(part.symbol),
    part.catalogNumber,
    part.sapId,
    part.standard,
  ];
  return normalizeSearchText(pieces.filter((piece): piece is string => Boolean(piece)).join(' '));
}

/**
 * The same folding as `normalizeSearchText` for the letters of our languages and their neighbours, written
 * with immutable SQL functions so that a STORED generated column can use it (users.search_text). Each
 * letter of FOLD_FROM maps to the letter at the same place in FOLD_TO. Upper-case letters are listed too
 * because `lower()` leaves non-ASCII letters alone in a database created with the "C" locale.
 */
const FOLD_LOWER = 'ąćęłńóśźżäöüéèêëàâáíìîïúùûůűőýÿçčďěňřšťžåãõñøđ';
const FOLD_ASCII = 'acelnoszzaoueeeeaaaiiiiuuuuuoyyccdenrstzaaonod';
export const FOLD_FROM = FOLD_LOWER + FOLD_LOWER.toUpperCase();
export const FOLD_TO = FOLD_ASCII + FOLD_ASCII;

/** SQL text folding `expression` like `normalizeSearchText` (minus whitespace squeezing). */
export function foldSqlExpression(expression: string): string {
  const [head, tail] = foldPieces();
  return `${head}${expression}${tail}`;
}

/**
 * `foldSqlExpression` around a drizzle expression. The letters are SQL literals, never parameters, so that
 * the expression is the very one of an index on it (machines_search_text_trgm_idx).
 */
export function foldSql(expression: SQL): SQL {
  const [head, tail] = foldPieces();
  return sql`${sql.raw(head)}${expression}${sql.raw(tail)}`;
}

function foldPieces(): [string, string] {
  return [
    `replace(replace(replace(translate(lower(`,
    `), '${FOLD_FROM}', '${FOLD_TO}'), 'ß', 'ss'), 'æ', 'ae'), 'Æ', 'ae')`,
  ];
}

/**
 * The one search rule of every list (machines, service requests, the staff queue) and of the parts search:
 * the text folded by `normalizeSearchText` (case and diacritics ignored), or null when it is shorter than
 * LIMITS.searchMinLength (SPEC §5: such a search does not run; a list then shows everything).
 */
export function searchTextOf(q: string | null | undefined): string | null {
  const text = normalizeSearchText(q ?? '');
  return text.length >= LIMITS.searchMinLength ? text : null;
}

/** `%text%` for LIKE, with the text's own %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The SQL condition "the folded `expression` holds `text`", where `text` comes from `searchTextOf`: the one
 * condition of every list search.
 */
export function foldedContains(expression: SQL, text: string): SQL {
  return foldedMatches(expression, containsPattern(text));
}

/**
 * `foldedContains` with the pattern given apart, for a prepared statement: `sql.placeholder(...)` filled with
 * `containsPattern(searchTextOf(q))`.
 */
export function foldedMatches(expression: SQL, pattern: SQLWrapper | string): SQL {
  return sql`${foldSql(expression)} LIKE ${pattern}`;
}

/**
 * What a machine search looks in: name and serial number. Searches pass it to `foldedContains`, and
 * machines_search_text_trgm_idx indexes its folding, so the two must stay this one expression.
 */
export function machineSearchText(name: SQL, serialNumber: SQL): SQL {
  return sql`${name} || ' ' || ${serialNumber}`;
}
