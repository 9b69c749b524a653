/**
 * The production install, proven the way an operator makes it (issue 16, docs/operations.md "Install"), in a
 * temporary directory that is removed afterwards:
 *
 *   1. the release: this checkout's files (tracked and new, not ignored) and the web build (apps/web/dist and
 *      dist-ssr, made by `npm run build` beforehand);
 *   2. `npm ci --omit=dev`, with the Node 24 that runs this script first on PATH, as an operator's Node 24 would be;
 *      none of the packages that only build, test or measure the portal may be installed;
 *   3. the documented start command, `npm start`, with NODE_ENV=production and the demo data on an embedded PGlite;
 *   4. /healthz, /readyz, an /api/ answer, the app at /, one of its scripts, and a public catalogue page rendered
 *      by the server with the database's folders;
 *
 * then stops the server (its whole process group) and prints the install's size.
 *
 *   node scripts/production-install.ts        after npm run build; PRODUCTION_INSTALL_PORT (default 3190)
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Packages that build, test or measure the portal: a production install has none of them (the lockfile is held to
 * the same list by scripts/production-dependencies.test.ts).
 */
export const NOT_FOR_PRODUCTION = [
  'react',
  'react-dom',
  '@mantine/core',
  '@tabler/icons-react',
  'recharts',
  'vite',
  'typescript',
  'lighthouse',
  'puppeteer-core',
  '@playwright/test',
  'playwright-core',
  '@axe-core/playwright',
  'axe-core',
  'autocannon',
  'eslint',
  'prettier',
  'vitest',
  'node',
  'drizzle-kit',
  'oidc-provider',
  'fast-check',
];

const root = resolve(import.meta.dirname, '..');
const port = Number(process.env.PRODUCTION_INSTALL_PORT ?? 3190);
const origin = `http://127.0.0.1:${port}`;
const started = Date.now();
const log = (line: string) =>
  console.log(`[production install ${Math.round((Date.now() - started) / 1000)}s] ${line}`);

/** The environment of an operator's shell: none of the npm run's variables, no node_modules/.bin on PATH. */
function operatorEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^npm_|^INIT_CWD$|^NODE_ENV$|^PORT$|^HOST$/i.test(name)),
  );
  const path = (process.env.PATH ?? '').split(delimiter).filter((entry) => !entry.includes('node_modules'));
  return { ...env, PATH: [dirname(process.execPath), ...path].join(delimiter), ...extra };
}

/** What a release holds: the files git would commit, and the web build. */
function copyRelease(target: string): void {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(root, file))) continue; // deleted in the working tree
    mkdirSync(dirname(join(target, file)), { recursive: true });
    cpSync(join(root, file), join(target, file));
  }
  for (const build of ['apps/web/dist', 'apps/web/dist-ssr']) {
    if (!existsSync(join(root, build))) throw new Error(`${build} is missing: run npm run build first`);
    cpSync(join(root, build), join(target, build), { recursive: true });
  }
}

function installedPackages(target: string): string[] {
  const lock = JSON.parse(readFileSync(join(target, 'node_modules/.package-lock.json'), 'utf8')) as {
    packages: Record<string, { link?: boolean }>;
  };
  return Object.entries(lock.packages)
    .filter(([path, entry]) => path.includes('node_modules/') && !entry.link)
    .map(([path]) => path.replace(/^.*node_modules\//, ''));
}

async function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${origin}${path}`, { headers, signal: AbortSignal.timeout(15_000), redirect: 'manual' });
}

function check(condition: unknown, what: string): asserts condition {
  if (!condition) throw new Error(`check failed: ${what}`);
  log(`ok: ${what}`);
}

async function waitUntilReady(server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error(`the server exited (${server.exitCode ?? server.signalCode}) before it was ready`);
    try {
      if ((await get('/readyz')).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error('the server was not ready within 120 s');
}

async function checkServer(): Promise<void> {
  const health = await get('/healthz');
  check(health.status === 200 && (await health.json()).status === 'ok', '/healthz answers 200 ok');
  const ready = await get('/readyz');
  check(
    ready.status === 200 && (await ready.json()).database === 'ok',
    '/readyz answers 200 with the database ok',
  );
  const brand = await get('/api/brand');
  check(brand.status === 200 && typeof (await brand.json()).name === 'string', '/api/brand answers');

  const app = await get('/');
  const page = await app.text();
  check(
    app.status === 200 && page.includes('window.__PORTAL_CONFIG__'),
    '/ serves the app with its configuration',
  );
  // The entry is a script's src, or (on the server-rendered sign-in page) the last chunk of the loader's list.
  const script = /["']([^"']*assets\/index-[^"']+\.js)["']/.exec(page)?.[1];
  const asset = script ? await get(script.startsWith('/') ? script : `/${script}`) : null;
  check(
    asset?.status === 200 && asset.headers.get('content-type')?.includes('javascript'),
    `the app's script ${script} is served`,
  );

  const folders = (await (await get('/api/catalog-folders')).json()) as {
    name: { values: Record<string, string> };
  }[];
  check(folders.length > 0, `/api/catalog-folders lists ${folders.length} folders`);
  const catalogue = await get('/parts-catalog-public/catalog-folders');
  const rendered = /<div id="root">([\s\S]*)/.exec(await catalogue.text())?.[1] ?? '';
  const names = Object.values(folders[0]!.name.values);
  check(
    catalogue.status === 200 && rendered.includes('<h1') && names.some((name) => rendered.includes(name)),
    `the public catalogue is rendered by the server, with its folder "${names.join('" / "')}"`,
  );
}

/** Stops the server's process group (npm, its shells, node) and waits until none of it is left. */
async function stop(server: ChildProcess): Promise<void> {
  const group = -server.pid!;
  const signal = (name: NodeJS.Signals | 0) => {
    try {
      process.kill(group, name);
      return true;
    } catch {
      return false; // ESRCH: nothing left
    }
  };
  if (!signal('SIGTERM')) return;
  for (let waited = 0; waited < 20_000 && signal(0); waited += 250) await sleep(250);
  if (signal('SIGKILL')) {
    log('the server did not stop within 20 s of SIGTERM: killed');
    await sleep(500);
  }
}

async function main(): Promise<void> {
  const taken = await get('/healthz').then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is taken: set PRODUCTION_INSTALL_PORT`);
  const target = mkdtempSync(join(tmpdir(), 'care-production-install-'));
  let server: ChildProcess | null = null;
  const serverLog = join(target, 'server.log');
  try {
    copyRelease(target);
    log(`release copied to ${target}; npm ci --omit=dev on Node ${process.version}`);
    const install = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], {
      cwd: target,
      env: operatorEnv({}),
      stdio: 'inherit',
      timeout: 150_000,
    });
    if (install.status !== 0)
      throw new Error(`npm ci --omit=dev failed (${install.status ?? install.signal})`);

    const packages = installedPackages(target);
    const unwanted = packages.filter((name) => NOT_FOR_PRODUCTION.includes(name));
    check(
      unwanted.length === 0,
      `none of ${NOT_FOR_PRODUCTION.length} build, test and measuring packages installed` +
        (unwanted.length ? ` (installed: ${[...new Set(unwanted)].join(', ')})` : ''),
    );
    const size = spawnSync('du', ['-sk', join(target, 'node_modules')], { encoding: 'utf8' }).stdout.split(
      '\t',
    )[0];
    log(`node_modules: ${packages.length} packages, ${Math.round(Number(size) / 1024)} MB`);

    const output = openSync(serverLog, 'a');
    server = spawn('npm', ['start'], {
      cwd: target,
      detached: true, // its own process group, stopped as one
      stdio: ['ignore', output, output],
      env: operatorEnv({
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: join(target, 'data'),
        SEED_DEMO_DATA: 'true',
        LOG_LEVEL: 'warn',
      }),
    });
    const exited = once(server, 'exit');
    await waitUntilReady(server);
    log(`ready on ${origin}`);
    await checkServer();
    await stop(server);
    await exited;
    log('stopped');
  } catch (error) {
    if (existsSync(serverLog)) console.error(`server log:\n${readFileSync(serverLog, 'utf8').slice(-6000)}`);
    throw error;
  } finally {
    if (server) await stop(server);
    rmSync(target, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
