import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#app/app.ts';
import { parseEnv } from '#app/config/env.ts';
import { type Database, type Db, LISTENER_APPLICATION_NAME, openDatabase } from '#app/db/client.ts';
import { migrate } from '#app/db/migrate.ts';
import { sessions } from '#app/db/schema/sessions.ts';
import { publishEvent } from '#app/events/event-bus.ts';
import { sha256Hex } from '#app/security/tokens.ts';
import { cookieFor, insertUser, PASSWORD } from '#app/test/accounts.ts';
import { adminQuery, createTestDatabase } from '#app/test/app.ts';
import { baseUrlOf, type EventClient, openEventClient } from '#app/test/event-stream.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * Two app instances on one database, each with its own session cache: what one changes, the other refuses at once,
 * not when its cached copy would have run out. On PostgreSQL two pools and two listening connections, as in
 * production; on PGlite two apps on the one in-process database, whose NOTIFY reaches both.
 */
describe('sessions cached by one instance and ended or changed on another', () => {
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
  const dbName = `care_test_${randomBytes(6).toString('hex')}`;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let db: Db;
  let watcher: EventClient;
  let watcherId: number;
  let markers = 0;

  async function databases(): Promise<[Database, Database]> {
    if (!serverUrl) {
      const shared = await createTestDatabase();
      // The second app must not close the database the first one still uses.
      return [shared, { ...shared, close: async () => {} }];
    }
    await adminQuery(`CREATE DATABASE ${dbName}`);
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    const first = await openDatabase({ url: url.toString(), dataDir: '', poolMax: 3 });
    await migrate(first);
    return [first, await openDatabase({ url: url.toString(), dataDir: '', poolMax: 3 })];
  }

  beforeAll(async () => {
    const [first, second] = await databases();
    db = first.db;
    a = await buildApp({ env, database: first });
    b = await buildApp({ env, database: second });
    await a.listen({ port: 0, host: '127.0.0.1' });
    await b.listen({ port: 0, host: '127.0.0.1' });
    watcherId = await insertUser(db, { email: 'obserwator@example.com' });
    watcher = await openEventClient(
      `${baseUrlOf(b)}/api/events`,
      await cookieFor(a, 'obserwator@example.com'),
    );
    await watcher.next('ready');
    await insertUser(db, { email: 'admin@example.com', role: 'admin' });
  });

  afterAll(async () => {
    watcher?.close();
    await b?.close();
    await a?.close();
    if (serverUrl) await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });

  /**
   * Waits until B has received every message committed so far: one more, sent now, has reached a stream on B
   * (all messages travel on one channel, in commit order).
   */
  async function deliveredToB(): Promise<void> {
    markers += 1;
    await publishEvent(db, { type: 'unread', data: { total: markers } }, { userIds: [watcherId], roles: [] });
    expect(await watcher.next('unread')).toEqual({ type: 'unread', data: { total: markers } });
  }

  const get = (app: FastifyInstance, url: string, cookie: string) =>
    app.inject({ method: 'GET', url, headers: { cookie } });
  const signedIn = (app: FastifyInstance, cookie: string) => get(app, '/api/user/authorities', cookie);
  const tokenOf = (cookie: string) => cookie.split('=')[1]!;
  let people = 0;
  const person = async (role: 'customer' | 'service' | 'admin' = 'customer') => {
    people += 1;
    const email = `osoba-${people}@example.com`;
    const id = await insertUser(db, { email, role });
    return { id, email, cookie: await cookieFor(a, email) };
  };

  it('B serves a session it has resolved from its cache: one removed behind the bus’s back still passes', async () => {
    const jan = await person();
    expect((await signedIn(b, jan.cookie)).statusCode).toBe(200);
    await db.delete(sessions).where(eq(sessions.tokenHash, sha256Hex(tokenOf(jan.cookie))));
    expect((await signedIn(b, jan.cookie)).statusCode).toBe(200);
  });

  it('signing out on A refuses the session on B at once', async () => {
    const jan = await person();
    expect((await signedIn(b, jan.cookie)).statusCode).toBe(200);
    const signOut = await a.inject({ method: 'POST', url: '/auth/logout', headers: { cookie: jan.cookie } });
    expect(signOut.statusCode).toBe(204);
    await deliveredToB();
    expect((await signedIn(b, jan.cookie)).statusCode).toBe(401);
  });

  it('an admin’s demotion on A takes the admin’s rights on B at once', async () => {
    const admin = await cookieFor(a, 'admin@example.com');
    const demoted = await person('admin');
    const ownAccount = `/api/admin/staff-accounts/${demoted.id}`;
    expect((await get(b, ownAccount, demoted.cookie)).statusCode).toBe(200);
    const change = await a.inject({
      method: 'PUT',
      url: `${ownAccount}/role`,
      payload: { role: 'service' },
      headers: { cookie: admin },
    });
    expect(change.statusCode, change.body).toBe(200);
    await deliveredToB();
    expect((await get(b, ownAccount, demoted.cookie)).statusCode).toBe(403);
  });

  it('disabling a staff account on A signs it out on B at once', async () => {
    const admin = await cookieFor(a, 'admin@example.com');
    const serwis = await person('service');
    expect((await signedIn(b, serwis.cookie)).statusCode).toBe(200);
    const disable = await a.inject({
      method: 'POST',
      url: `/api/admin/staff-accounts/${serwis.id}/disable`,
      headers: { cookie: admin },
    });
    expect(disable.statusCode, disable.body).toBe(200);
    await deliveredToB();
    expect((await signedIn(b, serwis.cookie)).statusCode).toBe(401);
  });

  it('a customer deactivating the account on A is signed out on B at once', async () => {
    const jan = await person();
    expect((await signedIn(b, jan.cookie)).statusCode).toBe(200);
    const deactivation = await a.inject({
      method: 'POST',
      url: '/api/user/deactivation',
      payload: { password: PASSWORD },
      headers: { cookie: jan.cookie },
    });
    expect(deactivation.statusCode, deactivation.body).toBe(204);
    await deliveredToB();
    expect((await signedIn(b, jan.cookie)).statusCode).toBe(401);
  });

  it.skipIf(!serverUrl)(
    'B trusts nothing it cached before its listener reconnected: messages of the gap may be lost (PostgreSQL only)',
    async () => {
      const jan = await person();
      expect((await signedIn(b, jan.cookie)).statusCode).toBe(200);
      // Ended without a message, as if its NOTIFY was sent while B was not listening; then B's listener drops.
      await db.delete(sessions).where(eq(sessions.tokenHash, sha256Hex(tokenOf(jan.cookie))));
      await adminQuery(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE application_name = '${LISTENER_APPLICATION_NAME}' AND datname = '${dbName}'`,
      );
      // `ready` again: B listens anew.
      await watcher.next('ready', 10_000);
      expect((await signedIn(b, jan.cookie)).statusCode).toBe(401);
    },
  );
});
