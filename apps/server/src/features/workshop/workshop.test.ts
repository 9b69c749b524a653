import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFor, insertUser } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { isoMedia, type Part, PDF } from '#app/test/files.ts';
import { insertElements, insertOwnedMachine, postMultipart } from '#app/test/service-requests.ts';

interface AttachmentJson {
  id: string;
  name: string;
  contentType: string;
}

const HEIC = await readFile(new URL('../../test/fixtures/phone-photo.heic', import.meta.url));

/** A real photo-sized JPEG (800×600), stored sideways with EXIF orientation 6 as phones do. */
const PHOTO = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#6a8f3c' } })
  .jpeg()
  .withMetadata({ orientation: 6 })
  .toBuffer();

/** JPEG's first bytes (so the upload's type check takes it) and then nothing an image decoder can read. */
const BROKEN_JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x41)]);

async function pdfText(pdf: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  return (await extractText(document, { mergePages: true })).text;
}

describe('workshop: pictures of attachments and the job sheet', () => {
  let t: TestApp;
  let dataDir: string;
  let jan: string;
  let anna: string;
  let staff: string;
  let sales: string;
  let requestId: string;
  let attachments: AttachmentJson[];
  const file = (filename: string, content: Buffer): Part => ({ name: 'files', file: { filename, content } });
  const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  const attachment = (name: string) => attachments.find((a) => a.name === name)!;
  const picture = (name: string, rendition = 'thumbnail') =>
    `/api/service-requests/${requestId}/attachments/${attachment(name).id}/${rendition}`;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'care-workshop-'));
    t = await createTestApp({ DATA_DIR: dataDir });
    const db = t.database.db;
    await insertElements(db);
    const janId = await insertUser(db, { email: 'jan@example.com', lastName: 'Wójcik' });
    await insertUser(db, { email: 'anna@example.com', firstName: 'Anna' });
    await insertUser(db, { email: 'serwis@example.com', role: 'service' });
    await insertUser(db, { email: 'sprzedaz@example.com', role: 'sales' });
    const machine = await insertOwnedMachine(db, {
      serialNumber: 'AM-18',
      ownerId: janId,
      guaranteeEndDate: '2020-01-31',
    });
    jan = await cookieFor(t.app, 'jan@example.com');
    anna = await cookieFor(t.app, 'anna@example.com');
    staff = await cookieFor(t.app, 'serwis@example.com');
    sales = await cookieFor(t.app, 'sprzedaz@example.com');
    const created = await postMultipart(t.app, '/api/service-requests/new-request', jan, [
      { name: 'machineId', value: String(machine) },
      { name: 'problemDescription', value: 'Łożysko przekładni źle pracuje, słychać zgrzyt.' },
      file('przekładnia.jpg', PHOTO),
      file('IMG_0042.HEIC', HEIC),
      file('uszkodzone.jpg', BROKEN_JPEG),
      file('faktura.pdf', PDF),
      file('film.mp4', isoMedia('isom')),
    ]);
    expect(created.statusCode).toBe(201);
    requestId = created.json().id;
    attachments = created.json().attachments;
  });
  afterAll(async () => {
    await t.app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("gives the request's customer a 320 px WebP thumbnail of a photo, turned upright", async () => {
    const response = await get(picture('przekładnia.jpg'), jan);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    // 800×600 stored with orientation 6 is a 600×800 portrait: 240×320 once upright.
    expect([meta.width, meta.height]).toEqual([240, 320]);
    const preview = await sharp(
      (await get(picture('przekładnia.jpg', 'preview'), jan)).rawPayload,
    ).metadata();
    expect([preview.width, preview.height]).toEqual([600, 800]);
  });

  it('answers a thumbnail the browser has with 304', async () => {
    const first = await get(picture('przekładnia.jpg'), jan);
    const again = await get(picture('przekładnia.jpg'), jan, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it("refuses another customer's thumbnail (404) and a caller without a session (401); staff see it", async () => {
    expect((await get(picture('przekładnia.jpg'), anna)).statusCode).toBe(404);
    expect((await get(picture('przekładnia.jpg'))).statusCode).toBe(401);
    expect((await get(picture('przekładnia.jpg'), staff)).statusCode).toBe(200);
    expect((await get(picture('przekładnia.jpg'), sales)).statusCode).toBe(404);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const url = `/api/service-requests/${requestId}/attachments/${unknown}/thumbnail`;
    expect((await get(url, jan)).statusCode).toBe(404);
    expect((await get(picture('przekładnia.jpg', 'poster'), jan)).statusCode).toBe(400);
  });

  it("converts a phone's HEIC photo for browsers and keeps the original downloadable", async () => {
    const heic = attachment('IMG_0042.HEIC');
    expect(heic.contentType).toBe('image/heic');
    for (const rendition of ['thumbnail', 'preview']) {
      const response = await get(picture('IMG_0042.HEIC', rendition), jan);
      expect(response.statusCode).toBe(200);
      const meta = await sharp(response.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      // The fixture is 96×64 and is never enlarged.
      expect([meta.width, meta.height]).toEqual([96, 64]);
      // Its left half is red-ish, its right half green-blue: the pixels are the photo's, not a placeholder.
      const { data } = await sharp(response.rawPayload).raw().toBuffer({ resolveWithObject: true });
      expect(data[0]).toBeGreaterThan(150);
    }
    const original = await get(`/api/service-requests/${requestId}/attachments/${heic.id}`, jan);
    expect(original.headers['content-type']).toBe('image/heic');
    expect(original.rawPayload.equals(HEIC)).toBe(true);
  });

  it('keeps the upload of a broken image: the file is there, it has no picture (404), and is not decoded twice', async () => {
    const broken = attachment('uszkodzone.jpg');
    expect(broken).toBeDefined();
    expect((await get(picture('uszkodzone.jpg'), jan)).statusCode).toBe(404);
    const failed = (await readdir(join(dataDir, 'renditions'), { recursive: true })).filter((name) =>
      name.endsWith('.failed'),
    );
    expect(failed).toHaveLength(1);
    expect((await get(picture('uszkodzone.jpg', 'preview'), jan)).statusCode).toBe(404);
    const original = await get(`/api/service-requests/${requestId}/attachments/${broken.id}`, jan);
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(BROKEN_JPEG)).toBe(true);
  });

  it('makes no picture of a PDF or a video (404: the web shows their icon)', async () => {
    expect((await get(picture('faktura.pdf'), jan)).statusCode).toBe(404);
    expect((await get(picture('film.mp4'), jan)).statusCode).toBe(404);
  });

  it('gives service staff the job sheet as a PDF with the code, the Polish text and the photos', async () => {
    const response = await get(`/api/staff/service-requests/${requestId}/job-sheet`, staff);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(String(response.headers['content-disposition'])).toMatch(/^attachment;/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdf);
    const code = (await get(`/api/service-requests/${requestId}`, jan)).json().code as string;
    expect(text).toContain(code);
    expect(text).toContain('Karta zlecenia serwisowego');
    expect(text).toContain('Łożysko przekładni źle pracuje, słychać zgrzyt.');
    expect(text).toContain('Wójcik');
    expect(text).toContain('AgroMech Żniwiarz 5200');
    expect(text).toContain('AM-18');
    expect(text).toContain('2020-01-31 (po gwarancji)');
    // Two photos (the JPEG and the HEIC) are embedded; the broken one has an empty frame with its name.
    expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(2);
    expect(text).toContain('uszkodzone.jpg');
  });

  it("writes the job sheet's labels in the language asked for", async () => {
    const response = await get(`/api/staff/service-requests/${requestId}/job-sheet?language=de`, staff);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Serviceauftragsblatt');
    expect(text).toContain('außerhalb der Garantie');
    expect(
      (await get(`/api/staff/service-requests/${requestId}/job-sheet?language=xx`, staff)).statusCode,
    ).toBe(400);
  });

  it('refuses the job sheet to customers and sales (403) and answers 404 for an unknown request', async () => {
    expect((await get(`/api/staff/service-requests/${requestId}/job-sheet`, jan)).statusCode).toBe(403);
    expect((await get(`/api/staff/service-requests/${requestId}/job-sheet`, sales)).statusCode).toBe(403);
    expect((await get('/api/staff/service-requests/999999/job-sheet', staff)).statusCode).toBe(404);
  });
});
