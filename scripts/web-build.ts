/**
 * Builds the web app (apps/web: `vite build` and the server-rendering bundle) unless the last build was made from
 * the same inputs (issue 14: every `npm start` spent 34 s rebuilding an unchanged app).
 *
 *   node scripts/web-build.ts           build only when the inputs changed (npm start)
 *   node scripts/web-build.ts --always  build anyway (npm run build)
 *
 * Inputs are everything under apps/web but its outputs and node_modules (sources, translations, index.html, the
 * Vite, PostCSS and TypeScript configurations), the contract it imports, the root configuration, the lockfile and
 * the tree npm actually installed, plus the Node version and NODE_ENV. Their content is hashed: a change of any
 * byte rebuilds, a `touch` or a checkout of the same content does not. The stamp also holds a hash of the outputs,
 * so a build made some other way (`vite build` by hand) is never taken for the one the stamp describes.
 *
 * A production install (`npm ci --omit=dev`) has no build tools: the web app was built before deployment and
 * shipped with the release (docs/operations.md, "Install"). There it builds nothing and checks that the build is
 * present; without one it stops, saying how to make it.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export interface Stamp {
  /** Hash of the build's inputs when it was made. */
  inputs: string;
  /** Hash of what it produced. */
  outputs: string;
  builtAt: string;
}

export type Decision = { build: false } | { build: true; reason: string };

/** Folders of apps/web that are not inputs: what the build writes, and installed packages (the lockfiles count). */
const NOT_INPUTS = new Set(['node_modules', 'dist', 'dist-ssr']);

/** Files that decide the web build besides apps/web itself, relative to the repository root. */
const ROOT_INPUTS = [
  'packages/contract',
  'package.json',
  'package-lock.json',
  // What `npm ci` / `npm install` really put into node_modules, which a lockfile alone does not prove.
  'node_modules/.package-lock.json',
  'tsconfig.base.json',
];

/** What the server serves and loads: a build without them is no build. */
const OUTPUTS = ['apps/web/dist/index.html', 'apps/web/dist-ssr/entry-server.js'];

export const stampPath = (root: string) => join(root, 'node_modules/.cache/care-portal/web-build.json');

function filesUnder(path: string, skip: ReadonlySet<string>): string[] {
  let entries;
  try {
    entries = readdirSync(path, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return [path];
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => !skip.has(entry.name))
    .flatMap((entry) =>
      entry.isDirectory() ? filesUnder(join(path, entry.name), skip) : [join(path, entry.name)],
    );
}

function hashFiles(root: string, files: string[]): string {
  const hash = createHash('sha256');
  for (const file of files.map((path) => relative(root, path)).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The hash of every input of the web build under `root` (the repository) and of the environment it ran in. */
export function inputsOf(root: string, env: { nodeVersion: string; nodeEnv: string | undefined }): string {
  const files = [
    ...filesUnder(join(root, 'apps/web'), NOT_INPUTS),
    ...ROOT_INPUTS.flatMap((path) => filesUnder(join(root, path), new Set(['node_modules']))),
  ];
  return createHash('sha256')
    .update(`${hashFiles(root, files)}\0node ${env.nodeVersion}\0NODE_ENV ${env.nodeEnv ?? ''}`)
    .digest('hex');
}

/** The hash of the build's outputs, or null when one is missing. */
export function outputsOf(root: string): string | null {
  const files = OUTPUTS.map((path) => join(root, path));
  try {
    return hashFiles(root, files);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Whether Vite, which builds the web app, is installed: not in a production install (`npm ci --omit=dev`). */
export const buildToolsInstalled = (root: string) =>
  ['node_modules/vite/package.json', 'apps/web/node_modules/vite/package.json'].some((path) =>
    existsSync(join(root, path)),
  );

/** Whether to build: only a stamp of these very inputs, over the outputs that are there now, spares the build. */
export function decide(stamp: Stamp | null, current: { inputs: string; outputs: string | null }): Decision {
  if (current.outputs === null) return { build: true, reason: 'there is no build yet' };
  if (stamp === null) return { build: true, reason: 'the build was not recorded' };
  if (stamp.outputs !== current.outputs)
    return { build: true, reason: 'the build was changed since it was recorded' };
  if (stamp.inputs !== current.inputs)
    return { build: true, reason: 'its sources, settings or dependencies changed' };
  return { build: false };
}

export function readStamp(root: string): Stamp | null {
  try {
    const stamp = JSON.parse(readFileSync(stampPath(root), 'utf8')) as Partial<Stamp>;
    return typeof stamp.inputs === 'string' && typeof stamp.outputs === 'string' ? (stamp as Stamp) : null;
  } catch {
    return null;
  }
}

function main(): void {
  const root = resolve(import.meta.dirname, '..');
  if (!buildToolsInstalled(root)) {
    // A production install: the release brought the build, made where the full install is.
    if (outputsOf(root) !== null && !process.argv.includes('--always')) {
      console.log('Production install: serving the web app built for the release.');
      return;
    }
    console.error(
      'Cannot build the web app: this install has no build tools (npm ci --omit=dev). Build it where the full' +
        ' install is (npm ci && npm run build) and ship apps/web/dist and apps/web/dist-ssr with the release' +
        ' (docs/operations.md, "Install").',
    );
    process.exit(1);
  }
  const env = { nodeVersion: process.version, nodeEnv: process.env.NODE_ENV };
  const inputs = inputsOf(root, env);
  const decision = process.argv.includes('--always')
    ? { build: true, reason: 'asked for' }
    : decide(readStamp(root), { inputs, outputs: outputsOf(root) });
  if (!decision.build) {
    console.log('Web app unchanged since its last build: not rebuilding.');
    return;
  }
  console.log(`Building the web app: ${decision.reason}.`);
  const built = spawnSync('npm', ['run', 'build', '-w', '@care/web'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
  const outputs = outputsOf(root);
  if (outputs === null) throw new Error(`The build did not produce ${OUTPUTS.join(' and ')}`);
  // The inputs as they were before the build: a file edited while it ran makes the next start build again.
  const stamp: Stamp = { inputs, outputs, builtAt: new Date().toISOString() };
  mkdirSync(dirname(stampPath(root)), { recursive: true });
  writeFileSync(stampPath(root), `${JSON.stringify(stamp, null, 2)}\n`);
}

if (import.meta.main) main();
