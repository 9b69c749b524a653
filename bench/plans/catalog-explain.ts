import type pg from 'pg';
import type { Db } from '../../apps/server/src/db/client.ts';
import { getCard } from '../../apps/server/src/features/catalog/catalog.service.ts';
import { countParts, partHints, searchParts } from '../../apps/server/src/features/catalog/part-search.ts';

/**
 * The catalogue's statements for explain.ts: hints, the search page with its total (page 1 and 5), the count
 * and a card with 100 positions, each for texts of every kind: a very common word, a rare one, two words,
 * a misspelt word, a symbol typed with spaces, a SAP id, a text matching nothing.
 */
export async function catalogCases(
  client: pg.Client,
): Promise<{ name: string; run: (db: Db) => Promise<unknown> }[]> {
  const { rows: sample } = await client.query<{ symbol: string; sap_id: string }>(
    `SELECT symbol, sap_id FROM parts WHERE sap_id IS NOT NULL AND symbol LIKE 'AM-%' ORDER BY id LIMIT 1 OFFSET 4321`,
  );
  const { rows: cards } = await client.query<{ card_id: string }>(
    `SELECT card_id FROM card_positions GROUP BY card_id HAVING count(*) = 100 ORDER BY card_id LIMIT 1`,
  );
  if (!sample[0] || !cards[0]) return [];
  const { symbol, sap_id: sapId } = sample[0];
  const spacedSymbol = symbol.replace(/-/g, ' ').toLowerCase();
  const cardId = Number(cards[0].card_id);
  const search =
    (q: string, page = 1) =>
    (db: Db) =>
      searchParts(db, { q, page, pageSize: 20 });
  return [
    { name: 'catalog hints — "loz" (3 letters, 60k parts)', run: (db) => partHints(db, 'loz') },
    { name: 'catalog hints — "Śrub"', run: (db) => partHints(db, 'Śrub') },
    {
      name: `catalog hints — "${symbol.slice(0, 6)}" (symbol prefix)`,
      run: (db) => partHints(db, symbol.slice(0, 6)),
    },
    { name: 'catalog hints — "lozisko" (misspelt)', run: (db) => partHints(db, 'lozisko') },
    { name: 'catalog hints — "kombinezon" (nothing)', run: (db) => partHints(db, 'kombinezon') },
    { name: 'catalog search p1 — "śruba" (very common)', run: search('śruba') },
    { name: 'catalog search p5 — "śruba"', run: search('śruba', 5) },
    { name: 'catalog search p1 — "lozysko kulkowe"', run: search('lozysko kulkowe') },
    { name: 'catalog search p1 — "rutschkupplung" (1,859 parts)', run: search('rutschkupplung') },
    { name: 'catalog search p1 — "lozisko" (misspelt)', run: search('lozisko') },
    { name: 'catalog search p1 — "sprezina dociskowa" (misspelt + word)', run: search('sprezina dociskowa') },
    { name: `catalog search p1 — "${spacedSymbol}" (symbol with spaces)`, run: search(spacedSymbol) },
    { name: `catalog search p1 — "${sapId}" (SAP id)`, run: search(sapId) },
    { name: 'catalog search p1 — "kombinezon" (nothing)', run: search('kombinezon') },
    { name: 'catalog count — "walker" (17,158 parts)', run: (db) => countParts(db, 'walker') },
    { name: `catalog card ${cardId} (100 positions)`, run: (db) => getCard(db, cardId) },
  ];
}
