import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { databaseUrl, repoRoot, resultsDir } from './config.ts';

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  /** Resident set size of the server process now, in MB. */
  rssMb(): number;
  /** process.memoryUsage() of the server, asked over IPC (only with `memoryProbe`; null otherwise or on no answer). */
  memory(): Promise<NodeJS.MemoryUsage | null>;
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** Variables set on top of the bench's defaults (e.g. SMTP_URL, RATE_LIMIT_IP_FACTOR). */
  env?: Record<string, string>;
  /** Preloads bench/mix-memory-probe.ts, which answers `memory()` over an IPC channel (nothing else changes). */
  memoryProbe?: boolean;
}

/**
 * Starts the real server (apps/server/src/server.ts, as `npm start` does) on loopback against care_bench, in
 * production mode: production's cookie (`__Host-`, Secure) is only a browser's concern, the bench sends it
 * back over http all the same. Logs at warn, so the figures do not include writing a line per request.
 * RATE_LIMIT_IP_FACTOR lets the bench's ~100 sign-ins come from one address, and the QUOTA_* settings are raised:
 * nothing it measures is limited.
 */
export async function startServer(port: number, options: ServerOptions = {}): Promise<ServerProcess> {
  const dataDir = resolve(resultsDir, 'data');
  mkdirSync(dataDir, { recursive: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(
    resolve(repoRoot, 'node_modules/.bin/node'),
    [
      '--disable-warning=ExperimentalWarning',
      ...(options.memoryProbe
        ? ['--import', pathToFileURL(resolve(repoRoot, 'bench/mix-memory-probe.ts')).href]
        : []),
      resolve(repoRoot, 'apps/server/src/server.ts'),
    ],
    {
      cwd: repoRoot,
      stdio: options.memoryProbe ? ['ignore', 'inherit', 'inherit', 'ipc'] : ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: `http://localhost:${port}`,
        DATABASE_URL: databaseUrl(),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SEED_DEMO_DATA: 'false',
        RATE_LIMIT_IP_FACTOR: '20',
        // A few dozen bench users send what thousands of people would: per-user quotas would turn that into 429s.
        QUOTA_CHAT_MESSAGES_PER_MINUTE: '100000',
        QUOTA_OFFER_REQUESTS_PER_MINUTE: '100000',
        QUOTA_UPLOAD_MB_PER_DAY: '10000',
        ...options.env,
      },
    },
  );
  await waitUntilReady(child, baseUrl);
  return {
    baseUrl,
    pid: child.pid!,
    rssMb: () => rssMb(child.pid!),
    memory: () => askMemory(child),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function waitUntilReady(child: ChildProcess, baseUrl: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  child.kill('SIGTERM');
  throw new Error('the server did not become ready within 60 s');
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

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}
