/**
 * Pictures of image attachments for browsers (docs/decisions/067): a 320 px tile and a 1600 px view, both WebP.
 *
 *   createRenditions(store: FileStore, root: string): Renditions   // root = `${DATA_DIR}/renditions`
 *   renditions.get(file, rendition, log): Promise<Buffer | null>    // null: no picture can be made of it
 *
 * Made on the first request for either and kept on disk under the content's SHA-256, so an upload never waits for
 * (or fails because of) a picture. A file no picture can be made of (broken, too large, not really an image) is
 * remembered as such, so it is not decoded again; the web shows a file icon for it and the original stays
 * downloadable. The folder is a cache: deleting it only costs the work of making the pictures again.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buffer as readAll } from 'node:stream/consumers';
import { Worker } from 'node:worker_threads';
import {
  ATTACHMENT_RENDITIONS,
  type AttachmentRendition,
  hasRendition,
  RENDITION_MAX_SIDE,
} from '@care/contract/workshop';
import type { FastifyBaseLogger } from 'fastify';
import pLimit from 'p-limit';
import type { Sharp } from 'sharp';
import type { DownloadableFile } from '#app/files/downloads.ts';
import type { FileStore } from '#app/files/file-store.ts';
import { loadSharp } from './libraries.ts';

/** 50 megapixels: more than any phone's photo, far less than what a decompression bomb claims. */
const MAX_PIXELS = 50_000_000;
const HEIF_TYPES = new Set(['image/heic', 'image/heif']);
/** Decoding is CPU work: at most two at once on the server, whatever the number of tiles a page asks for. */
const limit = pLimit(2);

export interface Renditions {
  get(file: DownloadableFile, rendition: AttachmentRendition, log: FastifyBaseLogger): Promise<Buffer | null>;
}

async function decodeHeif(original: Buffer): Promise<Sharp> {
  const sharp = await loadSharp();
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./heic-worker.ts', import.meta.url), {
      workerData: { buffer: new Uint8Array(original), maxPixels: MAX_PIXELS },
      resourceLimits: { maxOldGenerationSizeMb: 64 },
    });
    worker.once('message', ({ width, height, data }: { width: number; height: number; data: Uint8Array }) =>
      resolve(sharp(data, { raw: { width, height, channels: 4 } })),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`HEIC decoder stopped (${code})`)));
  });
}

/** Every rendition of one image, from one decode (a HEIC photo's decode is the expensive part). */
async function render(original: Buffer, contentType: string): Promise<Record<AttachmentRendition, Buffer>> {
  const decoded = HEIF_TYPES.has(contentType)
    ? await decodeHeif(original)
    : (await loadSharp())(original, { limitInputPixels: MAX_PIXELS });
  // Phones store portrait photos sideways with an EXIF orientation; the picture is turned upright.
  const upright = decoded.rotate();
  const entries = await Promise.all(
    ATTACHMENT_RENDITIONS.map(async (rendition) => {
      const side = RENDITION_MAX_SIDE[rendition];
      const picture = await upright
        .clone()
        .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: rendition === 'thumbnail' ? 70 : 80 })
        .toBuffer();
      return [rendition, picture] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<AttachmentRendition, Buffer>;
}

/** Written whole or not at all: another instance sharing the folder never reads half a picture. */
async function writeAtomically(path: string, content: Buffer): Promise<void> {
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, content);
  await rename(temporary, path).catch(async (error: unknown) => {
    await rm(temporary, { force: true });
    throw error;
  });
}

export function createRenditions(store: FileStore, root: string): Renditions {
  const inFlight = new Map<string, Promise<boolean>>();
  const folderOf = (sha256: string) => join(root, sha256.slice(0, 2));
  const pathOf = (sha256: string, rendition: AttachmentRendition) =>
    join(folderOf(sha256), `${sha256}-${rendition}.webp`);
  const failedPathOf = (sha256: string) => join(folderOf(sha256), `${sha256}.failed`);

  /** Makes and keeps every rendition; false when none can be made (and remembers that). */
  async function make(file: DownloadableFile, log: FastifyBaseLogger): Promise<boolean> {
    let original: Buffer;
    try {
      original = await readAll(await store.read(file.storageKey));
    } catch (error) {
      // Missing bytes are the store's problem (sendFile logs it too), not a broken image: nothing is remembered.
      log.error({ err: error, storageKey: file.storageKey }, 'stored file cannot be read for a picture');
      return false;
    }
    await mkdir(folderOf(file.sha256), { recursive: true });
    try {
      const pictures = await render(original, file.contentType);
      for (const rendition of ATTACHMENT_RENDITIONS) {
        await writeAtomically(pathOf(file.sha256, rendition), pictures[rendition]);
      }
      return true;
    } catch (error) {
      log.warn({ err: error, sha256: file.sha256 }, 'no picture can be made of an uploaded image');
      await writeFile(failedPathOf(file.sha256), '');
      return false;
    }
  }

  return {
    async get(file, rendition, log) {
      if (!hasRendition(file.contentType)) return null;
      const path = pathOf(file.sha256, rendition);
      const cached = await readFile(path).catch(() => null);
      if (cached) return cached;
      if (
        await readFile(failedPathOf(file.sha256)).then(
          () => true,
          () => false,
        )
      )
        return null;
      let making = inFlight.get(file.sha256);
      if (!making) {
        making = limit(() => make(file, log)).finally(() => inFlight.delete(file.sha256));
        inFlight.set(file.sha256, making);
      }
      return (await making) ? readFile(path) : null;
    },
  };
}
