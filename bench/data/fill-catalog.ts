import type pg from 'pg';
import type { Names } from '../../apps/server/src/db/seed/catalog-model.ts';
import { buildPartSearchText, normalizeSymbol } from '../../apps/server/src/db/search-text.ts';
import {
  CARD_NAMES,
  FAMILIES,
  PART_NAMES,
  QUALIFIERS,
  randomFrom,
  sizeSuffix,
  STANDARD_NAMES,
} from './catalog-vocabulary.ts';
import type { Scale } from '../support/config.ts';
import { dropDeferrable, restoreDeferred } from './schema-snapshot.ts';

/** The catalogue tables the generator fills (issue 5: 1M parts, 20k cards at scale 1). */
export const CATALOG_TABLES = ['parts', 'catalog_folders', 'catalog_cards', 'card_positions'] as const;

/** Parts 1..STANDARD_SHARE·parts are bought-in standard parts, each on about 90 cards. */
const STANDARD_SHARE = 0.002;
const PARTS_PER_BATCH = 10_000;
const CARDS_PER_LEAF_FOLDER = 20;

const log = (line: string) => console.log(line);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function translatedJson([pl, en, de]: Names, missing?: 'en' | 'de'): string {
  const values: Record<string, string> = { pl };
  if (en && missing !== 'en') values.en = en;
  if (de && missing !== 'de') values.de = de;
  return JSON.stringify({ default: 'pl', values });
}

const join = (...pieces: string[]) => pieces.filter(Boolean).join(' ');

/** A bijection of [0, 10^digits) (multiplier coprime to 10): unique numbers that look random. */
const scramble = (n: number, multiplier: number, modulus: number) =>
  Number((BigInt(n) * BigInt(multiplier) + 7_654_321n) % BigInt(modulus));

/** A part symbol in one of the maker's spellings: AM-4410-205, AM 4410.205, Z-44.102.05, 4410 205. */
function symbolOf(i: number, random: () => number): { symbol: string; digits: string } {
  const digits = String(scramble(i, 7_919_113, 10_000_000)).padStart(7, '0');
  const [a, b] = [digits.slice(0, 4), digits.slice(4)];
  const r = random();
  const symbol =
    r < 0.7
      ? `AM-${a}-${b}`
      : r < 0.85
        ? `AM ${a}.${b}`
        : r < 0.95
          ? `Z-${digits.slice(0, 2)}.${digits.slice(2, 5)}.${digits.slice(5)}`
          : `${a} ${b}`;
  return { symbol, digits };
}

/** Zipf-like choice of a base name (rank^-0.8): a few words are on many parts, most on few. */
function zipfPicker(count: number, random: () => number): () => number {
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= count; rank++) cumulative.push((total += rank ** -0.8));
  // The ranks are shuffled once so that the common words are not simply the first in the seed files.
  const order = Array.from({ length: count }, (_, i) => i).sort(() => random() - 0.5);
  return () => {
    const target = random() * total;
    let low = 0;
    let high = count - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return order[low]!;
  };
}

interface PartColumns {
  id: number[];
  externalId: string[];
  symbol: string[];
  symbolNormalized: string[];
  name: string[];
  searchText: string[];
  standard: (string | null)[];
  unit: string[];
  catalogNumber: (string | null)[];
  sapId: (string | null)[];
  configuration: (string | null)[];
  returnable: boolean[];
  image: (string | null)[];
}

const emptyColumns = (): PartColumns => ({
  id: [],
  externalId: [],
  symbol: [],
  symbolNormalized: [],
  name: [],
  searchText: [],
  standard: [],
  unit: [],
  catalogNumber: [],
  sapId: [],
  configuration: [],
  returnable: [],
  image: [],
});

const INSERT_PARTS = `
  INSERT INTO parts (id, external_id, symbol, symbol_normalized, name, search_text, standard, quantity, unit,
                     catalog_number, sap_id, configuration, returnable, images)
  OVERRIDING SYSTEM VALUE
  SELECT id, external_id, symbol, symbol_normalized, name, search_text, standard, 1, unit, catalog_number,
         sap_id, configuration, returnable, CASE WHEN image IS NULL THEN '{}'::text[] ELSE ARRAY[image] END
    FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::jsonb[], $6::text[], $7::text[],
                $8::text[], $9::text[], $10::text[], $11::text[], $12::boolean[], $13::text[])
         AS p(id, external_id, symbol, symbol_normalized, name, search_text, standard, unit, catalog_number,
              sap_id, configuration, returnable, image)`;

/**
 * 1M parts built in JavaScript, because their derived columns must be exactly the server's: search_text by
 * `buildPartSearchText` and symbol_normalized by `normalizeSymbol` (apps/server/src/db/search-text.ts), as
 * the importer and the demo seed store them. Inserted in batches of 10k rows through `unnest`.
 */
async function insertParts(client: pg.Client, count: number): Promise<void> {
  const random = randomFrom(2026);
  const pickName = zipfPicker(PART_NAMES.length, random);
  const standardCount = Math.max(STANDARD_NAMES.length, Math.round(count * STANDARD_SHARE));
  const models = FAMILIES.flatMap((family) => family.models);
  let columns = emptyColumns();
  const flush = async () => {
    if (!columns.id.length) return;
    const c = columns;
    await client.query(INSERT_PARTS, [
      c.id,
      c.externalId,
      c.symbol,
      c.symbolNormalized,
      c.name,
      c.searchText,
      c.standard,
      c.unit,
      c.catalogNumber,
      c.sapId,
      c.configuration,
      c.returnable,
      c.image,
    ]);
    columns = emptyColumns();
  };
  for (let i = 1; i <= count; i++) {
    const { symbol, digits } = symbolOf(i, random);
    let names: Names;
    let standard: string | null = null;
    let unit = 'pcs';
    // Standard parts first (ids 1..standardCount), then 15 % of the others are standard names too (variants,
    // superseded numbers), the rest the machine's own parts.
    if (i <= standardCount || random() < 0.15) {
      const item = STANDARD_NAMES[i % STANDARD_NAMES.length]!;
      const qualifier = random() < 0.3 ? QUALIFIERS[9 + Math.floor(random() * 3)]! : QUALIFIERS[0]!;
      names = [
        join(item.names[0], qualifier[0]),
        join(item.names[1], qualifier[1]),
        join(item.names[2], qualifier[2]),
      ];
      standard = item.standard;
      unit = item.unit;
    } else {
      const base = PART_NAMES[pickName()]!;
      const qualifier = QUALIFIERS[Math.floor(random() * QUALIFIERS.length)]!;
      const size = sizeSuffix(random);
      names = [
        join(base[0], qualifier[0], size),
        qualifier[1] ? `${join(base[1], size)}, ${qualifier[1]}` : join(base[1], size),
        join(base[2], qualifier[2], size),
      ];
    }
    const r = random();
    const missing = r < 0.08 ? 'de' : r < 0.12 ? 'en' : undefined;
    const name = translatedJson(names, missing);
    const parsed = JSON.parse(name) as { values: Record<string, string> };
    const catalogNumber =
      random() < 0.7 ? `${digits.slice(0, 4)}.${digits.slice(4)}.${String(i % 100).padStart(2, '0')}` : null;
    const sapId = random() < 0.9 ? String(100_000_000 + scramble(i, 15_485_863, 90_000_000)) : null;
    const searchText = buildPartSearchText({
      symbol,
      name: { default: 'pl', values: parsed.values },
      catalogNumber,
      sapId,
      standard,
    });
    columns.id.push(i);
    columns.externalId.push(`B-${i}`);
    columns.symbol.push(symbol);
    columns.symbolNormalized.push(normalizeSymbol(symbol));
    columns.name.push(name);
    columns.searchText.push(searchText);
    columns.standard.push(standard);
    columns.unit.push(unit);
    columns.catalogNumber.push(catalogNumber);
    columns.sapId.push(sapId);
    columns.configuration.push(random() < 0.2 ? models[i % models.length]! : null);
    columns.returnable.push(random() < 0.05);
    columns.image.push(random() < 0.6 ? `/images/parts/${i % 97}.png` : null);
    if (columns.id.length === PARTS_PER_BATCH) await flush();
  }
  await flush();
}

/** A generic exploded-view drawing: the card endpoint never sends it, the drawing endpoint is not measured. */
const DRAWING = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 800">${Array.from(
  { length: 40 },
  (_, k) =>
    `<rect x="${40 + (k % 8) * 115}" y="${60 + Math.floor(k / 8) * 140}" width="80" height="50" fill="none" stroke="#333"/>`,
).join('')}</svg>`;

/**
 * Folders: family × model line (8 roots) → the family's assemblies (32) → serial number ranges (leaves,
 * about 20 cards each); cards named after the demo's cards with a variant number.
 */
async function insertFoldersAndCards(client: pg.Client, cards: number): Promise<number> {
  const roots = FAMILIES.flatMap((family) => family.models.map((model) => ({ family, model })));
  const assemblies = roots.flatMap((root) => root.family.assemblies.map((assembly) => ({ root, assembly })));
  const leavesPerAssembly = Math.max(1, Math.ceil(cards / CARDS_PER_LEAF_FOLDER / assemblies.length));
  const rows: { id: number; parentId: number | null; name: string; sortOrder: number }[] = [];
  let id = 0;
  roots.forEach((root, rootIndex) => {
    const rootId = ++id;
    const [pl, en, de] = root.family.name;
    rows.push({
      id: rootId,
      parentId: null,
      name: translatedJson([`${pl} ${root.model}`, `${en} ${root.model}`, `${de} ${root.model}`]),
      sortOrder: rootIndex,
    });
    root.family.assemblies.forEach((assembly, assemblyIndex) => {
      const assemblyId = ++id;
      rows.push({
        id: assemblyId,
        parentId: rootId,
        name: translatedJson(assembly),
        sortOrder: assemblyIndex,
      });
      for (let leaf = 0; leaf < leavesPerAssembly; leaf++) {
        const from = 10_000 + leaf * 2_000;
        const range = `${from}–${from + 1_999}`;
        rows.push({
          id: ++id,
          parentId: assemblyId,
          name: translatedJson([
            `Numery seryjne ${range}`,
            `Serial numbers ${range}`,
            `Seriennummern ${range}`,
          ]),
          sortOrder: leaf,
        });
      }
    });
  });
  await client.query(
    `INSERT INTO catalog_folders (id, parent_id, external_id, name, sort_order)
     OVERRIDING SYSTEM VALUE
     SELECT id, parent_id, 'BF-' || id, name, sort_order
       FROM unnest($1::bigint[], $2::bigint[], $3::jsonb[], $4::int[]) AS f(id, parent_id, name, sort_order)`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.parentId),
      rows.map((r) => r.name),
      rows.map((r) => r.sortOrder),
    ],
  );
  const leaves = rows.filter((row) => row.name.includes('Numery seryjne')).map((row) => row.id);
  await client.query(
    `INSERT INTO catalog_cards (id, folder_id, external_id, name, sort_order, drawing_svg, drawing_width,
                                drawing_height)
     OVERRIDING SYSTEM VALUE
     SELECT c, ($1::bigint[])[1 + (c - 1) * cardinality($1::bigint[]) / $5],
            'BC-' || c,
            jsonb_build_object('default', 'pl', 'values', jsonb_build_object(
              'pl', ($2::text[])[1 + c % cardinality($2::text[])] || ' – wariant ' || (1 + c % 37),
              'en', ($3::text[])[1 + c % cardinality($3::text[])] || ' – variant ' || (1 + c % 37),
              'de', ($4::text[])[1 + c % cardinality($4::text[])] || ' – Variante ' || (1 + c % 37))),
            c % ${CARDS_PER_LEAF_FOLDER}, $6, 1000, 800
       FROM generate_series(1, $5::int) c`,
    [
      leaves,
      CARD_NAMES.map((n) => n[0]),
      CARD_NAMES.map((n) => n[1]),
      CARD_NAMES.map((n) => n[2]),
      cards,
      DRAWING,
    ],
  );
  return rows.length;
}

/**
 * 50–100 positions per card (10 % of the cards exactly 100; mean about 77), 12 % of them one of the standard
 * parts (each on about 90 cards), the others a random part (each on 1.3 cards on average: many on one,
 * some on several, a quarter on none).
 */
function positionsSql(parts: number): string {
  const standardCount = Math.max(STANDARD_NAMES.length, Math.round(parts * STANDARD_SHARE));
  return `
    INSERT INTO card_positions (card_id, part_id, position_number, quantity, hotspots, sort_order)
    SELECT c.id,
           CASE WHEN random() < 0.12 THEN 1 + floor(random() * ${standardCount})::bigint
                ELSE ${standardCount + 1} + floor(random() * ${parts - standardCount})::bigint END,
           k::text, 1 + floor(random() * 4)::int,
           jsonb_build_array(jsonb_build_object('x', 60 + ((k - 1) % 10) * 95, 'y', 50 + ((k - 1) / 10) * 75,
                                                'r', 14)),
           k - 1
      FROM (SELECT id, CASE WHEN random() < 0.1 THEN 100 ELSE 50 + floor(random() * 50)::int END AS n
              FROM catalog_cards) c,
           generate_series(1, c.n) k
     ORDER BY c.id, k`;
}

/**
 * Empties the catalogue tables and fills them at `scale` (scale 1: 1M parts, 20k cards). Runs on its own
 * (`npm run bench -- generate --only=catalog`, about 4 minutes) or as part of the whole generation.
 */
export async function fillCatalog(client: pg.Client, scale: Scale): Promise<void> {
  const parts = Math.round(1_000_000 * scale.factor);
  const cards = Math.round(20_000 * scale.factor);
  log(`  catalogue: ${parts} parts, ${cards} cards`);
  // part_search_words is refilled by the triggers on parts (migration 0007) as the batches go in.
  await client.query(`TRUNCATE ${CATALOG_TABLES.join(', ')}, part_search_words RESTART IDENTITY CASCADE`);
  const deferred = await dropDeferrable(client, CATALOG_TABLES);
  const step = async (label: string, run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    log(`  ${label.padEnd(36)} ${seconds(performance.now() - started)}`);
  };
  await step('parts (JS search text, batches)', () => insertParts(client, parts));
  let folders = 0;
  await step(
    'catalog_folders, catalog_cards',
    async () => (folders = await insertFoldersAndCards(client, cards)),
  );
  await step('card_positions', () => client.query(positionsSql(parts)));
  await step('identity sequences', () =>
    client.query(
      CATALOG_TABLES.map(
        (table) => `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`,
      ).join(';'),
    ),
  );
  await restoreDeferred(client, deferred, (label, ms) => log(`  ${label.padEnd(60)} ${seconds(ms)}`));
  // The importer writes parts in symbol order (write-catalog.ts); the generated ones are random: put them in
  // that order as docs/operations.md does after a large import ("The parts' order on disk").
  await step('parts in symbol order (CLUSTER)', () => client.query('CLUSTER parts USING parts_symbol_id_idx'));
  log(`  ${folders} folders`);
}
