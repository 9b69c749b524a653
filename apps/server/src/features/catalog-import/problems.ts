import type {
  CatalogImportEntity,
  CatalogImportProblem,
  CatalogImportProblemCode,
} from '@care/contract/catalog-import';
import type { z } from 'zod';

/** Where a record sits: enough for a person to find it in the file. */
export interface RecordRef {
  entity: CatalogImportEntity;
  source: CatalogImportProblem['source'];
  /** 1-based place in its JSON list, or the CSV line. */
  index: number | null;
  externalId: string | null;
}

/** Collects every problem of an import (all of them are reported, not just the first). */
export class Problems {
  readonly list: CatalogImportProblem[] = [];

  add(ref: RecordRef, field: string | null, code: CatalogImportProblemCode, detail: unknown = null): void {
    this.list.push({
      entity: ref.entity,
      source: ref.source,
      index: ref.index,
      externalId: ref.externalId,
      field,
      code,
      detail: detail === null || detail === undefined ? null : String(detail).slice(0, 200),
    });
  }

  get size(): number {
    return this.list.length;
  }

  /** A record's schema failures, one problem per issue, under the record's own field names. */
  addZodIssues(ref: RecordRef, error: z.ZodError, record: unknown, fieldPrefix = ''): void {
    for (const issue of error.issues) {
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys)
          this.add(ref, fieldPrefix + [...issue.path.map(place), key].join('.'), 'unknown-field', key);
        continue;
      }
      const field = fieldPrefix + issue.path.map(place).join('.') || null;
      const value = valueAt(record, issue.path.map(String));
      this.add(ref, field, problemCodeOf(issue, value), detailOf(issue, value));
    }
  }
}

/** List places count from 1 in every problem, as people number the records of a file. */
const place = (key: PropertyKey) => (typeof key === 'number' ? String(key + 1) : String(key));

function valueAt(record: unknown, path: string[]): unknown {
  let value = record;
  for (const key of path) value = (value as Record<string, unknown> | undefined)?.[key];
  return value;
}

function problemCodeOf(issue: z.core.$ZodIssue, value: unknown): CatalogImportProblemCode {
  if (value === undefined || value === null) return 'required';
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'number') return 'not-a-number';
      if (issue.expected === 'boolean') return 'not-a-boolean';
      return 'invalid-value';
    case 'too_big':
      return issue.origin === 'string' ? 'too-long' : 'too-large';
    case 'too_small':
      return issue.origin === 'string' && issue.minimum === 1 ? 'required' : 'too-small';
    default:
      return 'invalid-value';
  }
}

function detailOf(issue: z.core.$ZodIssue, value: unknown): string | null {
  if (issue.code === 'too_big') return String(issue.maximum);
  if (issue.code === 'too_small' && !(issue.origin === 'string' && issue.minimum === 1))
    return String(issue.minimum);
  if (value === undefined || value === null || typeof value === 'object') return null;
  return String(value);
}
