/**
 * Where the bytes of uploaded files live. The database keeps the metadata (db/schema/files.ts); the store keeps
 * the content under a random key that never contains the user's file name.
 *
 *   interface FileStore {
 *     write(source: AsyncIterable<Uint8Array>): Promise<StoredObject>  // new random key; size and sha256 on the way
 *     read(storageKey: string): Promise<Readable>          // rejects with code ENOENT if missing
 *     remove(storageKey: string): Promise<void>            // a missing key is not an error
 *   }
 *   createLocalFileStore(root: string): FileStore          // root = `${DATA_DIR}/files`
 *   removeStaleTemporaryFiles(root: string, olderThanMs: number): Promise<number>
 *
 * The interface is what an S3-compatible store would implement later. The local store writes into
 * `<root>/tmp/` and renames into `<root>/<2 hex>/<32 hex>` only when the whole stream was written, so a crash
 * mid-write leaves at most a temporary file, never a partial stored one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredObject {
  storageKey: string;
  sizeBytes: number;
  /** Hex SHA-256 of the content. */
  sha256: string;
}

export interface FileStore {
  /** Writes the whole source under a new key. If the source throws (or the write fails), nothing is kept. */
  write(source: AsyncIterable<Uint8Array>): Promise<StoredObject>;
  /** Opens the content; rejects with an error whose code is ENOENT when it is not there. */
  read(storageKey: string): Promise<Readable>;
  remove(storageKey: string): Promise<void>;
}

const KEY = /^[0-9a-f]{2}\/[0-9a-f]{32}$/;

function pathOf(root: string, storageKey: string): string {
  // Keys come from our own rows, but a path must never be built from anything else.
  if (!KEY.test(storageKey)) throw new Error(`not a storage key: ${storageKey}`);
  return join(root, storageKey);
}

export function createLocalFileStore(root: string): FileStore {
  const tmpDir = join(root, 'tmp');
  return {
    async write(source) {
      const name = randomBytes(16).toString('hex');
      const storageKey = `${name.slice(0, 2)}/${name}`;
      const temporary = join(tmpDir, name);
      const hash = createHash('sha256');
      let sizeBytes = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          sizeBytes += chunk.length;
          callback(null, chunk);
        },
      });
      await mkdir(tmpDir, { recursive: true });
      try {
        await pipeline(source, measure, createWriteStream(temporary, { flags: 'wx' }));
        const target = pathOf(root, storageKey);
        await mkdir(join(root, name.slice(0, 2)), { recursive: true });
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return { storageKey, sizeBytes, sha256: hash.digest('hex') };
    },

    async read(storageKey) {
      const handle = await open(pathOf(root, storageKey), 'r');
      return handle.createReadStream();
    },

    async remove(storageKey) {
      await rm(pathOf(root, storageKey), { force: true });
    },
  };
}

/**
 * Temporary files of writes a crashed process never finished. Only files older than `olderThanMs` go, so a
 * write in progress on another instance sharing the directory is left alone.
 */
export async function removeStaleTemporaryFiles(root: string, olderThanMs: number): Promise<number> {
  const tmpDir = join(root, 'tmp');
  const names = await readdir(tmpDir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const path = join(tmpDir, name);
    const info = await stat(path).catch(() => null);
    if (info && Date.now() - info.mtimeMs > olderThanMs) {
      await rm(path, { force: true });
      removed += 1;
    }
  }
  return removed;
}
