import { randomUUID } from 'node:crypto';
import type { PortalEvent } from '@care/contract/events';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { runCli } from '#app/cli/main.ts';
import { sessions } from '#app/db/schema/sessions.ts';
import { issueAuthToken } from '#app/security/auth-tokens.ts';
import {
  clearRateLimits,
  cookieFor,
  insertUser,
  PASSWORD,
  postJson,
  sessionCookieOf,
} from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import {
  baseUrlOf,
  type EventClient,
  expectEndedWithoutMessages,
  openEventClient,
} from '#app/test/event-stream.ts';
import { insertOwnedMachine, insertRequest } from '#app/test/service-requests.ts';
import { publishEvent, startEventBus } from './event-bus.ts';

const quietLog = { info: () => {}, warn: () => {} };

async function send(app: FastifyInstance, request: number, cookie: string, body = 'Dzień dobry') {
  const response = await app.inject({
    method: 'POST',
    url: '/api/chat/comment',
    payload: { serviceRequestId: String(request), body, clientId: randomUUID() },
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

describe('events: the api/events stream on a listening server', () => {
  let t: TestApp;
  let url: string;
  const r: Record<string, number> = {};
  const cookie: Record<string, string> = {};
  const clients: EventClient[] = [];
  const connect = async (as?: string) => {
    const client = await openEventClient(`${url}/api/events`, as);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    t = await createTestApp({}, { eventsHeartbeatMs: 100 });
    const db = t.database.db;
    const jan = await insertUser(db, { email: 'jan@example.com' });
    const anna = await insertUser(db, { email: 'anna@example.com' });
    await insertUser(db, { email: 'serwis@example.com', role: 'service' });
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
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = baseUrlOf(t.app);
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await t.app.close();
  });

  it('an anonymous caller gets 401, not a stream', async () => {
    const client = await connect();
    expect(client.status).toBe(401);
  });

  it('a signed-in user gets an event stream: retry hint, ready, then heartbeat comments', async () => {
    const client = await connect(cookie.jan);
    expect(client.status).toBe(200);
    expect(client.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(client.headers.get('cache-control')).toContain('no-cache');
    expect(await client.next('ready')).toEqual({ type: 'ready', data: {} });
    expect(client.retry).toBe(3000);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(client.comments.filter((line) => line === ': ping').length).toBeGreaterThanOrEqual(2);
  });

  it('the customer’s stream gets chat-message when the staff replies; another customer’s does not', async () => {
    const jan = await connect(cookie.jan);
    const anna = await connect(cookie.anna);
    const staff = await connect(cookie.staff);
    await Promise.all([jan.next('ready'), anna.next('ready'), staff.next('ready')]);

    const reply = await send(t.app, r.jan!, cookie.staff!, 'Maszyna gotowa');
    const expected = { type: 'chat-message', data: { serviceRequestId: String(r.jan), messageId: reply.id } };
    expect(await jan.next('chat-message')).toEqual(expected);
    // The staff audience gets it too (their queue and open request pages refresh).
    expect(await staff.next('chat-message')).toEqual(expected);

    // Anna's next chat-message is about her own request, not Jan's.
    const own = await send(t.app, r.anna!, cookie.staff!);
    expect(await anna.next('chat-message')).toEqual({
      type: 'chat-message',
      data: { serviceRequestId: String(r.anna), messageId: own.id },
    });
  });

  it('marking read sends the reader’s streams the new unread total', async () => {
    const message = await send(t.app, r.jan!, cookie.staff!);
    const jan = await connect(cookie.jan);
    await jan.next('ready');
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/chat/comments/read',
      payload: { serviceRequestId: String(r.jan), lastReadMessageId: message.id },
      headers: { cookie: cookie.jan! },
    });
    expect(response.statusCode).toBe(200);
    expect(await jan.next('unread')).toEqual({ type: 'unread', data: { total: 0 } });
  });

  it('an event published in a transaction that rolls back is never sent; a committed one is', async () => {
    const bus = startEventBus(t.database, quietLog);
    const received: PortalEvent[] = [];
    bus.subscribe({
      userId: 42,
      sessionId: 0,
      role: 'customer',
      end() {},
      deliver: (event) => received.push(event),
    });
    await expect.poll(() => bus.isLive()).toBe(true);
    const event = (status: 'C' | 'R') =>
      ({ type: 'service-request-status', data: { serviceRequestId: '7', status } }) as const;
    await expect(
      t.database.db.transaction(async (tx) => {
        await publishEvent(tx, event('C'), { userIds: [42], roles: [] });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await t.database.db.transaction(async (tx) => {
      await publishEvent(tx, event('R'), { userIds: [42], roles: [] });
      // Not before the commit.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(received.filter((e) => e.type !== 'ready')).toEqual([]);
    });
    await expect.poll(() => received.filter((e) => e.type !== 'ready')).toEqual([event('R')]);
    await bus.close();
  });

  it('closing the server ends open streams instead of waiting for them', async () => {
    const other = await createTestApp({ BASE_PATH: '/portal' });
    await insertUser(other.database.db, { email: 'jan@example.com' });
    const session = sessionCookieOf(
      await postJson(other.app, '/portal/auth/login', {
        username: 'jan@example.com',
        password: PASSWORD,
        remember: false,
      }),
    );
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    // Under BASE_PATH like every API path.
    const client = await openEventClient(`${baseUrlOf(other.app)}/portal/api/events`, session);
    expect(client.status).toBe(200);
    await client.next('ready');
    const started = Date.now();
    await other.app.close();
    await client.ended;
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('events: a stream ends with its session, everywhere the session ends', () => {
  let t: TestApp;
  let url: string;
  let staffCookie: string;
  let serial = 0;
  const clients: EventClient[] = [];

  /** A customer with a request of their own, signed in `sessions` times (as from several browsers). */
  async function customer(sessionCount = 1) {
    serial += 1;
    const email = `klient${serial}@example.com`;
    const db = t.database.db;
    const id = await insertUser(db, { email });
    const request = await insertRequest(db, {
      code: `SR/2026/1${String(serial).padStart(5, '0')}`,
      customerId: id,
      machineId: await insertOwnedMachine(db, { serialNumber: `AM-S${serial}`, ownerId: id }),
    });
    const cookies: string[] = [];
    for (let i = 0; i < sessionCount; i += 1) cookies.push(await cookieFor(t.app, email));
    return { id, email, request, cookies };
  }
  const listen = async (cookie: string) => {
    const client = await openEventClient(`${url}/api/events`, cookie);
    clients.push(client);
    expect(client.status).toBe(200);
    await client.next('ready');
    return client;
  };

  beforeAll(async () => {
    t = await createTestApp({}, { eventsHeartbeatMs: 100 });
    await insertUser(t.database.db, { email: 'serwis@example.com', role: 'service' });
    staffCookie = await cookieFor(t.app, 'serwis@example.com');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = baseUrlOf(t.app);
  });
  beforeEach(async () => {
    await clearRateLimits(t.database.db);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await t.app.close();
  });

  it('after sign-out the stream opened before it receives nothing and is closed', async () => {
    const jan = await customer();
    const stream = await listen(jan.cookies[0]!);
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie: jan.cookies[0]! },
    });
    expect(signOut.statusCode).toBe(204);
    await send(t.app, jan.request, staffCookie, 'Po wylogowaniu');
    await expectEndedWithoutMessages(stream);
  });

  it('a password change ends the streams of the other sessions; the changing session’s stream stays', async () => {
    const jan = await customer(2);
    const [changing, other] = [await listen(jan.cookies[0]!), await listen(jan.cookies[1]!)];
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/user/password',
      payload: { oldPassword: PASSWORD, newPassword: 'Inne-haslo-do-kombajnu-9' },
      headers: { cookie: jan.cookies[0]! },
    });
    expect(change.statusCode, change.body).toBe(204);
    const message = await send(t.app, jan.request, staffCookie, 'Po zmianie hasła');
    await expectEndedWithoutMessages(other);
    expect(await changing.next('chat-message')).toEqual({
      type: 'chat-message',
      data: { serviceRequestId: String(jan.request), messageId: message.id },
    });
  });

  it('a password reset ends the streams of every session', async () => {
    const jan = await customer(2);
    const streams = [await listen(jan.cookies[0]!), await listen(jan.cookies[1]!)];
    const token = await issueAuthToken(t.database.db, jan.id, 'reset_password');
    const reset = await postJson(t.app, '/auth/password-reset/confirmation', {
      token,
      password: 'Nowe-haslo-po-resecie-7',
    });
    expect(reset.statusCode, reset.body).toBe(204);
    await send(t.app, jan.request, staffCookie, 'Po resecie hasła');
    for (const stream of streams) await expectEndedWithoutMessages(stream);
  });

  it('deactivating the account ends its streams', async () => {
    const jan = await customer(2);
    const streams = [await listen(jan.cookies[0]!), await listen(jan.cookies[1]!)];
    const deactivation = await t.app.inject({
      method: 'POST',
      url: '/api/user/deactivation',
      payload: { password: PASSWORD },
      headers: { cookie: jan.cookies[0]! },
    });
    expect(deactivation.statusCode, deactivation.body).toBe(204);
    await send(t.app, jan.request, staffCookie, 'Po dezaktywacji');
    for (const stream of streams) await expectEndedWithoutMessages(stream);
  });

  it('the command line’s end-sessions ends the streams of those sessions', async () => {
    const jan = await customer();
    const stream = await listen(jan.cookies[0]!);
    const io = { out: () => {}, err: () => {} };
    expect(await runCli(['end-sessions', '--email', jan.email], t.database.db, io)).toBe(0);
    await send(t.app, jan.request, staffCookie, 'Po zakończeniu sesji');
    await expectEndedWithoutMessages(stream);
  });

  it('a stream ends when its session expires, not up to ten minutes later', async () => {
    const jan = await customer();
    // Idle for the rest of its life: it expires in a second and a half unless used.
    await t.database.db
      .update(sessions)
      .set({ idleExpiresAt: new Date(Date.now() + 1500) })
      .where(eq(sessions.userId, jan.id));
    const stream = await listen(jan.cookies[0]!);
    await expectEndedWithoutMessages(stream);
    // Ended because the session is over: a new connection is refused.
    expect((await openEventClient(`${url}/api/events`, jan.cookies[0]!)).status).toBe(401);
  });

  it('a user’s stream beyond QUOTA_EVENT_STREAMS_PER_USER replaces their oldest, which is told so', async () => {
    expect(t.env.QUOTA_EVENT_STREAMS_PER_USER).toBe(6);
    const jan = await customer(2);
    const streams: EventClient[] = [];
    // From two browsers: the limit is the user's, not the session's.
    for (let i = 0; i < 7; i += 1) streams.push(await listen(jan.cookies[i % 2]!));
    const [oldest, ...rest] = streams;
    expect(await oldest!.next('replaced')).toEqual({ type: 'replaced', data: {} });
    await expectEndedWithoutMessages(oldest!);
    const message = await send(t.app, jan.request, staffCookie, 'Do sześciu kart');
    for (const stream of rest) {
      expect(await stream.next('chat-message')).toEqual({
        type: 'chat-message',
        data: { serviceRequestId: String(jan.request), messageId: message.id },
      });
    }
    // Another user's streams are not counted against Jan's.
    const anna = await customer();
    await listen(anna.cookies[0]!);
    await expect(streams[1]!.next('replaced', 200)).rejects.toThrow();
  });

  it('a session used meanwhile keeps its stream past the first expiry it had', async () => {
    const jan = await customer();
    const expiresAt = () => new Date(Date.now() + 1000);
    await t.database.db
      .update(sessions)
      .set({ idleExpiresAt: expiresAt() })
      .where(eq(sessions.userId, jan.id));
    const stream = await listen(jan.cookies[0]!);
    // Another tab's request pushes the idle expiry forward (as findActor does once a minute).
    await t.database.db
      .update(sessions)
      .set({ idleExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(sessions.userId, jan.id));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const message = await send(t.app, jan.request, staffCookie, 'Nadal aktywna');
    expect(await stream.next('chat-message')).toEqual({
      type: 'chat-message',
      data: { serviceRequestId: String(jan.request), messageId: message.id },
    });
  });
});
