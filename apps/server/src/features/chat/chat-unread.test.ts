import { randomUUID } from 'node:crypto';
import type { ChatMessage, ChatUnread } from '@care/contract/chat';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
import { cookieFor, insertUser } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { insertOwnedMachine, insertRequest } from '#app/test/service-requests.ts';

describe('chat: unread counts and read markers', () => {
  let t: TestApp;
  const u: Record<string, number> = {};
  const r: Record<string, number> = {};
  const cookie: Record<string, string> = {};

  const send = async (request: number, as: string, body = 'Wiadomość') => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/chat/comment',
      payload: { serviceRequestId: String(request), body, clientId: randomUUID() },
      headers: { cookie: as },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as ChatMessage;
  };
  const unread = async (as: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/chat/comments/unread',
      headers: { cookie: as },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as ChatUnread;
  };
  const read = (request: number, lastReadMessageId: string, as: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/chat/comments/read',
      payload: { serviceRequestId: String(request), lastReadMessageId },
      headers: { cookie: as },
    });

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    u.jan = await insertUser(db, { email: 'jan@example.com' });
    u.anna = await insertUser(db, { email: 'anna@example.com' });
    u.staff = await insertUser(db, { email: 'serwis@example.com', role: 'service' });
    u.colleague = await insertUser(db, { email: 'kolega@example.com', role: 'service' });
    const machine = await insertOwnedMachine(db, { serialNumber: 'AM-1', ownerId: u.jan });
    const annaMachine = await insertOwnedMachine(db, { serialNumber: 'AM-2', ownerId: u.anna });
    r.first = await insertRequest(db, { code: 'SR/2026/000001', customerId: u.jan, machineId: machine });
    r.second = await insertRequest(db, { code: 'SR/2026/000002', customerId: u.jan, machineId: machine });
    r.anna = await insertRequest(db, { code: 'SR/2026/000003', customerId: u.anna, machineId: annaMachine });
    cookie.jan = await cookieFor(t.app, 'jan@example.com');
    cookie.anna = await cookieFor(t.app, 'anna@example.com');
    cookie.staff = await cookieFor(t.app, 'serwis@example.com');
    cookie.colleague = await cookieFor(t.app, 'kolega@example.com');
  });

  afterAll(async () => {
    await t.app.close();
  });

  it('the staff’s replies are unread for the customer, per request and in total; their own messages are not', async () => {
    await send(r.first!, cookie.jan!, 'Pytanie');
    expect(await unread(cookie.jan!)).toEqual({ total: 0, requests: [] });
    await send(r.first!, cookie.staff!);
    await send(r.first!, cookie.staff!);
    await send(r.second!, cookie.staff!);
    expect(await unread(cookie.jan!)).toEqual({
      total: 3,
      requests: [
        { serviceRequestId: String(r.first), count: 2 },
        { serviceRequestId: String(r.second), count: 1 },
      ],
    });
    expect((await unread(cookie.anna!)).total).toBe(0);
  });

  it('reading up to a message clears what is up to it; later messages stay unread', async () => {
    const newest = (
      await t.app.inject({
        method: 'GET',
        url: `/api/chat/comments?serviceRequestId=${r.first}`,
        headers: { cookie: cookie.jan! },
      })
    )
      .json()
      .messages.at(-1) as ChatMessage;
    const response = await read(r.first!, newest.id, cookie.jan!);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      total: 1,
      requests: [{ serviceRequestId: String(r.second), count: 1 }],
    });
    await send(r.first!, cookie.staff!, 'Jeszcze jedno');
    expect((await unread(cookie.jan!)).total).toBe(2);
  });

  it('a read marker never moves back, nor past the request’s newest message', async () => {
    const latest = await send(r.second!, cookie.staff!);
    await read(r.second!, String(Number(latest.id) + 1000), cookie.jan!);
    // Had the marker moved past the newest message, this one would be read already.
    await send(r.second!, cookie.staff!);
    expect((await unread(cookie.jan!)).requests).toContainEqual({
      serviceRequestId: String(r.second),
      count: 1,
    });
    await read(r.second!, '1', cookie.jan!);
    expect((await unread(cookie.jan!)).requests).toContainEqual({
      serviceRequestId: String(r.second),
      count: 1,
    });
  });

  it('marking another customer’s chat read is a 404', async () => {
    const response = await read(r.anna!, '1', cookie.jan!);
    expect(response.statusCode).toBe(404);
  });

  it('a staff member counts the chats they took part in, each with their own marker', async () => {
    // The staff member wrote in both of Jan's requests (their marker is at their last message); the colleague
    // never opened them and follows nothing.
    const before = await unread(cookie.staff!);
    await send(r.first!, cookie.jan!, 'Dziękuję');
    const after = await unread(cookie.staff!);
    expect(after.total).toBe(before.total + 1);
    expect(after.requests).toContainEqual({ serviceRequestId: String(r.first), count: 1 });
    expect(await unread(cookie.colleague!)).toEqual({ total: 0, requests: [] });
    // Anna's request: nobody on the staff wrote there, so it is in no one's count until someone follows it.
    await send(r.anna!, cookie.anna!, 'Dzień dobry');
    expect((await unread(cookie.staff!)).requests.map((x) => x.serviceRequestId)).not.toContain(
      String(r.anna),
    );
  });

  it('a request assigned to a staff member counts for them before they open it', async () => {
    await t.database.db
      .update(serviceRequests)
      .set({ assignedTo: u.colleague })
      .where(eq(serviceRequests.id, r.anna!));
    expect(await unread(cookie.colleague!)).toEqual({
      total: 1,
      requests: [{ serviceRequestId: String(r.anna), count: 1 }],
    });
  });

  it('staff have one marker each: one reading a chat does not clear it for another', async () => {
    await send(r.anna!, cookie.staff!, 'Proszę o zdjęcie');
    const photo = await send(r.anna!, cookie.anna!, 'Wysłałam');
    expect((await unread(cookie.staff!)).requests).toContainEqual({
      serviceRequestId: String(r.anna),
      count: 1,
    });
    const colleague = await read(r.anna!, photo.id, cookie.colleague!);
    expect(colleague.json()).toEqual({ total: 0, requests: [] });
    expect((await unread(cookie.staff!)).requests).toContainEqual({
      serviceRequestId: String(r.anna),
      count: 1,
    });
  });
});
