import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

/** Small real files of every accepted type (and some that are not), and multipart bodies to send them in. */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid 1×1 PNG of one colour (different colours give different bytes and hashes). */
export function png(rgb: [number, number, number] = [200, 30, 30]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from([0, ...rgb]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A valid 1×1 baseline JPEG (the well-known smallest one a browser decodes). */
export const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** An ISO base media file header with the given major brand ('isom' → MP4, 'heic' → HEIC). */
export function isoMedia(brand: string): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftyp', 4, 'latin1');
  ftyp.write(brand, 8, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write(brand, 16, 'latin1');
  ftyp.write('mp41', 20, 'latin1');
  const mdat = Buffer.alloc(16);
  mdat.writeUInt32BE(16, 0);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdat]);
}

/** A Windows executable's header ("MZ" … "PE"), which people rename to photo.jpg. */
export const EXECUTABLE = (() => {
  const exe = Buffer.alloc(256);
  exe.write('MZ', 0, 'latin1');
  exe.writeUInt32LE(0x80, 0x3c);
  exe.write('PE\0\0', 0x80, 'latin1');
  return exe;
})();

/** A PNG padded with random bytes after IEND to `size` bytes: still detected as PNG, of any size. */
export function pngOfSize(size: number): Buffer {
  const head = png();
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]);
}

export interface Part {
  name: string;
  value?: string;
  file?: { filename: string; content: Buffer; contentType?: string };
}

/**
 * The Origin a browser sends with a form's body (Fetch: with every request that is not GET or HEAD), for requests
 * sent with `inject`: its Host is `localhost:80`, so this is the portal's own origin whatever PUBLIC_URL says.
 */
export const INJECT_ORIGIN = 'http://localhost';

/**
 * A multipart/form-data body, its Content-Type header, and the headers a browser's FormData upload sends with it
 * (the type, and the portal's Origin for `inject`: plugins/security.ts refuses a form's type without one).
 */
export function multipart(parts: Part[]): {
  body: Buffer;
  contentType: string;
  headers: { 'content-type': string; origin: string };
} {
  const boundary = `----care${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if (part.file) {
      // Browsers send the file name as UTF-8 inside the quotes (WHATWG HTML), not as filename*.
      const name = part.file.filename.replace(/"/g, '%22');
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${name}"\r\n` +
            `Content-Type: ${part.file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.file.content,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value ?? ''}\r\n`,
        ),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const contentType = `multipart/form-data; boundary=${boundary}`;
  return {
    body: Buffer.concat(chunks),
    contentType,
    headers: { 'content-type': contentType, origin: INJECT_ORIGIN },
  };
}

/** Every file under `dir` (relative paths), to prove that nothing was left behind. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)));
}
