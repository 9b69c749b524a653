/**
 * Leftovers of writes that never finished: a process killed mid-upload leaves its temporary file under
 * `<root>/tmp/`; one killed after storing a file but before the transaction that records it committed leaves a
 * stored file without a `files` row. Both are invisible to users (nothing links to them) and only cost space.
 *
 *   sweepFileStore(db, root, minAgeMs): Promise<SweepResult>   // removes leftovers older than minAgeMs
 *   startFileSweep(db, root, options): { stop(): void }        // at start-up, then every hour
 *
 * Only files older than `minAgeMs` (by mtime, which every written chunk moves on) are touched, so an upload
 * in progress here or on another instance sharing the store, and a file whose transaction has not committed
 * yet, are left alone.
 */
import { type Periodic, runPeriodically } from '#app/jobs/periodic.ts';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { files } from '#app/db/schema/files.ts';
import { removeStaleTemporaryFiles } from './file-store.ts';

export interface SweepResult {
  temporaryFiles: number;
  orphanFiles: number;
}

/** An hour: far longer than any upload's transaction, including a catalogue import's. */
export const SWEEP_MIN_AGE_MS = 60 * 60 * 1000;

const PREFIX = /^[0-9a-f]{2}$/;
const NAME = /^[0-9a-f]{32}$/;

export async function sweepFileStore(
  db: Db,
  root: string,
  minAgeMs = SWEEP_MIN_AGE_MS,
): Promise<SweepResult> {
  const temporaryFiles = await removeStaleTemporaryFiles(root, minAgeMs);
  let orphanFiles = 0;
  const prefixes = (await readdir(root).catch(() => [] as string[])).filter((name) => PREFIX.test(name));
  for (const prefix of prefixes) {
    const keys = (await readdir(join(root, prefix)).catch(() => [] as string[]))
      .filter((name) => NAME.test(name) && name.startsWith(prefix))
      .map((name) => `${prefix}/${name}`);
    if (keys.length === 0) continue;
    // One query per directory (at most 256), whatever the number of files.
    const known = (await db.execute(sql`
      SELECT ${files.storageKey} AS key FROM ${files}
      WHERE ${files.storageKey} = ANY(${`{${keys.join(',')}}`}::text[])`)) as { rows: { key: string }[] };
    const recorded = new Set(known.rows.map((row) => row.key));
    for (const key of keys) {
      if (recorded.has(key)) continue;
      const path = join(root, key);
      const info = await stat(path).catch(() => null);
      if (info && Date.now() - info.mtimeMs > minAgeMs) {
        await rm(path, { force: true });
        orphanFiles += 1;
      }
    }
  }
  return { temporaryFiles, orphanFiles };
}

export interface FileSweepOptions {
  onSwept?(result: SweepResult): void;
  onError(error: unknown): void;
  intervalMs?: number;
  minAgeMs?: number;
}

/** Sweeps once at start-up (what a crashed predecessor left) and then every `intervalMs` (an hour). */
export function startFileSweep(
  db: Db,
  root: string,
  { onSwept = () => {}, onError, intervalMs = 60 * 60 * 1000, minAgeMs }: FileSweepOptions,
): Periodic {
  return runPeriodically(() => sweepFileStore(db, root, minAgeMs).then(onSwept, onError), {
    firstMs: 1000,
    intervalMs,
  });
}
