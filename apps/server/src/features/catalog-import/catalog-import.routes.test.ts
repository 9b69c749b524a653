import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { count, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  CatalogImportFailure,
  CatalogImportHistoryItem,
  CatalogImportResult,
} from '@care/contract/catalog-import';
import { catalogCards, parts } from '#app/db/schema/catalog.ts';
import { clearRateLimits, cookieFor, insertUser } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { multipart, type Part } from '#app/test/files.ts';
import { allowListViolations, HOSTILE_DRAWINGS } from '#app/test/hostile-drawings.ts';
import { EXAMPLE_DIR } from './example-catalog.ts';

describe('api/admin/catalog-imports', () => {
  let t: TestApp;
  let admin: string;
  let example: Part[];

  beforeAll(async () => {
    t = await createTestApp();
    await insertUser(t.database.db, {
      email: 'admin@example.com',
      role: 'admin',
      firstName: 'Ada',
      lastName: 'Nowak',
    });
    await insertUser(t.database.db, { email: 'service@example.com', role: 'service' });
    await insertUser(t.database.db, { email: 'sales@example.com', role: 'sales' });
    await insertUser(t.database.db, { email: 'customer@example.com', role: 'customer' });
    admin = await cookieFor(t.app, 'admin@example.com');
    const file = async (name: string, path: string) => ({
      name,
      file: { filename: path.split('/').pop()!, content: await readFile(join(EXAMPLE_DIR, path)) },
    });
    example = [
      await file('document', 'catalog.json'),
      await file('parts', 'parts.csv'),
      await file('file', 'drawings/lift-cylinder.svg'),
      await file('file', 'images/loaders.png'),
      await file('file', 'images/cylinder.png'),
    ];
  });
  afterAll(async () => {
    await t.app.close();
  });
  beforeEach(async () => {
    await clearRateLimits(t.database.db);
  });

  const post = (cookie: string | null, body: Part[]) => {
    const { body: payload, headers } = multipart(body);
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/catalog-imports',
      payload,
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
    });
  };
  const partCount = async () => (await t.database.db.select({ n: count() }).from(parts))[0]!.n;

  it('only an admin may import: anonymous 401, service, sales and customer 403', async () => {
    expect((await post(null, example)).statusCode).toBe(401);
    for (const email of ['service@example.com', 'sales@example.com', 'customer@example.com']) {
      const response = await post(await cookieFor(t.app, email), example);
      expect(response.statusCode, email).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    const history = await t.app.inject({
      url: '/api/admin/catalog-imports',
      headers: { cookie: await cookieFor(t.app, 'customer@example.com') },
    });
    expect(history.statusCode).toBe(403);
    expect(await partCount()).toBe(0);
  });

  it('an admin checks (dry run) and then imports the files; a re-import changes nothing', async () => {
    const check = await post(admin, [...example, { name: 'dryRun', value: 'true' }]);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({
      dryRun: true,
      status: 'checked',
      summary: { parts: { created: 5 } },
    });
    expect(await partCount()).toBe(0);
    // A search made before the import (its results are kept briefly) finds the imported part right after it.
    const search = () => t.app.inject({ url: '/api/parts?q=AM-9100-100' }).then((r) => r.json().total);
    expect(await search()).toBe(0);

    const done = await post(admin, example);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      dryRun: false,
      status: 'imported',
      summary: { cards: { created: 1 } },
    });
    expect(await partCount()).toBe(5);
    expect(await search()).toBe(1);

    const again = await post(admin, example);
    expect(again.json().summary.parts).toEqual({ created: 0, updated: 0, unchanged: 5 });
  });

  it('serves an imported image to anyone, like the catalogue', async () => {
    const part = await t.app.inject({ url: '/api/parts?q=AM-9100-100' });
    const image = part.json().items[0].images[0] as string;
    expect(image).toMatch(/^\/api\/catalog-files\//);
    const response = await t.app.inject({ url: image });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const unknown = await t.app.inject({ url: '/api/catalog-files/00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
  });

  it('a file with problems answers 422 with every problem and writes nothing', async () => {
    const document = JSON.parse(await readFile(join(EXAMPLE_DIR, 'catalog.json'), 'utf8'));
    document.parts.push({ externalId: 'X-P-NEW', symbol: 'AM-NEW', name: 'Nowa' });
    document.parts[0].sapId = 12345;
    document.folders[1].name = '';
    document.cards[0].positions[0].partExternalId = 'NOPE';
    const response = await post(admin, [
      {
        name: 'document',
        file: { filename: 'catalog.json', content: Buffer.from(JSON.stringify(document)) },
      },
      ...example.slice(2),
    ]);
    expect(response.statusCode).toBe(422);
    const body = response.json<CatalogImportFailure>();
    expect(body).toMatchObject({ code: 'CATALOG_IMPORT_INVALID', problemCount: 3 });
    expect(body.problems.map((p) => [p.externalId, p.field, p.code])).toEqual([
      ['X-LOADERS-ARM', 'name', 'name-empty'],
      ['X-P-100', 'sapId', 'invalid-value'],
      ['X-CARD-ARM-1', 'positions.1.partExternalId', 'unknown-part'],
    ]);
    expect(await partCount()).toBe(5);
  });

  it('refuses an upload without a catalogue file', async () => {
    const response = await post(admin, example.slice(2));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'FILES_REQUIRED' });
  });

  it('lists recent imports with who ran them, newest first', async () => {
    const response = await t.app.inject({ url: '/api/admin/catalog-imports', headers: { cookie: admin } });
    expect(response.statusCode).toBe(200);
    const history = response.json<CatalogImportHistoryItem[]>();
    expect(history[0]).toMatchObject({
      status: 'failed',
      problemCount: 3,
      userName: 'Ada Nowak',
      summary: null,
    });
    expect(history.map((item) => item.status)).toEqual(['failed', 'imported', 'imported', 'checked']);
    expect(history[1]!.fileNames).toEqual([
      'catalog.json',
      'parts.csv',
      'lift-cylinder.svg',
      'loaders.png',
      'cylinder.png',
    ]);
  });

  it('imports hostile drawings cleaned, tells the admin what was removed, and serves only allow-listed SVG', async () => {
    const document = JSON.parse(await readFile(join(EXAMPLE_DIR, 'catalog.json'), 'utf8'));
    const hostile = HOSTILE_DRAWINGS.map(([what, drawing], i) => ({
      what,
      externalId: `X-HOSTILE-${i + 1}`,
      file: { name: 'file', file: { filename: `hostile-${i + 1}.svg`, content: Buffer.from(drawing) } },
    }));
    for (const card of hostile)
      document.cards.push({
        externalId: card.externalId,
        folderExternalId: 'X-LOADERS-ARM',
        name: card.what,
        drawing: card.file.file.filename,
      });
    const response = await post(admin, [
      {
        name: 'document',
        file: { filename: 'catalog.json', content: Buffer.from(JSON.stringify(document)) },
      },
      ...example.slice(1),
      ...hostile.map((card) => card.file),
    ]);
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    const result = response.json<CatalogImportResult>();
    expect(result.summary.cards.created).toBe(hostile.length);
    expect(result.warnings.map((w) => [w.externalId, w.field, w.code])).toEqual(
      hostile.map((card) => [card.externalId, 'drawing', 'svg-cleaned']),
    );

    const cards = await t.database.db
      .select({ id: catalogCards.id, externalId: catalogCards.externalId })
      .from(catalogCards)
      .where(
        inArray(
          catalogCards.externalId,
          hostile.map((card) => card.externalId),
        ),
      );
    expect(cards).toHaveLength(hostile.length);
    for (const card of cards) {
      const served = await t.app.inject({ url: `/api/catalog-cards/${card.id}/drawing` });
      expect(served.statusCode, card.externalId).toBe(200);
      expect(served.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(served.headers['content-security-policy']).toMatch(/^default-src 'none'(;|$)/);
      expect(served.headers['content-security-policy']).not.toMatch(/script-src|unsafe-eval|https?:/);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(allowListViolations(served.body), card.externalId).toEqual([]);
      expect(served.body, card.externalId).not.toMatch(/evil|alert|javascript|passwd/i);
      expect(served.body, card.externalId).toContain('data-position="1"');
    }
  });
});
