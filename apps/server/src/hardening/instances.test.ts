import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#app/app.ts';
import { parseEnv } from '#app/config/env.ts';
import { type Database, openDatabase } from '#app/db/client.ts';
import { migrate } from '#app/db/migrate.ts';
import { jobRuns } from '#app/db/schema/jobs.ts';
import { mailOutbox } from '#app/db/schema/outbox.ts';
import { rateLimitHits } from '#app/db/schema/rate-limits.ts';
import { authTokens, sessions } from '#app/db/schema/sessions.ts';
import {
  type GuaranteeRemindersResult,
  runGuaranteeReminders,
  startGuaranteeReminders,
} from '#app/jobs/guarantee-reminders.ts';
import { type HousekeepingRun, runHousekeepingOnce, startHousekeeping } from '#app/jobs/housekeeping.ts';
import { enqueueMail, type OutboxWorker, startOutboxWorker } from '#app/mail/outbox.ts';
import { createMailTransport, type MailTransport } from '#app/mail/transport.ts';
import { RATE_LIMITS } from '#app/plugins/rate-limit.ts';
import {
  awayFromWindowEdge,
  clearOutbox,
  clearRateLimits,
  insertUser,
  PASSWORD,
} from '#app/test/accounts.ts';
import { adminQuery } from '#app/test/app.ts';
import { type EventClient, openEventClient } from '#app/test/event-stream.ts';
import { startSmtp } from '#app/test/smtp.ts';
import { insertOwnedMachine, insertRequest } from '#app/test/service-requests.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

interface Instance {
  app: FastifyInstance;
  database: Database;
  url: string;
}

const count = async (db: Database['db'], query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as { rows: { n: number }[] }).rows[0]!.n;

/**
 * The production shape (docs/operations.md): two app instances, each with its own connection pool, listening on
 * their own ports in front of one PostgreSQL database, spoken to over real HTTP. PGlite is one database inside
 * one process, so this runs only with TEST_DATABASE_URL.
 */
describe.skipIf(!serverUrl)('two app instances on one PostgreSQL (PostgreSQL only)', () => {
  const name = `care_test_${randomBytes(6).toString('hex')}`;
  const settings = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    PUBLIC_URL: 'https://portal.example',
  };
  const env = parseEnv(settings);
  const instances: Instance[] = [];
  const clients: EventClient[] = [];
  let dbUrl: string;
  let one: Instance;
  let two: Instance;
  let request: number;

  async function startInstance(): Promise<Instance> {
    const database = await openDatabase({ url: dbUrl, dataDir: '', poolMax: 4 });
    await migrate(database);
    const app = await buildApp({ env, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const instance = { app, database, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
    instances.push(instance);
    return instance;
  }

  const signIn = (at: Instance, username: string, password = PASSWORD) =>
    fetch(`${at.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password, remember: false }),
    });
  const cookieOf = (response: Response) => {
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('care_session='));
    if (!cookie) throw new Error(`no session cookie (${response.status})`);
    return cookie.split(';')[0]!;
  };
  const authorities = (at: Instance, cookie: string) =>
    fetch(`${at.url}/api/user/authorities`, { headers: { cookie } });

  beforeAll(async () => {
    await adminQuery(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    dbUrl = url.toString();
    // Started together, as a rolling deploy would: migrations run once, under the advisory lock.
    [one, two] = await Promise.all([startInstance(), startInstance()]);
    expect(one.url).not.toBe(two.url);
    const { db } = one.database;
    const jan = await insertUser(db, { email: 'jan@example.com' });
    await insertUser(db, { email: 'serwis@example.com', role: 'service' });
    request = await insertRequest(db, {
      code: 'SR/2026/000001',
      customerId: jan,
      machineId: await insertOwnedMachine(db, { serialNumber: 'AM-1', ownerId: jan }),
    });
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    for (const instance of instances) {
      // fetch may leave a pooled socket that never carried a request; Node does not count it as idle, and close()
      // would wait for the server's headers timeout (60 s). Nothing is in flight any more at this point.
      instance.app.server.closeAllConnections();
      await instance.app.close();
    }
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('a session started on one instance works on the other, and signing out on the other ends it', async () => {
    const signedIn = await signIn(one, 'jan@example.com');
    expect(signedIn.status).toBe(200);
    const cookie = cookieOf(signedIn);
    expect((await authorities(two, cookie)).status).toBe(200);
    expect((await authorities(one, cookie)).status).toBe(200);

    const out = await fetch(`${two.url}/auth/logout`, { method: 'POST', headers: { cookie } });
    expect(out.status).toBe(204);
    expect((await authorities(one, cookie)).status).toBe(401);
    expect((await authorities(two, cookie)).status).toBe(401);
  });

  it('a chat message posted on one instance reaches an event stream held by the other', async () => {
    const customer = cookieOf(await signIn(two, 'jan@example.com'));
    const staff = cookieOf(await signIn(one, 'serwis@example.com'));
    const client = await openEventClient(`${two.url}/api/events`, customer);
    clients.push(client);
    expect(client.status).toBe(200);
    await client.next('ready');

    const posted = await fetch(`${one.url}/api/chat/comment`, {
      method: 'POST',
      headers: { cookie: staff, 'content-type': 'application/json' },
      body: JSON.stringify({
        serviceRequestId: String(request),
        body: 'Z pierwszej instancji',
        clientId: randomUUID(),
      }),
    });
    expect(posted.status).toBe(201);
    const { id } = (await posted.json()) as { id: string };
    expect(await client.next('chat-message')).toEqual({
      type: 'chat-message',
      data: { serviceRequestId: String(request), messageId: id },
    });
  });

  it('the sign-in limit per address counts the attempts made on both instances together', async () => {
    const { max, timeWindow } = RATE_LIMITS.signInPerIp;
    await clearRateLimits(one.database.db);
    await awayFromWindowEdge(timeWindow, 2500);
    const statuses: number[] = [];
    // Alternating: each instance alone sees only half of the limit.
    for (let attempt = 0; attempt < max; attempt++) {
      const at = attempt % 2 === 0 ? one : two;
      statuses.push((await signIn(at, 'jan@example.com', 'wrong-password-1')).status);
    }
    expect(statuses).toEqual(Array(max).fill(401));
    const overOne = await signIn(one, 'jan@example.com');
    const overTwo = await signIn(two, 'jan@example.com');
    expect([overOne.status, overTwo.status]).toEqual([429, 429]);
    expect(Number(overTwo.headers.get('retry-after'))).toBeGreaterThan(0);
    const hits = await count(
      one.database.db,
      sql`SELECT sum(count)::int AS n FROM ${rateLimitHits} WHERE key LIKE 'sign-in:ip:%'`,
    );
    expect(hits).toBe(max + 2);
    await clearRateLimits(one.database.db);
  });

  it('the outbox workers of both instances deliver each queued message exactly once to a real SMTP peer', async () => {
    const { db } = one.database;
    await clearOutbox(db);
    const smtp = await startSmtp();
    const workers: OutboxWorker[] = [];
    const errors: unknown[] = [];
    const sentBy = new Map<Instance, number>();
    try {
      const total = 40;
      for (let n = 0; n < total; n++) {
        await enqueueMail(db, {
          to: `klient${n}@example.com`,
          subject: `Wiadomość ${n}`,
          text: `Treść ${n}`,
          html: `<p>Treść ${n}</p>`,
          kind: 'test',
          language: 'pl',
        });
      }
      const smtpEnv = parseEnv({ ...settings, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
      // Small batches, so the two workers claim again and again at the same time.
      for (const instance of [one, two]) {
        const smtpTransport = createMailTransport(smtpEnv, () => {});
        const transport: MailTransport = async (mail) => {
          await smtpTransport(mail);
          sentBy.set(instance, (sentBy.get(instance) ?? 0) + 1);
        };
        workers.push(startOutboxWorker(instance.database.db, transport, (error) => errors.push(error)));
      }
      await expect
        .poll(() => count(db, sql`SELECT count(*)::int AS n FROM ${mailOutbox} WHERE sent_at IS NOT NULL`), {
          timeout: 10_000,
        })
        .toBe(total);
      await Promise.all(workers.map((worker) => worker.stop()));
      expect(errors).toEqual([]);
      expect(smtp.received).toHaveLength(total);
      const subjects = smtp.received.map((message) => /^Subject: (.*)$/m.exec(message)![1]);
      expect(new Set(subjects).size).toBe(total);
      // Both took part: each sent some of them.
      expect(sentBy.get(one)).toBeGreaterThan(0);
      expect(sentBy.get(two)).toBeGreaterThan(0);
      expect(sentBy.get(one)! + sentBy.get(two)!).toBe(total);
      expect(await count(db, sql`SELECT max(attempts)::int AS n FROM ${mailOutbox}`)).toBe(1);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await smtp.close();
    }
  });

  it('the daily guarantee reminders, started at the same moment and on both instances’ schedules, run once a day', async () => {
    const { db } = one.database;
    await clearOutbox(db);
    const now = new Date('2026-06-01T10:00:00Z');
    for (let n = 0; n < 5; n++) {
      const owner = await insertUser(db, { email: `rolnik${n}@example.com` });
      await insertOwnedMachine(db, {
        serialNumber: `GW-${n}`,
        ownerId: owner,
        guaranteeEndDate: '2026-06-11',
      });
    }
    // Three checks per instance at once, as when their timers fire together.
    const runs = await Promise.all(
      [one, two, one, two, one, two].map((instance) =>
        runGuaranteeReminders(instance.database.db, env, { now }),
      ),
    );
    expect(runs.filter((run) => run.ran)).toEqual([{ ran: true, remindersQueued: 5 }]);
    expect(
      await count(db, sql`SELECT count(*)::int AS n FROM ${mailOutbox} WHERE kind = 'guarantee-end'`),
    ).toBe(5);
    expect(
      await count(db, sql`SELECT count(*)::int AS n FROM ${jobRuns} WHERE job_name = 'guarantee-reminders'`),
    ).toBe(1);

    // The next day through both instances' schedules, as server.ts starts them, ticking every 20 ms.
    const nextDay = new Date('2026-06-02T10:00:00Z');
    const results: GuaranteeRemindersResult[] = [];
    const errors: unknown[] = [];
    const schedules = [one, two].map((instance) =>
      startGuaranteeReminders(instance.database.db, env, {
        onError: (error) => errors.push(error),
        onMailQueued: () => {},
        onRun: (result) => results.push(result),
        intervalMs: 20,
        clock: () => nextDay,
      }),
    );
    try {
      await expect.poll(() => results.length, { timeout: 5000 }).toBeGreaterThanOrEqual(8);
    } finally {
      for (const schedule of schedules) schedule.stop();
    }
    expect(errors).toEqual([]);
    // Each machine's reminder went out the day before: the day's run happens once and finds nothing to send.
    expect(results.filter((result) => result.ran)).toEqual([{ ran: true, remindersQueued: 0 }]);
    expect(
      await count(db, sql`SELECT count(*)::int AS n FROM ${mailOutbox} WHERE kind = 'guarantee-end'`),
    ).toBe(5);
  });

  it('the hourly housekeeping, on both instances’ schedules and started at the same moment, runs once an hour', async () => {
    const { db } = one.database;
    const userId = await insertUser(db, { email: 'stary@example.com' });
    const past = new Date(Date.now() - 60_000);
    await db.insert(sessions).values(
      [1, 2, 3].map((n) => ({
        userId,
        tokenHash: String(n).repeat(64),
        idleExpiresAt: past,
        expiresAt: past,
      })),
    );
    await db
      .insert(authTokens)
      .values({ userId, purpose: 'reset_password', tokenHash: '9'.repeat(64), expiresAt: new Date(0) });
    // Both instances' schedules, as server.ts starts them, ticking every 20 ms within one clock hour.
    await awayFromWindowEdge(3_600_000);
    const runs: HousekeepingRun[] = [];
    const errors: unknown[] = [];
    const schedules = [one, two].map((instance) =>
      startHousekeeping(instance.database.db, {
        onError: (error) => errors.push(error),
        onRun: (run) => runs.push(run),
        intervalMs: 20,
      }),
    );
    try {
      await expect.poll(() => runs.length, { timeout: 5000 }).toBeGreaterThanOrEqual(8);
    } finally {
      for (const schedule of schedules) schedule.stop();
    }
    const ran = runs.filter((run) => run.ran);
    expect(ran).toHaveLength(1);
    expect(ran[0]!.result).toMatchObject({ sessions: 3, authTokens: 1 });
    expect(errors).toEqual([]);

    // The next hour is a new run, taken by one of four calls made at the same moment.
    const nextHour = new Date(Date.now() + 3_600_000);
    const raced = await Promise.all(
      [one, two, one, two].map((instance) => runHousekeepingOnce(instance.database.db, nextHour)),
    );
    expect(raced.filter((run) => run.ran)).toEqual([
      {
        ran: true,
        result: { sessions: 0, rateLimitWindows: 0, authTokens: 0, sentMails: 0, abandonedImports: 0 },
      },
    ]);
    expect(
      await count(db, sql`SELECT count(*)::int AS n FROM ${jobRuns} WHERE job_name = 'housekeeping'`),
    ).toBe(2);
  });
});
