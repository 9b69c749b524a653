import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { databaseUrl, repoRoot, resultsDir } from './config.ts';

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  /** Resident set size of the server process now, in MB. */
  rssMb(): number;
  stop(): Promise<void>;
}

/**
 * Starts the real server (apps/server/src/server.ts, as `npm start` does) on loopback against care_bench, in
 * production mode: production's cookie (`__Host-`, Secure) is only a browser's concern, the bench sends it
 * back over http all the same. Logs at warn, so the figures do not include writing a line per request.
 * RATE_LIMIT_IP_FACTOR lets the bench's ~100 sign-ins come from one address; nothing it measures is limited.
 */
export async function startServer(port: number): Promise<ServerProcess> {
  const dataDir = resolve(resultsDir, 'data');
  mkdirSync(dataDir, { recursive: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(
    resolve(repoRoot, 'node_modules/.bin/node'),
    ['--disable-warning=ExperimentalWarning', resolve(repoRoot, 'apps/server/src/server.ts')],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'inherit', 'inherit'],
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
      },
    },
  );
  await waitUntilReady(child, baseUrl);
  return {
    baseUrl,
    pid: child.pid!,
    rssMb: () => rssMb(child.pid!),
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

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}
