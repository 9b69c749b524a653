import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '@care/contract/locales';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '#app/lib/i18n.ts';

const LOCALES = join(import.meta.dirname, '../../public/locales/lang');

function keysOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

function load(ns: string, lng: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(LOCALES, ns, `${lng}.json`), 'utf8'));
}

describe('translations', () => {
  it('has a file for every namespace in pl, en and de, and no stray namespace', () => {
    expect(readdirSync(LOCALES).sort()).toEqual([...NAMESPACES].sort());
    for (const ns of NAMESPACES)
      for (const lng of LANGUAGES) expect(existsSync(join(LOCALES, ns, `${lng}.json`))).toBe(true);
  });

  for (const ns of NAMESPACES) {
    it(`has the same keys in pl, en and de for "${ns}" and no empty text`, () => {
      const reference = keysOf(load(ns, 'pl')).sort();
      expect(reference.length).toBeGreaterThan(0);
      for (const lng of LANGUAGES) {
        const data = load(ns, lng);
        expect({ lng, keys: keysOf(data).sort() }).toEqual({ lng, keys: reference });
        for (const key of reference) {
          const text = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], data);
          expect({ lng, key, text }).toEqual({ lng, key, text: expect.stringMatching(/\S/) });
        }
      }
    });
  }
});
