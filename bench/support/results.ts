import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';
import type pg from 'pg';
import { resultsDir } from './config.ts';

/** A run's file name under bench/results: `<kind>-<ISO time>.<extension>` (colons left out for every file system). */
export function resultsFile(kind: string, extension: string): string {
  mkdirSync(resultsDir, { recursive: true });
  return resolve(resultsDir, `${kind}-${new Date().toISOString().replaceAll(':', '-')}.${extension}`);
}

/** Writes a run's figures as JSON with the machine they were measured on (PostgreSQL's version from `monitor`). */
export async function writeFigures(
  kind: string,
  monitor: pg.Client,
  figures: Record<string, unknown>,
): Promise<void> {
  const { rows } = await monitor.query<{ version: string }>('SELECT version()');
  const machine = {
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    postgres: rows[0]?.version,
  };
  const file = resultsFile(kind, 'json');
  writeFileSync(file, JSON.stringify({ machine, ...figures }, null, 2));
  console.log(`Figures written to ${file}`);
}
