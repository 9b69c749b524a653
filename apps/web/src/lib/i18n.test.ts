import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18nOptions } from './i18n.ts';

const SRC = join(import.meta.dirname, '..');
const LOADED_AT_START = new Set([i18nOptions.ns ?? []].flat());

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const namesIn = (list: string) => [...list.matchAll(/'([a-z-]+)'/g)].map((match) => match[1]!);

/** Every useTranslation(…) of a file: the namespaces it names and whether it opts out of Suspense. */
function translationHooks(source: string) {
  return [...source.matchAll(/useTranslation\(([^)]*)\)/g)].map(([, args = '']) => ({
    namespaces: args.trim() === '' ? ['common'] : namesIn(args.split('{')[0]!),
    suspends: !/useSuspense:\s*false/.test(args),
  }));
}

/*
 * A screen shows keys ("load-error.title") instead of text when it renders before its namespace has loaded. Every
 * component that suspends waits for the namespaces it names; these checks keep the two ways round that closed.
 */
describe('translations a screen reads are loaded before it renders', () => {
  const files = sourceFiles(SRC).map((path) => ({
    file: relative(SRC, path),
    source: readFileSync(path, 'utf8'),
  }));

  it('only namespaces loaded at start-up are read without suspending', () => {
    const offenders = files.flatMap(({ file, source }) =>
      translationHooks(source)
        .filter((hook) => !hook.suspends)
        .flatMap((hook) => hook.namespaces.filter((ns) => !LOADED_AT_START.has(ns)))
        .map((ns) => `${file}: ${ns}`),
    );
    expect(offenders).toEqual([]);
  });

  it('a component names every namespace its texts come from', () => {
    const offenders = files.flatMap(({ file, source }) => {
      const hooks = translationHooks(source);
      if (hooks.length === 0) return [];
      const named = new Set([...LOADED_AT_START, ...hooks.flatMap((hook) => hook.namespaces)]);
      const used = [...source.matchAll(/\bt\(\s*[`']([a-z-]+):/g)].map((match) => match[1]!);
      return [...new Set(used)].filter((ns) => !named.has(ns)).map((ns) => `${file}: ${ns}`);
    });
    expect(offenders).toEqual([]);
  });
});
