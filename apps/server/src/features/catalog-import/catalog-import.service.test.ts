import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, count, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#app/db/client.ts';
import { cardPositions, catalogCards, catalogFolders, parts } from '#app/db/schema/catalog.ts';
import { catalogFiles, catalogImports } from '#app/db/schema/catalog-imports.ts';
import { buildPartSearchText, normalizeSymbol } from '#app/db/search-text.ts';
import { createLocalFileStore, type FileStore } from '#app/files/file-store.ts';
import { createTestDatabase } from '#app/test/app.ts';
import { filesUnder, png } from '#app/test/files.ts';
import { type CatalogImportOutcome, importCatalog } from './catalog-import.service.ts';
import { EXAMPLE_DIR } from './example-catalog.ts';
import { filesByName, filesInDirectory } from './import-files.ts';

describe('catalogue import', () => {
  let database: Database;
  let storeRoot: string;
  let fileStore: FileStore;
  let example: { json: string; csv: string };

  beforeAll(async () => {
    database = await createTestDatabase();
    storeRoot = await mkdtemp(join(tmpdir(), 'care-catalog-import-'));
    fileStore = createLocalFileStore(storeRoot);
    example = {
      json: await readFile(join(EXAMPLE_DIR, 'catalog.json'), 'utf8'),
      csv: await readFile(join(EXAMPLE_DIR, 'parts.csv'), 'utf8'),
    };
  });
  afterAll(async () => {
    await database.close();
    await rm(storeRoot, { recursive: true, force: true });
  });

  const run = (
    sources: { json?: string; csv?: string },
    options: { dryRun?: boolean; files?: ReturnType<typeof filesInDirectory> } = {},
  ) =>
    importCatalog(
      database.db,
      { sources, files: options.files ?? filesInDirectory(EXAMPLE_DIR), fileNames: ['catalog.json'] },
      { dryRun: options.dryRun ?? false, actor: { id: null, email: 'cli' }, basePath: '', fileStore },
    );
  const ok = (outcome: CatalogImportOutcome) => {
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems, null, 2));
    return outcome.result;
  };
  const counts = async () => ({
    folders: (await database.db.select({ n: count() }).from(catalogFolders))[0]!.n,
    cards: (await database.db.select({ n: count() }).from(catalogCards))[0]!.n,
    parts: (await database.db.select({ n: count() }).from(parts))[0]!.n,
    positions: (await database.db.select({ n: count() }).from(cardPositions))[0]!.n,
  });

  it('a dry run of the documented example reports what it would create and writes nothing', async () => {
    const result = ok(await run(example, { dryRun: true }));
    expect(result).toMatchObject({ dryRun: true, status: 'checked' });
    expect(result.summary).toEqual({
      folders: { created: 2, updated: 0, unchanged: 0 },
      cards: { created: 1, updated: 0, unchanged: 0 },
      parts: { created: 5, updated: 0, unchanged: 0 },
      positions: { created: 1, updated: 0, unchanged: 0 },
      files: { created: 2, updated: 0, unchanged: 0 },
    });
    expect(await counts()).toEqual({ folders: 0, cards: 0, parts: 0, positions: 0 });
    expect(await filesUnder(storeRoot)).toEqual([]);
  });

  it('imports the example: folders, a card with its drawing and hotspots, parts from JSON and CSV, images', async () => {
    const result = ok(await run(example));
    expect(result.status).toBe('imported');
    expect(result.summary.parts.created).toBe(5);
    expect(await counts()).toEqual({ folders: 2, cards: 1, parts: 5, positions: 4 });

    const [loaders] = await database.db
      .select()
      .from(catalogFolders)
      .where(eq(catalogFolders.externalId, 'X-LOADERS'));
    expect(loaders!.name).toEqual({
      default: 'pl',
      values: { pl: 'Ładowacze czołowe', en: 'Front loaders', de: 'Frontlader' },
    });
    expect(loaders!.imageFileId).toMatch(/^[0-9a-f-]{36}$/);
    const [arm] = await database.db
      .select()
      .from(catalogFolders)
      .where(eq(catalogFolders.externalId, 'X-LOADERS-ARM'));
    expect(arm!.parentId).toBe(loaders!.id);

    const [card] = await database.db.select().from(catalogCards);
    expect(card).toMatchObject({ folderId: arm!.id, drawingWidth: 600, drawingHeight: 400 });
    expect(card!.drawingSvg).toContain('<svg');
    const positions = await database.db
      .select({
        number: cardPositions.positionNumber,
        hotspots: cardPositions.hotspots,
        quantity: cardPositions.quantity,
      })
      .from(cardPositions)
      .orderBy(asc(cardPositions.sortOrder));
    expect(positions.map((p) => p.number)).toEqual(['1', '2', '3', '4']);
    expect(positions[0]!.hotspots).toEqual([{ x: 120, y: 80, r: 18 }]);
    expect(positions[1]!).toMatchObject({ quantity: 2, hotspots: [{ x: 260, y: 150, r: 20 }] });

    // Derived columns as the seed fills them; the plain name is the default language's.
    const [cylinder] = await database.db.select().from(parts).where(eq(parts.externalId, 'X-P-100'));
    expect(cylinder!.symbolNormalized).toBe(normalizeSymbol('AM-9100-100'));
    expect(cylinder!.searchText).toBe(buildPartSearchText(cylinder!));
    expect(cylinder!.searchText).toContain('silownik hydrauliczny');
    expect(cylinder!.images).toEqual([expect.stringMatching(/^\/api\/catalog-files\/[0-9a-f-]{36}$/)]);
    const [ring] = await database.db.select().from(parts).where(eq(parts.externalId, 'X-P-110'));
    expect(ring!.name).toEqual({ default: 'pl', values: { pl: 'Pierścień osadczy' } });
    const [nut] = await database.db.select().from(parts).where(eq(parts.externalId, 'X-P-205'));
    expect(nut).toMatchObject({ standard: 'ISO 7040', returnable: false, sapId: '109100205' });
    expect(nut!.name.values.de).toBe('Sicherungsmutter M12');
    expect(await database.db.select().from(catalogFiles)).toHaveLength(2);
  });

  it('re-importing the same files changes nothing', async () => {
    const before = await database.db
      .select({ updatedAt: parts.updatedAt })
      .from(parts)
      .orderBy(asc(parts.id));
    const result = ok(await run(example));
    expect(result.summary).toEqual({
      folders: { created: 0, updated: 0, unchanged: 2 },
      cards: { created: 0, updated: 0, unchanged: 1 },
      parts: { created: 0, updated: 0, unchanged: 5 },
      positions: { created: 0, updated: 0, unchanged: 1 },
      files: { created: 0, updated: 0, unchanged: 2 },
    });
    expect(
      await database.db.select({ updatedAt: parts.updatedAt }).from(parts).orderBy(asc(parts.id)),
    ).toEqual(before);
    expect(await filesUnder(storeRoot)).toHaveLength(2);
  });

  it('a changed record is updated and a card whose positions changed gets them replaced', async () => {
    const document = JSON.parse(example.json);
    document.parts[2].name =
      '<translations default="en"><pl>Pierścień Segera</pl><en>Circlip</en></translations>';
    document.cards[0].positions.pop();
    const result = ok(await run({ json: JSON.stringify(document), csv: example.csv }));
    expect(result.summary.parts).toEqual({ created: 0, updated: 1, unchanged: 4 });
    expect(result.summary.positions).toEqual({ created: 0, updated: 1, unchanged: 0 });
    const [ring] = await database.db.select().from(parts).where(eq(parts.externalId, 'X-P-110'));
    expect(ring!.name).toEqual({ default: 'en', values: { pl: 'Pierścień Segera', en: 'Circlip' } });
    expect(ring!.searchText).toContain('pierscien segera');
    expect((await counts()).positions).toBe(3);
    ok(await run(example));
  });

  it('a file with 3 bad records writes nothing and reports each record, field and problem', async () => {
    const before = await counts();
    const document = JSON.parse(example.json);
    document.folders.push({ externalId: 'X-NEW', parentExternalId: 'NO-SUCH-FOLDER', name: 'Nowy' });
    document.parts[1].symbol = '';
    document.cards[0].positions[2].partExternalId = 'NO-SUCH-PART';
    document.parts.push({ externalId: 'X-P-999', symbol: 'AM-9100-999', name: 'Nowa część' });
    const outcome = await run({ json: JSON.stringify(document), csv: example.csv });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.problems).toEqual([
      expect.objectContaining({
        entity: 'part',
        externalId: 'X-P-105',
        index: 2,
        field: 'symbol',
        code: 'required',
      }),
      expect.objectContaining({
        entity: 'folder',
        externalId: 'X-NEW',
        index: 3,
        field: 'parentExternalId',
        code: 'unknown-parent-folder',
        detail: 'NO-SUCH-FOLDER',
      }),
      expect.objectContaining({
        entity: 'card',
        externalId: 'X-CARD-ARM-1',
        field: 'positions.3.partExternalId',
        code: 'unknown-part',
        detail: 'NO-SUCH-PART',
      }),
    ]);
    expect(await counts()).toEqual(before);
    expect((await database.db.select().from(parts).where(eq(parts.externalId, 'X-P-999'))).length).toBe(0);
    const [history] = await database.db
      .select()
      .from(catalogImports)
      .where(eq(catalogImports.id, Number(outcome.id)));
    expect(history).toMatchObject({ status: 'failed', problemCount: 3, summary: null });
  });

  it('a bad part or folder is reported once, not again by every record that refers to it', async () => {
    const document = JSON.parse(example.json);
    document.parts[1].symbol = '';
    document.folders[1].name = { pl: ' ' };
    const outcome = await run({ json: JSON.stringify(document), csv: example.csv });
    if (outcome.ok) throw new Error('expected problems');
    expect(outcome.problems.map((p) => [p.externalId, p.field, p.code])).toEqual([
      ['X-LOADERS-ARM', 'name', 'name-empty'],
      ['X-P-105', 'symbol', 'required'],
    ]);
  });

  it('reports a misspelt field name instead of dropping its value', async () => {
    const document = JSON.parse(example.json);
    document.parts[0].catalogueNumber = document.parts[0].catalogNumber;
    document.cards[0].positions[0].quantiy = 2;
    const outcome = await run({ json: JSON.stringify(document), csv: example.csv });
    if (outcome.ok) throw new Error('expected problems');
    expect(outcome.problems.map((p) => [p.externalId, p.field, p.code])).toEqual([
      ['X-CARD-ARM-1', 'positions.1.quantiy', 'unknown-field'],
      ['X-P-100', 'catalogueNumber', 'unknown-field'],
    ]);
  });

  it('reports CSV problems by line, and a malformed JSON as such', async () => {
    const csv = [
      'externalId,symbol,name,quantity,returnable',
      'C-1,AM-1,"<translations default=""de""><de>Lager</de><pl>Łożysko</pl></translations>",2,tak',
      'C-2,,Bez symbolu,1,nie',
      'C-3,AM-3,Zła ilość,dużo,nie',
      'C-4,AM-4,Zły zwrot,1,może',
    ].join('\n');
    const outcome = await run({ csv });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.problems.map((p) => [p.source, p.index, p.externalId, p.field, p.code])).toEqual([
      ['csv', 3, 'C-2', 'symbol', 'required'],
      ['csv', 4, 'C-3', 'quantity', 'not-a-number'],
      ['csv', 5, 'C-4', 'returnable', 'not-a-boolean'],
    ]);
    const malformed = await run({ json: '{"parts": [' });
    expect(malformed).toMatchObject({
      ok: false,
      problems: [{ entity: 'document', code: 'json-malformed' }],
    });
  });

  it('imports parts from a CSV alone, with XML-like names in any default language', async () => {
    const csv =
      'externalId,symbol,name\nC-1,AM 77.1,"<translations default=""de""><de>Lager</de><pl>Łożysko</pl></translations>"\n';
    const result = ok(await run({ csv }));
    expect(result.summary.parts.created).toBe(1);
    const [part] = await database.db.select().from(parts).where(eq(parts.externalId, 'C-1'));
    expect(part).toMatchObject({
      name: { default: 'de', values: { de: 'Lager', pl: 'Łożysko' } },
      symbolNormalized: 'am771',
    });
    expect(part!.searchText).toContain('lozysko');
  });

  it('writes new parts in symbol order, whatever the file order (the search walks them in that order)', async () => {
    const symbols = ['ORD 9', 'ORD 1', 'ORD 5', 'ORD 3', 'ORD 7'];
    const csv = [
      'externalId,symbol,name',
      ...symbols.map((symbol, i) => `ORD-${i},${symbol},Order ${i}`),
    ].join('\n');
    ok(await run({ csv }));
    const written = await database.db
      .select({ symbol: parts.symbol })
      .from(parts)
      .where(like(parts.externalId, 'ORD-%'))
      .orderBy(parts.id);
    expect(written.map((row) => row.symbol)).toEqual(symbols.toSorted());
  });

  it('imports a drawing with a script or an external reference cleaned, with a warning for each card', async () => {
    const document = JSON.parse(example.json);
    document.cards[0].drawing = 'bad.svg';
    document.cards.push({ ...document.cards[0], externalId: 'X-CARD-2', drawing: 'external.svg' });
    const drawing = (inner: string) =>
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 400"><circle r="5"/>${inner}</svg>`,
      );
    const files = filesByName([
      { name: 'bad.svg', content: drawing('<script>alert(1)</script>') },
      { name: 'external.svg', content: drawing('<image href="https://evil.example/x.png"/>') },
      { name: 'loaders.png', content: png() },
      { name: 'cylinder.png', content: png() },
    ]);
    const result = ok(await run({ json: JSON.stringify(document), csv: example.csv }, { files }));
    expect(result.warnings.map((w) => [w.entity, w.externalId, w.field, w.code, w.detail])).toEqual([
      ['card', 'X-CARD-ARM-1', 'drawing', 'svg-cleaned', 'bad.svg: <script>'],
      ['card', 'X-CARD-2', 'drawing', 'svg-cleaned', 'external.svg: href=https://evil.example/x.png'],
    ]);
    const cards = await database.db
      .select({ externalId: catalogCards.externalId, svg: catalogCards.drawingSvg })
      .from(catalogCards)
      .where(inArray(catalogCards.externalId, ['X-CARD-ARM-1', 'X-CARD-2']))
      .orderBy(asc(catalogCards.externalId));
    expect(cards).toEqual([
      { externalId: 'X-CARD-2', svg: expect.stringContaining('<circle r="5"/><image/></svg>') },
      { externalId: 'X-CARD-ARM-1', svg: expect.stringContaining('<circle r="5"/></svg>') },
    ]);
    for (const card of cards) expect(card.svg).not.toMatch(/script|evil/);
  });

  it('refuses an image that is not one', async () => {
    const document = JSON.parse(example.json);
    document.folders[0].image = 'fake.png';
    const files = filesByName([
      { name: 'fake.png', content: Buffer.from('MZ this is not a picture') },
      { name: 'lift-cylinder.svg', content: await readFile(join(EXAMPLE_DIR, 'drawings/lift-cylinder.svg')) },
      { name: 'cylinder.png', content: png() },
    ]);
    const outcome = await run({ json: JSON.stringify(document) }, { files });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.problems.map((p) => [p.externalId, p.field, p.code])).toEqual([
      ['X-LOADERS', 'image', 'file-type-not-allowed'],
    ]);
  });

  it('reports a missing file, a duplicate external id, a folder cycle and a hotspot off the drawing', async () => {
    const document = JSON.parse(example.json);
    document.folders[0].parentExternalId = 'X-LOADERS-ARM';
    document.parts.push({ ...document.parts[0] });
    document.parts[0].images = ['images/missing.png'];
    document.cards[0].positions[0].x = 900;
    const outcome = await run({ json: JSON.stringify(document) });
    if (outcome.ok) throw new Error('expected problems');
    expect(outcome.problems.map((p) => [p.entity, p.externalId, p.field, p.code])).toEqual([
      ['part', 'X-P-100', 'externalId', 'duplicate-external-id'],
      ['part', 'X-P-100', 'images.1', 'file-missing'],
      ['folder', 'X-LOADERS', 'parentExternalId', 'folder-cycle'],
      ['folder', 'X-LOADERS-ARM', 'parentExternalId', 'folder-cycle'],
      ['card', 'X-CARD-ARM-1', 'positions.1.hotspots', 'hotspot-outside-drawing'],
    ]);
  });
});
