import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { multipart, type Part } from '../../apps/server/src/test/files.ts';
import { type Portal, QUOTAS_OFF, signIn as signInPortal, startPortal } from '../support/portal.ts';
import { resultsDir } from './paths.ts';
import { query } from './postgres.ts';

export { FAULTS_DIR, repoRoot, resultsDir } from './paths.ts';

/** The demo data's accounts (apps/server/src/db/seed/accounts.ts), seeded with SEED_DEMO_DATA=true. */
export { DEMO_PASSWORD } from '../support/portal.ts';
export const CUSTOMER = 'jan.kowalski@example.com';
export const SERVICE = 'serwis@agromech.example';

export const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;

export function saveResult(name: string, result: unknown): string {
  mkdirSync(resultsDir, { recursive: true });
  const file = resolve(resultsDir, `${name}.json`);
  writeFileSync(file, JSON.stringify(result, null, 2) + '\n');
  return file;
}

export interface ServerOptions {
  name: string;
  port: number;
  databaseUrl: string;
  dataDir: string;
  smtpUrl?: string;
  env?: Record<string, string>;
}

export type ServerProcess = Portal;

/**
 * The real server (bench/support/portal.ts) with the demo data; its output goes to
 * bench/results/faults/<name>.log (appended, so a restarted instance continues the same file).
 */
export function startServer(options: ServerOptions): Promise<ServerProcess> {
  mkdirSync(options.dataDir, { recursive: true });
  return startPortal({
    port: options.port,
    output: { log: resolve(resultsDir, `${options.name}.log`), append: true },
    env: {
      PUBLIC_URL: `http://localhost:${options.port}`,
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      SEED_DEMO_DATA: 'true',
      RATE_LIMIT_IP_FACTOR: '50',
      // One customer writes hundreds of times a minute here: the faults are the subject, not the quotas.
      ...QUOTAS_OFF,
      SMTP_URL: options.smtpUrl ?? '',
      ...options.env,
    },
  });
}

export interface Answer {
  status: number;
  ms: number;
  body: { code?: string; id?: string | number; [key: string]: unknown } | null;
  headers: Headers | null;
  /** A network error or the bench's own time-out (status 0). */
  error?: string;
}

/** One HTTP call with a hard time-out, so a hanging server shows as such instead of stalling the bench. */
export async function call(
  baseUrl: string,
  path: string,
  init: { method?: string; cookie?: string; json?: unknown; parts?: Part[] } = {},
  timeoutMs = 30_000,
): Promise<Answer> {
  const headers: Record<string, string> = {};
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (init.cookie) headers.cookie = init.cookie;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.parts) {
    const form = multipart(init.parts);
    headers['content-type'] = form.contentType;
    // A form's type needs the portal's Origin, as the browser sends it (apps/server/src/plugins/security.ts).
    headers.origin = new URL(baseUrl).origin;
    body = new Uint8Array(form.body);
  }
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method: init.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let parsed: Answer['body'] = null;
    try {
      parsed = text ? (JSON.parse(text) as Answer['body']) : null;
    } catch {
      parsed = null;
    }
    return {
      status: response.status,
      ms: performance.now() - started,
      body: parsed,
      headers: response.headers,
    };
  } catch (error) {
    return {
      status: 0,
      ms: performance.now() - started,
      body: null,
      headers: null,
      error: (error as Error).name === 'TimeoutError' ? 'timeout' : String((error as Error).cause ?? error),
    };
  }
}

export async function signIn(baseUrl: string, email: string): Promise<string> {
  return (await signInPortal(baseUrl, email)).cookie;
}

/** What the demo customer writes to: one of their open service requests, a machine, the form's choices, a part. */
export interface WriteTargets {
  cookie: string;
  serviceRequestId: string;
  machineId: string;
  transportType: string;
  deliveryPlace: string;
  partId: string;
}

export async function writeTargets(baseUrl: string, databaseUrl: string): Promise<WriteTargets> {
  const cookie = await signIn(baseUrl, CUSTOMER);
  const [request] = await query<{ id: string; machine_id: string }>(
    databaseUrl,
    `SELECT sr.id::text, sr.machine_id::text FROM service_requests sr JOIN users u ON u.id = sr.customer_id
     WHERE u.email = $1 AND sr.status NOT IN ('F', 'X', 'U') ORDER BY sr.id LIMIT 1`,
    [CUSTOMER],
  );
  const [part] = await query<{ id: string }>(databaseUrl, 'SELECT id::text FROM parts ORDER BY id LIMIT 1');
  const elements = await call(baseUrl, '/api/service-requests/elements', { cookie });
  const pick = (list: unknown) => (list as { code: string }[])[0]!.code;
  if (!request || !part || elements.status !== 200)
    throw new Error('the demo data has no open service request, no part, or the elements did not load');
  return {
    cookie,
    serviceRequestId: request.id,
    machineId: request.machine_id,
    transportType: pick(elements.body!.transportTypes),
    deliveryPlace: pick(elements.body!.deliveryPlaces),
    partId: part.id,
  };
}

export type WriteKind = 'chat' | 'service-request' | 'offer-request';

export interface Write {
  kind: WriteKind;
  clientId: string;
  answer: Answer;
  /** performance.now() when it was sent. */
  at: number;
}

export interface WriteOptions {
  /** Files sent with a new service request. */
  extraParts?: Part[];
  timeoutMs?: number;
  /** A retry sends the clientId of the first attempt. */
  clientId?: string;
}

/** One real write of the demo customer, identified by a new clientId. */
export async function write(
  baseUrl: string,
  kind: WriteKind,
  targets: WriteTargets,
  { extraParts = [], timeoutMs = 30_000, clientId = randomUUID() }: WriteOptions = {},
): Promise<Write> {
  const at = performance.now();
  const { cookie } = targets;
  let answer: Answer;
  if (kind === 'chat') {
    answer = await call(
      baseUrl,
      '/api/chat/comment',
      {
        cookie,
        json: { serviceRequestId: targets.serviceRequestId, body: `fault bench ${clientId}`, clientId },
      },
      timeoutMs,
    );
  } else if (kind === 'service-request') {
    const fields = {
      machineId: targets.machineId,
      problemDescription: `fault bench ${clientId}`,
      transportType: targets.transportType,
      deliveryPlace: targets.deliveryPlace,
      clientId,
    };
    const parts = Object.entries(fields).map(([name, value]) => ({ name, value }));
    answer = await call(
      baseUrl,
      '/api/service-requests/new-request',
      { cookie, parts: [...parts, ...extraParts] },
      timeoutMs,
    );
  } else {
    answer = await call(
      baseUrl,
      '/api/parts/email',
      {
        cookie,
        json: { items: [{ id: targets.partId, name: 'fault bench', amount: 1 }], note: clientId, clientId },
      },
      timeoutMs,
    );
  }
  return { kind, clientId, answer, at };
}

const TABLE: Record<WriteKind, string> = {
  chat: 'chat_messages',
  'service-request': 'service_requests',
  'offer-request': 'offer_requests',
};

/** Which of these clientIds are in the database, by kind. */
export async function foundClientIds(databaseUrl: string, writes: readonly Write[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const kind of Object.keys(TABLE) as WriteKind[]) {
    const ids = writes.filter((w) => w.kind === kind).map((w) => w.clientId);
    if (ids.length === 0) continue;
    const rows = await query<{ client_id: string }>(
      databaseUrl,
      `SELECT client_id::text FROM ${TABLE[kind]} WHERE client_id = ANY($1::uuid[])`,
      [ids],
    );
    for (const row of rows) found.add(row.client_id);
  }
  return found;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Prints a two-column table of figures. */
export function printFigures(title: string, figures: Record<string, string | number | boolean>): void {
  console.log(`\n${title}`);
  const width = Math.max(...Object.keys(figures).map((k) => k.length));
  for (const [key, value] of Object.entries(figures)) console.log(`  ${key.padEnd(width)}  ${value}`);
}

export class FaultFailure extends Error {}

export function expectThat(ok: boolean, message: string, failures: string[]): void {
  if (!ok) failures.push(message);
}

export interface ServerEvent {
  /** performance.now() when it arrived. */
  at: number;
  type: string;
  data: string;
}

/** A GET api/events stream read as it arrives (server-sent events), until close(). */
export function openEvents(baseUrl: string, cookie: string): { events: ServerEvent[]; close(): void } {
  const events: ServerEvent[] = [];
  const controller = new AbortController();
  void (async () => {
    try {
      const response = await fetch(`${baseUrl}/api/events`, {
        headers: { cookie },
        signal: controller.signal,
      });
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) =>
            block
              .split('\n')
              .filter((line) => line.startsWith(`${name}:`))
              .map((line) => line.slice(name.length + 1).trim())
              .join('\n');
          if (field('event'))
            events.push({ at: performance.now(), type: field('event'), data: field('data') });
        }
      }
    } catch {
      // closed, or the server went away
    }
  })();
  return { events, close: () => controller.abort() };
}
