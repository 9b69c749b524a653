import { randomUUID } from 'node:crypto';
import type { ChatCommentsPage, ChatMessage } from '@care/contract/chat';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chatReadMarkers } from '#app/db/schema/chat.ts';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
import { cookieFor, insertUser } from '#app/test/accounts.ts';
import { createTestApp, QUOTAS_OFF, type TestApp } from '#app/test/app.ts';
import { insertMessage, insertOwnedMachine, insertRequest } from '#app/test/service-requests.ts';

describe('chat: reading and writing a request’s messages', () => {
  let t: TestApp;
  const u: Record<string, number> = {};
  const r: Record<string, number> = {};
  const cookie: Record<string, string> = {};
  const get = (url: string, as?: string) =>
    t.app.inject({ method: 'GET', url, headers: as ? { cookie: as } : {} });
  const post = (payload: object, as?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/chat/comment',
      payload,
      headers: as ? { cookie: as } : {},
    });
  const page = async (query: string, as = cookie.jan!) => {
    const response = await get(`/api/chat/comments?${query}`, as);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ChatCommentsPage;
  };
  const bodies = (p: ChatCommentsPage) => p.messages.map((message) => message.body);

  beforeAll(async () => {
    t = await createTestApp(QUOTAS_OFF);
    const db = t.database.db;
    u.jan = await insertUser(db, { email: 'jan@example.com' });
    u.anna = await insertUser(db, { email: 'anna@example.com', firstName: 'Anna', lastName: 'Nowak' });
    u.staff = await insertUser(db, {
      email: 'serwis@example.com',
      role: 'service',
      firstName: 'Piotr',
      lastName: 'Serwisant',
    });
    u.sales = await insertUser(db, { email: 'sprzedaz@example.com', role: 'sales' });
    const janMachine = await insertOwnedMachine(db, { serialNumber: 'AM-1', ownerId: u.jan });
    const annaMachine = await insertOwnedMachine(db, { serialNumber: 'AM-2', ownerId: u.anna });
    r.jan = await insertRequest(db, { code: 'SR/2026/000001', customerId: u.jan, machineId: janMachine });
    r.paged = await insertRequest(db, { code: 'SR/2026/000002', customerId: u.jan, machineId: janMachine });
    r.closed = await insertRequest(db, {
      code: 'SR/2026/000003',
      customerId: u.jan,
      machineId: janMachine,
      status: 'F',
    });
    r.anna = await insertRequest(db, { code: 'SR/2026/000004', customerId: u.anna, machineId: annaMachine });
    for (let i = 1; i <= 7; i++) await insertMessage(db, r.paged!, i % 2 ? u.jan! : u.staff!, `m${i}`);
    for (const name of ['jan', 'anna', 'staff', 'sales']) {
      cookie[name] = await cookieFor(
        t.app,
        `${name === 'staff' ? 'serwis' : name === 'sales' ? 'sprzedaz' : name}@example.com`,
      );
    }
  });

  afterAll(async () => {
    await t.app.close();
  });

  it('a customer cannot read or write in another customer’s request, nor in an unknown one (404)', async () => {
    for (const id of [r.anna, 999_999]) {
      expect((await get(`/api/chat/comments?serviceRequestId=${id}`, cookie.jan)).statusCode).toBe(404);
      const sent = await post(
        { serviceRequestId: String(id), body: 'Hallo?', clientId: randomUUID() },
        cookie.jan,
      );
      expect(sent.statusCode).toBe(404);
      expect(sent.json().code).toBe('NOT_FOUND');
    }
    const [stored] = await t.database.db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(eq(chatMessages.serviceRequestId, r.anna!));
    expect(stored).toBeUndefined();
  });

  it('an anonymous caller gets 401 on every chat endpoint', async () => {
    expect((await get(`/api/chat/comments?serviceRequestId=${r.jan}`)).statusCode).toBe(401);
    expect((await get('/api/chat/comments/unread')).statusCode).toBe(401);
    const sent = await post({ serviceRequestId: String(r.jan), body: 'x', clientId: randomUUID() });
    expect(sent.statusCode).toBe(401);
  });

  it('a sales employee is not service staff: requests are 404 for them', async () => {
    expect((await get(`/api/chat/comments?serviceRequestId=${r.jan}`, cookie.sales)).statusCode).toBe(404);
  });

  it('the customer and the service staff exchange messages, shown with author and in order', async () => {
    const question = await post(
      { serviceRequestId: String(r.jan), body: '  Kiedy będzie gotowe?  ', clientId: randomUUID() },
      cookie.jan,
    );
    expect(question.statusCode, question.body).toBe(201);
    const answer = await post(
      { serviceRequestId: String(r.jan), body: 'W piątek.', clientId: randomUUID() },
      cookie.staff,
    );
    expect(answer.statusCode).toBe(201);

    const seenByJan = await page(`serviceRequestId=${r.jan}`);
    expect(bodies(seenByJan)).toEqual(['Kiedy będzie gotowe?', 'W piątek.']);
    expect(seenByJan.messages.map((m) => m.author)).toEqual([
      { displayName: 'Jan Kowalski', isStaff: false, isMe: true },
      { displayName: 'Piotr Serwisant', isStaff: true, isMe: false },
    ]);
    const seenByStaff = await page(`serviceRequestId=${r.jan}`, cookie.staff);
    expect(seenByStaff.messages.map((m) => m.author?.isMe)).toEqual([false, true]);
    expect(Number(seenByJan.messages[0]!.id)).toBeLessThan(Number(seenByJan.messages[1]!.id));
    expect(seenByJan.messages[0]).toMatchObject({ serviceRequestId: String(r.jan), file: null });
  });

  it('posting sets the request’s last_message_at and moves the author’s read marker to the message', async () => {
    const sent = (
      await post({ serviceRequestId: String(r.jan), body: 'Dziękuję', clientId: randomUUID() }, cookie.jan)
    ).json() as ChatMessage;
    const db = t.database.db;
    const [request] = await db
      .select({ lastMessageAt: serviceRequests.lastMessageAt })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, r.jan!));
    expect(request!.lastMessageAt?.toISOString()).toBe(sent.createdAt);
    const markers = await db.select().from(chatReadMarkers).where(eq(chatReadMarkers.userId, u.jan!));
    expect(markers.find((m) => m.serviceRequestId === r.jan)?.lastReadMessageId).toBe(Number(sent.id));
  });

  it('the newest page comes first, older pages follow with before, newer ones with after', async () => {
    const newest = await page(`serviceRequestId=${r.paged}&limit=3`);
    expect(bodies(newest)).toEqual(['m5', 'm6', 'm7']);
    expect(newest.hasMore).toBe(true);
    const older = await page(`serviceRequestId=${r.paged}&limit=3&before=${newest.messages[0]!.id}`);
    expect(bodies(older)).toEqual(['m2', 'm3', 'm4']);
    expect(older.hasMore).toBe(true);
    const oldest = await page(`serviceRequestId=${r.paged}&limit=3&before=${older.messages[0]!.id}`);
    expect(bodies(oldest)).toEqual(['m1']);
    expect(oldest.hasMore).toBe(false);
    const newer = await page(`serviceRequestId=${r.paged}&limit=4&after=${oldest.messages[0]!.id}`);
    expect(bodies(newer)).toEqual(['m2', 'm3', 'm4', 'm5']);
    expect(newer.hasMore).toBe(true);
    const caughtUp = await page(`serviceRequestId=${r.paged}&after=${newest.messages[2]!.id}`);
    expect(caughtUp).toEqual({ messages: [], hasMore: false });
  });

  it('before and after together, a bad id or a limit over 100 are refused', async () => {
    for (const query of ['before=1&after=2', 'limit=101', 'before=abc']) {
      const response = await get(`/api/chat/comments?serviceRequestId=${r.paged}&${query}`, cookie.jan);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('a retried send with the same clientId stores one message and answers it again', async () => {
    const clientId = randomUUID();
    const payload = { serviceRequestId: String(r.jan), body: 'Czy mogę przywieźć w sobotę?', clientId };
    const first = await post(payload, cookie.jan);
    const again = await post(payload, cookie.jan);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((again.json() as ChatMessage).clientId).toBe(clientId);
    const stored = await t.database.db.select().from(chatMessages).where(eq(chatMessages.clientId, clientId));
    expect(stored).toHaveLength(1);
  });

  it('concurrent sends with the same clientId still store one message', async () => {
    const payload = { serviceRequestId: String(r.jan), body: 'Podwójne kliknięcie', clientId: randomUUID() };
    const answers = await Promise.all([post(payload, cookie.jan), post(payload, cookie.jan)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    const stored = await t.database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.clientId, payload.clientId));
    expect(stored).toHaveLength(1);
  });

  it('the same clientId with another text is a conflict, not a second message', async () => {
    const clientId = randomUUID();
    await post({ serviceRequestId: String(r.jan), body: 'Pierwsza', clientId }, cookie.jan);
    const other = await post({ serviceRequestId: String(r.jan), body: 'Inna', clientId }, cookie.jan);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('CONFLICT');
  });

  it('an empty (or blank) message or one over 4000 characters is refused with field errors', async () => {
    for (const body of ['', '   ', 'x'.repeat(4001)]) {
      const response = await post(
        { serviceRequestId: String(r.jan), body, clientId: randomUUID() },
        cookie.jan,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().fields[0].path).toBe('body');
    }
    const exactly = await post(
      { serviceRequestId: String(r.jan), body: 'x'.repeat(4000), clientId: randomUUID() },
      cookie.jan,
    );
    expect(exactly.statusCode).toBe(201);
  });

  it('a request in a final status can still be discussed', async () => {
    const sent = await post(
      { serviceRequestId: String(r.closed), body: 'Jeszcze jedno pytanie', clientId: randomUUID() },
      cookie.jan,
    );
    expect(sent.statusCode).toBe(201);
  });
});
