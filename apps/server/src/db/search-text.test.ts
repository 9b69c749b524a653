import { normalizeSearchText } from '@care/contract/search-text';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#app/db/client.ts';
import { createTestDatabase } from '#app/test/app.ts';
import {
  buildPartSearchText,
  containsPattern,
  FOLD_FROM,
  FOLD_TO,
  foldedContains,
  foldSql,
  machineSearchText,
  normalizeSymbol,
  searchTextOf,
} from './search-text.ts';

describe('search text', () => {
  it('strips Polish and German diacritics so "lozysko" finds "łożysko"', () => {
    const text = buildPartSearchText({
      symbol: 'AM-4410-205',
      name: {
        default: 'pl',
        values: {
          pl: 'Łożysko kulkowe 6205-2RS',
          en: 'Ball bearing 6205-2RS',
          de: 'Rillenkugellager Größe 2',
        },
      },
      catalogNumber: '4410.205.00',
      sapId: '104410205',
      standard: 'ISO 15',
    });
    expect(text).toContain('lozysko kulkowe 6205-2rs');
    expect(text).toContain('ball bearing');
    expect(text).toContain('rillenkugellager grosse 2');
    expect(text).toContain('4410.205.00');
    expect(text).toContain('104410205');
    expect(text).toBe(text.toLowerCase());
  });

  it('lets a symbol be found with or without separators', () => {
    const text = buildPartSearchText({
      symbol: 'AM-4410-205',
      name: { default: 'pl', values: { pl: 'Sprężyna' } },
    });
    expect(text).toContain('am-4410-205');
    expect(text).toContain('am4410205');
    expect(normalizeSymbol(' am 4410.205 ')).toBe('am4410205');
    expect(normalizeSymbol('AM-4410/205_a')).toBe('am4410205a');
  });

  it('normalises case, accents and white space of a query', () => {
    expect(normalizeSearchText('  NÓŻ   listwy\ttnącej ')).toBe('noz listwy tnacej');
    expect(normalizeSearchText('Żniwiarz ŁĄKA ß æ ø đ')).toBe('zniwiarz laka ss ae o d');
  });

  it('folds in SQL exactly the letters it folds in JavaScript', () => {
    expect([...FOLD_FROM]).toHaveLength([...FOLD_TO].length);
    [...FOLD_FROM].forEach((letter, index) => expect(normalizeSearchText(letter)).toBe(FOLD_TO[index]));
  });
});

describe('the one search rule of every list', () => {
  it('runs no search below 3 characters and folds what it runs', () => {
    expect(searchTextOf(undefined)).toBeNull();
    expect(searchTextOf(' zn ')).toBeNull();
    expect(searchTextOf('ŻNI')).toBe('zni');
    expect(searchTextOf('  Łożysko   KULKOWE ')).toBe('lozysko kulkowe');
  });
});

// On PGlite, or on PostgreSQL when TEST_DATABASE_URL is set: the database must fold as JavaScript does.
describe(`search folding in SQL (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: Database;
  const one = async <T>(query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as { rows: Record<string, T>[] }).rows[0]!;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('folds every letter as normalizeSearchText does', async () => {
    const text = `${FOLD_FROM} Żniwiarz ŁĄKA Größe Æble ABC`;
    const row = await one<string>(sql`SELECT ${foldSql(sql`${text}::text`)} AS folded`);
    expect(row.folded).toBe(normalizeSearchText(text));
  });

  it('finds a name with Polish letters by a text typed with or without them, in any case', async () => {
    for (const q of ['zni', 'ŻNI', 'Żni', 'żniwiarz 5', 'am-2024', '4-0001']) {
      const text = searchTextOf(q)!;
      const name = sql`'AgroMech Żniwiarz 5200'::text`;
      const serial = sql`'AM-2024-000123'::text`;
      const row = await one<boolean>(
        sql`SELECT ${foldedContains(machineSearchText(name, serial), text)} AS hit`,
      );
      expect(row.hit, q).toBe(true);
    }
    const row = await one<boolean>(
      sql`SELECT ${foldedContains(sql`'AM-100X'::text`, searchTextOf('0%_')!)} AS hit`,
    );
    expect(row.hit, 'LIKE wildcards are taken literally').toBe(false);
  });

  it('takes %, _ and \\ of a searched text literally (every list and the parts search escape alike)', async () => {
    const hit = async (stored: string, typed: string) =>
      (await one<boolean>(sql`SELECT ${stored}::text LIKE ${containsPattern(typed)} AS hit`)).hit;
    expect(await hit('rabat 10% x_1 c:\\dir', '10% x_1 c:\\d')).toBe(true);
    expect(await hit('rabat 100 xa1', '10%')).toBe(false);
    expect(await hit('rabat 100 xa1', 'x_1')).toBe(false);
    expect(await hit('c:dir', 'c:\\d')).toBe(false);
  });

  it('answers a machine search from machines_search_text_trgm_idx', async () => {
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const condition = foldedContains(machineSearchText(sql`m.name`, sql`m.serial_number`), 'zniwiarz');
      return (await tx.execute(sql`EXPLAIN SELECT m.id FROM machines m WHERE ${condition}`)) as {
        rows: { 'QUERY PLAN': string }[];
      };
    });
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('machines_search_text_trgm_idx');
  });
});
