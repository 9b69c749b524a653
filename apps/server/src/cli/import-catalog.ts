import { readFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Db } from '#app/db/client.ts';
import { importCatalog } from '#app/features/catalog-import/catalog-import.service.ts';
import { filesInDirectory } from '#app/features/catalog-import/import-files.ts';
import { problemLine, summaryLines } from '#app/features/catalog-import/import-report.ts';
import type { FileStore } from '#app/files/file-store.ts';
import { CliError } from './create-user.ts';

export interface ImportCatalogDeps {
  fileStore: FileStore;
  basePath: string;
  /** Where relative paths start: npm's INIT_CWD, since `npm run -w` runs the command in apps/server. */
  cwd?: string;
}

async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    throw new CliError(`Cannot read ${path}.`);
  }
}

/** `import-catalog [<catalog.json>] [--parts <parts.csv>] [--dry-run]` (docs/catalog-import.md). */
export async function importCatalogCommand(
  args: string[],
  db: Db,
  io: { out(line: string): void; err(line: string): void },
  deps: ImportCatalogDeps,
  usage: string,
): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { parts: { type: 'string' }, 'dry-run': { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length > 1 || (!positionals.length && !values.parts))
    throw new CliError(`Give one catalogue JSON file and/or --parts <file.csv>.\n\n${usage}`);
  const cwd = deps.cwd ?? process.cwd();
  const jsonPath = positionals[0] ? resolve(cwd, positionals[0]) : undefined;
  const csvPath = values.parts ? resolve(cwd, values.parts) : undefined;
  const dryRun = values['dry-run'] ?? false;
  const names = { json: jsonPath && basename(jsonPath), csv: csvPath && basename(csvPath), files: 'files' };
  const outcome = await importCatalog(
    db,
    {
      sources: {
        json: jsonPath ? await readText(jsonPath) : undefined,
        csv: csvPath ? await readText(csvPath) : undefined,
      },
      files: filesInDirectory(dirname(jsonPath ?? csvPath!)),
      fileNames: [names.json, names.csv].filter((name): name is string => Boolean(name)),
    },
    { dryRun, actor: { id: null, email: 'cli' }, basePath: deps.basePath, fileStore: deps.fileStore },
  );
  if (!outcome.ok) {
    io.err(`Nothing was imported: ${outcome.problemCount} problem(s) (import ${outcome.id}).`);
    for (const problem of outcome.problems)
      io.err(`  ${problemLine(problem, (source) => names[source as keyof typeof names] ?? source)}`);
    if (outcome.problemCount > outcome.problems.length)
      io.err(`  … and ${outcome.problemCount - outcome.problems.length} more.`);
    return 1;
  }
  io.out(
    dryRun
      ? `Checked, nothing written (import ${outcome.result.id}). An import would change:`
      : `Imported (import ${outcome.result.id}):`,
  );
  for (const line of summaryLines(outcome.result.summary)) io.out(line);
  if (outcome.result.warnings.length) io.out(`Warnings (${outcome.result.warnings.length}):`);
  for (const warning of outcome.result.warnings)
    io.out(`  ${problemLine(warning, (source) => names[source as keyof typeof names] ?? source)}`);
  return 0;
}
