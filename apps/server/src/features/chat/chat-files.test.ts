import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChatFilesPage, ChatMessage } from '@care/contract/chat';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from '#app/db/schema/chat.ts';
import { files } from '#app/db/schema/files.ts';
import { cookieFor, insertUser } from '#app/test/accounts.ts';
import { createTestApp, QUOTAS_OFF, type TestApp } from '#app/test/app.ts';
import { EXECUTABLE, filesUnder, type Part, PDF, png } from '#app/test/files.ts';
import { insertOwnedMachine, insertRequest, postMultipart } from '#app/test/service-requests.ts';

describe('chat files: sending, listing, downloading', () => {
  let t: TestApp;
  let dataDir: string;
  const r: Record<string, number> = {};
  const cookie: Record<string, string> = {};
  const file = (filename: string, content: Buffer): Part => ({ name: 'files', file: { filename, content } });
  const upload = (request: number | string, parts: Part[], as: string | null = cookie.jan!) =>
    postMultipart(t.app, '/api/chat/files', as ?? undefined, [
      { name: 'serviceRequestId', value: String(request) },
      ...parts,
    ]);
  const get = (url: string, as?: string) =>
    t.app.inject({ method: 'GET', url, headers: as ? { cookie: as } : {} });
  const storedFiles = async () => (await filesUnder(dataDir)).filter((path) => !path.startsWith('files/tmp'));
  const fileRows = async () => (await t.database.db.select({ id: files.id }).from(files)).length;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'care-chat-files-'));
    t = await createTestApp({ ...QUOTAS_OFF, DATA_DIR: dataDir, UPLOAD_MAX_FILE_MB: '1' });
    const db = t.database.db;
    const jan = await insertUser(db, { email: 'jan@example.com' });
    const anna = await insertUser(db, { email: 'anna@example.com' });
    await insertUser(db, {
      email: 'serwis@example.com',
      role: 'service',
      firstName: 'Piotr',
      lastName: 'Nowak',
    });
    r.jan = await insertRequest(db, {
      code: 'SR/2026/000001',
      customerId: jan,
      machineId: await insertOwnedMachine(db, { serialNumber: 'AM-1', ownerId: jan }),
    });
    r.anna = await insertRequest(db, {
      code: 'SR/2026/000002',
      customerId: anna,
      machineId: await insertOwnedMachine(db, { serialNumber: 'AM-2', ownerId: anna }),
    });
    cookie.jan = await cookieFor(t.app, 'jan@example.com');
    cookie.anna = await cookieFor(t.app, 'anna@example.com');
    cookie.staff = await cookieFor(t.app, 'serwis@example.com');
  });

  afterAll(async () => {
    await t.app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a file sent by the staff becomes a chat message the customer sees and downloads', async () => {
    const sent = await upload(r.jan!, [file('Wycena – łożysko.pdf', PDF)], cookie.staff);
    expect(sent.statusCode, sent.body).toBe(201);
    const message = sent.json() as ChatMessage;
    expect(message).toMatchObject({
      body: null,
      author: { displayName: 'Piotr Nowak', isStaff: true, isMe: true },
      file: { name: 'Wycena – łożysko.pdf', contentType: 'application/pdf', sizeBytes: PDF.length },
    });
    const page = (await get(`/api/chat/comments?serviceRequestId=${r.jan}`, cookie.jan)).json();
    expect(page.messages.at(-1)).toMatchObject({ id: message.id, file: message.file });

    const download = await get(`/api/chat/files/${message.file!.id}`, cookie.jan);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-disposition']).toContain(
      "filename*=UTF-8''Wycena%20%E2%80%93%20%C5%82o",
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the chat’s files are listed newest first, paged by message id', async () => {
    await upload(r.jan!, [file('pierwsze.png', png([1, 2, 3]))]);
    await upload(r.jan!, [file('drugie.png', png([4, 5, 6]))]);
    const first = (
      await get(`/api/chat/files?serviceRequestId=${r.jan}&limit=2`, cookie.jan)
    ).json() as ChatFilesPage;
    expect(first.files.map((f) => f.name)).toEqual(['drugie.png', 'pierwsze.png']);
    expect(first.hasMore).toBe(true);
    const next = (
      await get(
        `/api/chat/files?serviceRequestId=${r.jan}&limit=2&before=${first.files[1]!.messageId}`,
        cookie.staff,
      )
    ).json() as ChatFilesPage;
    expect(next.files.map((f) => f.name)).toEqual(['Wycena – łożysko.pdf']);
    expect(next.files[0]!.author).toEqual({ displayName: 'Piotr Nowak', isStaff: true, isMe: true });
    expect(next.hasMore).toBe(false);
  });

  it('another customer can neither download, list nor send files in the chat (404), and nothing is kept', async () => {
    const [message] = await t.database.db
      .select({ fileId: chatMessages.fileId })
      .from(chatMessages)
      .where(eq(chatMessages.serviceRequestId, r.jan!));
    expect((await get(`/api/chat/files/${message!.fileId}`, cookie.anna)).statusCode).toBe(404);
    expect((await get(`/api/chat/files?serviceRequestId=${r.jan}`, cookie.anna)).statusCode).toBe(404);
    const stored = await storedFiles();
    const rows = await fileRows();
    const sent = await upload(r.jan!, [file('obce.png', png())], cookie.anna);
    expect(sent.statusCode).toBe(404);
    expect(await storedFiles()).toEqual(stored);
    expect(await fileRows()).toBe(rows);
    expect((await get(`/api/chat/files/${randomUUID()}`, cookie.staff)).statusCode).toBe(404);
  });

  it('an anonymous caller gets 401', async () => {
    expect((await upload(r.jan!, [file('a.png', png())], null)).statusCode).toBe(401);
    expect((await get(`/api/chat/files?serviceRequestId=${r.jan}`)).statusCode).toBe(401);
  });

  it('a disguised, an empty, an oversized file, two files or none are refused, leaving nothing behind', async () => {
    const stored = await storedFiles();
    const cases: [Part[], string][] = [
      [[file('zdjecie.jpg', EXECUTABLE)], 'FILE_TYPE_NOT_ALLOWED'],
      [[file('puste.png', Buffer.alloc(0))], 'FILE_EMPTY'],
      [[file('duze.png', Buffer.concat([png(), Buffer.alloc(1024 * 1024)]))], 'FILE_TOO_LARGE'],
      [[file('a.png', png()), file('b.png', png([9, 9, 9]))], 'TOO_MANY_FILES'],
      [[], 'FILES_REQUIRED'],
    ];
    for (const [parts, code] of cases) {
      const response = await upload(r.jan!, parts);
      expect(response.json().code, code).toBe(code);
    }
    expect(await storedFiles()).toEqual(stored);
  });

  it('a retried upload with the same clientId stores one message and one file', async () => {
    const clientId = randomUUID();
    const parts = [{ name: 'clientId', value: clientId }, file('ponownie.png', png([7, 7, 7]))];
    const first = await upload(r.jan!, parts);
    const stored = await storedFiles();
    const rows = await fileRows();
    const again = await upload(r.jan!, parts);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json()).toEqual(first.json());
    expect(await storedFiles()).toEqual(stored);
    expect(await fileRows()).toBe(rows);
  });

  it('a file in another customer’s request id or a bad field is refused and removed', async () => {
    const stored = await storedFiles();
    expect((await upload(r.anna!, [file('x.png', png())])).statusCode).toBe(404);
    const bad = await upload('abc', [file('x.png', png())]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].path).toBe('serviceRequestId');
    expect(await storedFiles()).toEqual(stored);
  });
});
