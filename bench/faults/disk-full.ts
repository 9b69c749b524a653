import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pngOfSize } from '../../apps/server/src/test/files.ts';
import { freshDatabase, query, startPostgres } from './postgres.ts';
import { faultPort } from './paths.ts';
import {
  type Answer,
  call,
  FAULTS_DIR,
  printFigures,
  saveResult,
  startServer,
  write,
  type Write,
  writeTargets,
} from './support.ts';

export interface DiskFullOptions {
  port: number;
  /** Size of the tmpfs the file store lives on. */
  tmpfsMb: number;
  /** Bytes of each uploaded file; each service request carries two. */
  fileKb: number;
  requests: number;
}

export const diskFullDefaults: DiskFullOptions = {
  port: faultPort(3274, 4),
  tmpfsMb: 2,
  fileKb: 300,
  requests: 6,
};

const KB = 1024;

function mount(args: string[]): void {
  execFileSync('mount', args, { stdio: ['ignore', 'pipe', 'pipe'] });
}

function isMounted(dir: string): boolean {
  try {
    execFileSync('mountpoint', ['-q', dir]);
    return true;
  } catch {
    return false;
  }
}

/** Every file under the store, relative to its root (tmp/… for unfinished writes), with its size. */
function filesUnder(root: string): Map<string, number> {
  const found = new Map<string, number>();
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path, `${prefix}${entry.name}/`);
      else found.set(`${prefix}${entry.name}`, statSync(path).size);
    }
  };
  if (existsSync(root)) walk(root, '');
  return found;
}

interface Consistency {
  rows: number;
  filesOnDisk: number;
  rowsWithoutFile: number;
  rowsWithWrongSize: number;
  filesWithoutRow: number;
  temporaryFiles: number;
}

/** The files table against the store: no record without its file, no file without its record. */
async function consistency(databaseUrl: string, root: string): Promise<Consistency> {
  const rows = await query<{ storage_key: string; size_bytes: number }>(
    databaseUrl,
    'SELECT storage_key, size_bytes FROM files',
  );
  const onDisk = filesUnder(root);
  const stored = [...onDisk.keys()].filter((key) => !key.startsWith('tmp/'));
  const keys = new Set(rows.map((r) => r.storage_key));
  return {
    rows: rows.length,
    filesOnDisk: stored.length,
    rowsWithoutFile: rows.filter((r) => !onDisk.has(r.storage_key)).length,
    rowsWithWrongSize: rows.filter(
      (r) => onDisk.has(r.storage_key) && onDisk.get(r.storage_key) !== Number(r.size_bytes),
    ).length,
    filesWithoutRow: stored.filter((key) => !keys.has(key)).length,
    temporaryFiles: onDisk.size - stored.length,
  };
}

const statusesOf = (answers: Answer[]) =>
  answers.map((a) => `${a.status}${a.body?.code ? ` ${a.body.code}` : ''}`).join(', ');

/**
 * The file store on a small tmpfs: uploads until it is full, then the same tmpfs remounted read-only.
 * Each refused upload must get a clear, translated error (507 STORAGE_FULL, 503 STORAGE_UNAVAILABLE), leave no
 * row without its file and no file (or temporary file) without its row; the server must keep serving.
 * Needs root (mount).
 */
export async function diskFull(options: DiskFullOptions = diskFullDefaults): Promise<string[]> {
  const failures: string[] = [];
  if (process.getuid?.() !== 0) return ['disk-full needs root to mount a tmpfs'];
  startPostgres();
  const databaseUrl = await freshDatabase('care_faults_disk');
  const dataDir = join(FAULTS_DIR, 'disk-full-data');
  const root = join(dataDir, 'files');
  if (isMounted(root)) execFileSync('umount', [root]);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  mount(['-t', 'tmpfs', '-o', `size=${options.tmpfsMb}m,mode=0755`, 'tmpfs', root]);
  const server = await startServer({ name: 'disk-full', port: options.port, databaseUrl, dataDir }).catch(
    (error: unknown) => {
      execFileSync('umount', [root]);
      throw error;
    },
  );
  try {
    const targets = await writeTargets(server.baseUrl, databaseUrl);
    const filesBefore = (await consistency(databaseUrl, root)).rows;
    const upload = (n: number) => [
      {
        name: 'files',
        file: { filename: `a${n}.png`, content: pngOfSize(options.fileKb * KB), contentType: 'image/png' },
      },
      {
        name: 'files',
        file: { filename: `b${n}.png`, content: pngOfSize(options.fileKb * KB), contentType: 'image/png' },
      },
    ];

    // 1. Fill the store: two files per request until the tmpfs has no room.
    const filling: Write[] = [];
    for (let i = 0; i < options.requests; i++)
      filling.push(await write(server.baseUrl, 'service-request', targets, { extraParts: upload(i) }));
    const chatFile = await call(server.baseUrl, '/api/chat/files', {
      cookie: targets.cookie,
      parts: [
        { name: 'serviceRequestId', value: targets.serviceRequestId },
        {
          name: 'files',
          file: {
            filename: 'big.png',
            content: pngOfSize(options.tmpfsMb * 1024 * KB),
            contentType: 'image/png',
          },
        },
      ],
    });
    const afterFull = await consistency(databaseUrl, root);
    const stillServes = await call(server.baseUrl, `/api/service-requests/user-owned`, {
      cookie: targets.cookie,
    });
    const textWrite = await write(server.baseUrl, 'chat', targets);

    // 2. Read-only store.
    mount(['-o', 'remount,ro', root]);
    const readOnly = await write(server.baseUrl, 'service-request', targets, {
      extraParts: [
        {
          name: 'files',
          file: { filename: 'small.png', content: pngOfSize(10 * KB), contentType: 'image/png' },
        },
      ],
    });
    const afterReadOnly = await consistency(databaseUrl, root);

    // 3. Writable again: the next upload is stored.
    mount(['-o', 'remount,rw', root]);
    const recovered = await write(server.baseUrl, 'service-request', targets, {
      extraParts: [
        {
          name: 'files',
          file: { filename: 'small.png', content: pngOfSize(10 * KB), contentType: 'image/png' },
        },
      ],
    });
    const final = await consistency(databaseUrl, root);
    const refusedIds = new Set(
      [...filling.filter((w) => w.answer.status >= 300), readOnly].map((w) => w.clientId),
    );
    const refusedStored = await query<{ n: number }>(
      databaseUrl,
      'SELECT count(*)::int AS n FROM service_requests WHERE client_id = ANY($1::uuid[])',
      [[...refusedIds]],
    );

    const figures = {
      'tmpfs size, MB': options.tmpfsMb,
      'upload: service requests with 2 files of KB': options.fileKb,
      'answers while filling': statusesOf(filling.map((w) => w.answer)),
      'chat file larger than the store': statusesOf([chatFile]),
      'a list while full': stillServes.status,
      'a chat text while full': textWrite.answer.status,
      'upload to the read-only store': statusesOf([readOnly.answer]),
      'upload after remount rw': statusesOf([recovered.answer]),
      'refused requests stored anyway': refusedStored[0]!.n,
      'file rows (after full / read-only / end)': `${afterFull.rows - filesBefore} / ${afterReadOnly.rows - filesBefore} / ${final.rows - filesBefore}`,
      'stored files on disk (end)': final.filesOnDisk,
      'rows without their file': final.rowsWithoutFile,
      'rows whose file has another size': final.rowsWithWrongSize,
      'files without a row': final.filesWithoutRow,
      'temporary files left (after full / read-only / end)': `${afterFull.temporaryFiles} / ${afterReadOnly.temporaryFiles} / ${final.temporaryFiles}`,
      'server process crashed': server.hasExited(),
    };
    printFigures(`disk-full: the file store on a ${options.tmpfsMb} MB tmpfs, then read-only`, figures);
    saveResult('disk-full', { options, figures, afterFull, afterReadOnly, final });

    const refusedFull = [...filling.map((w) => w.answer), chatFile].filter((a) => a.status >= 300);
    if (refusedFull.length === 0) failures.push('the store never became full');
    if (refusedFull.some((a) => a.status !== 507 || a.body?.code !== 'STORAGE_FULL'))
      failures.push(`a full store answered ${statusesOf(refusedFull)} (expected 507 STORAGE_FULL)`);
    if (readOnly.answer.status !== 503 || readOnly.answer.body?.code !== 'STORAGE_UNAVAILABLE')
      failures.push(
        `a read-only store answered ${statusesOf([readOnly.answer])} (expected 503 STORAGE_UNAVAILABLE)`,
      );
    if (stillServes.status !== 200 || textWrite.answer.status !== 201)
      failures.push('the server did not serve other requests while the store was full');
    if (recovered.answer.status !== 201) failures.push('an upload failed after the store was writable again');
    if (refusedStored[0]!.n > 0) failures.push('a refused upload left its service request');
    for (const [when, c] of [
      ['full', afterFull],
      ['read-only', afterReadOnly],
      ['end', final],
    ] as const) {
      if (c.rowsWithoutFile > 0 || c.rowsWithWrongSize > 0)
        failures.push(`${when}: a row without its whole file`);
      if (c.filesWithoutRow > 0) failures.push(`${when}: a stored file without its row`);
      if (c.temporaryFiles > 0) failures.push(`${when}: temporary files left`);
    }
    if (server.hasExited()) failures.push('the server process exited');
  } finally {
    await server.stop();
    if (isMounted(root)) execFileSync('umount', [root]);
  }
  return failures;
}
