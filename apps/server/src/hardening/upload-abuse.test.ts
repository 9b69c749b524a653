import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CATALOG_IMPORT_MAX_FILE_MB, CATALOG_IMPORT_MAX_FILES } from '@care/contract/catalog-import';
import { ApiErrorSchema } from '@care/contract/errors';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { catalogCards } from '#app/db/schema/catalog.ts';
import { insertPart } from '#app/test/catalog.ts';
import { clearRateLimits, cookieFor, insertUser } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { baseUrlOf } from '#app/test/event-stream.ts';
import { EXECUTABLE, filesUnder, JPEG, multipart, type Part, png, pngOfSize } from '#app/test/files.ts';
import { insertElements, insertOwnedMachine, insertRequest } from '#app/test/service-requests.ts';
import { EXAMPLE_DIR } from '#app/features/catalog-import/example-catalog.ts';

/**
 * Issue 6, upload abuse, against every upload endpoint: files too large, too many or too large together, empty,
 * of the wrong type whatever their name says, names that climb out of folders or hide their extension, and a
 * client that stops sending halfway. Every refusal answers its ApiError code and leaves neither a record nor a
 * file behind (the table rows and the file store directory are inspected after each); accepted names are kept
 * cleaned. Small limits through the environment keep it fast.
 */

const MB = 1024 * 1024;
const LIMITS = { UPLOAD_MAX_FILE_MB: '1', UPLOAD_MAX_REQUEST_MB: '2', UPLOAD_MAX_FILES: '3' };
// Short for speed, long enough that a loaded machine has started writing every upload before it ends them.
const IDLE_TIMEOUT_S = 2;

let t: TestApp;
let dataDir: string;
let customer: string;
let admin: string;
let machineId: number;
let requestId: number;
let partId: number;

const TABLES = [
  'files',
  'service_requests',
  'service_request_attachments',
  'chat_messages',
  'offer_requests',
  'offer_request_attachments',
  'catalog_files',
  'catalog_cards',
  'parts',
  'mail_outbox',
];

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const result = (await t.database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))) as {
      rows: { n: number }[];
    };
    counts[table] = Number(result.rows[0]!.n);
  }
  return counts;
}

/** Every file under the store (temporary ones included). */
const storedFiles = () => filesUnder(join(dataDir, 'files'));

interface Endpoint {
  name: string;
  url: () => string;
  /** The form fields that make the request valid apart from its files. */
  fields: () => Part[];
  maxFiles: number;
}

const ENDPOINTS: Endpoint[] = [
  {
    name: 'service request appendices',
    url: () => `/api/service-requests/${requestId}/appendices`,
    fields: () => [],
    maxFiles: 3,
  },
  {
    name: 'new service request with files',
    url: () => '/api/service-requests/new-request',
    fields: () => [
      { name: 'machineId', value: String(machineId) },
      { name: 'problemDescription', value: 'Stuka bęben młócący.' },
    ],
    maxFiles: 3,
  },
  {
    name: 'chat file',
    url: () => '/api/chat/files',
    fields: () => [{ name: 'serviceRequestId', value: String(requestId) }],
    maxFiles: 1,
  },
  {
    name: 'offer request with files',
    url: () => '/api/offer-requests/new-request',
    fields: () => [
      {
        name: 'payload',
        value: JSON.stringify({
          items: [{ id: String(partId), name: 'Łożysko', symbol: 'AM-6204', images: [], amount: 1 }],
          note: '',
        }),
      },
    ],
    maxFiles: 3,
  },
];

const file = (filename: string, content: Buffer, contentType?: string): Part => ({
  name: 'files',
  file: { filename, content, contentType },
});

function post(url: string, cookie: string, body: Part[]): Promise<LightMyRequestResponse> {
  const { body: payload, headers } = multipart(body);
  return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, cookie } });
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'care-upload-abuse-'));
  t = await createTestApp({ ...LIMITS, DATA_DIR: dataDir, REQUEST_IDLE_TIMEOUT_S: String(IDLE_TIMEOUT_S) });
  const db = t.database.db;
  await insertElements(db);
  const customerId = await insertUser(db, { email: 'uploader@example.com' });
  await insertUser(db, { email: 'admin@example.com', role: 'admin' });
  machineId = await insertOwnedMachine(db, { serialNumber: 'UPL-1', ownerId: customerId });
  requestId = await insertRequest(db, { code: 'SR/UPL/1', customerId, machineId });
  partId = await insertPart(db, { externalId: 'P-UPL', symbol: 'AM-6204' });
  customer = await cookieFor(t.app, 'uploader@example.com');
  admin = await cookieFor(t.app, 'admin@example.com');
});
afterAll(async () => {
  await t.app.close();
  await rm(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await clearRateLimits(t.database.db);
});

/** A refusal: the status and code, an ApiError body, and nothing new in the tables or the file store. */
async function expectRefused(send: () => Promise<LightMyRequestResponse>, status: number, code: string) {
  const rowsBefore = await rowCounts();
  const filesBefore = await storedFiles();
  const response = await send();
  expect({ status: response.statusCode, code: response.json().code }).toEqual({ status, code });
  expect(ApiErrorSchema.safeParse(response.json()).success).toBe(true);
  expect(await rowCounts()).toEqual(rowsBefore);
  expect(await storedFiles()).toEqual(filesBefore);
}

const small = () => png([Math.floor(Math.random() * 255), 1, 2]);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
const SVG_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);

describe.each(ENDPOINTS)('$name', (endpoint) => {
  const send = (files: Part[]) => () => post(endpoint.url(), customer, [...endpoint.fields(), ...files]);

  it('refuses a file over UPLOAD_MAX_FILE_MB', async () => {
    await expectRefused(send([file('big.png', pngOfSize(MB + 1))]), 413, 'FILE_TOO_LARGE');
  });

  it('refuses files over UPLOAD_MAX_REQUEST_MB together (each under the file limit)', async () => {
    if (endpoint.maxFiles < 3) return; // One file per chat message can never pass the total.
    const files = [0, 1, 2].map((i) => file(`part-${i}.png`, pngOfSize(0.9 * MB)));
    await expectRefused(send(files), 413, 'REQUEST_TOO_LARGE');
  });

  it('refuses more files than allowed', async () => {
    const files = Array.from({ length: endpoint.maxFiles + 1 }, (_, i) => file(`f${i}.png`, small()));
    await expectRefused(send(files), 413, 'TOO_MANY_FILES');
  });

  it('refuses an empty file', async () => {
    await expectRefused(send([file('empty.jpg', Buffer.alloc(0))]), 400, 'FILE_EMPTY');
  });

  it.each([
    ['an executable renamed .jpg', 'photo.jpg', EXECUTABLE, 'image/jpeg'],
    ['HTML named .png', 'plate.png', HTML, 'image/png'],
    ['an SVG with a script', 'drawing.svg', SVG_SCRIPT, 'image/svg+xml'],
    ['a good file then a bad one', 'second.pdf', Buffer.from('just text'), 'application/pdf'],
  ])('refuses %s (type by content)', async (what, name, content, type) => {
    const files =
      what === 'a good file then a bad one' && endpoint.maxFiles > 1
        ? [file('first.png', small()), file(name, content, type)]
        : [file(name, content, type)];
    await expectRefused(send(files), 415, 'FILE_TYPE_NOT_ALLOWED');
  });

  it('keeps hostile names only as a cleaned last segment', async () => {
    const cases: [string, Buffer, string][] = [
      ['../../etc/passwd', small(), 'passwd.png'],
      ['..\\..\\windows\\system32\\x.png', small(), 'x.png'],
      ['/etc/shadow.jpg', JPEG, 'shadow.jpg'],
      ['C:\\Users\\jan\\plate.png', small(), 'plate.png'],
      ['a\u0000b.png', small(), 'ab.png'],
      ['invoice\u202Egnp.exe', small(), 'invoicegnp.exe.png'],
      ['🚜 kombajn 👨‍👩‍👧 Żniwiarz.png', small(), '🚜 kombajn 👨‍👩‍👧 Żniwiarz.png'],
      ['ا'.repeat(40) + '.png', small(), 'ا'.repeat(40) + '.png'],
      [`${'n'.repeat(300)}.png`, small(), `${'n'.repeat(196)}.png`],
    ];
    for (const batch of chunks(cases, endpoint.maxFiles)) {
      const before = (await storedFiles()).length;
      const response = await post(endpoint.url(), customer, [
        ...endpoint.fields(),
        ...batch.map(([name, content]) => file(name, content)),
      ]);
      expect(response.statusCode, response.body).toBeLessThan(300);
      const names = await storedNames(batch.length);
      expect(names).toEqual(batch.map(([, , cleaned]) => cleaned));
      for (const name of names) {
        expect(name.length).toBeLessThanOrEqual(200);
        // eslint-disable-next-line no-control-regex -- control characters are what must not be there
        expect(name).not.toMatch(/[/\\\u0000-\u001f\u202a-\u202e]/);
      }
      // Stored under random keys only: nothing but <2 hex>/<32 hex> appeared, and no temporary file is left.
      const after = await storedFiles();
      expect(after.length).toBe(before + batch.length);
      for (const path of after) expect(path).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}$/);
    }
  });
});

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

/** The original names of the newest `count` files rows, oldest first. */
async function storedNames(count: number): Promise<string[]> {
  const result = (await t.database.db.execute(
    sql`SELECT original_name FROM files ORDER BY created_at DESC, id DESC LIMIT ${count}`,
  )) as { rows: { original_name: string }[] };
  return result.rows.map((row) => row.original_name).reverse();
}

/**
 * Over a real socket: the headers and the first 64 kB of a 600 kB file (past type detection, so the server has
 * started writing it), then silence. Answers how long the server took to close the connection (-1: it did not
 * within the idle timeout plus 5 s) and what it answered.
 */
async function stalledUpload(url: string, cookie: string, fields: Part[], fileField = 'files') {
  const { body, contentType } = multipart([
    ...fields,
    { name: fileField, file: { filename: 'slow.png', content: pngOfSize(600 * 1024) } },
  ]);
  const { port } = new URL(baseUrlOf(t.app));
  const socket = connect(Number(port), '127.0.0.1');
  const started = Date.now();
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - started)));
  socket.on('error', () => {});
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
  socket.write(
    `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\nCookie: ${cookie}\r\n` +
      `Content-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  socket.write(body.subarray(0, 64 * 1024));
  const elapsed = await Promise.race([
    closed,
    new Promise<number>((resolve) => setTimeout(() => resolve(-1), IDLE_TIMEOUT_S * 1000 + 5000)),
  ]);
  if (elapsed < 0) socket.destroy();
  return { url, elapsed, answer: answer.slice(0, 12) };
}

describe('a client that stops sending', () => {
  it('is cut off within the idle timeout at every upload endpoint, and nothing is kept', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const rowsBefore = await rowCounts();
    const filesBefore = await storedFiles();
    let writing = 0;
    let stalled = false;
    const watch = (async () => {
      while (!stalled) {
        writing = Math.max(writing, (await storedFiles()).filter((p) => p.startsWith('tmp/')).length);
        await sleep(40);
      }
    })();
    const results = await Promise.all([
      ...ENDPOINTS.map((endpoint) => stalledUpload(endpoint.url(), customer, endpoint.fields())),
      stalledUpload('/api/admin/catalog-imports', admin, [], 'file'),
    ]);
    stalled = true;
    await watch;
    for (const result of results) {
      expect(result.elapsed, `${result.url} kept a stalled upload open`).toBeGreaterThan(0);
      expect(result.elapsed, result.url).toBeLessThan(IDLE_TIMEOUT_S * 1000 + 5000);
      expect(result.answer, result.url).not.toMatch(/^HTTP\/1\.1 2/);
    }
    // Each file store endpoint had started writing its file (the import holds its files in memory).
    expect(writing).toBe(ENDPOINTS.length);
    // The handlers remove what they wrote once they see the request end; give them a moment.
    for (let i = 0; i < 50 && (await storedFiles()).length > filesBefore.length; i++) await sleep(50);
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await rowCounts()).toEqual(rowsBefore);
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('catalogue import (admin)', () => {
  const example = async (): Promise<Part[]> => {
    const read = async (name: string, path: string): Promise<Part> => ({
      name,
      file: { filename: path.split('/').pop()!, content: await readFile(join(EXAMPLE_DIR, path)) },
    });
    return [
      await read('document', 'catalog.json'),
      await read('parts', 'parts.csv'),
      await read('file', 'drawings/lift-cylinder.svg'),
      await read('file', 'images/loaders.png'),
      await read('file', 'images/cylinder.png'),
    ];
  };
  const importing = (body: Part[]) => post('/api/admin/catalog-imports', admin, body);
  const replaced = (body: Part[], filename: string, content: Buffer, name = filename): Part[] =>
    body.map((part) =>
      part.file?.filename === filename ? { name: part.name, file: { filename: name, content } } : part,
    );

  it('imports a drawing with a script without the script, and says what was removed', async () => {
    const drawing = await readFile(join(EXAMPLE_DIR, 'drawings/lift-cylinder.svg'), 'utf8');
    const withScript = drawing.replace(/(<svg\b[^>]*>)/, '$1<script>alert(document.cookie)</script>');
    expect(withScript).toContain('<script>');
    const response = await importing(replaced(await example(), 'lift-cylinder.svg', Buffer.from(withScript)));
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.json().warnings.map((w: { code: string }) => w.code)).toContain('svg-cleaned');
    const stored = await t.database.db.select({ svg: catalogCards.drawingSvg }).from(catalogCards);
    expect(stored.some((card) => card.svg?.includes('<path'))).toBe(true);
    expect(stored.filter((card) => /<script|alert\(/i.test(card.svg ?? ''))).toEqual([]);
  });

  it('refuses an executable and HTML named as images (422), importing nothing', async () => {
    for (const [target, content] of [
      ['loaders.png', EXECUTABLE],
      ['cylinder.png', HTML],
    ] as const) {
      const rowsBefore = await rowCounts();
      const filesBefore = await storedFiles();
      const response = await importing(replaced(await example(), target, content));
      expect(response.statusCode, `${target}: ${response.body.slice(0, 300)}`).toBe(422);
      expect(response.json().code).toBe('CATALOG_IMPORT_INVALID');
      expect(await rowCounts()).toEqual(rowsBefore);
      expect(await storedFiles()).toEqual(filesBefore);
    }
  });

  it('refuses a file over CATALOG_IMPORT_MAX_FILE_MB', async () => {
    const big: Part = {
      name: 'file',
      file: { filename: 'huge.png', content: pngOfSize(CATALOG_IMPORT_MAX_FILE_MB * MB + 1) },
    };
    await expectRefused(() => importing([big]), 413, 'FILE_TOO_LARGE');
  });

  it('refuses more files than CATALOG_IMPORT_MAX_FILES', async () => {
    const many = Array.from({ length: CATALOG_IMPORT_MAX_FILES + 1 }, (_, i): Part => ({
      name: 'file',
      file: { filename: `f${i}.png`, content: Buffer.from([i & 255]) },
    }));
    await expectRefused(() => importing(many), 413, 'TOO_MANY_FILES');
  });

  it('refuses an empty catalogue file without a 500', async () => {
    const response = await importing([
      { name: 'document', file: { filename: 'catalog.json', content: Buffer.alloc(0) } },
    ]);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(ApiErrorSchema.safeParse(response.json()).success).toBe(true);
  });

  it('matches traversal names by their last segment only (dry run)', async () => {
    const body = (await example()).map((part) =>
      part.name === 'file'
        ? { ...part, file: { ...part.file!, filename: `../../../${part.file!.filename}` } }
        : part,
    );
    const response = await importing([...body, { name: 'dryRun', value: 'true' }]);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  });
});

describe('after all of the above', () => {
  it('every stored file has its row and every row its file, with no temporary file left', async () => {
    const result = (await t.database.db.execute(sql`SELECT storage_key FROM files`)) as {
      rows: { storage_key: string }[];
    };
    const keys = result.rows.map((row) => row.storage_key).sort();
    expect(keys.length).toBeGreaterThan(0);
    expect((await storedFiles()).sort()).toEqual(keys);
  });
});
