import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '#app/db/schema/files.ts';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
import { cookieFor, insertUser } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { EXECUTABLE, filesUnder, JPEG, type Part, PDF, png } from '#app/test/files.ts';
import { insertElements, insertOwnedMachine, postMultipart } from '#app/test/service-requests.ts';

interface AttachmentJson {
  id: string;
  name: string;
  isInitial: boolean;
  addedBy: string | null;
  addedByStaff: boolean;
}

describe('attachments: appendices, downloads, immutability', () => {
  let t: TestApp;
  let dataDir: string;
  let jan: string;
  let anna: string;
  let staff: string;
  let requestId: string;
  let annasRequestId: string;
  let initial: AttachmentJson[];
  const file = (filename: string, content: Buffer): Part => ({ name: 'files', file: { filename, content } });
  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const appendices = (id: string, parts: Part[], cookie: string | null = jan) =>
    postMultipart(t.app, `/api/service-requests/${id}/appendices`, cookie ?? undefined, parts);
  const storedFiles = async () => (await filesUnder(dataDir)).filter((path) => !path.startsWith('files/tmp'));

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'care-attachments-'));
    t = await createTestApp({ DATA_DIR: dataDir, UPLOAD_MAX_FILES: '3' });
    const db = t.database.db;
    await insertElements(db);
    const janId = await insertUser(db, { email: 'jan@example.com' });
    const annaId = await insertUser(db, { email: 'anna@example.com', firstName: 'Anna' });
    await insertUser(db, {
      email: 'serwis@example.com',
      role: 'service',
      firstName: 'Piotr',
      lastName: 'Nowak',
    });
    const janMachine = await insertOwnedMachine(db, { serialNumber: 'AM-1', ownerId: janId });
    const annasMachine = await insertOwnedMachine(db, { serialNumber: 'AM-2', ownerId: annaId });
    jan = await cookieFor(t.app, 'jan@example.com');
    anna = await cookieFor(t.app, 'anna@example.com');
    staff = await cookieFor(t.app, 'serwis@example.com');
    const fields = (machineId: number): Part[] => [
      { name: 'machineId', value: String(machineId) },
      { name: 'problemDescription', value: 'Wyciek oleju spod przekładni.' },
    ];
    const created = await postMultipart(t.app, '/api/service-requests/new-request', jan, [
      ...fields(janMachine),
      file('Łożysko – zdjęcie (1).jpg', JPEG),
      file('tabliczka.png', png()),
    ]);
    expect(created.statusCode).toBe(201);
    requestId = created.json().id;
    initial = created.json().attachments;
    const annas = await postMultipart(t.app, '/api/service-requests/new-request', anna, [
      ...fields(annasMachine),
      file('anna.png', png([1, 2, 3])),
    ]);
    annasRequestId = annas.json().id;
  });
  afterAll(async () => {
    await t.app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lets the customer download their attachment with its UTF-8 name intact', async () => {
    const response = await get(`/api/service-requests/${requestId}/attachments/${initial[0]!.id}`, jan);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(JPEG)).toBe(true);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const disposition = String(response.headers['content-disposition']);
    expect(disposition.startsWith('attachment;')).toBe(true);
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)![1]!)).toBe(
      'Łożysko – zdjęcie (1).jpg',
    );
  });

  it("answers 404 for another customer's file, an unknown file and a file of another request", async () => {
    const url = `/api/service-requests/${requestId}/attachments/${initial[0]!.id}`;
    expect((await get(url, anna)).statusCode).toBe(404);
    const annasFile = (await get(`/api/service-requests/${annasRequestId}`, anna)).json().attachments[0].id;
    // Anna's file named under Jan's request is still not Jan's.
    expect((await get(`/api/service-requests/${requestId}/attachments/${annasFile}`, jan)).statusCode).toBe(
      404,
    );
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await get(`/api/service-requests/${requestId}/attachments/${unknown}`, jan)).statusCode).toBe(
      404,
    );
    expect((await get(url)).statusCode).toBe(401);
  });

  it("lets service staff download any request's file", async () => {
    const response = await get(`/api/service-requests/${requestId}/attachments/${initial[1]!.id}`, staff);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
  });

  it('adds appendices later without touching the attachments sent with the request', async () => {
    const before = await readFile(join(dataDir, 'files', (await storageKeyOf(initial[0]!.id))!));
    const response = await appendices(requestId, [
      file('Łożysko – zdjęcie (1).jpg', PDF),
      file('faktura.pdf', PDF),
    ]);
    expect(response.statusCode).toBe(201);
    const { added, attachments } = response.json() as {
      added: AttachmentJson[];
      attachments: AttachmentJson[];
    };
    expect(added.map((a) => [a.name, a.isInitial])).toEqual([
      // The same name again is a new file beside the old one (renamed to its real type), never a replacement.
      ['Łożysko – zdjęcie (1).jpg.pdf', false],
      ['faktura.pdf', false],
    ]);
    expect(attachments.slice(0, 2)).toEqual(initial);
    expect(attachments).toHaveLength(4);
    const after = await readFile(join(dataDir, 'files', (await storageKeyOf(initial[0]!.id))!));
    expect(after.equals(before)).toBe(true);
    const details = (await get(`/api/service-requests/${requestId}`, jan)).json();
    expect(details.problemDescription).toBe('Wyciek oleju spod przekładni.');
    expect(details.attachments).toEqual(attachments);
  });

  it('records an appendix of service staff as added by staff', async () => {
    const response = await appendices(requestId, [file('protokol.pdf', PDF)], staff);
    expect(response.statusCode).toBe(201);
    expect(response.json().added[0]).toMatchObject({ addedBy: 'Piotr Nowak', addedByStaff: true });
  });

  it('requires files for appendices', async () => {
    const response = await appendices(requestId, [{ name: 'note', value: 'nic' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('FILES_REQUIRED');
  });

  it('refuses a disguised appendix and keeps no file of that upload', async () => {
    const stored = await storedFiles();
    const response = await appendices(requestId, [file('ok.png', png([9, 9, 9])), file('x.jpg', EXECUTABLE)]);
    expect(response.json().code).toBe('FILE_TYPE_NOT_ALLOWED');
    expect(await storedFiles()).toEqual(stored);
  });

  it("refuses appendices to another customer's request as not found, storing nothing", async () => {
    const stored = await storedFiles();
    const response = await appendices(annasRequestId, [file('a.png', png([4, 4, 4]))]);
    expect(response.statusCode).toBe(404);
    expect(await storedFiles()).toEqual(stored);
    expect((await appendices(requestId, [file('a.png', png())], null)).statusCode).toBe(401);
  });

  it('refuses appendices once the request is closed', async () => {
    await t.database.db
      .update(serviceRequests)
      .set({ status: 'U' })
      .where(eq(serviceRequests.id, Number(annasRequestId)));
    const stored = await storedFiles();
    const response = await appendices(annasRequestId, [file('a.png', png([5, 5, 5]))], anna);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('SERVICE_REQUEST_CLOSED');
    expect(await storedFiles()).toEqual(stored);
  });

  it('has no route that changes or removes a request, its description or an attachment', async () => {
    const fileUrl = `/api/service-requests/${requestId}/attachments/${initial[0]!.id}`;
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of [
        '/api/service-requests/:id',
        '/api/service-requests/:id/attachments/:fileId',
        '/api/service-requests/:id/appendices',
      ]) {
        expect(t.app.hasRoute({ method, url }), `${method} ${url}`).toBe(false);
      }
      const responses = await Promise.all(
        [`/api/service-requests/${requestId}`, fileUrl].map((url) =>
          t.app.inject({
            method,
            url,
            headers: { cookie: jan },
            payload: { problemDescription: 'Zmieniony opis' },
          }),
        ),
      );
      // The paths exist for reading only: 405, and the methods they have say so (issue 16).
      for (const response of responses) {
        expect(response.statusCode).toBe(405);
        expect(String(response.headers.allow).split(', ')).not.toContain(method);
      }
    }
    const details = (await get(`/api/service-requests/${requestId}`, jan)).json();
    expect(details.problemDescription).toBe('Wyciek oleju spod przekładni.');
    expect(details.attachments.slice(0, 2)).toEqual(initial);
    expect((await get(fileUrl, jan)).rawPayload.equals(JPEG)).toBe(true);
  });

  async function storageKeyOf(fileId: string): Promise<string | undefined> {
    const [row] = await t.database.db
      .select({ key: files.storageKey })
      .from(files)
      .where(eq(files.id, fileId));
    return row?.key;
  }
});
