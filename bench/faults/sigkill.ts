import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { multipart, pngOfSize } from '../../apps/server/src/test/files.ts';
import { freshDatabase, query, startPostgres } from './postgres.ts';
import { faultPort } from './paths.ts';
import { SmtpSink } from './smtp-sink.ts';
import {
  type Answer,
  FAULTS_DIR,
  printFigures,
  round,
  saveResult,
  startServer,
  type WriteTargets,
  write,
  type Write,
  type WriteKind,
  writeTargets,
} from './support.ts';

export interface SigkillOptions {
  port: number;
  smtpPort: number;
  /** Seconds of load before the kill. */
  before: number;
  writers: number;
  /** Chat files streamed slowly (64 KB every `slowDelayMs`), so that some are mid-upload at the kill. */
  slowUploaders: number;
  slowFileKb: number;
  slowDelayMs: number;
}

export const sigkillDefaults: SigkillOptions = {
  port: faultPort(3276, 6),
  smtpPort: faultPort(2526, 9),
  before: 4,
  writers: 4,
  slowUploaders: 3,
  slowFileKb: 3072,
  slowDelayMs: 40,
};

const KB = 1024;
const HOUR = 3_600_000;

/** A chat file sent in small pieces with pauses, as from a slow mobile connection. */
function slowChatFile(baseUrl: string, targets: WriteTargets, options: SigkillOptions): Promise<Write> {
  const clientId = randomUUID();
  const { body, contentType } = multipart([
    { name: 'serviceRequestId', value: targets.serviceRequestId },
    { name: 'clientId', value: clientId },
    {
      name: 'files',
      file: { filename: 'slow.png', content: pngOfSize(options.slowFileKb * KB), contentType: 'image/png' },
    },
  ]);
  const at = performance.now();
  return new Promise((done) => {
    const finish = (answer: Omit<Answer, 'ms' | 'headers'>) =>
      done({ kind: 'chat', clientId, at, answer: { ...answer, ms: performance.now() - at, headers: null } });
    const req = request(`${baseUrl}/api/chat/files`, {
      method: 'POST',
      headers: {
        cookie: targets.cookie,
        'content-type': contentType,
        'content-length': body.length,
        origin: new URL(baseUrl).origin,
      },
    });
    req.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        let parsed: Answer['body'] = null;
        try {
          parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Answer['body'];
        } catch {
          parsed = null;
        }
        finish({ status: response.statusCode ?? 0, body: parsed });
      });
      response.on('error', (error) => finish({ status: 0, body: null, error: String(error) }));
    });
    req.on('error', (error) => finish({ status: 0, body: null, error: String(error) }));
    void (async () => {
      for (let offset = 0; offset < body.length && !req.destroyed; offset += 64 * KB) {
        req.write(body.subarray(offset, offset + 64 * KB));
        await sleep(options.slowDelayMs);
      }
      req.end();
    })();
  });
}

interface StoreState {
  temporary: string[];
  stored: Map<string, string>;
}

/** Every file of the store: temporary ones, and stored ones with their sha256. */
function storeState(root: string): StoreState {
  const temporary = existsSync(join(root, 'tmp')) ? readdirSync(join(root, 'tmp')) : [];
  const stored = new Map<string, string>();
  for (const prefix of existsSync(root) ? readdirSync(root) : []) {
    if (!/^[0-9a-f]{2}$/.test(prefix)) continue;
    for (const name of readdirSync(join(root, prefix))) {
      const key = `${prefix}/${name}`;
      stored.set(
        key,
        createHash('sha256')
          .update(readFileSync(join(root, key)))
          .digest('hex'),
      );
    }
  }
  return { temporary, stored };
}

interface OutboxRow {
  id: string;
  sent: boolean;
  attempts: number;
  message_id: string;
}

interface DbState {
  rows: { storage_key: string; sha256: string; size_bytes: string }[];
  unattachedRows: number;
  chatWithoutContent: number;
}

async function dbState(databaseUrl: string): Promise<DbState> {
  const rows = await query<DbState['rows'][number]>(
    databaseUrl,
    'SELECT storage_key, sha256, size_bytes::text FROM files',
  );
  const [unattached] = await query<{ n: number }>(
    databaseUrl,
    `SELECT count(*)::int AS n FROM files f WHERE
       NOT EXISTS (SELECT 1 FROM chat_messages m WHERE m.file_id = f.id)
       AND NOT EXISTS (SELECT 1 FROM service_request_attachments a WHERE a.file_id = f.id)
       AND NOT EXISTS (SELECT 1 FROM offer_request_attachments a WHERE a.file_id = f.id)
       AND NOT EXISTS (SELECT 1 FROM catalog_files c WHERE c.file_id = f.id)`,
  );
  const [chat] = await query<{ n: number }>(
    databaseUrl,
    'SELECT count(*)::int AS n FROM chat_messages WHERE body IS NULL AND file_id IS NULL',
  );
  return { rows, unattachedRows: unattached!.n, chatWithoutContent: chat!.n };
}

const OUTBOX = `SELECT id::text, sent_at IS NOT NULL AS sent, attempts,
  '<outbox-' || id || '-' || (extract(epoch FROM created_at) * 1000)::bigint || '@agromech.example>' AS message_id
  FROM mail_outbox ORDER BY id`;

/**
 * A server killed with SIGKILL in the middle of uploads (some streamed slowly), chat messages, service and
 * offer requests, then started again on the same database and file store. Every acknowledged write must be
 * there; every file row must have its file with the same hash; no file row without its message or
 * attachment; the mail the writes queued must all be sent after the restart; and the store's leftovers (half
 * uploads, files never recorded) must be removed by the start-up sweep once they are an hour old — the bench
 * ages them (mtime − 2 h) instead of waiting an hour.
 */
export async function sigkill(options: SigkillOptions = sigkillDefaults): Promise<string[]> {
  const failures: string[] = [];
  startPostgres();
  const databaseUrl = await freshDatabase('care_faults_sigkill');
  const dataDir = join(FAULTS_DIR, 'sigkill-data');
  const root = join(dataDir, 'files');
  rmSync(dataDir, { recursive: true, force: true });
  const sink = new SmtpSink(options.smtpPort);
  await sink.start();
  const serverOptions = { name: 'sigkill', port: options.port, databaseUrl, dataDir, smtpUrl: sink.url };
  let server = await startServer(serverOptions);
  try {
    const targets = await writeTargets(server.baseUrl, databaseUrl);
    const writes: Write[] = [];
    let running = true;
    const kinds: WriteKind[] = ['chat', 'service-request', 'offer-request'];
    const smallFile = () => [
      {
        name: 'files',
        file: { filename: 'photo.png', content: pngOfSize(200 * KB), contentType: 'image/png' },
      },
    ];
    const writer = async (index: number) => {
      for (let n = index; running; n++) {
        const kind = kinds[n % kinds.length]!;
        writes.push(
          await write(server.baseUrl, kind, targets, {
            extraParts: kind === 'service-request' ? smallFile() : [],
            timeoutMs: 20_000,
          }),
        );
      }
    };
    const slowIds = new Set<string>();
    const slow = async () => {
      while (running) {
        const sent = await slowChatFile(server.baseUrl, targets, options);
        slowIds.add(sent.clientId);
        writes.push(sent);
      }
    };
    const load = [
      ...Array.from({ length: options.writers }, (_, i) => writer(i)),
      ...Array.from({ length: options.slowUploaders }, () => slow()),
    ];
    await sleep(options.before * 1000);
    const killedAt = performance.now();
    await server.kill9();
    running = false;
    await Promise.all(load);
    const afterKill = storeState(root);
    const dbAfterKill = await dbState(databaseUrl);
    const outboxAtKill = await query<OutboxRow>(databaseUrl, OUTBOX);
    const orphansAtKill = [...afterKill.stored.keys()].filter(
      (key) => !dbAfterKill.rows.some((r) => r.storage_key === key),
    );

    // The store's leftovers, an hour and more old (see above), then a new instance on the same data.
    for (const name of afterKill.temporary)
      utimesSync(join(root, 'tmp', name), new Date(Date.now() - 2 * HOUR), new Date(Date.now() - 2 * HOUR));
    for (const key of orphansAtKill)
      utimesSync(join(root, key), new Date(Date.now() - 2 * HOUR), new Date(Date.now() - 2 * HOUR));
    const restartBegan = performance.now();
    server = await startServer(serverOptions);
    const readyAfter = performance.now() - restartBegan;
    await sleep(3000);
    const afterRestart = storeState(root);
    const db = await dbState(databaseUrl);

    const acked = writes.filter((w) => w.answer.status >= 200 && w.answer.status < 300);
    const ackedChat = acked.filter((w) => w.kind === 'chat').map((w) => w.clientId);
    const found = new Set(
      (
        await query<{ client_id: string }>(
          databaseUrl,
          `SELECT client_id::text FROM chat_messages WHERE client_id = ANY($1::uuid[])
           UNION ALL SELECT client_id::text FROM service_requests WHERE client_id = ANY($2::uuid[])
           UNION ALL SELECT client_id::text FROM offer_requests WHERE client_id = ANY($3::uuid[])`,
          [
            ackedChat,
            acked.filter((w) => w.kind === 'service-request').map((w) => w.clientId),
            acked.filter((w) => w.kind === 'offer-request').map((w) => w.clientId),
          ],
        )
      ).map((r) => r.client_id),
    );
    const rowsWithoutFile = db.rows.filter((r) => !afterRestart.stored.has(r.storage_key)).length;
    const rowsWithOtherContent = db.rows.filter(
      (r) => afterRestart.stored.has(r.storage_key) && afterRestart.stored.get(r.storage_key) !== r.sha256,
    ).length;
    const filesWithoutRow = [...afterRestart.stored.keys()].filter(
      (key) => !db.rows.some((r) => r.storage_key === key),
    ).length;

    // Unacknowledged writes retried with their clientIds (as the web does) are stored once.
    const unacked = writes.filter((w) => w.answer.status < 200 || w.answer.status >= 300);
    const retried = [];
    for (const w of unacked.filter((u) => u.answer.status === 0 && !slowIds.has(u.clientId)))
      retried.push(
        await write(server.baseUrl, w.kind, targets, {
          clientId: w.clientId,
          extraParts: w.kind === 'service-request' ? smallFile() : [],
        }),
      );

    // The mail queued before the kill goes out after the restart; what the killed instance had claimed waits
    // for its lease (120 s, mail/outbox.ts) to run out.
    const deadline = performance.now() + 180_000;
    let outbox = await query<OutboxRow>(databaseUrl, OUTBOX);
    while (outbox.some((r) => !r.sent) && performance.now() < deadline) {
      await sleep(500);
      outbox = await query<OutboxRow>(databaseUrl, OUTBOX);
    }
    const outboxEmptyAt = performance.now();
    const queuedAtKill = outboxAtKill.filter((r) => !r.sent);
    const copies = sink.copies();
    const duplicates = outbox.filter((r) => (copies.get(r.message_id) ?? 0) > 1).length;

    const figures = {
      'load before the kill, s': options.before,
      'writes sent': writes.length,
      'writes acknowledged (2xx)': acked.length,
      '  of which chat files streamed slowly': acked.filter((w) => slowIds.has(w.clientId)).length,
      'slow chat files cut by the kill': writes.filter(
        (w) => slowIds.has(w.clientId) && w.answer.status === 0,
      ).length,
      'writes without an answer (cut or refused by the kill)': writes.filter((w) => w.answer.status === 0)
        .length,
      'other answers':
        writes
          .filter((w) => w.answer.status >= 300)
          .map((w) => w.answer.status)
          .join(', ') || 'none',
      'acknowledged writes found after restart': acked.filter((w) => found.has(w.clientId)).length,
      'acknowledged writes lost': acked.filter((w) => !found.has(w.clientId)).length,
      'temporary files right after the kill': afterKill.temporary.length,
      'stored files without a row right after the kill': orphansAtKill.length,
      'restart until ready, ms': round(readyAfter),
      'temporary files after restart + sweep': afterRestart.temporary.length,
      'stored files without a row after restart + sweep': filesWithoutRow,
      'file rows': db.rows.length,
      'file rows without their file': rowsWithoutFile,
      'file rows whose file has another sha256': rowsWithOtherContent,
      'file rows attached to nothing': db.unattachedRows,
      'chat messages without text or file': db.chatWithoutContent,
      'cut writes retried with their clientId: 2xx': `${retried.filter((r) => r.answer.status < 300 && r.answer.status >= 200).length} of ${retried.length}`,
      'mail queued and unsent at the kill': queuedAtKill.length,
      '  of which claimed by the killed instance (leased)': queuedAtKill.filter((r) => r.attempts > 0).length,
      'restart → outbox empty, s': round((outboxEmptyAt - restartBegan) / 1000, 1),
      'mail unsent after restart (180 s)': outbox.filter((r) => !r.sent).length,
      'mail never received by the relay': outbox.filter((r) => !copies.has(r.message_id)).length,
      'mail received twice (killed mid-send)': duplicates,
      'kill → restarted instance ready, s': round((restartBegan + readyAfter - killedAt) / 1000, 1),
    };
    printFigures('sigkill: kill -9 during uploads and chat, then restart', figures);
    saveResult('sigkill', { options, figures });

    if (acked.some((w) => !found.has(w.clientId))) failures.push('acknowledged writes were lost');
    if (writes.filter((w) => w.answer.status === 0).length === 0)
      failures.push('the kill cut no write (nothing was in flight)');
    if (rowsWithoutFile > 0 || rowsWithOtherContent > 0) failures.push('a file row without its whole file');
    if (filesWithoutRow > 0) failures.push('a stored file without its row after the sweep');
    if (afterRestart.temporary.length > 0) failures.push('temporary files left after the sweep');
    if (db.unattachedRows > 0) failures.push('file rows attached to nothing');
    if (db.chatWithoutContent > 0) failures.push('chat messages without text or file');
    if (retried.some((r) => r.answer.status < 200 || r.answer.status >= 300))
      failures.push('a retried write failed');
    if (outbox.some((r) => !r.sent))
      failures.push('mail queued before the kill was not sent after the restart');
    if (outbox.some((r) => !copies.has(r.message_id)))
      failures.push('mail marked sent never reached the relay');
  } finally {
    await server.stop();
    await sink.stop();
  }
  return failures;
}
