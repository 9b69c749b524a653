import { ApiErrorSchema } from '@care/contract/errors';
import { statusOf } from '#app/plugins/errors.ts';
import fc from 'fast-check';

/**
 * What a hostile client sends (fast-check arbitraries) and what a response must never contain. Shared by the
 * property tests (properties.test.ts) and the upload abuse tests.
 */

/**
 * The inputs of issue 13's assessment that answered 500 (finding 4), tried on every run (properties.test.ts puts
 * each in every field of every route as well): numeric references to no character in an ERP name, lone
 * surrogates, a day in year 0, and 2^31 (as a number in hostileValue).
 */
export const ASSESSMENT_STRINGS = [
  '<translations default="pl"><pl>&#0;</pl></translations>',
  '&#xD800;',
  '&#x110000;',
  'Łożysko \ud800',
  'AM-\udc00',
  '0000-01-01',
];
export const ASSESSMENT_NUMBERS = [2 ** 31];

/** Strings people and scripts throw at forms and URLs. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '-0',
  '1.5',
  '1e308',
  '1e999',
  'NaN',
  'Infinity',
  '2147483648',
  '-2147483649',
  '9223372036854775808',
  '99999999999999999999999999999',
  '0x10',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '../',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  '/etc/passwd\u0000.png',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '"',
  '\\',
  '%',
  '_',
  '%00',
  '\u0000',
  '\r\nSet-Cookie: x=1',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  'Zażółć gęślą jaźń',
  '\u202egpj.exe',
  '👨‍👩‍👧‍👦🚜',
  '\ud800',
  'ǅ',
  'ﷺ',
  '２０２６',
  '2026-02-30',
  '0000-00-00',
  '9999-12-31T23:59:59Z',
  '00000000-0000-0000-0000-000000000000',
  '__proto__',
  'constructor',
  'prototype',
  'x'.repeat(5000),
  ...ASSESSMENT_STRINGS,
];

const nasty = fc.constantFrom(...NASTY_STRINGS);

/** Text of any kind: nasty constants, unicode (including lone surrogates), long runs. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: nasty },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.nat({ max: 200_000 }).map((n) => 'A'.repeat(n)) },
);

/** Arrays nested `depth` deep, `[[[[…]]]]`. */
const deeplyNested = (depth: number) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown;

/** An object whose own keys are the ones prototype pollution uses (JSON.parse keeps "__proto__" as a key). */
const pollution = fc
  .constantFrom(
    '{"__proto__":{"isAdmin":true,"role":"admin"}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '{"__proto__":null}',
    '{"toString":"x","valueOf":1,"hasOwnProperty":null}',
  )
  .map((text) => JSON.parse(text) as unknown);

/** A value of the wrong kind for wherever it lands. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.boolean() },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.constantFrom(
        0,
        -1,
        2 ** 31,
        -(2 ** 31) - 1,
        2 ** 53 + 2,
        Number.MAX_VALUE,
        -Number.MAX_VALUE,
        1e-300,
      ),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer(),
    ),
  },
  { weight: 1, arbitrary: fc.nat({ max: 2000 }).map(deeplyNested) },
  { weight: 1, arbitrary: pollution },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.nat({ max: 5000 }).map((n) => Array.from({ length: n }, (_, i) => i)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** A path parameter: out-of-range, negative, huge, non-numeric, unicode, traversal, or an id that may exist. */
export const hostilePathParam: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: hostileString.filter((s) => s.length > 0 && s.length < 3000) },
  { weight: 2, arbitrary: fc.integer({ min: -3, max: 12 }).map(String) },
  { weight: 1, arbitrary: fc.uuid().map(String) },
);

/** Percent-encoding as a browser does (a lone surrogate becomes U+FFFD, as in a browser). */
export const encode = (value: string) =>
  encodeURIComponent(
    value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );

/** A query string: the route's own parameters and some others, each once, repeated or without a value. */
export function hostileQuery(names: string[]): fc.Arbitrary<string> {
  const name = names.length
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: hostileString })
    : hostileString;
  const pair = fc
    .tuple(name, fc.oneof(hostileString, fc.constantFrom('1', '10', 'a', '')), fc.nat(9))
    .map(([key, value, shape]) =>
      shape === 0
        ? encode(key)
        : shape === 1
          ? `${encode(key)}[]=${encode(value)}`
          : shape === 2
            ? `${encode(key)}=${encode(value)}&${encode(key)}=2`
            : `${encode(key)}=${encode(value)}`,
    );
  return fc.oneof(
    fc.array(pair, { maxLength: 6 }).map((pairs) => pairs.join('&')),
    // Raw bytes a browser would never send: bad percent escapes, bare separators.
    fc.constantFrom('%', '%zz', '=&=&', '&&&', 'a=%E0%A4%A', `${'a=1&'.repeat(2000)}b=2`, '__proto__[x]=1'),
  );
}

/** Headers that are legal enough for a client to send but odd: garbage languages, huge or broken cookies. */
export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'accept-language': fc.oneof(
      hostileString.map((s) => s.replace(/[^\x20-\x7e]/g, '?')),
      fc.constantFrom('*', 'xx-YY;q=2', 'pl;q=abc, en;q=-1', 'de-DE-x-private', ';;;,,,'),
    ),
    cookie: fc.oneof(
      fc.constantFrom('=', ';;;', 'care_session', 'care_session=', 'a=b; a=c', '__Host-care_session=%zz'),
      fc.nat({ max: 12_000 }).map((n) => `big=${'x'.repeat(n)}`),
      hostileString.map((s) => `care_session=${s.replace(/[^\x21-\x7e]/g, '')}`),
    ),
    'x-request-id': hostileString.map((s) => s.replace(/[^\x20-\x7e]/g, '')),
    accept: fc.constantFrom('*/*', 'text/html', 'application/xml', 'application/json;q=0', 'image/png'),
    'if-none-match': fc.constantFrom('*', '"x"', 'W/"abc"'),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'identity;q=0', 'x-unknown'),
  },
  { requiredKeys: [] },
);

/** What an answer may never show: stack frames, source paths, SQL and database errors, internals. */
const LEAKS: [string, RegExp][] = [
  ['stack frame', /\bat [\w$.<>]+ \(|\bat (?:file|node):|\bat async\b/],
  ['source path', /\/work\/|\/home\/|node_modules|\.ts:\d+|\.js:\d+|file:\/\//],
  ['SQL', /\b(?:select|insert into|update|delete from)\s+"|\bfrom\s+"\w+"|Failed query/i],
  [
    'database error',
    /syntax error at or near|relation "|column "|violates (?:foreign key|unique|check|not-null)|duplicate key value|invalid input syntax|out of range for type|PGlite|drizzle|postgres/i,
  ],
  [
    'internal error',
    /TypeError|RangeError|ReferenceError|SyntaxError|Cannot read propert|is not a function|ECONN/,
  ],
];

export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/** The reasons an answer is wrong for any input (empty when it is fine). */
export function problemsOf(answer: Answer): string[] {
  const problems: string[] = [];
  if (answer.statusCode >= 500) problems.push(`status ${answer.statusCode}`);
  for (const [what, pattern] of LEAKS) {
    const found = pattern.exec(answer.body);
    if (found)
      problems.push(
        `${what} in the body: …${answer.body.slice(Math.max(0, found.index - 60), found.index + 80)}…`,
      );
  }
  const type = String(answer.headers['content-type'] ?? '');
  if (answer.statusCode >= 400) {
    if (!type.startsWith('application/json')) problems.push(`error answered as ${type || 'nothing'}`);
    else {
      let parsed: unknown;
      try {
        parsed = JSON.parse(answer.body);
      } catch {
        problems.push('error body is not JSON');
      }
      // 422 of the catalogue import adds its problems to the ApiError fields; the shape still holds.
      const error = parsed === undefined ? undefined : ApiErrorSchema.safeParse(parsed);
      if (error && !error.success) {
        problems.push(`error is not an ApiError: ${answer.body.slice(0, 200)}`);
      } else if (error?.success && statusOf(error.data.code) !== answer.statusCode) {
        // A code means one status (issue 13: over-long ids answered 403 and 414 with BAD_REQUEST).
        problems.push(`status ${answer.statusCode} with code ${error.data.code}`);
      }
    }
  }
  return problems;
}
