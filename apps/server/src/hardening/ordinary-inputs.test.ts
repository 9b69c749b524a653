import { LIMITS } from '@care/contract/limits';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { catalogFolders } from '#app/db/schema/catalog.ts';
import { offerRequests } from '#app/db/schema/offers.ts';
import { userSettings } from '#app/db/schema/users.ts';
import { insertPart } from '#app/test/catalog.ts';
import { cookieFor, insertUser, postJson } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { multipart } from '#app/test/files.ts';
import { insertOwnedMachine, insertRequest, postMultipart } from '#app/test/service-requests.ts';

/**
 * Issue 13, finding 4: seven ordinary inputs answered 500 and logged the failed statement with its values. Each
 * now answers 400 VALIDATION_FAILED naming the field, stores nothing and logs no error: the input guard refuses
 * lone surrogates (as it refused NUL), integers carried into int4 columns and calendar days are checked against
 * the columns' range in the contract, and a translated name's character reference to no character is refused.
 * Through the real routes, whatever the offer service does with the names it is sent.
 */

const logLines: string[] = [];
let t: TestApp;
let customer: string;
let service: string;
let partId: number;
let requestId: number;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => logLines.push(line) } });
  const db = t.database.db;
  const ownerId = await insertUser(db, { email: 'jan@example.com' });
  await insertUser(db, { email: 'serwis@example.com', role: 'service' });
  customer = await cookieFor(t.app, 'jan@example.com');
  service = await cookieFor(t.app, 'serwis@example.com');
  partId = await insertPart(db, { externalId: 'P-1', symbol: 'AM-6204' });
  const machineId = await insertOwnedMachine(db, { serialNumber: 'AM-2025-000001', ownerId });
  requestId = await insertRequest(db, { code: 'SR/1', customerId: ownerId, machineId });
});

afterAll(async () => {
  await t.app.close();
});

beforeEach(() => {
  logLines.length = 0;
});

const cart = (item: Record<string, unknown>) => ({
  items: [{ id: String(partId), name: 'Łożysko', amount: 1, ...item }],
});
const sendCart = (payload: unknown) => postJson(t.app, '/api/parts/email', payload, { cookie: customer });
const tableSetting = (value: unknown) =>
  postJson(
    t.app,
    '/api/user/settings',
    { broadValue: 'care', key: 'table.machines', value: { filters: [{ id: 'name', value }] } },
    { cookie: customer },
  );
const queue = (query: string) =>
  t.app.inject({ url: `/api/staff/service-requests?${query}`, headers: { cookie: service } });

/** The seven inputs of the assessment, each with the field it must be refused in. */
export const SEVEN: [string, () => Promise<LightMyRequestResponse>, string, string][] = [
  [
    'an amount of 2147483648',
    () => sendCart(cart({ amount: 2147483648 })),
    'items.0.amount',
    'validation.too_big',
  ],
  [
    'a name with &#0;',
    () => sendCart(cart({ name: '<translations default="pl"><pl>Łożysko&#0;</pl></translations>' })),
    'items.0.name',
    'validation.invalid_format',
  ],
  [
    'a name with &#xD800;',
    () => sendCart(cart({ name: '<translations default="pl"><pl>&#xD800;</pl></translations>' })),
    'items.0.name',
    'validation.invalid_format',
  ],
  [
    'a name with &#x110000;',
    () => sendCart(cart({ name: 'Łożysko &#x110000;' })),
    'items.0.name',
    'validation.invalid_format',
  ],
  [
    'a name with a lone surrogate',
    () => sendCart(cart({ name: 'Łożysko \ud800' })),
    'items.0.name',
    'validation.invalid_format',
  ],
  [
    'a table-setting filter value with a lone surrogate',
    () => tableSetting('AM-\udc00'),
    'value.filters.0.value',
    'validation.invalid_format',
  ],
  [
    'reportedFrom=0000-01-01 on the staff queue',
    () => queue('reportedFrom=0000-01-01'),
    'reportedFrom',
    'validation.too_small',
  ],
];

const countOf = async (table: typeof offerRequests | typeof userSettings) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

/** Lines the log holds at level error or above (pino: 50 error, 60 fatal). */
const errorLines = () => logLines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);

describe('seven ordinary inputs that answered 500 (issue 13, finding 4)', () => {
  for (const [name, send, path, code] of SEVEN) {
    it(`${name} answers 400 naming ${path}, stores nothing and logs no error`, async () => {
      const response = await send();
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path, code }] });
      expect(await countOf(offerRequests)).toBe(0);
      expect(await countOf(userSettings)).toBe(0);
      expect(errorLines()).toEqual([]);
      // The request was logged: the log is being read.
      expect(logLines.length).toBeGreaterThan(0);
    });
  }

  it('refuses a lone surrogate in the JSON of a multipart cart, and in a key', async () => {
    // JSON.stringify writes a lone surrogate as the escape \udbff: the text of the field is plain ASCII.
    const payload = JSON.stringify(cart({ name: 'Łożysko \udbff' }));
    const multipartCart = await postMultipart(t.app, '/api/offer-requests/new-request', customer, [
      { name: 'payload', value: payload },
    ]);
    expect(multipartCart.statusCode, multipartCart.body).toBe(400);
    expect(multipartCart.json().fields).toEqual([
      { path: 'items.0.name', code: 'validation.invalid_format' },
    ]);
    const key = await postJson(
      t.app,
      '/api/user/settings',
      { broadValue: 'care', key: 'table.machines', value: { columnVisibility: { ['a\ud800']: true } } },
      { cookie: customer },
    );
    expect(key.statusCode).toBe(400);
    expect(key.json().fields[0].code).toBe('validation.invalid_format');
    expect(await countOf(offerRequests)).toBe(0);
    expect(errorLines()).toEqual([]);
  });

  it('keeps what is valid: the largest cart amount, entities that name characters, a surrogate pair', async () => {
    const sent = await sendCart({
      items: [
        {
          id: String(partId),
          name: '<translations default="pl"><pl>Śruba &amp; nakrętka &#x141;&#379; 🚜</pl></translations>',
          amount: LIMITS.cartAmountMax,
        },
      ],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().items[0].amount).toBe(LIMITS.cartAmountMax);
    expect((await tableSetting('🚜 AM-500')).statusCode).toBe(201);
  });

  it('answers a calendar day outside 1900-01-01 … 2999-12-31 with a field error, the edges included', async () => {
    expect((await queue('reportedFrom=1900-01-01&reportedTo=2999-12-31')).statusCode).toBe(200);
    for (const [query, path, code] of [
      ['reportedFrom=1899-12-31', 'reportedFrom', 'validation.too_small'],
      ['reportedTo=3000-01-01', 'reportedTo', 'validation.too_big'],
      ['reportedTo=0000-00-00', 'reportedTo', 'validation.invalid_format'],
    ]) {
      const response = await queue(query!);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().fields, query).toEqual([{ path, code }]);
    }
    const update = await t.app.inject({
      method: 'PATCH',
      url: `/api/staff/service-requests/${requestId}`,
      headers: { cookie: service },
      payload: { completionDate: '0000-01-01' },
    });
    expect(update.statusCode, update.body).toBe(400);
    expect(update.json().fields).toEqual([{ path: 'completionDate', code: 'validation.too_small' }]);
    expect(errorLines()).toEqual([]);
  });

  it("refuses the same text in a catalogue import's files as a problem, importing nothing", async () => {
    const db = t.database.db;
    await insertUser(db, { email: 'admin@example.com', role: 'admin' });
    const admin = await cookieFor(t.app, 'admin@example.com');
    const folder = (name: unknown) => ({ folders: [{ externalId: 'F-1', name }] });
    const cases: [string, { json?: string; csv?: string }, string, string | null][] = [
      ['a NUL', { json: JSON.stringify(folder('Ładowacze\u0000')) }, 'invalid-value', 'folders.0.name'],
      [
        'a lone surrogate',
        { json: JSON.stringify(folder('Ładowacze \ud800')) },
        'invalid-value',
        'folders.0.name',
      ],
      [
        'a lone surrogate in a key',
        { json: JSON.stringify(folder({ pl: 'a', ['x\udc00']: 'b' })) },
        'invalid-value',
        'folders.0.name.x\ufffd',
      ],
      ['a NUL in the CSV', { csv: 'externalId,symbol,name\nP-9,AM-9,Śruba\u0000\n' }, 'csv-malformed', null],
    ];
    for (const [name, files, code, field] of cases) {
      const { body, headers } = multipart([
        ...(files.json
          ? [{ name: 'document', file: { filename: 'catalog.json', content: Buffer.from(files.json) } }]
          : []),
        ...(files.csv
          ? [{ name: 'parts', file: { filename: 'parts.csv', content: Buffer.from(files.csv) } }]
          : []),
      ]);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/catalog-imports',
        payload: body,
        headers: { ...headers, cookie: admin },
      });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(422);
      expect(response.json().problems, name).toMatchObject([{ code, field }]);
    }
    expect((await db.select({ n: sql<number>`count(*)::int` }).from(catalogFolders))[0]!.n).toBe(0);
    expect(errorLines()).toEqual([]);
  });
});
