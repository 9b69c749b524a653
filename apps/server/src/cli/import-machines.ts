import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Db } from '#app/db/client.ts';
import type { MailLinks } from '#app/features/machine-import/apply-import.ts';
import { importMachines } from '#app/features/machine-import/machine-import.service.ts';
import { problemLine, summaryLine } from '#app/features/machine-import/problem-text.ts';
import { CliError } from './create-user.ts';

export interface ImportMachinesDeps {
  /** The links and brand of the owners' status e-mails. */
  links: MailLinks;
  /** Where relative paths start: npm's INIT_CWD, since `npm run -w` runs the command in apps/server. */
  cwd?: string;
}

/** How often (in rows) a running import prints its progress. */
const PROGRESS_EVERY = 50_000;

/** `import-machines <file.csv> [--dry-run]` (docs/machine-import.md). */
export async function importMachinesCommand(
  args: string[],
  db: Db,
  io: { out(line: string): void; err(line: string): void },
  deps: ImportMachinesDeps,
  usage: string,
): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { 'dry-run': { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new CliError(`Give one machines CSV file.\n\n${usage}`);
  const path = resolve(deps.cwd ?? process.cwd(), positionals[0]!);
  try {
    await access(path);
  } catch {
    throw new CliError(`Cannot read ${path}.`);
  }
  const dryRun = values['dry-run'] ?? false;
  let printed = 0;
  const outcome = await importMachines(db, createReadStream(path), {
    fileName: basename(path),
    dryRun,
    actor: { id: null, email: 'cli' },
    links: deps.links,
    onProgress: (rowsRead) => {
      if (rowsRead - printed < PROGRESS_EVERY) return;
      printed = rowsRead;
      io.out(`… ${rowsRead} rows read`);
    },
  });
  const run = outcome.import;
  if (!outcome.ok) {
    io.err(`Nothing was imported: ${run.problemCount} problem(s) in ${run.fileName} (import ${run.id}).`);
    for (const problem of run.problems) io.err(`  ${problemLine(problem)}`);
    if (run.problemCount > run.problems.length)
      io.err(`  … and ${run.problemCount - run.problems.length} more.`);
    return 1;
  }
  io.out(
    dryRun
      ? `Checked, nothing written (import ${run.id}). An import would change:`
      : `Imported (import ${run.id}):`,
  );
  io.out(`  ${summaryLine(run.summary!)}`);
  return 0;
}
