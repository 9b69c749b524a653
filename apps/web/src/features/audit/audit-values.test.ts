import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_KINDS } from '@care/contract/audit';
import {
  AUDIT_CODE_LISTS,
  AUDIT_FIELDS,
  AUDIT_SETTINGS,
  auditFieldKeys,
  type AuditCodeList,
} from '@care/contract/audit-fields';
import { LANGUAGES } from '@care/contract/locales';
import { describe, expect, it } from 'vitest';
import { AUDIT_NAMESPACES, codeTextKey, fieldLabelKey, partLabelKey } from './audit-values.ts';

const LOCALES = join(import.meta.dirname, '../../../public/locales/lang');
const files = new Map<string, unknown>();

/** The text of `ns:dotted.key` in a language's file, read from disk (not through i18next's fallbacks). */
function textOf(key: string, language: string): unknown {
  const [ns, path] = key.split(':') as [string, string];
  const file = `${ns}/${language}`;
  if (!files.has(file))
    files.set(file, JSON.parse(readFileSync(join(LOCALES, ns, `${language}.json`), 'utf8')));
  return path
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], files.get(file));
}

const missingIn = (keys: string[]) =>
  LANGUAGES.flatMap((language) =>
    keys.filter((key) => typeof textOf(key, language) !== 'string').map((key) => `${language}: ${key}`),
  );

describe('audit log labels (every field key and code the server may write, in pl, en and de)', () => {
  it('labels every field of every kind, and every part of an object or list value', () => {
    const { fields, parts } = auditFieldKeys();
    for (const kind of AUDIT_KINDS)
      for (const field of Object.keys(AUDIT_FIELDS[kind])) expect(fields).toContain(field);
    expect(missingIn([...fields.map(fieldLabelKey), ...parts.map(partLabelKey)])).toEqual([]);
  });

  it('names every code of every list, in the namespaces the screen loads', () => {
    const keys = (Object.keys(AUDIT_CODE_LISTS) as AuditCodeList[]).flatMap((list) =>
      AUDIT_CODE_LISTS[list].map((code) => codeTextKey(list, code)),
    );
    expect(missingIn(keys)).toEqual([]);
    for (const key of keys) expect(AUDIT_NAMESPACES).toContain(key.split(':')[0]);
  });

  it('names every setting a settings entry may be about', () => {
    expect(missingIn(AUDIT_SETTINGS.map((setting) => `admin:audit.settings.${setting}`))).toEqual([]);
  });
});
