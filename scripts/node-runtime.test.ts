import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/*
 * The project runs on the Node of its `node` dev dependency (npm scripts put node_modules/.bin first on PATH); the
 * machine's Node (20 or newer, README) only runs npm. npm compares every package's `engines` with the machine's
 * Node, so on Node 20 it warned about packages that never run there, and .npmrc hides its warnings (issue 14).
 * These tests make the check npm cannot: each package against the Node that does run it.
 */

const root = resolve(import.meta.dirname, '..');
interface LockedPackage {
  version?: string;
  engines?: unknown;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
}
const lock = JSON.parse(readFileSync(resolve(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockedPackage>;
};
const runtime = lock.packages['node_modules/node']?.version;

/**
 * Whether npm installs the package on this machine's system: a prebuilt binary for another one (sharp's
 * `@img/sharp-win32-ia32`, say, which wants Node 20) is an optional package npm skips here and in production.
 */
const installsHere = ({ os, cpu }: LockedPackage) =>
  (!os || os.includes(process.platform)) && (!cpu || cpu.includes(process.arch));

/** A package's Node range: `engines.node` (some old packages write engines as an array; those name none). */
const nodeRange = (engines: unknown) =>
  typeof engines === 'object' && engines !== null && !Array.isArray(engines)
    ? (engines as { node?: unknown }).node
    : undefined;

describe('the Node the project runs on', () => {
  it('is locked as the node dev dependency', () => {
    const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    expect(runtime).toBeDefined();
    expect(semver.satisfies(runtime!, manifest.devDependencies.node!)).toBe(true);
  });

  it('runs the npm scripts, these tests included', () => {
    expect(process.versions.node).toBe(runtime);
  });

  it('is one every installed package accepts', () => {
    const refusing = Object.entries(lock.packages).flatMap(([path, locked]) => {
      const range = nodeRange(locked.engines);
      if (!installsHere(locked) || typeof range !== 'string' || semver.satisfies(runtime!, range)) return [];
      return [`${path.replace(/^.*node_modules\//, '')}@${locked.version} wants Node ${range}`];
    });
    expect(refusing, `packages that do not support Node ${runtime}`).toEqual([]);
  });
});

describe('engines', () => {
  const manifests = [
    'package.json',
    'apps/server/package.json',
    'apps/web/package.json',
    'packages/contract/package.json',
  ];
  const engines = manifests.map((path) => {
    const manifest = JSON.parse(readFileSync(resolve(root, path), 'utf8')) as { engines?: unknown };
    return { path, range: nodeRange(manifest.engines) };
  });
  const range = engines[0]!.range as string;

  it('name one Node range in the root and every workspace', () => {
    expect(typeof range).toBe('string');
    expect(engines.filter((engine) => engine.range !== range)).toEqual([]);
  });

  it('take in the Node the project runs on, and only Node 24 or newer', () => {
    expect(semver.satisfies(runtime!, range)).toBe(true);
    expect(semver.minVersion(range)!.major).toBeGreaterThanOrEqual(24);
  });

  it('promise no Node a production dependency refuses', () => {
    const refusing = Object.entries(lock.packages).flatMap(([path, locked]) => {
      const theirs = nodeRange(locked.engines);
      if (
        (locked as { dev?: boolean }).dev ||
        !installsHere(locked) ||
        typeof theirs !== 'string' ||
        semver.subset(range, theirs)
      )
        return [];
      return [`${path.replace(/^.*node_modules\//, '')}@${locked.version} wants Node ${theirs}`];
    });
    expect(refusing, `production dependencies that refuse part of ${range}`).toEqual([]);
  });
});
