import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '#app/db/client.ts';
import { healthRoutes } from '#app/features/health/health.routes.ts';
import { registerErrorHandling } from '#app/plugins/errors.ts';

/**
 * What a request meets when PostgreSQL is away (docs/reliability.md, `npm run faults -- db-outage` for the
 * whole server under load): real connection errors from a real pg pool, through the real error handler.
 */

/** A port on loopback nobody listens on: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

/** A TCP server that accepts and hangs up at once, like a PostgreSQL that is shutting down. */
async function hangingUpServer(): Promise<{ server: Server; port: number }> {
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, port: (server.address() as AddressInfo).port };
}

async function appOn(database: Database): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await app.register(healthRoutes, { database });
  app.get('/query', async () => {
    await database.db.execute(sql`SELECT 1`);
    return { ok: true };
  });
  // A transaction that waits between its statements, as one that writes a file between them does.
  app.get('/transaction', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('application_name', 'care-fault-transaction', true)`);
      await new Promise((done) => setTimeout(done, 1500));
      await tx.execute(sql`SELECT 1`);
    });
    return { ok: true };
  });
  app.get('/slow', async () => {
    await database.db.execute(sql`SELECT pg_sleep(10)`);
    return { ok: true };
  });
  await app.ready();
  return app;
}

/** Waits (up to 5 s) for the backend that `where` picks out in pg_stat_activity and answers its pid. */
async function backendPid(admin: pg.Client, where: string): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const { rows } = await admin.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE ${where}`);
    if (rows[0]) return rows[0].pid;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`no backend where ${where}`);
}

describe('PostgreSQL unavailable', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step().catch(() => {});
  });
  afterAll(async () => {
    for (const step of cleanup.splice(0).reverse()) await step().catch(() => {});
  });

  async function open(url: string): Promise<{ app: FastifyInstance; lost: Error[] }> {
    const lost: Error[] = [];
    const database = await openDatabase({
      url,
      dataDir: '',
      poolMax: 2,
      onConnectionError: (e) => lost.push(e),
    });
    cleanup.push(() => database.close());
    const app = await appOn(database);
    cleanup.push(() => app.close());
    return { app, lost };
  }

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After at once when connections are refused', async () => {
    const { app } = await open(`postgres://postgres@127.0.0.1:${await closedPort()}/care`);
    const started = performance.now();
    const response = await app.inject('/query');
    expect(performance.now() - started).toBeLessThan(2000);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: expect.any(String) });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', database: 'unavailable' });
  });

  it('answers 503 when the server hangs up during the connection', async () => {
    const { server, port } = await hangingUpServer();
    cleanup.push(() => new Promise((done) => server.close(done)));
    const { app } = await open(`postgres://postgres@127.0.0.1:${port}/care`);
    const response = await app.inject('/query');
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('SERVICE_UNAVAILABLE');
  });

  /** The app on the real server, and a second connection to watch and end its backends. */
  async function openWithAdmin(url: string) {
    const { app } = await open(url);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    cleanup.push(() => admin.end());
    return { app, admin };
  }

  // 57P01 admin_shutdown is what PostgreSQL sends a running query when it is stopped (pg_ctl -m fast) or the
  // backend is terminated; only a real server can send it.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'answers 503 to a query whose backend is terminated (57P01) and serves the next request',
    async () => {
      const { app, admin } = await openWithAdmin(process.env.TEST_DATABASE_URL!);
      const slow = app.inject('/slow');
      const pid = await backendPid(admin, `query LIKE 'SELECT pg_sleep(10)%' AND pid <> pg_backend_pid()`);
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      const response = await slow;
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe('SERVICE_UNAVAILABLE');
      expect((await app.inject('/query')).statusCode).toBe(200);
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'survives the connection of a checked-out client ending between two statements, and answers 503',
    async () => {
      const { app, admin } = await openWithAdmin(process.env.TEST_DATABASE_URL!);
      const inTransaction = app.inject('/transaction');
      const pid = await backendPid(admin, `application_name = 'care-fault-transaction'`);
      // Idle in its transaction: no query is active, so pg reports the end as an 'error' event on the client.
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      const response = await inTransaction;
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe('SERVICE_UNAVAILABLE');
      expect((await app.inject('/query')).statusCode).toBe(200);
    },
  );
});
