import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { insertPart } from '#app/test/catalog.ts';
import { INJECT_ORIGIN, multipart, png } from '#app/test/files.ts';
import { insertUser, nextIp, signIn, sessionCookieOf } from '#app/test/accounts.ts';
import { createTestApp } from '#app/test/app.ts';
import { baseUrlOf } from '#app/test/event-stream.ts';
import {
  insertElements,
  insertMessage,
  insertOwnedMachine,
  insertRequest,
} from '#app/test/service-requests.ts';
import {
  ASSESSMENT_NUMBERS,
  ASSESSMENT_STRINGS,
  encode,
  hostileHeaders,
  hostileString,
  hostilePathParam,
  hostileQuery,
  hostileValue,
  problemsOf,
} from './hostile-inputs.ts';
import { headerProblems } from './hostile-headers.ts';
import { pathsIn, replacedAt, type RouteInfo, routeTable, sampleOf } from './hostile-routes.ts';

/**
 * Issue 6, hostile input: every route of the application gets generated path parameters, query strings,
 * headers and (for methods with a body) arbitrary JSON, near-valid JSON built from the route's own schema with
 * one part broken, malformed JSON and bodies of the wrong content type; as a visitor, a customer, service staff
 * and an administrator. No answer may be a 5xx, show a stack trace, SQL or an internal message, and every error
 * is the contract's ApiError. Runs are seeded: FC_SEED=<n> replays a failure's seed (printed by fast-check).
 */

const SEED = Number(process.env.FC_SEED ?? 20_261_121);
/** Per route; with ~65 routes this keeps the file near 10 s on PGlite. */
const RUNS = Number(process.env.FC_RUNS ?? 24);

/** Routes that are not JSON endpoints of ours: the API docs' UI (static files of @fastify/swagger-ui). */
const NOT_JSON = (route: { url: string }) => route.url.startsWith('/api/docs');

// Accepted uploads go to a scratch directory, removed after the run.
const dataDir = await mkdtemp(join(tmpdir(), 'care-properties-'));
const t = await createTestApp({ RATE_LIMIT_IP_FACTOR: '1000', DATA_DIR: dataDir });
const { app } = t;
const db = t.database.db;

type Actor = 'visitor' | 'customer' | 'service' | 'admin';
const ACTORS: Actor[] = ['visitor', 'customer', 'service', 'admin'];
const cookies: Partial<Record<Actor, string>> = {};
let accountCount = 0;

/** A new account of the role, signed in (a generated request may have signed the old one out). */
async function freshSession(role: Exclude<Actor, 'visitor'>): Promise<string> {
  accountCount += 1;
  const email = `${role}-${accountCount}@example.com`;
  const id = await insertUser(db, { email, role });
  if (role === 'customer') {
    const machineId = await insertOwnedMachine(db, { serialNumber: `HOSTILE-${accountCount}`, ownerId: id });
    const requestId = await insertRequest(db, { code: `SR/H/${accountCount}`, customerId: id, machineId });
    await insertMessage(db, requestId, id);
  }
  return sessionCookieOf(await signIn(app, email));
}

/** Makes sure every signed-in actor still has a valid session before the next route. */
async function ensureSessions(): Promise<void> {
  for (const actor of ACTORS) {
    if (actor === 'visitor') continue;
    const cookie = cookies[actor];
    const check = cookie
      ? await app.inject({ method: 'GET', url: '/api/user/authorities', headers: { cookie } })
      : undefined;
    if (check?.statusCode !== 200) cookies[actor] = await freshSession(actor);
  }
}

await insertElements(db);
const partId = await insertPart(db, { externalId: 'P-HOSTILE', symbol: 'AM-6204' });

/**
 * Bodies the routes accept (sampleOf cannot meet patterns or name a part that exists): the assessment's inputs
 * replace one part of these at a time, so that they get past validation to the database as in the assessment.
 */
const VALID_BODIES: Record<string, unknown> = {
  'POST /api/parts/email': { items: [{ id: String(partId), name: 'Łożysko', amount: 1 }] },
  'POST /api/user/settings': {
    broadValue: 'care',
    key: 'table.machines',
    value: { filters: [{ id: 'name', value: 'AM' }], columnSizing: { name: 200 } },
  },
  'PUT /api/user/details': {
    firstName: 'Jan',
    lastName: 'Kowalski',
    phone: '',
    peselOrNip: '',
    language: 'pl',
  },
};
await ensureSessions();

const routes = routeTable(app).filter((route) => !NOT_JSON(route));
const covered = new Set<string>();
/** How many answers had each status, to show that the inputs get past sign-in and validation too. */
const tally = new Map<number, number>();
const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

afterAll(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Form fields the upload routes read, and others. */
const FIELD_NAMES = [
  'machineId',
  'problemDescription',
  'transportType',
  'deliveryPlace',
  'comments',
  'clientId',
];
const MORE_FIELDS = [
  'serviceRequestId',
  'payload',
  'dryRun',
  'files',
  'document',
  'parts',
  'file',
  '__proto__',
];

/** A multipart body of hostile fields (names and values) and at most one small real file. */
const hostileMultipart = fc
  .tuple(
    fc.array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...FIELD_NAMES, ...MORE_FIELDS), hostileString),
        fc.oneof(
          hostileString,
          hostileValue.map((value) => JSON.stringify(value) ?? 'null'),
        ),
      ),
      { maxLength: 8 },
    ),
    fc.option(fc.constantFrom('files', 'file', 'document', 'x'), { nil: undefined }),
  )
  .map(([fields, fileField]): [Buffer, string] => {
    const { body, contentType } = multipart([
      ...fields.map(([name, value]) => ({ name: name.replace(/[\r\n"]/g, ''), value })),
      ...(fileField ? [{ name: fileField, file: { filename: 'plate.png', content: png() } }] : []),
    ]);
    return [body, contentType];
  });

/** A request body as [payload, content-type]: most near-valid, the rest any JSON, broken JSON or other types. */
function bodyOf(route: RouteInfo): fc.Arbitrary<[string | Buffer | undefined, string | undefined]> {
  const base = route.jsonBody ? sampleOf(route.jsonBody) : {};
  const paths = pathsIn(base);
  const json = (value: unknown): [string, string] => [JSON.stringify(value) ?? 'null', 'application/json'];
  const nearValid = fc
    .tuple(fc.constantFrom(...paths), hostileValue, fc.boolean())
    .map(([path, value, extraKey]) =>
      json(
        extraKey && path.length === 0
          ? {
              ...(base as object),
              ...JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{}}}'),
            }
          : replacedAt(base, path, value),
      ),
    );
  return fc.oneof(
    { weight: route.jsonBody ? 6 : 1, arbitrary: nearValid },
    { weight: route.multipart ? 6 : 0, arbitrary: hostileMultipart },
    { weight: route.jsonBody ? 1 : 0, arbitrary: fc.constant(base).map(json) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map(json) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<[string, string]>(
        ['{"a":', 'application/json'],
        // 100,000 levels of nesting (200 kB, under the body limit): too deep for any recursive walk.
        [`${'['.repeat(100_000)}${']'.repeat(100_000)}`, 'application/json'],
        [`${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`, 'application/json'],
        ['{"a":1}garbage', 'application/json'],
        ['', 'application/json'],
        ['\u0000', 'application/json'],
        ['{"a":1}', 'application/json; charset=utf-16'],
        ['{"a":1}', 'text/plain'],
        ['a=1&b=2', 'application/x-www-form-urlencoded'],
        ['<a>1</a>', 'application/xml'],
        ['{"a":1}', 'application/jsonx'],
        ['{"a":1}', ''],
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ maxLength: 300 })
        .map((bytes): [Buffer, string] => [
          Buffer.concat([
            Buffer.from('--xyz\r\nContent-Disposition: form-data; name="files"; filename="a"\r\n\r\n'),
            Buffer.from(bytes),
          ]),
          'multipart/form-data; boundary=xyz',
        ]),
    },
    { weight: 1, arbitrary: fc.constant<[undefined, undefined]>([undefined, undefined]) },
  );
}

const HAS_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function requestOf(route: RouteInfo) {
  // Signed-in event streams never end by themselves; they are checked over a socket below.
  const actors = route.url === '/api/events' ? (['visitor'] as Actor[]) : ACTORS;
  return fc.record({
    actor: fc.constantFrom(...actors),
    params: fc.tuple(...route.pathParams.map(() => fc.tuple(hostilePathParam, fc.nat(7)))),
    query: fc.option(hostileQuery(route.query.map((q) => q.name)), { nil: undefined, freq: 3 }),
    headers: hostileHeaders,
    body: HAS_BODY.has(route.method) ? bodyOf(route) : fc.constant([undefined, undefined] as const),
  });
}

type RequestInput = ReturnType<typeof requestOf> extends fc.Arbitrary<infer T> ? T : never;

/**
 * Issue 13's inputs that answered 500 (hostile-inputs.ts, ASSESSMENT_*), as explicit examples tried on every run
 * before the generated ones: each in every part of the route's near-valid JSON body, as every query parameter and
 * as every path parameter, sent by someone allowed to use the route.
 */
function assessmentExamples(route: RouteInfo): RequestInput[] {
  const actor: Actor =
    route.url === '/api/events'
      ? 'visitor'
      : /^\/api\/(staff|admin)\//.test(route.url)
        ? 'admin'
        : 'customer';
  const params = route.pathParams.map((): [string, number] => ['1', 1]);
  const plain: RequestInput = { actor, params, query: undefined, headers: {}, body: [undefined, undefined] };
  const seeds: unknown[] = [...ASSESSMENT_STRINGS, ...ASSESSMENT_NUMBERS];
  const texts = seeds.map(String);
  const examples: RequestInput[] = [];
  if (HAS_BODY.has(route.method) && route.jsonBody) {
    const base = VALID_BODIES[keyOf(route)] ?? sampleOf(route.jsonBody);
    for (const path of pathsIn(base).filter((p) => p.length > 0))
      for (const seed of seeds)
        examples.push({
          ...plain,
          body: [JSON.stringify(replacedAt(base, path, seed)), 'application/json'],
        });
  }
  for (const { name } of route.query)
    for (const text of texts) examples.push({ ...plain, query: `${encode(name)}=${encode(text)}` });
  route.pathParams.forEach((_, index) => {
    for (const text of texts)
      examples.push({ ...plain, params: params.map((param, i) => (i === index ? [text, 1] : param)) });
  });
  return examples;
}

async function send(route: RouteInfo, input: RequestInput) {
  let url = route.url;
  route.pathParams.forEach((name, index) => {
    const [value, shape] = input.params[index]!;
    // Mostly encoded as a browser would; sometimes raw, when it is plain ASCII.
    const raw = shape === 0 && /^[\x21-\x7e]*$/.test(value) && !value.includes('?') && !value.includes('#');
    url = url.replace(`:${name}`, raw ? value : encode(value));
  });
  if (input.query !== undefined) url += `?${input.query}`;
  const headers: Record<string, string> = { ...input.headers };
  const session = input.actor === 'visitor' ? undefined : cookies[input.actor];
  if (session) headers.cookie = headers.cookie ? `${headers.cookie}; ${session}` : session;
  const [payload, contentType] = input.body;
  if (contentType !== undefined) headers['content-type'] = contentType;
  // As the web app's uploads do: a form's type without the portal's Origin is refused before any handler.
  if (contentType?.startsWith('multipart/') && headers.origin === undefined) headers.origin = INJECT_ORIGIN;
  return app.inject({
    method: route.method as 'GET',
    url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
    remoteAddress: nextIp(),
  });
}

const short = (value: unknown) => {
  const text =
    typeof value === 'string'
      ? value
      : Buffer.isBuffer(value)
        ? value.toString('latin1')
        : JSON.stringify(value);
  return text === undefined || text.length <= 300 ? text : `${text.slice(0, 300)}… (${text.length} chars)`;
};

/** The failing request and answer, cut to a readable size (the seed replays them in full). */
function describeExchange(input: RequestInput, response: LightMyRequestResponse): string {
  const request = response.raw.req;
  return [
    `as ${input.actor}: ${request.method} ${short(request.url)}`,
    `headers ${short(input.headers)}`,
    `body (${input.body[1]}) ${short(input.body[0])}`,
    `answer ${response.statusCode} ${short(response.body)}`,
  ].join('\n');
}

describe('hostile input to every route', () => {
  for (const route of routes) {
    it(`${route.method} ${route.url}`, async () => {
      await ensureSessions();
      const routeSeed =
        (SEED + [...keyOf(route)].reduce((sum, c) => (sum * 31 + c.charCodeAt(0)) | 0, 0)) | 0;
      const examples = assessmentExamples(route);
      const details = await fc.check(
        fc.asyncProperty(requestOf(route), async (input) => {
          const response: LightMyRequestResponse = await send(route, input);
          tally.set(response.statusCode, (tally.get(response.statusCode) ?? 0) + 1);
          const problems = [...problemsOf(response), ...headerProblems(response.headers, false)];
          if (problems.length)
            throw new Error(`${problems.join('; ')}\n${describeExchange(input, response)}`);
        }),
        {
          seed: routeSeed,
          // Examples count towards numRuns: they come on top of the generated requests.
          numRuns: examples.length + RUNS,
          endOnFailure: !process.env.FC_SHRINK,
          examples: examples.map((input): [RequestInput] => [input]),
        },
      );
      if (details.failed) {
        const cause =
          details.errorInstance instanceof Error
            ? details.errorInstance.message
            : String(details.errorInstance);
        throw new Error(
          `${keyOf(route)}: FC_SEED=${details.seed} path ${details.counterexamplePath}: ${cause}`,
        );
      }
      covered.add(keyOf(route));
    });
  }

  it('streams events to a signed-in user whatever the query and headers (over a socket)', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = baseUrlOf(app);
    await fc.assert(
      fc.asyncProperty(hostileQuery([]), hostileHeaders, async (query, headers) => {
        const abort = new AbortController();
        const sanitized = Object.fromEntries(
          Object.entries(headers).filter(([name]) => name !== 'cookie' && name !== 'accept-encoding'),
        );
        const response = await fetch(`${base}/api/events?${query}`, {
          headers: { ...sanitized, cookie: cookies.customer! },
          signal: abort.signal,
        });
        if (response.status === 200) {
          abort.abort();
          expect(response.headers.get('content-type')).toContain('text/event-stream');
          return;
        }
        const answer = {
          statusCode: response.status,
          headers: Object.fromEntries(response.headers),
          body: await response.text(),
        };
        expect(problemsOf(answer)).toEqual([]);
      }),
      { seed: SEED, numRuns: 8, endOnFailure: true },
    );
  });

  it('the checks catch what they look for', () => {
    const json = { 'content-type': 'application/json; charset=utf-8' };
    const leaks = [
      { statusCode: 503, headers: json, body: '{"code":"SERVICE_UNAVAILABLE","message":"x"}' },
      {
        statusCode: 400,
        headers: json,
        body: '{"code":"BAD_REQUEST","message":"at Object.<anonymous> (/work/main/x.ts:1:2)"}',
      },
      {
        statusCode: 400,
        headers: json,
        body: '{"code":"BAD_REQUEST","message":"syntax error at or near \\"x\\""}',
      },
      {
        statusCode: 400,
        headers: json,
        body: '{"code":"BAD_REQUEST","message":"Failed query: select \\"id\\" from \\"users\\""}',
      },
      {
        statusCode: 400,
        headers: json,
        body: '{"code":"BAD_REQUEST","message":"Cannot read properties of undefined"}',
      },
      { statusCode: 400, headers: json, body: '{"error":"Bad Request","statusCode":400}' },
      {
        statusCode: 403,
        headers: json,
        body: '{"code":"BAD_REQUEST","message":"The request is malformed."}',
      },
      {
        statusCode: 414,
        headers: json,
        body: '{"code":"BAD_REQUEST","message":"The request is malformed."}',
      },
      { statusCode: 404, headers: { 'content-type': 'text/html' }, body: '<h1>Not found</h1>' },
    ];
    for (const answer of leaks) expect(problemsOf(answer), answer.body).not.toEqual([]);
    expect(
      problemsOf({ statusCode: 404, headers: json, body: '{"code":"NOT_FOUND","message":"Not found."}' }),
    ).toEqual([]);
  });

  it('covered every route the application answers (no silent skip)', () => {
    const all = routeTable(app)
      .filter((route) => !NOT_JSON(route))
      .map(keyOf);
    expect(all.length).toBeGreaterThan(60);
    expect([...covered].sort()).toEqual([...new Set(all)].sort());
    const statuses = JSON.stringify(Object.fromEntries([...tally].sort(([a], [b]) => a - b)));
    const count = (from: number, to: number) =>
      [...tally].filter(([status]) => status >= from && status < to).reduce((sum, [, n]) => sum + n, 0);
    // Generated requests reach the handlers (2xx) and their validation (400), not only the guards.
    expect(count(200, 300), statuses).toBeGreaterThan(routes.length);
    expect(tally.get(400) ?? 0, statuses).toBeGreaterThan(routes.length);
  });
});
