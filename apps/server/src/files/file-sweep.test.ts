import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#app/db/client.ts';
import { insertUser } from '#app/test/accounts.ts';
import { createTestDatabase } from '#app/test/app.ts';
import { filesUnder, png } from '#app/test/files.ts';
import { createLocalFileStore, type FileStore } from './file-store.ts';
import { sweepFileStore } from './file-sweep.ts';
import { recordFiles } from './uploads.ts';

const HOUR = 60 * 60 * 1000;

async function* bytesOf(content: Buffer) {
  yield content;
}

/** What a process killed mid-upload leaves behind, and what the sweep at the next start-up removes. */
describe('file store sweep', () => {
  let database: Database;
  let root: string;
  let store: FileStore;
  let uploaderId: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    root = join(await mkdtemp(join(tmpdir(), 'care-sweep-')), 'files');
    store = createLocalFileStore(root);
    uploaderId = await insertUser(database.db, { email: 'sweep@example.com' });
  });
  afterAll(async () => {
    await database.close();
    await rm(join(root, '..'), { recursive: true, force: true });
  });

  const age = (path: string, ms: number) =>
    utimes(path, new Date(Date.now() - ms), new Date(Date.now() - ms));

  it('removes old temporary files and old stored files without a row, nothing recent and nothing recorded', async () => {
    const stored = async () => ({ ...(await store.write(bytesOf(png()))), originalName: 'a.png' });
    const recorded = await stored();
    await recordFiles(
      database.db,
      [{ ...recorded, contentType: 'image/png', storedAt: new Date() }],
      uploaderId,
    );
    await age(join(root, recorded.storageKey), 2 * HOUR);
    const oldOrphan = await stored();
    await age(join(root, oldOrphan.storageKey), 2 * HOUR);
    const newOrphan = await stored();
    await writeFile(join(root, 'tmp', '0123456789abcdef0123456789abcdef'), 'half an upload');
    await age(join(root, 'tmp', '0123456789abcdef0123456789abcdef'), 2 * HOUR);
    await writeFile(join(root, 'tmp', 'fedcba9876543210fedcba9876543210'), 'an upload in progress');

    expect(await sweepFileStore(database.db, root, HOUR)).toEqual({ temporaryFiles: 1, orphanFiles: 1 });
    expect((await filesUnder(root)).sort()).toEqual(
      [recorded.storageKey, newOrphan.storageKey, 'tmp/fedcba9876543210fedcba9876543210'].sort(),
    );
    expect(await sweepFileStore(database.db, root, HOUR)).toEqual({ temporaryFiles: 0, orphanFiles: 0 });
  });
});
