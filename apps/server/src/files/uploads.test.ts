import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import multipartPlugin from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '#app/db/client.ts';
import { files } from '#app/db/schema/files.ts';
import { registerErrorHandling } from '#app/plugins/errors.ts';
import { insertUser } from '#app/test/accounts.ts';
import { createTestDatabase } from '#app/test/app.ts';
import {
  EXECUTABLE,
  filesUnder,
  isoMedia,
  JPEG,
  multipart,
  type Part,
  PDF,
  png,
  pngOfSize,
} from '#app/test/files.ts';
import { sendFile } from './downloads.ts';
import { createLocalFileStore, type FileStore } from './file-store.ts';
import { keepUploadsIf, receiveUploads, recordFiles, type UploadLimits } from './uploads.ts';

const KB = 1024;
const limits: UploadLimits = { maxFileBytes: 64 * KB, maxRequestBytes: 100 * KB, maxFiles: 3 };

/**
 * A bare app around the file module: POST /upload receives, records in a transaction (failing on purpose when
 * the field `fail` is sent) and answers the rows; GET /files/:id sends one. Real PGlite/PostgreSQL, real files.
 */
describe('file module', () => {
  let database: Database;
  let dataDir: string;
  let store: FileStore;
  let app: FastifyInstance;
  let uploaderId: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'care-files-'));
    store = createLocalFileStore(join(dataDir, 'files'));
    uploaderId = await insertUser(database.db, { email: 'uploader@example.com' });
    app = Fastify();
    registerErrorHandling(app);
    await app.register(multipartPlugin);
    app.post('/upload', async (request) => {
      const received = await receiveUploads(request, store, limits);
      const rows = await keepUploadsIf(store, received.files, () =>
        database.db.transaction(async (tx) => {
          const recorded = await recordFiles(tx, received.files, uploaderId);
          if (received.fields.fail) throw new Error('the transaction fails after recording the files');
          return recorded;
        }),
      );
      return { fields: received.fields, files: rows };
    });
    app.get<{ Params: { id: string } }>('/files/:id', async (request, reply) => {
      const [row] = await database.db.select().from(files).where(eq(files.id, request.params.id));
      return sendFile(reply, store, row!);
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await database.db.delete(files);
    await rm(join(dataDir, 'files'), { recursive: true, force: true });
  });

  const upload = (parts: Part[]) => {
    const { body, contentType } = multipart(parts);
    return app.inject({
      method: 'POST',
      url: '/upload',
      payload: body,
      headers: { 'content-type': contentType },
    });
  };
  const file = (filename: string, content: Buffer): Part => ({ name: 'files', file: { filename, content } });
  const nothingLeft = async () => {
    expect(await filesUnder(dataDir)).toEqual([]);
    expect(await database.db.select().from(files)).toEqual([]);
  };

  it('stores each accepted type under a random name with its detected type, size and hash', async () => {
    const sent = [
      file('zdjęcie.jpg', JPEG),
      file('../../etc/tabliczka.png', png()),
      file('faktura.pdf', PDF),
    ];
    const response = await upload([{ name: 'note', value: 'Kombajn' }, ...sent]);
    expect(response.statusCode).toBe(200);
    expect(response.json().fields).toEqual({ note: 'Kombajn' });
    const rows = await database.db.select().from(files);
    expect(rows.map((r) => [r.originalName, r.contentType, r.sizeBytes]).sort()).toEqual(
      [
        ['faktura.pdf', 'application/pdf', PDF.length],
        ['tabliczka.png', 'image/png', png().length],
        ['zdjęcie.jpg', 'image/jpeg', JPEG.length],
      ].sort(),
    );
    for (const row of rows) {
      expect(row.storageKey).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}$/);
      const stored = await readFile(join(dataDir, 'files', row.storageKey));
      expect(createHash('sha256').update(stored).digest('hex')).toBe(row.sha256);
    }
    expect((await filesUnder(dataDir)).filter((path) => !path.startsWith('files/tmp'))).toHaveLength(3);
  });

  it('accepts HEIC, WebP and MP4 by their bytes and names a file after its real type', async () => {
    const webp = Buffer.concat([Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8L', 'latin1'), Buffer.alloc(14)]);
    const response = await upload([
      file('IMG_0001.HEIC', isoMedia('heic')),
      file('klatka', webp),
      file('film.mp4', isoMedia('isom')),
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json().files.map((f: { originalName: string }) => f.originalName)).toEqual([
      'IMG_0001.HEIC',
      'klatka.webp',
      'film.mp4',
    ]);
  });

  it('refuses an executable renamed .jpg, whatever type the browser claims, and keeps nothing', async () => {
    const response = await upload([
      file('ok.png', png()),
      { name: 'files', file: { filename: 'zdjecie.jpg', content: EXECUTABLE, contentType: 'image/jpeg' } },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('FILE_TYPE_NOT_ALLOWED');
    await nothingLeft();
  });

  it('refuses a text file named .pdf', async () => {
    const response = await upload([file('umowa.pdf', Buffer.from('not really a PDF'))]);
    expect(response.json().code).toBe('FILE_TYPE_NOT_ALLOWED');
    await nothingLeft();
  });

  it('refuses an empty file', async () => {
    const response = await upload([file('ok.png', png()), file('pusty.jpg', Buffer.alloc(0))]);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('FILE_EMPTY');
    await nothingLeft();
  });

  it('accepts a file of exactly the size limit and refuses one byte more, leaving no file behind', async () => {
    expect((await upload([file('max.png', pngOfSize(limits.maxFileBytes))])).statusCode).toBe(200);
    await database.db.delete(files);
    await rm(join(dataDir, 'files'), { recursive: true, force: true });
    const response = await upload([
      file('ok.png', png()),
      file('big.png', pngOfSize(limits.maxFileBytes + 1)),
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('FILE_TOO_LARGE');
    await nothingLeft();
  });

  it('refuses files that together exceed the request limit', async () => {
    const response = await upload([file('a.png', pngOfSize(60 * KB)), file('b.png', pngOfSize(60 * KB))]);
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('REQUEST_TOO_LARGE');
    await nothingLeft();
  });

  it('refuses more files than the count limit', async () => {
    const response = await upload([1, 2, 3, 4].map((n) => file(`${n}.png`, png([n, n, n]))));
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('TOO_MANY_FILES');
    await nothingLeft();
  });

  it('skips the empty part of a file input where nothing was chosen', async () => {
    const response = await upload([file('', Buffer.alloc(0)), file('a.png', png())]);
    expect(response.statusCode).toBe(200);
    expect(response.json().files).toHaveLength(1);
  });

  it('refuses a body that is not multipart', async () => {
    const response = await app.inject({ method: 'POST', url: '/upload', payload: { files: [] } });
    expect(response.statusCode).toBe(415);
    await nothingLeft();
  });

  it('leaves no record and no file when the upload breaks off halfway', async () => {
    const { body, contentType } = multipart([
      file('first.png', pngOfSize(20 * KB)),
      file('second.png', pngOfSize(30 * KB)),
    ]);
    const payload = new PassThrough();
    const response = app.inject({
      method: 'POST',
      url: '/upload',
      payload,
      headers: { 'content-type': contentType },
    });
    // The first file whole and a part of the second, then the connection is lost.
    payload.write(body.subarray(0, 35 * KB));
    await new Promise((resolve) => setTimeout(resolve, 50));
    payload.destroy(new Error('connection reset'));
    await response.catch(() => undefined);
    // The handler cleans up after the client is gone; nobody waits for its answer.
    await vi.waitFor(nothingLeft, { timeout: 5000, interval: 50 });
  });

  it('removes the files when the transaction that records them fails', async () => {
    const response = await upload([{ name: 'fail', value: '1' }, file('a.png', png()), file('b.jpg', JPEG)]);
    expect(response.statusCode).toBe(500);
    await nothingLeft();
  });

  it('sends a file as an attachment with its UTF-8 name intact, nosniff and its detected type', async () => {
    const name = 'Łożysko – zdjęcie "przód" (1).jpg';
    const uploaded = await upload([
      { name: 'files', file: { filename: name, content: JPEG, contentType: 'text/html' } },
    ]);
    const [row] = uploaded.json().files;
    expect(row.originalName).toBe(name);
    const response = await app.inject({ method: 'GET', url: `/files/${row.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(JPEG)).toBe(true);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['content-length']).toBe(String(JPEG.length));
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toMatch(/^private/);
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    const encoded = /filename\*=UTF-8''(.+)$/.exec(disposition)![1]!;
    expect(encoded).not.toMatch(/['()* "]/);
    expect(decodeURIComponent(encoded)).toBe(name);
  });

  it('answers 304 to a browser that already holds the file', async () => {
    const [row] = (await upload([file('a.png', png())])).json().files;
    const first = await app.inject({ method: 'GET', url: `/files/${row.id}` });
    const again = await app.inject({
      method: 'GET',
      url: `/files/${row.id}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });
});
