import { PART_HINTS_LIMIT, PART_SEARCH_TOTAL_CAP } from '@care/contract/catalog';
import type { Language } from '@care/contract/locales';
import type { TranslatedText } from '@care/contract/translations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#app/db/client.ts';
import { cardPositions, catalogCards, catalogFolders, parts } from '#app/db/schema/catalog.ts';
import { buildPartSearchText, normalizeSymbol } from '#app/db/search-text.ts';
import { cookieFor, insertUser } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { forgetCatalogSearches } from './part-search.ts';

const names = (pl: string, en: string, de: string, fallback: Language = 'pl'): TranslatedText => ({
  default: fallback,
  values: { pl, en, de },
});

async function insertFolder(
  db: Db,
  externalId: string,
  name: TranslatedText,
  parentId?: number,
  sortOrder = 0,
) {
  const [row] = await db
    .insert(catalogFolders)
    .values({ externalId, name, parentId: parentId ?? null, sortOrder })
    .returning({ id: catalogFolders.id });
  return row!.id;
}

async function insertCard(db: Db, externalId: string, folderId: number, name: TranslatedText, sortOrder = 0) {
  const [row] = await db
    .insert(catalogCards)
    .values({
      externalId,
      folderId,
      name,
      sortOrder,
      drawingSvg:
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle cx="10" cy="10" r="4"/></svg>',
      drawingWidth: 100,
      drawingHeight: 100,
    })
    .returning({ id: catalogCards.id });
  return row!.id;
}

interface PartInput {
  symbol: string;
  name: TranslatedText;
  catalogNumber?: string;
  sapId?: string;
  standard?: string;
}

async function insertPart(db: Db, part: PartInput) {
  const [row] = await db
    .insert(parts)
    .values({
      externalId: part.symbol,
      symbol: part.symbol,
      symbolNormalized: normalizeSymbol(part.symbol),
      name: part.name,
      searchText: buildPartSearchText(part),
      standard: part.standard ?? null,
      catalogNumber: part.catalogNumber ?? null,
      sapId: part.sapId ?? null,
      quantity: 1,
      unit: 'pcs',
      images: ['/images/parts/x.png'],
    })
    .returning({ id: parts.id });
  return row!.id;
}

describe('parts catalogue (api/catalog-folders, api/catalog-cards, api/parts)', () => {
  let t: TestApp;
  let customer: string;
  let service: string;
  const ids: Record<string, number> = {};
  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const ok = async <T>(url: string, cookie?: string): Promise<T> => {
    const response = await get(url, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  const search = (q: string, extra = '') =>
    ok<{
      items: { id: string; symbol: string }[];
      total: number;
      totalCapped: boolean;
      hasMore: boolean;
      page: number;
      pageSize: number;
    }>(`/api/parts?q=${encodeURIComponent(q)}${extra}`);
  const symbols = (page: { items: { symbol: string }[] }) => page.items.map((item) => item.symbol);

  beforeAll(async () => {
    // Customers get no catalogue authority here; staff roles always hold it.
    t = await createTestApp({ CUSTOMER_AUTHORITIES: ',' });
    const db = t.database.db;
    ids.combines = await insertFolder(db, 'F-K', names('Kombajny', 'Combines', 'Mähdrescher'), undefined, 0);
    ids.balers = await insertFolder(db, 'F-P', names('Prasy', 'Balers', 'Pressen'), undefined, 1);
    ids.header = await insertFolder(
      db,
      'F-KH',
      names('Zespół żniwny', 'Header', 'Schneidwerk'),
      ids.combines,
      1,
    );
    ids.engine = await insertFolder(db, 'F-KS', names('Silnik', 'Engine', 'Motor'), ids.combines, 0);
    ids.pickup = await insertFolder(db, 'F-PP', names('Podbieracz', 'Pick-up', 'Pick-up'), ids.balers);
    ids.reel = await insertCard(db, 'C-1', ids.header, names('Nagarniacz', 'Reel', 'Haspel'), 1);
    ids.knife = await insertCard(db, 'C-2', ids.header, names('Kosa', 'Knife', 'Messer'), 0);
    ids.tines = await insertCard(db, 'C-3', ids.pickup, names('Palce', 'Tines', 'Zinken'));

    ids.bearing = await insertPart(db, {
      symbol: 'AM-4410-205',
      name: names('Łożysko kulkowe zwykłe', 'Deep groove ball bearing', 'Rillenkugellager'),
      catalogNumber: '4410.205.00',
      sapId: '104410205',
    });
    ids.spring = await insertPart(db, {
      symbol: 'AM-5120-110',
      name: names('Sprężyna naciągowa', 'Tension spring', 'Zugfeder'),
      catalogNumber: '5120.110.00',
      sapId: '105120110',
    });
    ids.bolt = await insertPart(db, {
      symbol: 'DIN-933-M10X30',
      name: names(
        'Śruba z łbem sześciokątnym M10x30',
        'Hexagon head bolt M10x30',
        'Sechskantschraube M10x30',
      ),
      standard: 'DIN 933',
      sapId: '109330103',
    });
    ids.unused = await insertPart(db, {
      symbol: 'AM-9999-001',
      name: names('Naklejka ostrzegawcza', 'Warning sticker', 'Warnaufkleber'),
    });
    // 25 rings for paging.
    for (let n = 1; n <= 25; n++)
      await insertPart(db, {
        symbol: `AM-7000-${String(n).padStart(3, '0')}`,
        name: names(`Pierścień dystansowy ${n}`, `Spacer ring ${n}`, `Distanzring ${n}`),
      });

    await db.insert(cardPositions).values([
      {
        cardId: ids.reel,
        partId: ids.bearing,
        positionNumber: '1',
        quantity: 2,
        hotspots: [{ x: 10, y: 10, r: 4 }],
        sortOrder: 0,
      },
      {
        cardId: ids.reel,
        partId: ids.spring,
        positionNumber: '2',
        quantity: 1,
        hotspots: [{ x: 30, y: 40, r: 4 }],
        sortOrder: 1,
      },
      { cardId: ids.reel, partId: ids.bolt, positionNumber: '2a', quantity: 8, hotspots: [], sortOrder: 2 },
      { cardId: ids.tines, partId: ids.bolt, positionNumber: '5', quantity: 4, hotspots: [], sortOrder: 0 },
    ]);

    await insertUser(db, { email: 'jan@example.com' });
    await insertUser(db, { email: 'serwis@example.com', role: 'service' });
    customer = await cookieFor(t.app, 'jan@example.com');
    service = await cookieFor(t.app, 'serwis@example.com');
    // Migrations on PGlite plus ~40 inserts: longer than the default 10 s on a busy machine.
  }, 30_000);

  afterAll(async () => {
    await t.app.close();
  });

  describe('tree', () => {
    it('lists the root folders in catalogue order to a visitor without a session', async () => {
      const folders =
        await ok<{ id: string; parentId: string | null; name: TranslatedText }[]>('/api/catalog-folders');
      expect(folders.map((f) => f.name.values.en)).toEqual(['Combines', 'Balers']);
      expect(folders.every((f) => f.parentId === null)).toBe(true);
    });

    it('lists the sub-folders of a folder in catalogue order', async () => {
      const folders = await ok<{ id: string; parentId: string }[]>(
        `/api/catalog-folders?parentId=${ids.combines}`,
      );
      expect(folders.map((f) => Number(f.id))).toEqual([ids.engine, ids.header]);
      expect(folders.every((f) => f.parentId === String(ids.combines))).toBe(true);
    });

    it('lists the cards of a folder in catalogue order', async () => {
      const cards = await ok<{ id: string; folderId: string }[]>(`/api/catalog-cards?folderId=${ids.header}`);
      expect(cards.map((c) => Number(c.id))).toEqual([ids.knife, ids.reel]);
      expect(await ok(`/api/catalog-cards?folderId=${ids.engine}`)).toEqual([]);
    });

    it('answers a card with its drawing and its positions in drawing order, each with its part', async () => {
      const card = await ok<{
        name: TranslatedText;
        drawingUrl: string;
        drawingWidth: number;
        positions: {
          positionNumber: string;
          quantity: number;
          hotspots: unknown[];
          part: { id: string; symbol: string; sapId: string; name: TranslatedText; images: string[] };
        }[];
      }>(`/api/catalog-cards/${ids.reel}`);
      expect(card.name.values.pl).toBe('Nagarniacz');
      expect(card.drawingWidth).toBe(100);
      expect(card.positions.map((p) => [p.positionNumber, p.part.symbol, p.quantity])).toEqual([
        ['1', 'AM-4410-205', 2],
        ['2', 'AM-5120-110', 1],
        ['2a', 'DIN-933-M10X30', 8],
      ]);
      expect(card.positions[0]!.hotspots).toEqual([{ x: 10, y: 10, r: 4 }]);
      expect(card.positions[0]!.part.sapId).toBe('104410205');
      expect(card.positions[0]!.part.images).toEqual(['/images/parts/x.png']);

      const drawing = await get(card.drawingUrl);
      expect(drawing.statusCode).toBe(200);
      expect(drawing.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(drawing.headers['content-security-policy']).toContain("default-src 'none'");
      expect(drawing.body).toContain('<circle');
    });

    it('answers one part with the SPEC fields', async () => {
      const part = await ok<Record<string, unknown>>(`/api/parts/${ids.bolt}`);
      expect(part).toMatchObject({
        id: String(ids.bolt),
        symbol: 'DIN-933-M10X30',
        standard: 'DIN 933',
        sapId: '109330103',
        catalogNumber: null,
        configuration: null,
        returnable: false,
        quantity: 1,
      });
    });

    it("answers a part's configuration in every language the import gave, a plain one as the default language's", async () => {
      const db = t.database.db;
      await db
        .update(parts)
        .set({
          configuration:
            '<translations default="pl"><pl>od nr fabr. AM-2023-001200</pl><en>from serial no. AM-2023-001200</en>' +
            '<de>ab Fabr.-Nr. AM-2023-001200</de></translations>',
        })
        .where(eq(parts.id, ids.bolt!));
      await db.update(parts).set({ configuration: 'Żniwiarz 4200' }).where(eq(parts.id, ids.spring!));
      try {
        const bolt = await ok<{ configuration: unknown }>(`/api/parts/${ids.bolt}`);
        expect(bolt.configuration).toEqual(
          names(
            'od nr fabr. AM-2023-001200',
            'from serial no. AM-2023-001200',
            'ab Fabr.-Nr. AM-2023-001200',
          ),
        );
        const spring = await ok<{ configuration: unknown }>(`/api/parts/${ids.spring}`);
        expect(spring.configuration).toEqual({ default: 'pl', values: { pl: 'Żniwiarz 4200' } });
      } finally {
        await db.update(parts).set({ configuration: null }).where(eq(parts.id, ids.bolt!));
        await db.update(parts).set({ configuration: null }).where(eq(parts.id, ids.spring!));
      }
    });

    it('answers 404 for an unknown folder, card, drawing or part', async () => {
      for (const url of [
        '/api/catalog-folders?parentId=999999',
        '/api/catalog-cards?folderId=999999',
        '/api/catalog-cards/999999',
        '/api/catalog-cards/999999/drawing',
        '/api/parts/999999',
        '/api/parts/paths?partId=999999',
        '/api/parts/breadcrumbs?folderId=999999',
        '/api/parts/breadcrumbs?cardId=999999',
      ]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(404);
        expect(response.json().code, url).toBe('NOT_FOUND');
      }
    });

    it('answers 400 for a malformed id or a breadcrumb query without exactly one target', async () => {
      for (const url of [
        '/api/parts/abc',
        '/api/catalog-cards',
        '/api/parts/breadcrumbs',
        `/api/parts/breadcrumbs?folderId=${ids.header}&cardId=${ids.reel}`,
      ])
        expect((await get(url)).statusCode, url).toBe(400);
    });
  });

  describe('breadcrumbs and paths', () => {
    it('answers the folders from the root down to a folder', async () => {
      const trail = await ok<{ kind: string; id: string }[]>(`/api/parts/breadcrumbs?folderId=${ids.header}`);
      expect(trail).toEqual([
        { kind: 'folder', id: String(ids.combines), name: names('Kombajny', 'Combines', 'Mähdrescher') },
        { kind: 'folder', id: String(ids.header), name: names('Zespół żniwny', 'Header', 'Schneidwerk') },
      ]);
    });

    it('answers the folders down to a card and the card last', async () => {
      const trail = await ok<{ kind: string; id: string }[]>(`/api/parts/breadcrumbs?cardId=${ids.tines}`);
      expect(trail.map((step) => [step.kind, Number(step.id)])).toEqual([
        ['folder', ids.balers],
        ['folder', ids.pickup],
        ['card', ids.tines],
      ]);
    });

    it('answers every card position where a part appears, with its trail', async () => {
      const paths = await ok<{ cardId: string; positionNumber: string; trail: { id: string }[] }[]>(
        `/api/parts/paths?partId=${ids.bolt}`,
      );
      expect(
        paths.map((p) => [Number(p.cardId), p.positionNumber, p.trail.map((s) => Number(s.id))]),
      ).toEqual([
        [ids.reel, '2a', [ids.combines, ids.header, ids.reel]],
        [ids.tines, '5', [ids.balers, ids.pickup, ids.tines]],
      ]);
      expect(await ok(`/api/parts/paths?partId=${ids.unused}`)).toEqual([]);
    });
  });

  describe('search', () => {
    it('finds a symbol typed with spaces, dots or without its dashes', async () => {
      for (const q of ['AM-4410-205', 'am 4410 205', 'am4410205', 'AM.4410.205', '4410-205'])
        expect(symbols(await search(q)), q).toEqual(['AM-4410-205']);
    });

    it('finds a part by catalogue number and by SAP id', async () => {
      expect(symbols(await search('5120.110.00'))).toEqual(['AM-5120-110']);
      expect(symbols(await search('109330103'))).toEqual(['DIN-933-M10X30']);
    });

    it('finds Polish and German names with or without diacritics, and English names', async () => {
      expect(symbols(await search('łożysko'))).toEqual(['AM-4410-205']);
      expect(symbols(await search('lozysko'))).toEqual(['AM-4410-205']);
      expect(symbols(await search('LOZYSKO KULKOWE'))).toEqual(['AM-4410-205']);
      expect(symbols(await search('sprezyna'))).toEqual(['AM-5120-110']);
      expect(symbols(await search('Rillenkugellager'))).toEqual(['AM-4410-205']);
      expect(symbols(await search('sechskantschraube'))).toEqual(['DIN-933-M10X30']);
      expect(symbols(await search('Tension spring'))).toEqual(['AM-5120-110']);
    });

    it('tolerates one typo in a word', async () => {
      expect(symbols(await search('lozysco'))).toEqual(['AM-4410-205']);
      expect(symbols(await search('lozisko kulkowe'))).toEqual(['AM-4410-205']);
      expect(symbols(await search('Rillenkugelager'))).toEqual(['AM-4410-205']);
      expect(symbols(await search('sprezina'))).toEqual(['AM-5120-110']);
      expect(symbols(await search('Zugfeter'))).toEqual(['AM-5120-110']);
    });

    it('matches numbers exactly: one wrong digit in a SAP id or symbol finds nothing', async () => {
      expect((await search('104410206')).total).toBe(0);
      expect((await search('AM-4410-206')).total).toBe(0);
    });

    it('finds nothing for a text matching no part', async () => {
      expect(await search('kombinezon')).toMatchObject({ items: [], total: 0 });
    });

    it('pages the results by symbol, each page with whether more follow, the last with the total', async () => {
      const ring = (n: number) => `AM-7000-${String(n).padStart(3, '0')}`;
      const first = await search('pierscien dystansowy', '&page=1&pageSize=10');
      expect(symbols(first)).toEqual(Array.from({ length: 10 }, (_, i) => ring(i + 1)));
      expect(first).toMatchObject({ hasMore: true, page: 1, pageSize: 10 });
      const second = await search('pierscien dystansowy', '&page=2&pageSize=10');
      expect(symbols(second)).toEqual(Array.from({ length: 10 }, (_, i) => ring(i + 11)));
      expect(second.hasMore).toBe(true);
      // Reading past the last result, the search knows them all.
      const last = await search('pierscien dystansowy', '&page=3&pageSize=10');
      expect(last).toMatchObject({ total: 25, totalCapped: false, hasMore: false, page: 3, pageSize: 10 });
      expect(symbols(last)).toEqual([ring(21), ring(22), ring(23), ring(24), ring(25)]);
      expect(await search('pierscien dystansowy', '&page=4&pageSize=10')).toMatchObject({
        items: [],
        total: 25,
        totalCapped: false,
        hasMore: false,
      });
      expect(await ok('/api/parts/count?q=spacer%20ring')).toEqual({ count: 25, capped: false });
      expect(await ok('/api/parts/count?q=lozysko')).toEqual({ count: 1, capped: false });
    });

    it('answers the exact total when every result fits on the page', async () => {
      expect(await search('lozysko')).toMatchObject({ total: 1, totalCapped: false, hasMore: false });
      expect(await search('spring')).toMatchObject({ total: 1, totalCapped: false, hasMore: false });
    });

    it('answers an empty page, a zero count and no hints for fewer than 3 characters', async () => {
      for (const q of ['', 'am', ' ł ', '  x  '])
        expect(await search(q), q).toMatchObject({ items: [], total: 0 });
      expect(await ok('/api/parts/count?q=lo')).toEqual({ count: 0, capped: false });
      expect(await ok('/api/parts/hints?q=lo')).toEqual([]);
    });

    it('finds 3 letters inside a word, as a word of their own, and beside other words', async () => {
      expect(symbols(await search('kug'))).toEqual(['AM-4410-205']);
      expect(symbols(await search('ŁOŻ'))).toEqual(['AM-4410-205']);
      // "DIN 933": a run of 3 letters in search_text, which the vocabulary (words of 4+ letters) does not hold.
      expect(symbols(await search('din'))).toEqual(['DIN-933-M10X30']);
      expect(symbols(await search('kul łoż'))).toEqual(['AM-4410-205']);
      expect(await ok('/api/parts/count?q=ace%20rin')).toEqual({ count: 25, capped: false });
      expect(await search('xyz')).toMatchObject({ items: [], total: 0 });
      expect((await ok<{ symbol: string }[]>('/api/parts/hints?q=din')).map((h) => h.symbol)).toEqual([
        'DIN-933-M10X30',
      ]);
    });

    it('takes % and _ in the text literally', async () => {
      expect((await search('%%%')).total).toBe(0);
      expect((await search('___')).total).toBe(0);
    });

    it('gives hints from the third character: the first results of the same search', async () => {
      for (const q of ['loz', 'am-70', 'ring', 'spacer ring', 'sprezina', '4410']) {
        const hints = await ok<{ id: string }[]>(`/api/parts/hints?q=${encodeURIComponent(q)}`);
        const results = await search(q, `&pageSize=${PART_HINTS_LIMIT}`);
        expect(hints.length, q).toBeGreaterThan(0);
        expect(
          hints.map((h) => h.id),
          q,
        ).toEqual(results.items.map((p) => p.id));
      }
      const hints =
        await ok<{ id: string; symbol: string; name: TranslatedText }[]>('/api/parts/hints?q=loz');
      expect(hints.map((h) => h.symbol)).toEqual(['AM-4410-205']);
      expect(hints[0]).toEqual({
        id: String(ids.bearing),
        symbol: 'AM-4410-205',
        name: names('Łożysko kulkowe zwykłe', 'Deep groove ball bearing', 'Rillenkugellager'),
      });
      const bySymbol = await ok<{ symbol: string }[]>('/api/parts/hints?q=am-70');
      expect(bySymbol).toHaveLength(10);
      expect(bySymbol.every((h) => h.symbol.startsWith('AM-7000-'))).toBe(true);
    });
  });

  describe('search beyond its cap, by words and with typos in the vocabulary', () => {
    const seals = PART_SEARCH_TOTAL_CAP + 5;
    const seal = (n: number) => `AM-8000-${String(n).padStart(4, '0')}`;
    const seals20 = (from: number) => Array.from({ length: 20 }, (_, i) => seal(from + i));
    beforeAll(async () => {
      const name = names('Uszczelniacz wału', 'Shaft seal', 'Wellendichtring');
      await t.database.db.insert(parts).values(
        // Inserted out of symbol order: ids must not happen to give the order.
        Array.from({ length: seals }, (_, i) => {
          const symbol = seal(((i * 7919) % seals) + 1);
          return {
            externalId: symbol,
            symbol,
            symbolNormalized: normalizeSymbol(symbol),
            name,
            searchText: buildPartSearchText({ symbol, name }),
          };
        }),
      );
      // As an import does: the searches learn the new catalogue at once.
      forgetCatalogSearches();
    }, 30_000);

    it('reads a page and one more: "more than" the parts so far on a common word, in symbol order', async () => {
      const first = await search('uszczelniacz', '&pageSize=20');
      expect(symbols(first)).toEqual(seals20(1));
      expect(first).toMatchObject({ total: 20, totalCapped: true, hasMore: true });
      const second = await search('wellendichtring', '&pageSize=20&page=2');
      expect(symbols(second)).toEqual(seals20(21));
      expect(second).toMatchObject({ total: 40, totalCapped: true, hasMore: true });
    });

    it('ends the pages at the cap, "more than" the cap there', async () => {
      const last = await search('uszczelniacz', `&pageSize=20&page=${PART_SEARCH_TOTAL_CAP / 20}`);
      expect(symbols(last)).toEqual(seals20(PART_SEARCH_TOTAL_CAP - 19));
      expect(last).toMatchObject({ total: PART_SEARCH_TOTAL_CAP, totalCapped: true, hasMore: false });
      const past = await search('uszczelniacz', `&pageSize=20&page=${PART_SEARCH_TOTAL_CAP / 20 + 1}`);
      expect(past).toMatchObject({
        items: [],
        total: PART_SEARCH_TOTAL_CAP,
        totalCapped: true,
        hasMore: false,
      });
      expect(await ok('/api/parts/count?q=wellendichtring')).toEqual({
        count: PART_SEARCH_TOTAL_CAP,
        capped: true,
      });
    });

    it('pages a symbol fragment on more than the cap from the symbols starting with it, in symbol order', async () => {
      for (const q of ['AM-8000', 'am 8000', 'am8000']) {
        const first = await search(q, '&pageSize=20');
        expect(symbols(first), q).toEqual(seals20(1));
        expect(first, q).toMatchObject({ total: 20, totalCapped: true, hasMore: true });
        const last = await search(q, `&pageSize=20&page=${PART_SEARCH_TOTAL_CAP / 20}`);
        expect(symbols(last), q).toEqual(seals20(PART_SEARCH_TOTAL_CAP - 19));
        expect(last, q).toMatchObject({ total: PART_SEARCH_TOTAL_CAP, totalCapped: true, hasMore: false });
      }
      expect(await ok('/api/parts/count?q=am-8000')).toEqual({ count: PART_SEARCH_TOTAL_CAP, capped: true });
      const hints = await ok<{ symbol: string }[]>('/api/parts/hints?q=am-80');
      expect(hints.map((h) => h.symbol)).toEqual(seals20(1).slice(0, PART_HINTS_LIMIT));
    });

    it('counts a rare text exactly, even past the first page', async () => {
      const rings = await search('spacer ring', '&pageSize=10');
      expect(rings).toMatchObject({ total: 25, totalCapped: false, hasMore: true });
      expect(symbols(rings)[0]).toBe('AM-7000-001');
    });

    it('gives as hints the first results of a common word, in the same order', async () => {
      const hints = await ok<{ symbol: string }[]>('/api/parts/hints?q=uszczelniacz');
      expect(hints.map((h) => h.symbol)).toEqual(seals20(1).slice(0, PART_HINTS_LIMIT));
      const misspelt = await ok<{ symbol: string }[]>('/api/parts/hints?q=uszczelnlacz');
      expect(misspelt.map((h) => h.symbol)).toEqual(seals20(1).slice(0, PART_HINTS_LIMIT));
    });

    it('finds a word inside a German compound and words in any order', async () => {
      expect(symbols(await search('kugellager'))).toEqual(['AM-4410-205']);
      expect(symbols(await search('kulkowe łożysko'))).toEqual(['AM-4410-205']);
      expect(symbols(await search('spring tension'))).toEqual(['AM-5120-110']);
    });

    it('knows the words of parts added or renamed later (typo search through the vocabulary)', async () => {
      expect(await search('uszczelnlacz')).toMatchObject({ total: 20, totalCapped: true, hasMore: true });
      expect(symbols(await search('uszczelnlacz'))).toEqual(seals20(1));
      expect((await search('kolpak')).total).toBe(0);
      expect(await ok('/api/parts/hints?q=kolpak')).toEqual([]);
      const db = t.database.db;
      const name = names('Kołpak ochronny', 'Protective hubcap', 'Schutzkappe');
      await db
        .update(parts)
        .set({ name, searchText: buildPartSearchText({ symbol: 'AM-9999-001', name }) })
        .where(eq(parts.id, ids.unused!));
      // Results are kept 30 s; an import says when they are out of date.
      forgetCatalogSearches();
      expect(symbols(await search('kolpak'))).toEqual(['AM-9999-001']);
      expect((await ok<{ symbol: string }[]>('/api/parts/hints?q=kolpak')).map((h) => h.symbol)).toEqual([
        'AM-9999-001',
      ]);
      expect(symbols(await search('kolpag ochronny'))).toEqual(['AM-9999-001']);
      expect(symbols(await search('schutzkape'))).toEqual(['AM-9999-001']);
    });

    it('gives hints for a misspelt word', async () => {
      const hints = await ok<{ symbol: string }[]>('/api/parts/hints?q=sprezina');
      expect(hints.map((h) => h.symbol)).toEqual(['AM-5120-110']);
    });
  });

  describe('a common word whose parts all come last in the symbol order', () => {
    const sprocket = (n: number) => `ZZ-${String(n).padStart(4, '0')}`;
    beforeAll(async () => {
      const name = names('Zębatka', 'Sprocket', 'Kettenrad');
      await t.database.db.insert(parts).values(
        Array.from({ length: 300 }, (_, i) => {
          const symbol = sprocket(((i * 7919) % 300) + 1);
          return {
            externalId: symbol,
            symbol,
            symbolNormalized: normalizeSymbol(symbol),
            name,
            searchText: buildPartSearchText({ symbol, name }),
          };
        }),
      );
      forgetCatalogSearches();
    }, 30_000);

    it('is ranked exactly all the same: reading in symbol order falls short, so every match is read', async () => {
      const first = await search('sprocket', '&pageSize=20');
      expect(symbols(first)).toEqual(Array.from({ length: 20 }, (_, i) => sprocket(i + 1)));
      expect(first).toMatchObject({ total: 300, totalCapped: false, hasMore: true });
      const hints = await ok<{ symbol: string }[]>('/api/parts/hints?q=kettenrad');
      expect(hints.map((h) => h.symbol)).toEqual(symbols(first).slice(0, PART_HINTS_LIMIT));
    });
  });

  describe('authority (SPEC §1)', () => {
    it('refuses every catalogue read to a signed-in user without RIGHT_CARE_VIEW_CATALOG', async () => {
      for (const url of [
        '/api/catalog-folders',
        `/api/catalog-cards?folderId=${ids.header}`,
        `/api/catalog-cards/${ids.reel}`,
        `/api/catalog-cards/${ids.reel}/drawing`,
        `/api/parts/${ids.bearing}`,
        '/api/parts?q=lozysko',
        '/api/parts/count?q=lozysko',
        '/api/parts/hints?q=lozysko',
        `/api/parts/paths?partId=${ids.bearing}`,
        `/api/parts/breadcrumbs?cardId=${ids.reel}`,
      ]) {
        const response = await get(url, customer);
        expect(response.statusCode, url).toBe(403);
        expect(response.json().code, url).toBe('FORBIDDEN');
      }
    });

    it('lets a signed-in user holding the authority read the catalogue', async () => {
      expect(symbols(await ok('/api/parts?q=lozysko', service))).toEqual(['AM-4410-205']);
      expect((await ok<unknown[]>('/api/catalog-folders', service)).length).toBe(2);
    });
  });
});
