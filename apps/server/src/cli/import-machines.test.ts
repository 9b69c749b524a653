import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#app/db/client.ts';
import { machines } from '#app/db/schema/machines.ts';
import { createTestDatabase } from '#app/test/app.ts';
import { type CliIo, runCli } from './main.ts';

/** The documented example (docs/examples/machines.csv), from the repository root. */
const EXAMPLE = resolve(import.meta.dirname, '../../../../docs/examples/machines.csv');

function recorder(): CliIo & { output: string[]; errors: string[] } {
  const output: string[] = [];
  const errors: string[] = [];
  return { output, errors, out: (line) => output.push(line), err: (line) => errors.push(line) };
}

describe('import-machines command', () => {
  let database: Database;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    dir = await mkdtemp(join(tmpdir(), 'care-cli-machines-'));
  });
  afterAll(async () => {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });
  const deps = () => ({
    fileStore: undefined as never,
    basePath: '',
    cwd: dir,
    links: { brand: 'AgroMech', publicUrl: 'http://localhost', basePath: '' },
  });
  const machineCount = async () => (await database.db.select({ n: count() }).from(machines))[0]!.n;

  it('checks the documented example with --dry-run, imports it, and a re-import changes nothing', async () => {
    const check = recorder();
    expect(await runCli(['import-machines', EXAMPLE, '--dry-run'], database.db, check, deps())).toBe(0);
    expect(check.output.join('\n')).toMatch(/Checked, nothing written/);
    expect(check.output.join('\n')).toMatch(/5 rows: 5 new, 0 changed, 0 unchanged/);
    expect(await machineCount()).toBe(0);

    const first = recorder();
    expect(await runCli(['import-machines', EXAMPLE], database.db, first, deps())).toBe(0);
    expect(first.output.join('\n')).toMatch(/Imported .*\n.*5 rows: 5 new/);
    expect(await machineCount()).toBe(5);

    const again = recorder();
    expect(await runCli(['import-machines', EXAMPLE], database.db, again, deps())).toBe(0);
    expect(again.output.join('\n')).toMatch(/5 rows: 0 new, 0 changed, 5 unchanged/);
  });

  it('lists every bad row in plain English with exit code 1, relative to where it was typed', async () => {
    await writeFile(
      join(dir, 'bad.csv'),
      'serial_number,model_name,status,purchase_date\nX-1,Model,Q,2025-01-01\nX-2,Model,W,1.1.25\n',
    );
    const io = recorder();
    expect(await runCli(['import-machines', 'bad.csv'], database.db, io, deps())).toBe(1);
    expect(io.errors).toEqual([
      expect.stringMatching(/^Nothing was imported: 2 problem\(s\) in bad\.csv/),
      '  line 2: status: unknown status code "Q"',
      '  line 3: purchase_date: "1.1.25" is not a date (yyyy-mm-dd or dd.mm.yyyy)',
    ]);
    expect(await machineCount()).toBe(5);
  });

  it('names a missing file', async () => {
    const io = recorder();
    expect(await runCli(['import-machines', 'missing.csv'], database.db, io, deps())).toBe(1);
    expect(io.errors.join('\n')).toMatch(/Cannot read .*missing\.csv/);
  });
});
