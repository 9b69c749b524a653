import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#app/app.ts';
import { parseEnv } from '#app/config/env.ts';
import { type Database, LISTENER_APPLICATION_NAME, openDatabase } from '#app/db/client.ts';
import { migrate } from '#app/db/migrate.ts';
import { cookieFor, insertUser } from '#app/test/accounts.ts';
import { adminQuery } from '#app/test/app.ts';
import {
  baseUrlOf,
  type EventClient,
  expectEndedWithoutMessages,
  openEventClient,
} from '#app/test/event-stream.ts';
import { sessions } from '#app/db/schema/sessions.ts';
import { sha256Hex } from '#app/security/tokens.ts';
import { startListener } from './listener.ts';
import { insertOwnedMachine, insertRequest } from '#app/test/service-requests.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * Several app instances on one PostgreSQL database, as in production. PGlite is one database inside one process:
 * there is no second instance to reach and no connection to lose, so these run only with TEST_DATABASE_URL.
 */
describe.skipIf(!serverUrl)('events across app instances on one PostgreSQL (PostgreSQL only)', () => {
  const name = `care_test_${randomBytes(6).toString('hex')}`;
  const apps: FastifyInstance[] = [];
  const clients: EventClient[] = [];
  let request: number;
  let setup: Database | undefined;
  let customer: { app: FastifyInstance; cookie: string };
  let staff: { app: FastifyInstance; cookie: string };

  async function startInstance(url: string): Promise<FastifyInstance> {
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
    const database = await openDatabase({ url, dataDir: '', poolMax: 3 });
    await migrate(database);
    const app = await buildApp({ env, database });
    apps.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    return app;
  }

  const send = async (body: string) => {
    const response = await staff.app.inject({
      method: 'POST',
      url: '/api/chat/comment',
      payload: { serviceRequestId: String(request), body, clientId: randomUUID() },
      headers: { cookie: staff.cookie },
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: string }).id;
  };
  const listen = async () => {
    const client = await openEventClient(`${baseUrlOf(customer.app)}/api/events`, customer.cookie);
    clients.push(client);
    await client.next('ready');
    return client;
  };

  beforeAll(async () => {
    await adminQuery(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const [first, second] = [await startInstance(url.toString()), await startInstance(url.toString())];
    // Data written through one instance's pool is the same database for the other.
    setup = await openDatabase({ url: url.toString(), dataDir: '', poolMax: 1 });
    const db = setup.db;
    const jan = await insertUser(db, { email: 'jan@example.com' });
    await insertUser(db, { email: 'serwis@example.com', role: 'service' });
    request = await insertRequest(db, {
      code: 'SR/2026/000001',
      customerId: jan,
      machineId: await insertOwnedMachine(db, { serialNumber: 'AM-1', ownerId: jan }),
    });
    customer = { app: first!, cookie: await cookieFor(first!, 'jan@example.com') };
    staff = { app: second!, cookie: await cookieFor(second!, 'serwis@example.com') };
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    for (const app of apps) await app.close();
    await setup?.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('a message posted on one instance reaches the customer’s stream on another', async () => {
    const client = await listen();
    const messageId = await send('Odpowiedź z drugiej instancji');
    expect(await client.next('chat-message')).toEqual({
      type: 'chat-message',
      data: { serviceRequestId: String(request), messageId },
    });
  });

  it('the listener reconnects after its connection is killed, and streams are told to refetch', async () => {
    const client = await listen();
    await adminQuery(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE application_name = '${LISTENER_APPLICATION_NAME}' AND datname = '${name}'`,
    );
    // `ready` again: the instance listens anew and events of the gap may be lost, so the client refetches.
    await client.next('ready', 10_000);
    const messageId = await send('Po ponownym połączeniu');
    expect(await client.next('chat-message')).toEqual({
      type: 'chat-message',
      data: { serviceRequestId: String(request), messageId },
    });
  });

  it('signing out on one instance ends the session’s stream on another at once', async () => {
    // Signed in through the staff's instance, listening on the customer's: the session is the same everywhere.
    const cookie = await cookieFor(staff.app, 'jan@example.com');
    const client = await openEventClient(`${baseUrlOf(customer.app)}/api/events`, cookie);
    clients.push(client);
    await client.next('ready');
    const signOut = await staff.app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie } });
    expect(signOut.statusCode).toBe(204);
    await send('Po wylogowaniu na innej instancji');
    await expectEndedWithoutMessages(client);
  });

  it('a session ended while an instance was not listening ends its streams once it listens again', async () => {
    const cookie = await cookieFor(staff.app, 'jan@example.com');
    const client = await openEventClient(`${baseUrlOf(customer.app)}/api/events`, cookie);
    clients.push(client);
    await client.next('ready');
    // Gone without a message, as if its NOTIFY was sent while the listener was away; then the listener drops.
    await setup!.db.delete(sessions).where(eq(sessions.tokenHash, sha256Hex(cookie.split('=')[1]!)));
    await adminQuery(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE application_name = '${LISTENER_APPLICATION_NAME}' AND datname = '${name}'`,
    );
    await expectEndedWithoutMessages(client);
  });

  it('the listener keeps retrying while its database is away and listens once it is back', async () => {
    const later = `care_test_${randomBytes(6).toString('hex')}`;
    const url = new URL(serverUrl!);
    url.pathname = `/${later}`;
    const database = await openDatabase({ url: url.toString(), dataDir: '', poolMax: 1 });
    const downs: Error[] = [];
    let lives = 0;
    const listener = startListener(database, {
      channel: 'care_test',
      onNotify: () => {},
      onLive: () => (lives += 1),
      onDown: (error) => downs.push(error),
      initialDelayMs: 50,
      maxDelayMs: 200,
    });
    try {
      await expect.poll(() => downs.length, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
      expect(listener.isLive()).toBe(false);
      await adminQuery(`CREATE DATABASE ${later}`);
      await expect.poll(() => listener.isLive(), { timeout: 5000 }).toBe(true);
      expect(lives).toBe(1);
    } finally {
      await listener.close();
      await database.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${later} WITH (FORCE)`);
    }
  });
});
