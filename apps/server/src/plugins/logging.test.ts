import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertPart } from '#app/test/catalog.ts';
import { cookieFor, insertUser, postJson } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { redactUrl, serializeError } from './logging.ts';

/**
 * What the server log keeps (ASVS 5.0 16.2.5). Issue 13, finding 7: opening an e-mailed confirmation or reset link
 * wrote its token (and the confirmation's e-mail address) to the log with the request's URL. Finding 4: a failed
 * statement was logged with its parameters and PostgreSQL's detail, which quote what the customer sent.
 * The tests read the log lines of a real app.
 */

const logLines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => logLines.push(line) } });
});

afterAll(async () => {
  await t.app.close();
});

beforeEach(() => {
  logLines.length = 0;
});

const token = () => randomBytes(32).toString('base64url');
const logged = () => logLines.join('');
const urlsLogged = () =>
  logLines
    .map((line) => JSON.parse(line) as { req?: { url?: string } })
    .flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));

describe('URLs in the log', () => {
  it('never holds the token or e-mail address of a confirmation or password-reset link', async () => {
    const confirmation = token();
    const reset = token();
    const other = token();
    const email = 'jan.kowalski@example.com';
    await t.app.inject({ url: `/confirm/${confirmation}/${encodeURIComponent(email)}` });
    await t.app.inject({ url: `/reset-password/${reset}` });
    // React Router matches paths whatever their case; a query or a trailing slash changes nothing.
    await t.app.inject({ url: `/Reset-Password/${other}/?lng=en` });
    const text = logged();
    for (const secret of [confirmation, reset, other, email, encodeURIComponent(email)])
      expect(text).not.toContain(secret);
    expect(urlsLogged()).toEqual([
      '/confirm/[redacted]',
      '/reset-password/[redacted]',
      '/Reset-Password/[redacted]?lng=en',
    ]);
  });

  it('never holds the value of a query parameter named like a secret', async () => {
    const secrets = [token(), token(), token()];
    await t.app.inject({
      url: `/api/brand?token=${secrets[0]}&lng=pl&resetCode=${secrets[1]}&api%5Fkey=${secrets[2]}`,
    });
    for (const secret of secrets) expect(logged()).not.toContain(secret);
    expect(urlsLogged()).toEqual([
      '/api/brand?token=[redacted]&lng=pl&resetCode=[redacted]&api%5Fkey=[redacted]',
    ]);
  });

  it('redacts the links under a base path too', () => {
    expect(redactUrl('/portal/confirm/abc/jan%40example.com?x=1')).toBe('/portal/confirm/[redacted]?x=1');
    expect(redactUrl('/portal//reset-password/abc/')).toBe('/portal//reset-password/[redacted]');
  });

  it('keeps every other URL as it was', () => {
    for (const url of ['/api/parts?q=łożysko&page=2', '/catalog/cards/12', '/confirmation-help', '/'])
      expect(redactUrl(url)).toBe(url);
  });
});

describe('failed statements in the log', () => {
  it('names the statement without its parameters or the failing row', async () => {
    const db = t.database.db;
    await insertUser(db, { email: 'jan@example.com' });
    const cookie = await cookieFor(t.app, 'jan@example.com');
    const partId = await insertPart(db, { externalId: 'P-1', symbol: 'AM-6204' });
    // A statement that fails for a reason no input check could foresee: a constraint the code does not know.
    await db.execute(sql`ALTER TABLE offer_requests ADD CONSTRAINT no_secret CHECK (note NOT LIKE '%7731%')`);
    try {
      const secret = 'Proszę o termin, hasło do bramy 7731-ZIELONA';
      const response = await postJson(
        t.app,
        '/api/parts/email',
        { items: [{ id: String(partId), name: 'Łożysko', amount: 1 }], note: secret },
        { cookie },
      );
      expect(response.statusCode).toBe(500);
      const failure = logLines
        .map((line) => JSON.parse(line) as { msg: string; err?: { message: string; cause?: object } })
        .find((entry) => entry.msg === 'unhandled error');
      // The statement is there, so the log still tells what failed …
      expect(failure?.err?.message).toMatch(/^Failed query: insert into "offer_requests"/);
      expect(failure?.err?.cause).toMatchObject({ code: '23514', constraint: 'no_secret' });
      // … but not what it was run with.
      expect(logged()).not.toContain('7731-ZIELONA');
      expect(logged()).not.toContain('"params"');
      expect(logged()).not.toMatch(/Failing row contains/);
    } finally {
      await db.execute(sql`ALTER TABLE offer_requests DROP CONSTRAINT no_secret`);
    }
  });

  it("drops the value PostgreSQL quotes in a data exception's message", async () => {
    const failed = await t.database.db.execute(sql`SELECT ${'7731-ZIELONA'}::int`).catch((e: unknown) => e);
    const serialized = JSON.stringify(serializeError(failed));
    expect(serialized).toContain('invalid input syntax for type integer');
    expect(serialized).not.toContain('7731-ZIELONA');
  });
});

describe('LOG_FORMAT=pretty (npm start at a terminal)', () => {
  const lines: string[] = [];
  let pretty: TestApp;

  beforeAll(async () => {
    pretty = await createTestApp(
      { LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' },
      { logStream: { write: (line) => lines.push(line) } },
    );
  });
  afterAll(async () => {
    await pretty.app.close();
  });

  it('writes a readable line per event, no JSON, with the same redaction', async () => {
    lines.length = 0;
    const secret = token();
    await pretty.app.inject({ url: `/reset-password/${secret}?lng=en` });
    await pretty.app.inject({ url: '/api/user/details' });
    expect(lines.join('')).not.toContain(secret);
    for (const line of lines) expect(() => JSON.parse(line)).toThrow();
    expect(lines).toEqual([
      expect.stringMatching(
        /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: incoming request GET \/reset-password\/\[redacted\]\?lng=en\n$/,
      ),
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: request completed → \d{3} in \d+\.\d ms\n$/),
      expect.stringMatching(/^\[[\d:.]+\] INFO: incoming request GET \/api\/user\/details\n$/),
      // Other fields follow the message, one per indented line.
      expect.stringMatching(
        /^\[[\d:.]+\] INFO: security event\n {4}security: "unauthenticated"\n {4}status: 401\n/,
      ),
      expect.stringMatching(/^\[[\d:.]+\] INFO: request completed → 401 in \d+\.\d ms\n$/),
    ]);
  });
});
