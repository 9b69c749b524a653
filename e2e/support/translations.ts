import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export type Language = 'pl' | 'en' | 'de';

const LOCALES = resolve(import.meta.dirname, '../../apps/web/public/locales/lang');
const cache = new Map<string, Record<string, unknown>>();

/**
 * The text the app shows for a key, read from the same locale files the browser loads, so journeys assert
 * "the Polish title of the login screen" rather than a copy of its wording that drifts when the copy changes.
 * `key` is "namespace:path.to.key"; `values` fill its {{placeholders}}.
 */
export function t(
  key: string,
  language: Language = 'pl',
  values: Record<string, string | number> = {},
): string {
  const [ns, path] = key.split(':') as [string, string];
  const file = `${ns}/${language}`;
  if (!cache.has(file)) cache.set(file, JSON.parse(readFileSync(resolve(LOCALES, `${file}.json`), 'utf8')));
  const value = path
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], cache.get(file));
  if (typeof value !== 'string') throw new Error(`No text for ${key} in ${language}`);
  return value.replace(/\{\{(\w+)\}\}/g, (match, name: string) => String(values[name] ?? match));
}
