import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvSchema } from './env.ts';

const operations = readFileSync(resolve(import.meta.dirname, '../../../../docs/operations.md'), 'utf8');

/** The run book lists every setting: a variable added to env.ts fails here until docs/operations.md has its row. */
describe('docs/operations.md', () => {
  it('has a row in the environment table for every variable env.ts reads', () => {
    const rows = new Set([...operations.matchAll(/^\| `([A-Z][A-Z0-9_]*)` +\|/gm)].map((match) => match[1]!));
    const missing = Object.keys(EnvSchema.shape).filter((name) => !rows.has(name));
    expect(missing, `variables without a row in docs/operations.md: ${missing.join(', ')}`).toEqual([]);
  });

  it('names no variable env.ts does not read', () => {
    const known = new Set(Object.keys(EnvSchema.shape));
    const rows = [...operations.matchAll(/^\| `([A-Z][A-Z0-9_]*)` +\|/gm)].map((match) => match[1]!);
    expect(rows.filter((name) => !known.has(name))).toEqual([]);
  });
});
