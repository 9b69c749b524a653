import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { databaseUrl, repoRoot, resultsDir } from './config.ts';

/**
 * The one way the benches start a portal and sign in: the real server (apps/server/src/server.ts, as `npm start`
 * runs it) in production mode on loopback, and POST /auth/login as the web app sends it. Production's cookie
 * (`__Host-`, Secure) is only a browser's concern: the benches send it back over http all the same.
 */

/** The demo data's password (apps/server/src/db/seed/accounts.ts), seeded with SEED_DEMO_DATA=true. */
export const DEMO_PASSWORD = 'Zniwa-2026-demo';

/** A few bench users send what thousands of people would: per-user quotas would turn that into 429s. */
export const QUOTAS_OFF: Record<string, string> = {
  QUOTA_CHAT_MESSAGES_PER_MINUTE: '100000',
  QUOTA_OFFER_REQUESTS_PER_MINUTE: '100000',
  QUOTA_UPLOAD_MB_PER_DAY: '10000',
};

export interface PortalOptions {
  port: number;
  /** Set on top of the defaults (production, loopback, LOG_LEVEL=warn); `undefined` removes a variable. */
  env?: Record<string, string | undefined>;
  /**
   * Where the server's output goes: the bench's own terminal (default), only its stderr there, or a log file
   * (appended with `append`, so a restarted instance continues the same file).
   */
  output?: 'inherit' | 'stderr' | { log: string; append?: boolean };
  /**
   * Preloads bench/load/mix-probe.ts, which answers `memory()` and `ask()` over an IPC channel (memory, CPU
   * profiles, traced statements; nothing else changes).
   */
  probe?: boolean;
  /** Node options before the server's script (e.g. a heap limit), as the production start command passes them. */
  nodeOptions?: string[];
  readyWithinMs?: number;
}

export interface Portal {
  baseUrl: string;
  pid: number;
  child: ChildProcess;
  /** Settles when the process exits, with its code or signal. */
  exited: Promise<string>;
  hasExited(): boolean;
  /** Resident set size of the server process now, in MB. */
  rssMb(): number;
  /** process.memoryUsage() of the server, asked over IPC (only with `probe`; null otherwise or on no answer). */
  memory(): Promise<NodeJS.MemoryUsage | null>;
  /** Sends `message` to the probe and answers the first reply that has `key` (only with `probe`). */
  ask<T>(message: object, key: string, timeoutMs?: number): Promise<T>;
  stop(): Promise<void>;
  kill9(): Promise<void>;
}

/** The V8 limits apps/server's `npm start` gives an instance (its heap), so a bench measures what production runs. */
export function productionNodeOptions(): string[] {
  const { scripts } = JSON.parse(readFileSync(resolve(repoRoot, 'apps/server/package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return scripts.start.split(/\s+/).filter((word) => /^--max-[a-z-]+-size=\d+$/.test(word));
}

/** Starts the server and answers once GET /readyz is 200; throws if it exits first or is not ready in time. */
export async function startPortal(options: PortalOptions): Promise<Portal> {
  const { port, output = 'inherit', readyWithinMs = 90_000 } = options;
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
  };
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  const toFile = typeof output === 'object';
  const child = spawn(
    resolve(repoRoot, 'node_modules/.bin/node'),
    [
      '--disable-warning=ExperimentalWarning',
      ...(options.nodeOptions ?? []),
      ...(options.probe
        ? ['--import', pathToFileURL(resolve(repoRoot, 'bench/load/mix-probe.ts')).href]
        : []),
      resolve(repoRoot, 'apps/server/src/server.ts'),
    ],
    {
      cwd: repoRoot,
      stdio: [
        'ignore',
        toFile ? 'pipe' : output === 'stderr' ? 'ignore' : 'inherit',
        toFile ? 'pipe' : 'inherit',
        ...(options.probe ? (['ipc'] as const) : []),
      ],
      env,
    },
  );
  if (toFile) {
    mkdirSync(dirname(output.log), { recursive: true });
    const log = createWriteStream(output.log, { flags: output.append ? 'a' : 'w' });
    child.stdout!.pipe(log, { end: false });
    child.stderr!.pipe(log, { end: false });
  }
  let exitedWith: string | null = null;
  const exited = new Promise<string>((done) =>
    child.once('exit', (code, signal) => {
      exitedWith = signal ?? `code ${code}`;
      done(exitedWith);
    }),
  );
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (exitedWith !== null)
      throw new Error(
        `the server exited (${exitedWith}) before it was ready${toFile ? `, see ${output.log}` : ''}`,
      );
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become ready within ${readyWithinMs / 1000} s`);
    }
    await sleep(200);
  }
  const signal = async (name: NodeJS.Signals) => {
    if (exitedWith !== null) return;
    child.kill(name);
    await exited;
  };
  return {
    baseUrl,
    pid: child.pid!,
    child,
    exited,
    hasExited: () => exitedWith !== null,
    rssMb: () => rssMb(child.pid!),
    memory: () => askMemory(child),
    ask: (message, key, timeoutMs) => askProbe(child, message, key, timeoutMs),
    stop: () => signal('SIGTERM'),
    kill9: () => signal('SIGKILL'),
  };
}

/**
 * The built portal on PGlite with the demo data in a temporary folder (removed on stop) — for the browser-side
 * benches (lighthouse, long-tasks, ssr-flood) and the security scan. Build the web app first.
 */
export async function startDemoPortal(
  port: number,
  options: Omit<PortalOptions, 'port'> = {},
): Promise<Portal> {
  const dataDir = mkdtempSync(join(tmpdir(), 'care-demo-portal-'));
  const portal = await startPortal({
    output: 'stderr',
    readyWithinMs: 120_000,
    ...options,
    port,
    env: {
      DATABASE_URL: undefined,
      SMTP_URL: undefined,
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'true',
      ...options.env,
    },
  }).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    ...portal,
    async stop() {
      await portal.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The server against care_bench (the load and the mix): no demo data, LOG_LEVEL=warn so the figures do not
 * include writing a line per request, RATE_LIMIT_IP_FACTOR=20 so the bench's ~100 sign-ins may come from one
 * address, and the per-user quotas off: nothing it measures is limited.
 */
export function startBenchServer(
  port: number,
  options: Pick<PortalOptions, 'env' | 'probe' | 'nodeOptions'> = {},
): Promise<Portal> {
  const dataDir = resolve(resultsDir, 'data');
  mkdirSync(dataDir, { recursive: true });
  return startPortal({
    port,
    probe: options.probe,
    nodeOptions: options.nodeOptions,
    readyWithinMs: 60_000,
    env: {
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: databaseUrl(),
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'false',
      RATE_LIMIT_IP_FACTOR: '20',
      ...QUOTAS_OFF,
      ...options.env,
    },
  });
}

export interface Session {
  /** `name=value`, to send back as the Cookie header. */
  cookie: string;
  /** The whole Set-Cookie header the sign-in answered (its attributes too). */
  setCookie: string;
}

/** Signs in through POST /auth/login like the web app; throws unless it answers 200 with a session cookie. */
export async function signIn(baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<Session> {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(baseUrl).origin },
    body: JSON.stringify({ username: email, password, remember: false }),
    signal: AbortSignal.timeout(30_000),
  });
  const setCookie = response.headers.getSetCookie()[0];
  if (response.status !== 200 || !setCookie)
    throw new Error(`sign-in of ${email}: ${response.status} ${await response.text()}`);
  return { cookie: setCookie.split(';')[0]!, setCookie };
}

/** GET `url` as JSON (with `cookie` when given); anything but 2xx throws. */
export async function getJson<T>(url: string, cookie?: string): Promise<T> {
  const response = await fetch(url, { headers: cookie ? { cookie } : {} });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return (await response.json()) as T;
}

function askMemory(child: ChildProcess): Promise<NodeJS.MemoryUsage | null> {
  if (!child.connected) return Promise.resolve(null);
  return new Promise((done) => {
    const timer = setTimeout(() => finish(null), 2000);
    const onMessage = (message: unknown) => {
      if (typeof message === 'object' && message !== null && 'memory' in message)
        finish(message.memory as NodeJS.MemoryUsage);
    };
    function finish(value: NodeJS.MemoryUsage | null) {
      clearTimeout(timer);
      child.off('message', onMessage);
      done(value);
    }
    child.on('message', onMessage);
    child.send('memory');
  });
}

function askProbe<T>(child: ChildProcess, message: object, key: string, timeoutMs = 60_000): Promise<T> {
  if (!child.connected) return Promise.reject(new Error('the server has no probe channel'));
  return new Promise((done, fail) => {
    const timer = setTimeout(() => finish(new Error(`the probe did not answer ${key} in time`)), timeoutMs);
    const onMessage = (reply: unknown) => {
      if (typeof reply !== 'object' || reply === null) return;
      if ('probeError' in reply) finish(new Error(`probe: ${String(reply.probeError)}`));
      else if (key in reply) finish(null, (reply as Record<string, T>)[key]);
    };
    function finish(error: Error | null, value?: T) {
      clearTimeout(timer);
      child.off('message', onMessage);
      if (error) fail(error);
      else done(value as T);
    }
    child.on('message', onMessage);
    child.send(message);
  });
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}
