import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { documentCounters } from '#app/db/schema/counters.ts';
import { files } from '#app/db/schema/files.ts';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
import { clearOutbox, cookieFor, insertUser, queuedMail } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { EXECUTABLE, filesUnder, JPEG, type Part, png, pngOfSize } from '#app/test/files.ts';
import { insertElements, insertOwnedMachine, postMultipart } from '#app/test/service-requests.ts';

const MB = 1024 * 1024;

describe('filing a service request (POST api/service-requests/new-request)', () => {
  let t: TestApp;
  let dataDir: string;
  let jan: string;
  let janMachine: number;
  let annasMachine: number;
  const file = (filename: string, content: Buffer): Part => ({ name: 'files', file: { filename, content } });
  const fields = (extra: Record<string, string> = {}): Part[] =>
    Object.entries({
      machineId: String(janMachine),
      problemDescription: 'Stuka bęben młócący przy wyższych obrotach.',
      transportType: 'COURIER',
      deliveryPlace: 'FARM',
      comments: 'Dostępna od 7:00',
      ...extra,
    }).map(([name, value]) => ({ name, value }));
  const create = (parts: Part[], cookie: string | null = jan) =>
    postMultipart(t.app, '/api/service-requests/new-request', cookie ?? undefined, parts);
  const count = async (table: typeof files | typeof serviceRequests) =>
    (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
  const nothingStored = async () => {
    expect(await filesUnder(dataDir)).toEqual([]);
    expect(await count(files)).toBe(0);
    expect(await count(serviceRequests)).toBe(0);
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'care-requests-'));
    t = await createTestApp({
      DATA_DIR: dataDir,
      UPLOAD_MAX_FILE_MB: '1',
      UPLOAD_MAX_REQUEST_MB: '2',
      UPLOAD_MAX_FILES: '3',
      SERVICE_EMAIL: 'serwis@agromech.example',
    });
    const db = t.database.db;
    await insertElements(db);
    const janId = await insertUser(db, { email: 'jan@example.com' });
    const annaId = await insertUser(db, { email: 'anna@example.com' });
    janMachine = await insertOwnedMachine(db, {
      serialNumber: 'AM-1',
      name: 'AgroMech Żniwiarz',
      ownerId: janId,
    });
    annasMachine = await insertOwnedMachine(db, { serialNumber: 'AM-2', ownerId: annaId });
    jan = await cookieFor(t.app, 'jan@example.com');
  });
  afterAll(async () => {
    await t.app.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    const db = t.database.db;
    await db.delete(serviceRequests);
    await db.delete(files);
    await db.delete(documentCounters);
    await clearOutbox(db);
    await rm(join(dataDir, 'files'), { recursive: true, force: true });
  });

  it('answers 401 to a visitor who is not signed in', async () => {
    expect((await create([...fields(), file('a.jpg', JPEG)], null)).statusCode).toBe(401);
    await nothingStored();
  });

  it('creates the request with two photos: code, status N, history, initial attachments, e-mail', async () => {
    const response = await create([...fields(), file('przód.jpg', JPEG), file('tabliczka.png', png())]);
    expect(response.statusCode).toBe(201);
    const created = response.json();
    const year = new Date().getFullYear();
    expect(created).toMatchObject({
      code: `SR/${year}/000001`,
      status: 'N',
      problemDescription: 'Stuka bęben młócący przy wyższych obrotach.',
      comments: 'Dostępna od 7:00',
      transportType: { code: 'COURIER' },
      deliveryPlace: { code: 'FARM' },
      serviceOpinion: null,
      machine: { id: String(janMachine), serialNumber: 'AM-1' },
      canAddAppendices: true,
    });
    expect(created.statusHistory).toEqual([
      { fromStatus: null, toStatus: 'N', changedAt: created.reportDate, changedBy: 'Jan Kowalski' },
    ]);
    expect(
      created.attachments.map((a: Record<string, unknown>) => [
        a.name,
        a.contentType,
        a.isInitial,
        a.addedBy,
      ]),
    ).toEqual([
      ['przód.jpg', 'image/jpeg', true, 'Jan Kowalski'],
      ['tabliczka.png', 'image/png', true, 'Jan Kowalski'],
    ]);
    expect(created.attachments[0].addedByStaff).toBe(false);
    expect((await filesUnder(dataDir)).filter((path) => !path.startsWith('files/tmp'))).toHaveLength(2);
    const [mail] = await queuedMail(t.database.db, 'serwis@agromech.example');
    expect(mail).toMatchObject({ kind: 'service-request-created', replyTo: 'jan@example.com' });
    expect(mail!.subject).toContain(`SR/${year}/000001`);
    expect(mail!.text).toContain('Stuka bęben młócący');
    // The service inbox is staff: its link opens the staff page of the request, never the customer's screen.
    expect(mail!.text).toContain(`/staff/service-requests/${created.id}`);
    expect(mail!.html).toContain(`/staff/service-requests/${created.id}`);
    expect(mail!.text).not.toContain('/home/');
    // Its Reply-To is the customer, and the footer says so instead of "do not reply".
    expect(mail!.text).toContain('Odpowiedź na tę wiadomość trafi bezpośrednio do klienta (jan@example.com)');
    // The next request takes the next number.
    const next = await create(fields());
    expect(next.json().code).toBe(`SR/${year}/000002`);
    expect(next.json().attachments).toEqual([]);
  });

  it('files a retried submission (same clientId) once: one request, one set of files, one e-mail', async () => {
    const clientId = '5b7c9f5e-2d1a-4c3b-9e8f-0a1b2c3d4e5f';
    const parts = [...fields({ clientId }), file('a.jpg', JPEG), file('b.png', png())];
    const first = await create(parts);
    expect(first.statusCode).toBe(201);
    // The answer was lost on the way; the browser sends the same submission again, twice at once.
    const retries = await Promise.all([create(parts), create(parts)]);
    for (const retry of retries) {
      expect(retry.statusCode).toBe(200);
      expect(retry.json().id).toBe(first.json().id);
    }
    expect(await count(serviceRequests)).toBe(1);
    expect(await count(files)).toBe(2);
    expect(await filesUnder(dataDir)).toHaveLength(2);
    expect(await queuedMail(t.database.db, 'serwis@agromech.example')).toHaveLength(1);
    // Another submission (a new clientId) is another request.
    expect(
      (await create([...fields({ clientId: crypto.randomUUID() }), file('c.jpg', JPEG)])).statusCode,
    ).toBe(201);
    expect(await count(serviceRequests)).toBe(2);
  });

  it('requires a failure description, with the SPEC message, and keeps none of the files', async () => {
    const response = await create([...fields({ problemDescription: '   ' }), file('a.jpg', JPEG)]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'problemDescription', code: 'form.failure-description-required' }],
    });
    await nothingStored();
  });

  it('refuses a transport type that is not an active choice', async () => {
    const response = await create(fields({ transportType: 'OLD' }));
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'transportType' }],
    });
    await nothingStored();
  });

  it("refuses a request for another customer's machine or an unknown one as not found", async () => {
    for (const machineId of [String(annasMachine), '999999']) {
      const response = await create([...fields({ machineId }), file('a.jpg', JPEG)]);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    await nothingStored();
    expect(await queuedMail(t.database.db)).toEqual([]);
  });

  it('refuses an oversized file with FILE_TOO_LARGE and leaves nothing behind', async () => {
    const response = await create([...fields(), file('a.jpg', JPEG), file('big.png', pngOfSize(MB + 1))]);
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('FILE_TOO_LARGE');
    await nothingStored();
  });

  it('refuses an executable disguised as a photo with FILE_TYPE_NOT_ALLOWED', async () => {
    const response = await create([
      ...fields(),
      file('a.jpg', JPEG),
      { name: 'files', file: { filename: 'zdjecie.jpg', content: EXECUTABLE, contentType: 'image/jpeg' } },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('FILE_TYPE_NOT_ALLOWED');
    await nothingStored();
  });

  it('refuses an empty file with FILE_EMPTY', async () => {
    const response = await create([...fields(), file('pusty.png', Buffer.alloc(0))]);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('FILE_EMPTY');
    await nothingStored();
  });

  it('refuses more files than allowed with TOO_MANY_FILES', async () => {
    const four = [1, 2, 3, 4].map((n) => file(`${n}.png`, png([n, 0, 0])));
    const response = await create([...fields(), ...four]);
    expect(response.json().code).toBe('TOO_MANY_FILES');
    await nothingStored();
  });

  it('leaves no request, no record and no file when the transaction fails after storing the files', async () => {
    const db = t.database.db;
    await db.execute(sql`
      CREATE FUNCTION refuse_attachment() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'attachments are refused for this test'; END $$`);
    await db.execute(sql`
      CREATE TRIGGER refuse_attachment BEFORE INSERT ON service_request_attachments
      FOR EACH ROW EXECUTE FUNCTION refuse_attachment()`);
    try {
      const response = await create([...fields(), file('a.jpg', JPEG), file('b.png', png())]);
      expect(response.statusCode).toBe(500);
    } finally {
      await db.execute(sql`DROP TRIGGER refuse_attachment ON service_request_attachments`);
      await db.execute(sql`DROP FUNCTION refuse_attachment()`);
    }
    await nothingStored();
    expect(await db.select().from(documentCounters)).toEqual([]);
    expect(await queuedMail(db)).toEqual([]);
  });
});
