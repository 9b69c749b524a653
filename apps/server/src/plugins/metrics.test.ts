import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseEnv } from '#app/config/env.ts';
import { mailOutbox } from '#app/db/schema/outbox.ts';
import { runHousekeepingOnce, startHousekeeping } from '#app/jobs/housekeeping.ts';
import { deliverDueMail, enqueueMail } from '#app/mail/outbox.ts';
import { createMailTransport } from '#app/mail/transport.ts';
import { clearOutbox } from '#app/test/accounts.ts';
import { createTestApp, createTestDatabase, type TestApp } from '#app/test/app.ts';
import { createMetrics, jobObserver, type Metrics, startMetricsServer, UNMATCHED_ROUTE } from './metrics.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

/** The value of one series in a text exposition, e.g. `care_http_requests_total{…}`; undefined when absent. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name + '{') && !line.startsWith(name + ' ')) continue;
    const labelText = /\{(.*)\}/.exec(line)?.[1] ?? '';
    if (Object.entries(labels).every(([key, value]) => labelText.includes(`${key}="${value}"`))) {
      return Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return undefined;
}

const queue = (t: TestApp, to: string) =>
  enqueueMail(t.database.db, { to, subject: 'S', text: 'T', html: '<p>T</p>', kind: 'test', language: 'pl' });

describe('GET /metrics', () => {
  let webDir: string;
  let closed: TestApp;
  let open: TestApp;
  const metrics: Metrics = createMetrics();
  const scrape = (t: TestApp, authorization?: string) =>
    t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

  beforeAll(async () => {
    // A built web app, so that a path no route answers would get index.html from the SPA fallback.
    webDir = await mkdtemp(join(tmpdir(), 'care-metrics-web-'));
    await writeFile(
      join(webDir, 'index.html'),
      '<!doctype html><html><body><div id="root"></div></body></html>',
    );
    closed = await createTestApp({ WEB_DIST_DIR: webDir });
    open = await createTestApp({ WEB_DIST_DIR: webDir, METRICS_TOKEN: TOKEN }, { metrics });
  });
  afterAll(async () => {
    await closed.app.close();
    await open.app.close();
    await rm(webDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await clearOutbox(open.database.db);
  });

  it('is not there without METRICS_TOKEN: a JSON 404, not the web app', async () => {
    const response = await scrape(closed, `Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    // The SPA fallback is alive (a client route gets index.html), yet /metrics is not one.
    expect((await closed.app.inject('/home/machines')).headers['content-type']).toMatch(/text\/html/);
  });

  it('answers 401 without the token or with a wrong one, and never under /api', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', TOKEN, `Basic ${TOKEN}`]) {
      const response = await scrape(open, authorization);
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.body).not.toContain('care_http_requests_total');
    }
    for (const url of ['/api/metrics', '/auth/metrics', '/portal/metrics']) {
      const response = await open.app.inject({ url, headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.body, url).not.toContain('care_http_requests_total');
    }
  });

  it('with the token: the Prometheus text, requests counted per route pattern, never per raw URL', async () => {
    const before = (await scrape(open, `Bearer ${TOKEN}`)).body;
    const added = (text: string, labels: Record<string, string>, name = 'care_http_requests_total') =>
      (valueOf(text, name, labels) ?? 0) - (valueOf(before, name, labels) ?? 0);
    await open.app.inject('/api/service-requests/987654');
    await open.app.inject('/api/service-requests/987655');
    await open.app.inject('/healthz');
    await open.app.inject('/api/no-such-thing-555');
    const response = await scrape(open, `Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const text = response.body;
    const route = { method: 'GET', route: '/api/service-requests/:id', status_class: '4xx' };
    expect(added(text, route)).toBe(2);
    expect(added(text, route, 'care_http_request_duration_seconds_count')).toBe(2);
    expect(added(text, { ...route, le: '+Inf' }, 'care_http_request_duration_seconds_bucket')).toBe(2);
    expect(added(text, { route: '/healthz', status_class: '2xx' })).toBe(1);
    expect(added(text, { route: UNMATCHED_ROUTE, status_class: '4xx' })).toBe(1);
    expect(text).not.toMatch(/987654|555/);
    expect(text).not.toMatch(/route="\/metrics"/);
    expect(valueOf(text, 'care_database_up')).toBe(1);
    expect(valueOf(text, 'care_events_listener_up')).toBe(1);
  });

  it('reads the outbox backlog when scraped', async () => {
    const before = (await scrape(open, `Bearer ${TOKEN}`)).body;
    expect(valueOf(before, 'care_mail_outbox_messages', { state: 'due' })).toBe(0);
    for (const to of ['a@example.com', 'b@example.com', 'c@example.com']) await queue(open, to);
    await open.database.db.execute(sql`
      UPDATE ${mailOutbox} SET next_attempt_at = now() - interval '10 minutes' WHERE to_address = 'a@example.com'`);
    await open.database.db.execute(sql`
      UPDATE ${mailOutbox} SET failed_at = now() WHERE to_address = 'b@example.com'`);
    const text = (await scrape(open, `Bearer ${TOKEN}`)).body;
    expect(valueOf(text, 'care_mail_outbox_messages', { state: 'due' })).toBe(2);
    expect(valueOf(text, 'care_mail_outbox_messages', { state: 'waiting' })).toBe(2);
    expect(valueOf(text, 'care_mail_outbox_messages', { state: 'failed' })).toBe(1);
    expect(valueOf(text, 'care_mail_outbox_oldest_due_age_seconds')).toBeGreaterThanOrEqual(590);
  });

  it('counts mail delivery failures and messages sent', async () => {
    // A port nobody listens on: the SMTP server is down.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const down = metrics.countMail(
      createMailTransport(parseEnv({ SMTP_URL: `smtp://127.0.0.1:${port}` }), () => {}),
    );
    await queue(open, 'down@example.com');
    expect(await deliverDueMail(open.database.db, down)).toBe(0);
    const dataDir = await mkdtemp(join(tmpdir(), 'care-metrics-mail-'));
    try {
      const files = metrics.countMail(createMailTransport(parseEnv({ DATA_DIR: dataDir }), () => {}));
      await queue(open, 'files@example.com');
      expect(await deliverDueMail(open.database.db, files)).toBe(1);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
    const text = (await scrape(open, `Bearer ${TOKEN}`)).body;
    expect(valueOf(text, 'care_mail_send_failures_total')).toBe(1);
    expect(valueOf(text, 'care_mail_sent_total')).toBe(1);
  });

  it('counts job runs, skips and failures, and shows the last successful run', async () => {
    const now = new Date('2026-03-01T08:30:00Z');
    const observer = jobObserver(metrics, 'housekeeping', () => {});
    observer.onRun(await runHousekeepingOnce(open.database.db, now));
    observer.onRun(await runHousekeepingOnce(open.database.db, now));
    // The real schedule on a database without its job_runs table: each check fails and is counted.
    const broken = await createTestDatabase();
    await broken.db.execute(sql`DROP TABLE job_runs`);
    const errors: unknown[] = [];
    const schedule = startHousekeeping(broken.db, {
      ...jobObserver(metrics, 'housekeeping', (error) => errors.push(error)),
      intervalMs: 20,
    });
    try {
      await expect.poll(() => errors.length, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
    } finally {
      schedule.stop();
      await broken.close();
    }
    const text = (await scrape(open, `Bearer ${TOKEN}`)).body;
    expect(valueOf(text, 'care_job_runs_total', { job: 'housekeeping', outcome: 'ran' })).toBe(1);
    expect(valueOf(text, 'care_job_runs_total', { job: 'housekeeping', outcome: 'skipped' })).toBe(1);
    expect(valueOf(text, 'care_job_runs_total', { job: 'housekeeping', outcome: 'failed' })).toBe(
      errors.length,
    );
    const lastSuccess = valueOf(text, 'care_job_last_success_timestamp_seconds', { job: 'housekeeping' });
    expect(Math.abs(lastSuccess! - Date.now() / 1000)).toBeLessThan(60);
  });
});

describe('the metrics port (METRICS_PORT)', () => {
  it('serves /metrics without a token on its own listener, with the process metrics, and nothing else', async () => {
    const metrics = createMetrics({ processMetrics: true });
    const server = await startMetricsServer(metrics, '127.0.0.1', 0);
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(valueOf(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(valueOf(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
      expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
      expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${server.port}/api/brand`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('refuses METRICS_TOKEN shorter than 16 characters', () => {
    expect(() => parseEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(parseEnv({ METRICS_PORT: '9464' })).toMatchObject({
      METRICS_PORT: 9464,
      METRICS_HOST: '127.0.0.1',
    });
  });
});
