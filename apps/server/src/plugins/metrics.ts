import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Env } from '#app/config/env.ts';
import type { Database } from '#app/db/client.ts';
import { jobRuns } from '#app/db/schema/jobs.ts';
import { mailOutbox } from '#app/db/schema/outbox.ts';
import { sha256Hex } from '#app/security/tokens.ts';
import type { MailTransport } from '#app/mail/transport.ts';
import { sendNotFound } from './errors.ts';

/*
 * Prometheus metrics (docs/decisions/029-metrics.md, docs/operations.md "Metrics").
 * - Per instance: requests and their durations per route pattern, mail sent and failed by this instance's outbox
 *   worker, job checks and failures of this instance, the event listener, process metrics.
 * - For the whole installation, read from the database at scrape time (the same on every instance): the outbox
 *   backlog and each job's last successful run.
 * - Served at GET /metrics only when configured: with METRICS_TOKEN as a Bearer token on the app's port, and/or
 *   without a token on METRICS_PORT (bound to METRICS_HOST, loopback by default). Otherwise /metrics is 404.
 */

export const METRICS_PATH = '/metrics';
/** The route label of requests no route matched (unknown paths, the SPA's client routes): never the raw URL. */
export const UNMATCHED_ROUTE = 'unmatched';

export type JobName =
  'chat-mail' | 'guarantee-reminders' | 'housekeeping' | 'mail-outbox' | 'service-time-warnings';
/** ran: this instance did the work; skipped: another instance (or an earlier check) has it; failed: it threw. */
export type JobOutcome = 'ran' | 'skipped' | 'failed';

export interface Metrics {
  registry: Registry;
  /** Counts one check of a scheduled job on this instance. */
  jobRun(job: JobName, outcome: JobOutcome): void;
  /** Wraps the mail transport so that messages sent and failed attempts are counted. */
  countMail(transport: MailTransport): MailTransport;
}

interface MetricsSources {
  database: Database;
  /** Whether this instance's event listener is connected (events/event-bus.ts). */
  eventsLive?: () => boolean;
}

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/**
 * The registry of one app instance. `processMetrics`: Node's default metrics (memory, CPU, event loop lag,
 * handles); on in server.ts, off in tests that build many apps in one process.
 */
export function createMetrics({ processMetrics = false }: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const jobRuns = new Counter({
    name: 'care_job_runs_total',
    help: 'Checks of scheduled jobs on this instance by outcome (ran, skipped: another instance has the run, failed)',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const mailSent = new Counter({
    name: 'care_mail_sent_total',
    help: 'Messages this instance handed to the SMTP server (or the .eml directory)',
    registers: [registry],
  });
  const mailFailures = new Counter({
    name: 'care_mail_send_failures_total',
    help: 'Failed delivery attempts of this instance (retried later, given up after 12 attempts)',
    registers: [registry],
  });
  return {
    registry,
    jobRun: (job, outcome) => jobRuns.inc({ job, outcome }),
    countMail: (transport) => async (mail) => {
      try {
        await transport(mail);
      } catch (error) {
        mailFailures.inc();
        throw error;
      }
      mailSent.inc();
    },
  };
}

interface OutboxCounts {
  due: number;
  waiting: number;
  failed: number;
  oldest_due_seconds: number | null;
}

/** Adds the request metrics (hooks) and the gauges read at scrape time to `metrics.registry`. */
function instrument(app: FastifyInstance, metrics: Metrics, { database, eventsLive }: MetricsSources): void {
  const { registry } = metrics;
  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({
    name: 'care_http_requests_total',
    help: 'Answered HTTP requests by method, route pattern and status class',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'care_http_request_duration_seconds',
    help: 'Time from receiving a request to the end of its answer, by method, route pattern and status class',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (route === METRICS_PATH) return;
    const labels = {
      method: request.method,
      route: route ?? UNMATCHED_ROUTE,
      status_class: statusClass(reply.statusCode),
    };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });

  const databaseUp = new Gauge({
    name: 'care_database_up',
    help: '1 when the scrape-time database queries of this instance succeeded, else 0',
    registers: [registry],
  });
  const outbox = new Gauge({
    name: 'care_mail_outbox_messages',
    help: 'Messages in the mail outbox (whole installation): due now, waiting (due or retrying later), failed (given up)',
    labelNames: ['state'] as const,
    registers: [registry],
  });
  const oldestDue = new Gauge({
    name: 'care_mail_outbox_oldest_due_age_seconds',
    help: 'How long the oldest message due for sending has been due (0 when none is)',
    registers: [registry],
  });
  const lastSuccess = new Gauge({
    name: 'care_job_last_success_timestamp_seconds',
    help: 'End of the last successful run of each scheduled job (whole installation, from job_runs)',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'care_events_listener_up',
    help: '1 when this instance is listening for real-time events (LISTEN connection open), else 0',
    registers: [registry],
    collect() {
      this.set(eventsLive?.() ? 1 : 0);
    },
  });

  // The database-backed gauges are read when /metrics is asked for (renderMetrics), not on a timer.
  const readDatabase = async () => {
    try {
      const counts = (await database.db.execute(sql`
        SELECT
          count(*) FILTER (WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now())::int AS due,
          count(*) FILTER (WHERE sent_at IS NULL AND failed_at IS NULL)::int AS waiting,
          count(*) FILTER (WHERE failed_at IS NOT NULL)::int AS failed,
          extract(epoch FROM now() - min(next_attempt_at)
            FILTER (WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()))::float AS oldest_due_seconds
        FROM ${mailOutbox}`)) as { rows: OutboxCounts[] };
      const row = counts.rows[0]!;
      outbox.set({ state: 'due' }, Number(row.due));
      outbox.set({ state: 'waiting' }, Number(row.waiting));
      outbox.set({ state: 'failed' }, Number(row.failed));
      oldestDue.set(Number(row.oldest_due_seconds ?? 0));
      const jobs = (await database.db.execute(sql`
        SELECT job_name, extract(epoch FROM max(finished_at))::float AS at FROM ${jobRuns}
        WHERE status = 'succeeded' GROUP BY job_name`)) as { rows: { job_name: string; at: number }[] };
      for (const job of jobs.rows) lastSuccess.set({ job: job.job_name }, Number(job.at));
      databaseUp.set(1);
    } catch {
      databaseUp.set(0);
    }
  };
  scrapes.set(registry, readDatabase);
}

/** The database reads of each instrumented registry, run before it is rendered. */
const scrapes = new WeakMap<Registry, () => Promise<void>>();

/** The text exposition of `metrics`, with the database-backed gauges read now. */
export async function renderMetrics(metrics: Metrics): Promise<string> {
  await scrapes.get(metrics.registry)?.();
  return metrics.registry.metrics();
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1];
  // Comparing hashes keeps the comparison constant-time whatever the lengths.
  return (
    given !== undefined &&
    timingSafeEqual(Buffer.from(sha256Hex(given), 'hex'), Buffer.from(sha256Hex(token), 'hex'))
  );
}

/**
 * Request metrics for every route and GET /metrics on the app's port. The route is always there (so the SPA
 * fallback never answers /metrics), but answers 404 unless METRICS_TOKEN is set, and 401 without that token.
 */
export function registerMetrics(
  app: FastifyInstance,
  env: Pick<Env, 'METRICS_TOKEN'>,
  metrics: Metrics,
  sources: MetricsSources,
): void {
  instrument(app, metrics, sources);
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!env.METRICS_TOKEN) return sendNotFound(reply);
    if (!tokenMatches(request.headers.authorization, env.METRICS_TOKEN)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ code: 'UNAUTHENTICATED', message: 'A valid metrics token is required.' });
    }
    const text = await renderMetrics(metrics);
    return reply.type(metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  });
}

/**
 * A separate listener for Prometheus on METRICS_HOST:METRICS_PORT (loopback by default), answering only
 * GET /metrics, without a token: whoever can reach that address may read the metrics.
 */
export async function startMetricsServer(
  metrics: Metrics,
  host: string,
  port: number,
): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== METRICS_PATH) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    renderMetrics(metrics).then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The callbacks of a scheduled job (jobs/*.ts) that count its checks and failures, then pass errors on to `onError`
 * (the log). `onRun` gets whether this instance ran the work or another instance had it.
 */
export function jobObserver(
  metrics: Metrics,
  job: JobName,
  onError: (error: unknown) => void,
): { onError(error: unknown): void; onRun(result: { ran: boolean }): void } {
  return {
    onError(error) {
      metrics.jobRun(job, 'failed');
      onError(error);
    },
    onRun: (result) => metrics.jobRun(job, result.ran ? 'ran' : 'skipped'),
  };
}
