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

const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * i18next plurals: `key_one`, `key_few`, … by the language's own categories (Polish has four, English and German
 * two). Keys are compared without the suffix; each language must have exactly its categories of every plural.
 */
function pluralGaps(keys: readonly string[], lng: string): string[] {
  const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
  const plurals = new Set(keys.filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, '')));
  return [...plurals].flatMap((base) =>
    categories.filter((category) => !keys.includes(`${base}_${category}`)).map((c) => `${base}_${c}`),
  );
}

const withoutPlurals = (keys: readonly string[]) =>
  [...new Set(keys.map((key) => key.replace(PLURAL, '')))].sort();

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
      const plKeys = keysOf(load(ns, 'pl'));
      const reference = withoutPlurals(plKeys);
      expect(reference.length).toBeGreaterThan(0);
      for (const lng of LANGUAGES) {
        const data = load(ns, lng);
        const keys = keysOf(data);
        expect({ lng, keys: withoutPlurals(keys) }).toEqual({ lng, keys: reference });
        expect({ lng, missingPluralForms: pluralGaps(keys, lng) }).toEqual({ lng, missingPluralForms: [] });
        // Every language carries Polish's plural forms too (the same key set everywhere, so no text is missing
        // when a key is looked up by its full name).
        expect({ lng, keys: [...keys].sort() }).toEqual({ lng, keys: [...plKeys].sort() });
        for (const key of keys) {
          const text = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], data);
          expect({ lng, key, text }).toEqual({ lng, key, text: expect.stringMatching(/\S/) });
        }
      }
    });
  }
});
