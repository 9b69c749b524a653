import { join } from 'node:path';
import { buildApp } from './app.ts';
import { EnvError, parseEnv } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { seedDemoData } from './db/seed/demo.ts';
import { startChatMailDigests } from './features/chat-mail/digests.ts';
import { startInboundSmtp } from './features/chat-mail/smtp-receiver.ts';
import { createLocalFileStore } from './files/file-store.ts';
import { startFileSweep } from './files/file-sweep.ts';
import { uploadLimitsOf } from './files/uploads.ts';
import { startGuaranteeReminders } from './jobs/guarantee-reminders.ts';
import { startHousekeeping } from './jobs/housekeeping.ts';
import { startServiceTimeWarnings } from './jobs/service-time-warnings.ts';
import { type OutboxWorker, startOutboxWorker } from './mail/outbox.ts';
import { createMailTransport } from './mail/transport.ts';
import { createMetrics, jobObserver, startMetricsServer } from './plugins/metrics.ts';

async function main(): Promise<void> {
  const env = parseEnv();
  // Until the app (and its logger) exists, a lost connection is told on standard error.
  let connectionLost = (error: Error) => console.warn(`database connection lost: ${error.message}`);
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolMax: env.DATABASE_POOL_MAX,
    onConnectionError: (error) => connectionLost(error),
  });
  await migrate(database);
  // The demo catalogue's part pictures go where imported pictures go (the app's file store under DATA_DIR).
  const seeded = env.SEED_DEMO_DATA
    ? await seedDemoData(database.db, {
        pictures: { fileStore: createLocalFileStore(join(env.DATA_DIR, 'files')), basePath: env.BASE_PATH },
      })
    : null;
  // The routes tell the worker about queued mail; the worker needs the app's logger, so it starts after the app.
  const mail: Pick<OutboxWorker, 'kick'> = { kick: () => {} };
  // One registry for the app's request metrics and the jobs' counters (docs/operations.md "Metrics").
  const metrics = createMetrics({ processMetrics: true });
  const app = await buildApp({ env, database, metrics, onMailQueued: () => mail.kick() });
  connectionLost = (error) => app.log.warn({ err: error }, 'database connection lost');
  // E-mail leaves through the outbox: written in the transaction of the change, sent (and retried) here.
  const transport = metrics.countMail(createMailTransport(env, (line) => app.log.info(line)));
  const outbox = startOutboxWorker(
    database.db,
    transport,
    jobObserver(metrics, 'mail-outbox', (error) =>
      app.log.error({ err: error }, 'mail delivery round failed'),
    ).onError,
  );
  mail.kick = outbox.kick;
  // What a killed predecessor left in the file store (half-written uploads, files never recorded): files/file-sweep.ts.
  const fileSweep = startFileSweep(database.db, join(env.DATA_DIR, 'files'), {
    onSwept: (result) => {
      if (result.temporaryFiles + result.orphanFiles > 0)
        app.log.warn(result, 'file store leftovers removed');
    },
    onError: (error) => app.log.warn({ err: error }, 'file store sweep failed'),
  });
  // Every instance checks; the first to take the clock hour's job_runs row runs it.
  const housekeeping = startHousekeeping(
    database.db,
    jobObserver(metrics, 'housekeeping', (error) => app.log.warn({ err: error }, 'housekeeping failed')),
  );
  // Every instance checks; the first to take the day's job_runs row sends the day's reminders.
  const reminders = startGuaranteeReminders(database.db, env, {
    ...jobObserver(metrics, 'guarantee-reminders', (error) =>
      app.log.error({ err: error }, 'guarantee reminders failed'),
    ),
    onMailQueued: () => mail.kick(),
  });
  // Service times about to breach, e-mailed once per request and target (ADR 066); the rows decide who sends.
  const serviceTimeWarnings = startServiceTimeWarnings(database.db, env, {
    onError: jobObserver(metrics, 'service-time-warnings', (error) =>
      app.log.error({ err: error }, 'service time warnings failed'),
    ).onError,
    onMailQueued: () => mail.kick(),
  });
  // Chat e-mails when someone is not looking; answers to them come back through the SMTP receiver (ADR 063).
  const chatMail = startChatMailDigests(database.db, env, {
    onError: jobObserver(metrics, 'chat-mail', (error) =>
      app.log.error({ err: error }, 'chat e-mails failed'),
    ).onError,
    onMailQueued: () => mail.kick(),
  });
  const inboundSmtp = env.MAIL_INBOUND_SMTP_PORT
    ? await startInboundSmtp(
        {
          db: database.db,
          store: createLocalFileStore(join(env.DATA_DIR, 'files')),
          limits: uploadLimitsOf(env),
        },
        env,
        {
          host: env.MAIL_INBOUND_SMTP_HOST,
          port: env.MAIL_INBOUND_SMTP_PORT,
          onOutcome: (outcome, target) => app.log.info({ outcome, target }, 'reply e-mail'),
          onError: (error) => app.log.error({ err: error }, 'reply e-mail failed'),
        },
      )
    : null;

  // Prometheus without a token, on an address only the scraper can reach (loopback by default).
  const metricsServer = env.METRICS_PORT
    ? await startMetricsServer(metrics, env.METRICS_HOST, env.METRICS_PORT)
    : null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    housekeeping.stop();
    fileSweep.stop();
    reminders.stop();
    serviceTimeWarnings.stop();
    chatMail.stop();
    await inboundSmtp?.close();
    // Lets a message being sent finish, so it is not sent again after the lease runs out.
    await outbox.stop();
    await metricsServer?.close();
    // A connection that never sent a request (a browser's preconnect, a TCP health probe) is not idle to Node and
    // would hold close() until the 60 s headers timeout: requests in flight get 5 s, then what is left is cut.
    const cut = setTimeout(() => app.server.closeAllConnections(), 5000);
    cut.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: env.HOST, port: env.PORT });
  const url = env.PUBLIC_URL + env.BASE_PATH;
  // JSON logs are read by a program: the welcome is one more line of them, not a banner among them.
  if (env.LOG_FORMAT === 'json') {
    app.log.info({ url, database: database.kind, demoDataSeeded: Boolean(seeded) }, 'Care Portal is running');
  } else {
    printWelcome(url, database.kind, seeded);
  }
}

/** The banner for a person at a terminal (LOG_FORMAT=pretty): the address, the demo accounts and serial numbers. */
function printWelcome(
  url: string,
  kind: string,
  seeded: Awaited<ReturnType<typeof seedDemoData>> | null,
): void {
  const lines = [`\n  Care Portal is running at ${url}  (database: ${kind})`];
  if (seeded) {
    lines.push('\n  Demo accounts (password for all: ' + seeded.password + '):');
    for (const account of seeded.accounts) lines.push(`    ${account.role.padEnd(9)} ${account.email}`);
    lines.push(`\n  Free machine serial numbers for registration: ${seeded.freeSerialNumbers.join(', ')}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
