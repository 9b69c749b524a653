import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#app/test/app.ts';
import { type JsonSchema, routeTable } from './hostile-routes.ts';

/**
 * Issue 13, finding 4: the cart's amount had no maximum, so 2147483648 reached an int4 column and answered 500.
 * Every integer any request carries (JSON body or query, read from the OpenAPI document of the running app) must
 * now have both bounds within int4 (`int4Schema` in packages/contract/src/ranges.ts), unless it is an id for a
 * bigint column, listed here. (The multipart cart's JSON field is the same SendOfferRequestSchema.)
 */

const INT4_MIN = -(2 ** 31);
const INT4_MAX = 2 ** 31 - 1;

/** Integers that go to bigint columns (ids of at most 15 digits, below 2^53). */
const BIGINT_IDS = new Set([
  'POST /api/parts/email body.items[].id',
  'POST /api/offer-requests/new-request body.items[].id',
]);

const t = await createTestApp();
afterAll(async () => {
  await t.app.close();
});

/** Every integer schema inside `schema`, with where it is. */
function integersIn(schema: JsonSchema | undefined, at: string): [string, JsonSchema][] {
  if (!schema || typeof schema !== 'object') return [];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const found: [string, JsonSchema][] = types.includes('integer') ? [[at, schema]] : [];
  for (const [key, inner] of Object.entries(schema.properties ?? {}))
    found.push(...integersIn(inner, `${at}.${key}`));
  if (schema.items) found.push(...integersIn(schema.items, `${at}[]`));
  for (const inner of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    found.push(...integersIn(inner, at));
  if (typeof schema.additionalProperties === 'object')
    found.push(...integersIn(schema.additionalProperties, `${at}.*`));
  return found;
}

describe('integers in requests', () => {
  it('are bounded within int4 on every route, ids for bigint columns excepted', () => {
    const unbounded: string[] = [];
    let checked = 0;
    for (const route of routeTable(t.app)) {
      const key = `${route.method} ${route.url}`;
      const integers = [
        ...integersIn(route.jsonBody, 'body'),
        ...route.query.flatMap((q) => integersIn(q.schema, `query.${q.name}`)),
      ];
      for (const [at, schema] of integers) {
        checked += 1;
        if (BIGINT_IDS.has(`${key} ${at}`)) continue;
        const { minimum, maximum } = schema;
        if (minimum === undefined || maximum === undefined || minimum < INT4_MIN || maximum > INT4_MAX)
          unbounded.push(`${key} ${at}: ${minimum ?? '-∞'} … ${maximum ?? '∞'}`);
      }
    }
    // The walk finds the integers (pages, sizes, the cart's amounts, table column widths …).
    expect(checked).toBeGreaterThan(10);
    expect(unbounded).toEqual([]);
  });
});
