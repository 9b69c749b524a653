import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { freshDatabase, query, startPostgres, stopPostgres } from './postgres.ts';
import { faultPort } from './paths.ts';
import {
  type Answer,
  call,
  FAULTS_DIR,
  foundClientIds,
  openEvents,
  percentile,
  printFigures,
  round,
  saveResult,
  SERVICE,
  signIn,
  startServer,
  write,
  type Write,
  type WriteKind,
  writeTargets,
} from './support.ts';

export interface DbOutageOptions {
  port: number;
  /** Seconds of load before PostgreSQL is stopped, while it is down, and after it is started again. */
  before: number;
  down: number;
  after: number;
  /** Concurrent writers (each sends its next write as soon as the last one is answered, after `pauseMs`). */
  writers: number;
  pauseMs: number;
  /** autocannon connections reading beside the writers. */
  readers: number;
  /** `fast` (SIGINT: backends told to end) or `immediate` (SIGQUIT: PostgreSQL crashes). */
  mode: 'fast' | 'immediate';
}

export const dbOutageDefaults: DbOutageOptions = {
  port: faultPort(3270, 0),
  before: 8,
  down: 10,
  after: 15,
  writers: 6,
  pauseMs: 20,
  readers: 8,
  mode: 'fast',
};

const KINDS: WriteKind[] = ['chat', 'service-request', 'offer-request'];

interface Timed {
  /** When the answer arrived, ms since the bench's clock origin. */
  end: number;
  status: number;
  ms: number;
}

function classify(answers: readonly Timed[]) {
  return {
    total: answers.length,
    ok: answers.filter((a) => a.status >= 200 && a.status < 300).length,
    unavailable: answers.filter((a) => a.status === 503).length,
    otherHttpErrors: answers.filter((a) => a.status >= 300 && a.status !== 503).length,
    networkErrors: answers.filter((a) => a.status === 0).length,
    maxMs: round(Math.max(0, ...answers.map((a) => a.ms))),
    p99Ms: round(
      percentile(
        answers.map((a) => a.ms),
        99,
      ),
    ),
  };
}

/**
 * PostgreSQL stopped for `down` seconds under steady load (writers with real writes, autocannon readers), then
 * started again. Every write that got a 2xx must be in the database afterwards; every answer while it was down
 * must be a quick 503 SERVICE_UNAVAILABLE, and the server must recover by itself.
 */
export async function dbOutage(options: DbOutageOptions = dbOutageDefaults): Promise<string[]> {
  const failures: string[] = [];
  startPostgres();
  const databaseUrl = await freshDatabase(`care_faults_db_${options.mode}`);
  const dataDir = join(FAULTS_DIR, 'db-outage-data');
  rmSync(dataDir, { recursive: true, force: true });
  const server = await startServer({
    name: options.mode === 'fast' ? 'db-outage' : 'db-crash',
    port: options.port,
    databaseUrl,
    dataDir,
  });
  try {
    const targets = await writeTargets(server.baseUrl, databaseUrl);
    // The service team's event stream, open across the outage (events/listener.ts reconnects to PostgreSQL).
    const stream = openEvents(server.baseUrl, await signIn(server.baseUrl, SERVICE));
    const writes: Write[] = [];
    const wrongUnavailable: Answer[] = [];
    const reads: Timed[] = [];
    let running = true;

    const writer = async (index: number) => {
      let n = index;
      while (running) {
        const done = await write(server.baseUrl, KINDS[n++ % KINDS.length]!, targets, { timeoutMs: 30_000 });
        writes.push(done);
        const { answer } = done;
        if (
          answer.status === 503 &&
          (answer.body?.code !== 'SERVICE_UNAVAILABLE' || !answer.headers?.get('retry-after'))
        )
          wrongUnavailable.push(answer);
        await sleep(options.pauseMs);
      }
    };

    const total = options.before + options.down + options.after;
    const readLoad = new Promise<autocannon.Result>((done, fail) => {
      const instance = autocannon(
        {
          url: server.baseUrl,
          connections: options.readers,
          duration: total + 2,
          timeout: 30,
          requests: [
            {
              method: 'GET',
              path: `/api/chat/comments?serviceRequestId=${targets.serviceRequestId}&limit=20`,
              headers: { cookie: targets.cookie },
            },
            { method: 'GET', path: '/api/service-requests/user-owned', headers: { cookie: targets.cookie } },
            { method: 'GET', path: '/readyz' },
          ],
        },
        (error: unknown, result) => (error ? fail(error) : done(result)),
      );
      instance.on('response', (_client, statusCode, _bytes, responseTime) =>
        reads.push({ end: performance.now(), status: statusCode, ms: responseTime }),
      );
      instance.on('reqError', () => reads.push({ end: performance.now(), status: 0, ms: 30_000 }));
    });

    const writers = Array.from({ length: options.writers }, (_, i) => writer(i));
    await sleep(options.before * 1000);
    const stopBegan = performance.now();
    stopPostgres(options.mode);
    const stopped = performance.now();
    await sleep(options.down * 1000);
    const startBegan = performance.now();
    startPostgres();
    const started = performance.now();
    await sleep(options.after * 1000);
    running = false;
    await Promise.all(writers);
    const readResult = await readLoad;

    const timedWrites: Timed[] = writes.map(({ at, answer }) => ({
      end: at + answer.ms,
      status: answer.status,
      ms: answer.ms,
    }));
    const all = [...timedWrites, ...reads];
    const duringOutage = all.filter((a) => a.end >= stopBegan && a.end <= started);
    const firstUnavailable = all
      .filter((a) => a.status === 503 && a.end >= stopBegan)
      .reduce((min, a) => Math.min(min, a.end), Infinity);
    const firstWriteOkAfter = timedWrites
      .filter((a) => a.status >= 200 && a.status < 300 && a.end > started)
      .reduce((min, a) => Math.min(min, a.end), Infinity);
    const failedAfterRecovery = timedWrites.filter(
      (a) => a.end > firstWriteOkAfter + 1000 && (a.status < 200 || a.status >= 300),
    ).length;

    // Every acknowledged write must be stored; retry the unacknowledged ones with their clientIds as the web does.
    const acked = writes.filter((w) => w.answer.status >= 200 && w.answer.status < 300);
    const found = await foundClientIds(databaseUrl, acked);
    const unacked = writes.filter((w) => w.answer.status < 200 || w.answer.status >= 300);
    const storedAnyway = await foundClientIds(databaseUrl, unacked);
    // As many at a time as there were writers: the web retries one user's send, not a thousand at once.
    const retries: Write[] = [];
    const queue = [...unacked];
    await Promise.all(
      Array.from({ length: options.writers }, async () => {
        for (let w = queue.shift(); w; w = queue.shift())
          retries.push(await write(server.baseUrl, w.kind, targets, { clientId: w.clientId }));
      }),
    );
    const retryFailures = retries
      .filter((r) => r.answer.status !== 200 && r.answer.status !== 201)
      .map((r) => `${r.kind} ${r.answer.status} ${r.answer.body?.code ?? r.answer.error ?? ''}`);
    const retriedOk = retries.filter((r) => r.answer.status === 200 || r.answer.status === 201);
    const retriedAsStored = retries.filter((r) => r.answer.status === 200).length;
    const duplicates = await query<{ n: number }>(
      databaseUrl,
      `SELECT count(*)::int AS n FROM (
         SELECT client_id FROM chat_messages WHERE client_id IS NOT NULL GROUP BY author_id, client_id HAVING count(*) > 1
         UNION ALL SELECT client_id FROM service_requests WHERE client_id IS NOT NULL GROUP BY customer_id, client_id HAVING count(*) > 1
         UNION ALL SELECT client_id FROM offer_requests WHERE client_id IS NOT NULL GROUP BY customer_id, client_id HAVING count(*) > 1) d`,
    );
    const ready = await call(server.baseUrl, '/readyz');
    // After recovery a new chat message reaches the stream that was open all along.
    const probe = await write(server.baseUrl, 'chat', targets);
    const probeId = String(probe.answer.body?.id ?? 'none');
    for (let i = 0; i < 100 && !stream.events.some((e) => e.data.includes(`"${probeId}"`)); i++)
      await sleep(200);
    const probeEvent = stream.events.find(
      (e) => e.type === 'chat-message' && e.data.includes(`"${probeId}"`),
    );
    const readyAgain = stream.events.find((e) => e.type === 'ready' && e.at > started);
    stream.close();

    const byKind = Object.fromEntries(
      KINDS.map((kind) => [
        kind,
        `${acked.filter((w) => w.kind === kind).length} acked / ${acked.filter((w) => w.kind === kind && found.has(w.clientId)).length} found`,
      ]),
    );
    const figures = {
      'PostgreSQL stop mode': options.mode,
      'outage (stop began → start returned), s': round((started - stopBegan) / 1000, 1),
      'writes sent': writes.length,
      'reads sent (autocannon)': reads.length,
      ...Object.fromEntries(Object.entries(classify(all)).map(([k, v]) => [`all requests: ${k}`, v])),
      ...Object.fromEntries(
        Object.entries(classify(duringOutage)).map(([k, v]) => [`during outage: ${k}`, v]),
      ),
      'time to first 503 after stop began, ms': round(firstUnavailable - stopBegan),
      'stop took (pg_ctl -w), ms': round(stopped - stopBegan),
      'start took (pg_ctl -w), ms': round(started - startBegan),
      'time to first 2xx write after start returned, ms': round(firstWriteOkAfter - started),
      'failed writes later than 1 s after recovery': failedAfterRecovery,
      '503 without SERVICE_UNAVAILABLE or Retry-After': wrongUnavailable.length,
      'acked writes': acked.length,
      'acked writes found': acked.filter((w) => found.has(w.clientId)).length,
      'acked writes lost': acked.filter((w) => !found.has(w.clientId)).length,
      ...Object.fromEntries(Object.entries(byKind).map(([k, v]) => [`  ${k}`, v])),
      'unacked writes (503/network)': unacked.length,
      'unacked but stored (commit before the failure)': storedAnyway.size,
      'unacked retried with same clientId: 2xx': retriedOk.length,
      '  of which answered 200 (already stored)': retriedAsStored,
      'duplicate clientIds in the database': duplicates[0]!.n,
      'autocannon: 2xx / non2xx / errors / timeouts': `${readResult['2xx']} / ${readResult.non2xx} / ${readResult.errors} / ${readResult.timeouts}`,
      'readyz after recovery': ready.status,
      'event stream: "ready" (listener live again) after start returned, ms': readyAgain
        ? round(readyAgain.at - started)
        : 'none',
      'event stream: a chat message after recovery arrived': probeEvent
        ? `yes, within ${Math.max(0, round(probeEvent.at - (probe.at + probe.answer.ms)))} ms of its 201`
        : 'no',
      'server process crashed': server.hasExited(),
    };
    printFigures(`db-outage: PostgreSQL stopped (${options.mode}) for ${options.down} s under load`, figures);
    saveResult(options.mode === 'fast' ? 'db-outage' : 'db-crash', {
      options,
      figures,
      wrongUnavailable: wrongUnavailable.slice(0, 5),
      retryFailures: retryFailures.slice(0, 20),
    });

    if (server.hasExited()) failures.push('the server process exited');
    if (acked.some((w) => !found.has(w.clientId))) failures.push('acknowledged writes were lost');
    if (duringOutage.filter((a) => a.status === 503).length === 0) failures.push('no 503 during the outage');
    if (duringOutage.some((a) => a.status !== 503 && (a.status < 200 || a.status >= 300) && a.ms > 6000))
      failures.push('a request hung for more than 6 s during the outage');
    if (classify(duringOutage).maxMs > 10_000)
      failures.push('a request took more than 10 s during the outage');
    if (wrongUnavailable.length > 0) failures.push('a 503 without SERVICE_UNAVAILABLE and Retry-After');
    if (!Number.isFinite(firstWriteOkAfter)) failures.push('no write succeeded after PostgreSQL came back');
    if (classify(all).networkErrors > 0)
      failures.push('requests ended without an answer (reset or time-out)');
    if (failedAfterRecovery > 0) failures.push('writes still failed more than 1 s after recovery');
    if (retryFailures.length > 0)
      failures.push(`retried writes failed after recovery: ${retryFailures.slice(0, 5).join('; ')}`);
    if (duplicates[0]!.n > 0) failures.push('a clientId was stored twice');
    if (ready.status !== 200) failures.push('readyz is not 200 after recovery');
    if (!probeEvent) failures.push('the open event stream did not get a chat message after recovery');
    const otherStatuses = all.filter((a) => a.status >= 300 && a.status !== 503).map((a) => a.status);
    if (otherStatuses.length > 0)
      failures.push(`answers other than 2xx/503: ${[...new Set(otherStatuses)].join(', ')}`);
  } finally {
    await server.stop();
  }
  return failures;
}
