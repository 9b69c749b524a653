import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildToolsInstalled, decide, inputsOf, outputsOf, type Stamp } from './web-build.ts';

/** A repository with the files the web build reads and writes, small. */
const FILES: Record<string, string> = {
  'apps/web/src/app/router.tsx': 'export const routes = [];',
  'apps/web/src/features/account/components/address-form.tsx': 'export function AddressForm() {}',
  'apps/web/public/locales/lang/validation/pl.json': '{"form": {}}',
  'apps/web/index.html': '<div id="root"></div>',
  'apps/web/vite.config.ts': 'export default {};',
  'apps/web/postcss.config.cjs': 'module.exports = {};',
  'apps/web/package.json': '{"name": "@care/web"}',
  'packages/contract/src/user.ts': 'export const AddressSchema = 1;',
  'packages/contract/package.json': '{"name": "@care/contract"}',
  'package.json': '{"name": "care-portal"}',
  'package-lock.json': '{"lockfileVersion": 3}',
  'node_modules/.package-lock.json': '{"packages": {"node_modules/vite": {"version": "8.3.8"}}}',
  'tsconfig.base.json': '{}',
  'apps/web/dist/index.html': '<script src="./assets/index-abc.js"></script>',
  'apps/web/dist-ssr/entry-server.js': 'export function render() {}',
};

const ENV = { nodeVersion: 'v24.21.0', nodeEnv: undefined };

let root: string;
const write = (path: string, content: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
};
const current = () => ({ inputs: inputsOf(root, ENV), outputs: outputsOf(root) });
const stampOfNow = (): Stamp => ({
  ...current(),
  outputs: outputsOf(root)!,
  builtAt: '2026-11-26T20:00:00Z',
});

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'web-build-'));
  for (const [path, content] of Object.entries(FILES)) write(path, content);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('whether npm start builds the web app', () => {
  it('skips the build when nothing changed since the recorded one', () => {
    expect(decide(stampOfNow(), current())).toEqual({ build: false });
  });

  it('builds when there is no build, or no record of it', () => {
    const stamp = stampOfNow();
    expect(decide(null, current())).toMatchObject({ build: true });
    rmSync(join(root, 'apps/web/dist-ssr'), { recursive: true });
    expect(decide(stamp, current())).toEqual({ build: true, reason: 'there is no build yet' });
  });

  it.each([
    ['a source file', 'apps/web/src/features/account/components/address-form.tsx'],
    ['a translation', 'apps/web/public/locales/lang/validation/pl.json'],
    ['the page', 'apps/web/index.html'],
    ['the Vite configuration', 'apps/web/vite.config.ts'],
    ['the PostCSS configuration', 'apps/web/postcss.config.cjs'],
    ["the web app's dependencies", 'apps/web/package.json'],
    ['the contract', 'packages/contract/src/user.ts'],
    ['the lockfile', 'package-lock.json'],
    ['the installed packages', 'node_modules/.package-lock.json'],
    ['the TypeScript configuration', 'tsconfig.base.json'],
  ])('builds when %s changed', (_what, path) => {
    const stamp = stampOfNow();
    write(path, `${FILES[path]} `);
    expect(decide(stamp, current())).toEqual({
      build: true,
      reason: 'its sources, settings or dependencies changed',
    });
  });

  it('builds when a source file is added, removed or renamed', () => {
    const stamp = stampOfNow();
    write('apps/web/src/features/account/components/postal-code-hint.tsx', '');
    expect(decide(stamp, current())).toMatchObject({ build: true });
    rmSync(join(root, 'apps/web/src/features/account/components/postal-code-hint.tsx'));
    expect(decide(stamp, current())).toEqual({ build: false });
    rmSync(join(root, 'apps/web/src/app/router.tsx'));
    write('apps/web/src/app/routes.tsx', FILES['apps/web/src/app/router.tsx']!);
    expect(decide(stamp, current())).toMatchObject({ build: true });
  });

  it('builds on another Node version or NODE_ENV', () => {
    const stamp = stampOfNow();
    expect(
      decide(stamp, { ...current(), inputs: inputsOf(root, { ...ENV, nodeVersion: 'v24.22.0' }) }),
    ).toMatchObject({
      build: true,
    });
    expect(
      decide(stamp, { ...current(), inputs: inputsOf(root, { ...ENV, nodeEnv: 'development' }) }),
    ).toMatchObject({
      build: true,
    });
  });

  it('builds when the build was replaced by one the stamp does not describe', () => {
    const stamp = stampOfNow();
    write('apps/web/dist/index.html', '<script src="./assets/index-def.js"></script>');
    expect(decide(stamp, current())).toEqual({
      build: true,
      reason: 'the build was changed since it was recorded',
    });
  });

  it('does not build for a touched file, nor for what the build itself writes', () => {
    const stamp = stampOfNow();
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'apps/web/src/app/router.tsx'), later, later);
    write('apps/web/dist/assets/index-abc.js', 'console.log(1)');
    write('apps/web/node_modules/.vite/deps/_metadata.json', '{}');
    write('packages/contract/node_modules/.cache/x', '1');
    expect(decide(stamp, current())).toEqual({ build: false });
  });
});

describe('a production install', () => {
  it('is one without Vite, hoisted or in the web app', () => {
    expect(buildToolsInstalled(root)).toBe(false);
    write('apps/web/node_modules/vite/package.json', '{"name": "vite"}');
    expect(buildToolsInstalled(root)).toBe(true);
    rmSync(join(root, 'apps/web/node_modules'), { recursive: true });
    write('node_modules/vite/package.json', '{"name": "vite"}');
    expect(buildToolsInstalled(root)).toBe(true);
  });
});
