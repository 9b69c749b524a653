import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#app/db/client.ts';
import { parts } from '#app/db/schema/catalog.ts';
import { EXAMPLE_DIR } from '#app/features/catalog-import/example-catalog.ts';
import { createLocalFileStore } from '#app/files/file-store.ts';
import { createTestDatabase } from '#app/test/app.ts';
import { type CliIo, runCli } from './main.ts';

function recorder(): CliIo & { output: string[]; errors: string[] } {
  const output: string[] = [];
  const errors: string[] = [];
  return { output, errors, out: (line) => output.push(line), err: (line) => errors.push(line) };
}

describe('import-catalog command', () => {
  let database: Database;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    dir = await mkdtemp(join(tmpdir(), 'care-cli-catalog-'));
    await cp(EXAMPLE_DIR, join(dir, 'catalog'), { recursive: true });
  });
  afterAll(async () => {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });
  const deps = () => ({ fileStore: createLocalFileStore(join(dir, 'files')), basePath: '', cwd: dir });
  const partCount = async () => (await database.db.select({ n: count() }).from(parts))[0]!.n;

  it('checks with --dry-run, imports, and re-imports with everything unchanged', async () => {
    // Relative to where the command was typed (npm's INIT_CWD), not to apps/server.
    const json = join('catalog', 'catalog.json');
    const csv = join('catalog', 'parts.csv');
    const check = recorder();
    expect(
      await runCli(['import-catalog', json, '--parts', csv, '--dry-run'], database.db, check, deps()),
    ).toBe(0);
    expect(check.output.join('\n')).toMatch(/Checked, nothing written/);
    expect(check.output.join('\n')).toMatch(/parts:\s+5 created, 0 updated, 0 unchanged/);
    expect(await partCount()).toBe(0);

    const first = recorder();
    expect(await runCli(['import-catalog', json, '--parts', csv], database.db, first, deps())).toBe(0);
    expect(first.output.join('\n')).toMatch(/folders:\s+2 created/);
    expect(await partCount()).toBe(5);

    const again = recorder();
    expect(await runCli(['import-catalog', json, '--parts', csv], database.db, again, deps())).toBe(0);
    for (const entity of ['folders', 'cards', 'parts', 'positions', 'files'])
      expect(again.output.join('\n')).toMatch(
        new RegExp(`${entity}:\\s+0 created, 0 updated, \\d+ unchanged`),
      );
  });

  it('lists every problem with its file, line and field and ends with exit code 1', async () => {
    const csv = join(dir, 'bad.csv');
    await writeFile(csv, 'externalId,symbol,name\nB-1,,Bez symbolu\nB-2,AM-2,\n');
    const io = recorder();
    expect(await runCli(['import-catalog', '--parts', csv], database.db, io, deps())).toBe(1);
    expect(io.errors).toEqual([
      expect.stringMatching(/^Nothing was imported: 2 problem\(s\)/),
      '  bad.csv line 2, part B-1, field symbol: required',
      '  bad.csv line 3, part B-2, field name: required',
    ]);
    expect(await partCount()).toBe(5);
  });

  it('refuses a missing file and wrong arguments', async () => {
    for (const args of [
      ['import-catalog'],
      ['import-catalog', join(dir, 'nope.json')],
      ['import-catalog', 'a', 'b'],
    ]) {
      const io = recorder();
      expect(await runCli(args, database.db, io, deps()), args.join(' ')).toBe(1);
      expect(io.errors.join()).not.toBe('');
    }
  });
});

describe('import-catalog process', () => {
  const run = promisify(execFile);
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'care-cli-catalog-process-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('imports into the PGlite database of DATA_DIR and answers 1 for a bad file', async () => {
    const main = resolve(import.meta.dirname, 'main.ts');
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
    const node = [process.execPath, '--disable-warning=ExperimentalWarning', main, 'import-catalog'] as const;
    const json = join(EXAMPLE_DIR, 'catalog.json');
    const good = await run(node[0], [...node.slice(1), json, '--parts', join(EXAMPLE_DIR, 'parts.csv')], {
      env,
    });
    expect(good.stdout).toMatch(/Imported \(import \d+\)/);
    expect(good.stdout).toMatch(/cards:\s+1 created/);
    const bad = join(dataDir, 'bad.json');
    await writeFile(
      bad,
      (await readFile(json, 'utf8')).replace(
        '"folderExternalId": "X-LOADERS-ARM"',
        '"folderExternalId": "X-NONE"',
      ),
    );
    const failed = await run(node[0], [...node.slice(1), bad], { env }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringMatching(/unknown-|no such folder/) });
  }, 120_000);
});
