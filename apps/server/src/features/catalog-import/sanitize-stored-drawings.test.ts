import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#app/db/client.ts';
import { catalogCards, catalogFolders } from '#app/db/schema/catalog.ts';
import { drawCard } from '#app/db/seed/drawings.ts';
import { runCli } from '#app/cli/main.ts';
import { createTestDatabase } from '#app/test/app.ts';
import { allowListViolations, HOSTILE_DRAWINGS } from '#app/test/hostile-drawings.ts';

describe('sanitize-drawings: drawings stored before the allow-list', () => {
  let database: Database;
  const hostile = HOSTILE_DRAWINGS.find(([what]) => what === 'a namespaced script')![1];
  const demo = drawCard('K-1', [{ positionNumber: '1', shape: 'bolt' }]).svg;

  beforeAll(async () => {
    database = await createTestDatabase();
    const [folder] = await database.db
      .insert(catalogFolders)
      .values({ externalId: 'F', name: { default: 'pl', values: { pl: 'F' } } })
      .returning({ id: catalogFolders.id });
    const card = (externalId: string, drawingSvg: string | null) => ({
      folderId: folder!.id,
      externalId,
      name: { default: 'pl' as const, values: { pl: externalId } },
      drawingSvg,
      drawingWidth: 100,
      drawingHeight: 80,
    });
    // Stored as the deny-list let them through (it never saw the namespaced script).
    await database.db
      .insert(catalogCards)
      .values([
        card('C-HOSTILE', hostile),
        card('C-DEMO', demo),
        card('C-BROKEN', '<svg width="100%"><rect width="5" height="5"/></svg>'),
        card('C-NONE', null),
      ]);
  });
  afterAll(async () => {
    await database.close();
  });

  const stored = async () =>
    Object.fromEntries(
      (
        await database.db
          .select({ externalId: catalogCards.externalId, svg: catalogCards.drawingSvg })
          .from(catalogCards)
          .orderBy(asc(catalogCards.id))
      ).map((card) => [card.externalId, card.svg]),
    );

  it('lists with --dry-run, then cleans each stored drawing and drops one that is no drawing at all', async () => {
    const output: string[] = [];
    const io = { out: (line: string) => output.push(line), err: (line: string) => output.push(line) };
    const before = await stored();

    expect(await runCli(['sanitize-drawings', '--dry-run'], database.db, io)).toBe(0);
    expect(output).toEqual([
      'Checked, nothing written: 3 drawing(s), 1 with something removed, 1 unusable.',
      '  card C-HOSTILE: removed <svg:script>',
      '  card C-BROKEN: would lose its drawing (no viewBox or width/height)',
    ]);
    expect(await stored()).toEqual(before);

    output.length = 0;
    expect(await runCli(['sanitize-drawings'], database.db, io)).toBe(0);
    expect(output[0]).toBe('Sanitised: 3 drawing(s), 1 with something removed, 1 unusable.');
    const after = await stored();
    expect(allowListViolations(after['C-HOSTILE']!)).toEqual([]);
    expect(after['C-HOSTILE']).not.toContain('alert');
    expect(after['C-HOSTILE']).toContain('data-position="1"');
    expect(after['C-DEMO']).toBe(demo);
    expect(after['C-BROKEN']).toBeNull();
    expect(after['C-NONE']).toBeNull();
  });
});
