import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { repoRoot } from './config.ts';

export interface DemoPortal {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * The built portal as `npm start` serves it (production mode: compressed assets, caching) on PGlite with the demo
 * data in a temporary folder, on loopback — for the browser-side benches (lighthouse, ssr-flood). Build the web app
 * first. `env` is set on top (e.g. DATABASE_URL=memory://, TRUST_PROXY).
 */
export async function startDemoPortal(port: number, env: Record<string, string> = {}): Promise<DemoPortal> {
  const dataDir = mkdtempSync(join(tmpdir(), 'care-demo-portal-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
  };
  delete childEnv.DATABASE_URL;
  const child = spawn(
    resolve(repoRoot, 'node_modules/.bin/node'),
    ['--disable-warning=ExperimentalWarning', resolve(repoRoot, 'apps/server/src/server.ts')],
    { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'], env: { ...childEnv, ...env } },
  );
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the portal exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the portal did not become ready in 2 minutes');
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  return {
    baseUrl,
    async stop() {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** GET `url` as JSON; anything but 2xx throws. */
export async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}
