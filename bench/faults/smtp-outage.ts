import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freshDatabase, query, startPostgres } from './postgres.ts';
import { faultPort } from './paths.ts';
import { SmtpSink } from './smtp-sink.ts';
import {
  call,
  CUSTOMER,
  FAULTS_DIR,
  printFigures,
  round,
  saveResult,
  startServer,
  write,
  type Write,
  writeTargets,
} from './support.ts';

export interface SmtpOutageOptions {
  port: number;
  smtpPort: number;
  /** Seconds the relay refuses connections, then answers 451 to every message. */
  down: number;
  tempfail: number;
  /** Writes (service requests and offer requests, alternating) and password resets queued while it is down. */
  writes: number;
  resets: number;
  /** Messages whose connection is dropped after DATA (queued once the relay is back). */
  drops: number;
  /** Longest wait for the outbox to empty, s (retries come 30 s, 1 min, 2 min … after a failure). */
  deadline: number;
}

export const smtpOutageDefaults: SmtpOutageOptions = {
  port: faultPort(3272, 2),
  smtpPort: faultPort(2525, 8),
  down: 15,
  tempfail: 25,
  writes: 12,
  resets: 4,
  drops: 2,
  deadline: 180,
};

interface OutboxRow {
  id: string;
  kind: string;
  attempts: number;
  sent: boolean;
  failed: boolean;
  last_error: string | null;
  message_id: string;
}

const outbox = (databaseUrl: string) =>
  query<OutboxRow>(
    databaseUrl,
    `SELECT id::text, kind, attempts, sent_at IS NOT NULL AS sent, failed_at IS NOT NULL AS failed, last_error,
       '<outbox-' || id || '-' || (extract(epoch FROM created_at) * 1000)::bigint || '@agromech.example>' AS message_id
     FROM mail_outbox ORDER BY id`,
  );

/**
 * The mail relay away (refusing, then answering 451) while the portal queues mail; then back, with some
 * connections dropped after DATA. Every queued message must be delivered; each exactly once, except those
 * whose connection was dropped after the relay had the whole message: those arrive twice (at-least-once),
 * under the same Message-ID.
 */
export async function smtpOutage(options: SmtpOutageOptions = smtpOutageDefaults): Promise<string[]> {
  const failures: string[] = [];
  startPostgres();
  const databaseUrl = await freshDatabase('care_faults_smtp');
  const dataDir = join(FAULTS_DIR, 'smtp-outage-data');
  rmSync(dataDir, { recursive: true, force: true });
  const sink = new SmtpSink(options.smtpPort);
  await sink.start();
  const server = await startServer({
    name: 'smtp-outage',
    port: options.port,
    databaseUrl,
    dataDir,
    smtpUrl: sink.url,
  });
  try {
    const targets = await writeTargets(server.baseUrl, databaseUrl);
    // What the start-up queued (e.g. the day's guarantee reminders) goes out first.
    for (let i = 0; i < 50 && (await outbox(databaseUrl)).some((r) => !r.sent); i++) await sleep(200);
    const before = (await outbox(databaseUrl)).length;

    await sink.stop();
    const downAt = performance.now();
    const writes: Write[] = [];
    for (let i = 0; i < options.writes; i++)
      writes.push(await write(server.baseUrl, i % 2 ? 'offer-request' : 'service-request', targets));
    const resets = [];
    for (let i = 0; i < options.resets; i++)
      resets.push(await call(server.baseUrl, '/auth/password-reset', { json: { email: CUSTOMER } }));
    await sleep(Math.max(0, options.down * 1000 - (performance.now() - downAt)));
    const duringOutage = (await outbox(databaseUrl)).slice(before);
    const waitingDuringOutage = duringOutage.filter((r) => !r.sent && !r.failed).length;
    const triedDuringOutage = duringOutage.filter((r) => r.attempts > 0 && r.last_error).length;
    const sampleError = duringOutage.find((r) => r.last_error)?.last_error ?? '';

    sink.mode = 'tempfail';
    await sink.start();
    const tempfailAt = performance.now();
    await sleep(options.tempfail * 1000);
    const duringTempfail = (await outbox(databaseUrl)).slice(before);
    const tempfailErrors = duringTempfail.filter((r) => /451/.test(r.last_error ?? '')).length;

    sink.mode = 'drop-after-data';
    sink.dropsLeft = options.drops;
    const backAt = performance.now();
    const dropWrites: Write[] = [];
    for (let i = 0; i < options.drops; i++)
      dropWrites.push(await write(server.baseUrl, 'service-request', targets));
    for (let i = 0; i < options.drops; i++)
      dropWrites.push(await write(server.baseUrl, 'offer-request', targets));

    let rows = await outbox(databaseUrl);
    while (rows.some((r) => !r.sent && !r.failed) && performance.now() - backAt < options.deadline * 1000) {
      await sleep(500);
      rows = await outbox(databaseUrl);
    }
    const allSentAt = performance.now();
    await sleep(1000);
    rows = await outbox(databaseUrl);
    const ours = rows.slice(before);
    const copies = sink.copies();
    const received = ours.map((r) => copies.get(r.message_id) ?? 0);
    const droppedIds = new Set(sink.received.filter((m) => m.dropped).map((m) => m.messageId));
    const unknownCopies = [...copies.keys()].filter((id) => !rows.some((r) => r.message_id === id));

    const figures = {
      'relay refusing connections, s': options.down,
      'relay answering 451, s': round((backAt - tempfailAt) / 1000, 1),
      'writes acknowledged while the relay was away': writes.filter((w) => w.answer.status === 201).length,
      'password resets accepted (202)': resets.filter((r) => r.status === 202).length,
      'messages queued while away': duringOutage.length,
      'waiting in the outbox at the end of the refusal': waitingDuringOutage,
      'tried and failed during the refusal': triedDuringOutage,
      'last_error sample': sampleError.slice(0, 80),
      'failed with 451 during the tempfail phase': tempfailErrors,
      'connections dropped after DATA': droppedIds.size,
      'messages queued in all (this run)': ours.length,
      'sent according to the outbox': ours.filter((r) => r.sent).length,
      'given up (failed_at)': ours.filter((r) => r.failed).length,
      'received by the relay: distinct Message-IDs': received.filter((n) => n > 0).length,
      'received exactly once': received.filter((n) => n === 1).length,
      'received twice or more': received.filter((n) => n > 1).length,
      '  of which after a drop after DATA': ours.filter(
        (r, i) => received[i]! > 1 && droppedIds.has(r.message_id),
      ).length,
      'never received': received.filter((n) => n === 0).length,
      'copies with an unknown Message-ID': unknownCopies.length,
      'max attempts of one message': Math.max(0, ...ours.map((r) => r.attempts)),
      'relay back (drop phase) → outbox empty, s': round((allSentAt - backAt) / 1000, 1),
      'server process crashed': server.hasExited(),
    };
    printFigures(
      'smtp-outage: the relay refuses, then answers 451, then drops connections after DATA',
      figures,
    );
    saveResult('smtp-outage', { options, figures, outbox: ours });

    if (server.hasExited()) failures.push('the server process exited');
    if (writes.some((w) => w.answer.status !== 201) || dropWrites.some((w) => w.answer.status !== 201))
      failures.push('a write failed because the relay was away');
    if (resets.some((r) => r.status !== 202))
      failures.push('a password reset was refused while the relay was away');
    if (waitingDuringOutage !== duringOutage.length)
      failures.push('mail left the outbox while the relay was away');
    if (ours.some((r) => !r.sent)) failures.push('a queued message was never sent');
    if (received.some((n) => n === 0)) failures.push('a message sent according to the outbox never arrived');
    const extra = ours.filter((r, i) => received[i]! > 1 && !droppedIds.has(r.message_id));
    if (extra.length > 0)
      failures.push(`${extra.length} messages arrived twice without a dropped connection`);
    if (unknownCopies.length > 0) failures.push('the relay received messages with an unknown Message-ID');
  } finally {
    await server.stop();
    await sink.stop();
  }
  return failures;
}
