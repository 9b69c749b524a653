import pg from 'pg';
import { CARD_NAMES, PART_NAMES, randomFrom, STANDARD_NAMES } from '../data/catalog-vocabulary.ts';
import { databaseUrl } from '../support/config.ts';
import type { Scenario } from './scenarios.ts';

/**
 * The public catalogue at 1M parts and 20k cards (issue 5): hints as someone types, the search page with its
 * count (page 1 and a later page), and a card with 100 positions. Visitors without a session, as on the
 * public catalogue; each of the 50 users cycles through queries of their own.
 */

/** Issue 5's targets: p99 at 50 concurrent users. */
export const CATALOG_TARGETS = { hints: 10, search: 50, card: 30 } as const;

/**
 * Each user's cards cycle through 20; hints and searches through 200, so that within a run a user never
 * repeats one and the server's 30-second caches of results and hints (part-search.ts) only help where
 * different users happen to type the same text, as they would in use.
 */
const QUERIES_PER_USER = 20;
const SEARCHES_PER_USER = 200;

/** The words of the part names in all three languages, as people type them (with their diacritics). */
function vocabulary(): string[] {
  const names = [...PART_NAMES, ...STANDARD_NAMES.map((s) => s.names), ...CARD_NAMES];
  const words = new Set<string>();
  for (const triple of names)
    for (const name of triple)
      for (const word of name.split(/[\s,()]+/)) if (/^\p{L}{4,}$/u.test(word)) words.add(word);
  return [...words];
}

const LETTERS = 'abcdefghijklmnoprstuwyz';

/** One wrong letter (replaced, never the first), as the "one typo". */
function misspell(word: string, random: () => number): string {
  const at = 1 + Math.floor(random() * (word.length - 1));
  let letter = word[at]!;
  while (letter === word[at]) letter = LETTERS[Math.floor(random() * LETTERS.length)]!;
  return word.slice(0, at) + letter + word.slice(at + 1);
}

const lowerAscii = (text: string) =>
  text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/ł/g, 'l').replace(/ß/g, 'ss');

interface Samples {
  symbols: string[];
  sapIds: string[];
  catalogNumbers: string[];
  cards: number[];
}

async function samples(client: pg.Client): Promise<Samples> {
  const parts = await client.query<{ symbol: string; sap_id: string | null; catalog_number: string | null }>(
    `SELECT symbol, sap_id, catalog_number FROM parts TABLESAMPLE SYSTEM (1) REPEATABLE (5) LIMIT 2000`,
  );
  const cards = await client.query<{ card_id: string }>(
    `SELECT card_id FROM card_positions GROUP BY card_id HAVING count(*) = 100 ORDER BY card_id LIMIT 200`,
  );
  return {
    symbols: parts.rows.map((row) => row.symbol),
    sapIds: parts.rows.flatMap((row) => (row.sap_id ? [row.sap_id] : [])),
    catalogNumbers: parts.rows.flatMap((row) => (row.catalog_number ? [row.catalog_number] : [])),
    cards: cards.rows.map((row) => Number(row.card_id)),
  };
}

/** What someone has typed so far: 3–8 characters of a word or a symbol, a fifth of the words misspelt. */
function hintQuery(words: string[], s: Samples, random: () => number): string {
  const r = random();
  if (r < 0.2) {
    const symbol = s.symbols[Math.floor(random() * s.symbols.length)]!;
    return symbol.slice(0, 3 + Math.floor(random() * 6));
  }
  const word = words[Math.floor(random() * words.length)]!;
  const typed = random() < 0.5 ? word : lowerAscii(word);
  const prefix = typed.slice(0, Math.min(typed.length, 3 + Math.floor(random() * 6)));
  return prefix.length >= 5 && random() < 0.25 ? misspell(prefix, random) : prefix;
}

/** A search as submitted: a word, two words, a misspelt word, a symbol, a catalogue number or a SAP id. */
function searchQuery(words: string[], s: Samples, random: () => number): string {
  const r = random();
  const word = () => words[Math.floor(random() * words.length)]!;
  if (r < 0.35) return random() < 0.5 ? word() : lowerAscii(word());
  if (r < 0.5) {
    const [pl] = PART_NAMES[Math.floor(random() * PART_NAMES.length)]!;
    return lowerAscii(pl.split(' ').slice(0, 2).join(' '));
  }
  if (r < 0.7) {
    const candidates = words.filter((w) => w.length >= 6);
    return misspell(lowerAscii(candidates[Math.floor(random() * candidates.length)]!), random);
  }
  if (r < 0.8) {
    const symbol = s.symbols[Math.floor(random() * s.symbols.length)]!;
    return random() < 0.5 ? symbol : symbol.replace(/[-.\s]/g, ' ').toLowerCase();
  }
  if (r < 0.9) return s.catalogNumbers[Math.floor(random() * s.catalogNumbers.length)]!;
  return s.sapIds[Math.floor(random() * s.sapIds.length)]!;
}

const isArray = (body: unknown) => Array.isArray(body);
const isPage = (body: unknown) =>
  typeof body === 'object' && body !== null && 'items' in body && 'total' in body;
const hasPositions = (count: number) => (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  'positions' in body &&
  (body.positions as unknown[]).length === count;

export interface CatalogQueries {
  hints: string[][];
  searches: string[][];
  cards: number[][];
}

/** Each user's queries, the same for every run (fixed seed, sampled with REPEATABLE). */
export async function catalogQueries(users: number): Promise<CatalogQueries> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    const s = await samples(client);
    const words = vocabulary();
    const random = randomFrom(55);
    const per = <T>(make: () => T, count = QUERIES_PER_USER) =>
      Array.from({ length: users }, () => Array.from({ length: count }, make));
    return {
      hints: per(() => hintQuery(words, s, random), SEARCHES_PER_USER),
      searches: per(() => searchQuery(words, s, random), SEARCHES_PER_USER),
      cards: Array.from({ length: users }, (_, user) =>
        Array.from({ length: QUERIES_PER_USER }, (_, k) => s.cards[(user * 7 + k) % s.cards.length]!),
      ),
    };
  } finally {
    await client.end();
  }
}

const q = (text: string) => encodeURIComponent(text);

export function catalogScenarios(queries: CatalogQueries): Scenario[] {
  const users = (paths: string[][]) => paths.map(([path, ...more]) => ({ email: '', path: path!, more }));
  return [
    {
      name: 'catalog: hints (3–8 typed characters, some misspelt)',
      targetP99Ms: CATALOG_TARGETS.hints,
      paths: users(queries.hints.map((list) => list.map((text) => `/api/parts/hints?q=${q(text)}`))),
      check: isArray,
    },
    {
      name: 'catalog: search, page 1 with total',
      targetP99Ms: CATALOG_TARGETS.search,
      paths: users(queries.searches.map((list) => list.map((text) => `/api/parts?q=${q(text)}`))),
      check: isPage,
    },
    {
      name: 'catalog: search, page 5 with total',
      targetP99Ms: CATALOG_TARGETS.search,
      paths: users(queries.searches.map((list) => list.map((text) => `/api/parts?q=${q(text)}&page=5`))),
      check: isPage,
    },
    {
      name: 'catalog: card with 100 positions',
      targetP99Ms: CATALOG_TARGETS.card,
      paths: users(queries.cards.map((list) => list.map((id) => `/api/catalog-cards/${id}`))),
      check: hasPositions(100),
    },
  ];
}
