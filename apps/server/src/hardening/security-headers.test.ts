import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { ApiErrorSchema } from '@care/contract/errors';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFor, insertUser } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { baseUrlOf } from '#app/test/event-stream.ts';
import { png } from '#app/test/files.ts';
import { insertOwnedMachine, insertRequest, postMultipart } from '#app/test/service-requests.ts';
import { headerProblems } from './hostile-headers.ts';

/**
 * Issue 6: the security headers on every kind of answer: API JSON, errors of every sort (validation, 401, 404,
 * 413, 415, a malformed URL, a too-long path parameter, a refused origin), file downloads and 304s, the event
 * stream, the SPA's index.html and client routes, static assets (plain and pre-compressed), locale files,
 * health checks and the API docs. In production also HSTS.
 */

/** A built web app as Vite writes it (as in plugins/web-app.test.ts). */
function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'care-headers-dist-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'locales/lang/common'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><script>document.documentElement.dataset.x="1"</script>' +
      '<script type="module" crossorigin src="./assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets/index-abc.js'), 'console.log(1)');
  writeFileSync(join(dir, 'assets/index-abc.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(join(dir, 'locales/lang/common/pl.json'), '{"a":"b"}');
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\n');
  return dir;
}

/** Sends raw bytes and answers everything the server wrote until it closed the connection. */
function rawExchange(port: string, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    socket.write(request);
  });
}

interface Case {
  name: string;
  /** The status the case is meant to reach, so that a case cannot silently test something else. */
  status: number;
  request: (ctx: { customer: string; requestId: number; fileId: string }) => InjectOptions;
}

const CASES: Case[] = [
  { name: 'API JSON', status: 200, request: () => ({ url: '/api/brand' }) },
  {
    name: 'API JSON, signed in',
    status: 200,
    request: ({ customer }) => ({ url: '/api/user/details', headers: { cookie: customer } }),
  },
  { name: 'API 401', status: 401, request: () => ({ url: '/api/user/details' }) },
  { name: 'API 404 (no such route)', status: 404, request: () => ({ url: '/api/no-such-thing' }) },
  {
    name: 'API 404 (no such record)',
    status: 404,
    request: ({ customer }) => ({ url: '/api/service-requests/999999', headers: { cookie: customer } }),
  },
  {
    name: 'API 400 validation',
    status: 400,
    request: () => ({ method: 'POST', url: '/auth/login', payload: { username: 1 } }),
  },
  {
    name: 'API 415 wrong content type',
    status: 415,
    request: () => ({
      method: 'POST',
      url: '/auth/login',
      payload: 'a',
      headers: { 'content-type': 'text/plain' },
    }),
  },
  {
    name: 'API 413 body too large',
    status: 413,
    request: () => ({
      method: 'POST',
      url: '/auth/login',
      payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    }),
  },
  {
    name: 'API 403 foreign origin',
    status: 403,
    request: () => ({ method: 'POST', url: '/auth/logout', headers: { origin: 'https://evil.example' } }),
  },
  {
    name: 'malformed URL (bad percent escape)',
    status: 400,
    request: () => ({ url: '/api/user/settings/%' }),
  },
  {
    // Any length reaches the route, whose schema refuses it (hardening/malformed-ids.test.ts); before, the router
    // answered 414 itself or, with the SPA, a path it could not match fell through to the static files.
    name: 'path parameter too long',
    status: 400,
    request: ({ customer }) => ({
      url: `/api/offer-requests/1/attachments/${'A'.repeat(300)}`,
      headers: { cookie: customer },
    }),
  },
  {
    name: 'file download',
    status: 200,
    request: ({ customer, requestId, fileId }) => ({
      url: `/api/service-requests/${requestId}/attachments/${fileId}`,
      headers: { cookie: customer },
    }),
  },
  {
    name: 'file download, 404',
    status: 404,
    request: ({ customer, requestId }) => ({
      url: `/api/service-requests/${requestId}/attachments/00000000-0000-4000-8000-000000000000`,
      headers: { cookie: customer },
    }),
  },
  { name: 'SPA index.html', status: 200, request: () => ({ url: '/' }) },
  { name: 'SPA index.html, HEAD', status: 200, request: () => ({ method: 'HEAD', url: '/' }) },
  { name: 'SPA client route', status: 200, request: () => ({ url: '/home/machines' }) },
  { name: 'static asset', status: 200, request: () => ({ url: '/assets/index-abc.js' }) },
  {
    name: 'static asset, pre-compressed',
    status: 200,
    request: () => ({ url: '/assets/index-abc.js', headers: { 'accept-encoding': 'br' } }),
  },
  { name: 'static asset 404', status: 404, request: () => ({ url: '/assets/missing-abc.js' }) },
  { name: 'locale file', status: 200, request: () => ({ url: '/locales/lang/common/pl.json' }) },
  { name: 'robots.txt', status: 200, request: () => ({ url: '/robots.txt' }) },
  { name: 'health', status: 200, request: () => ({ url: '/healthz' }) },
  { name: 'readiness', status: 200, request: () => ({ url: '/readyz' }) },
  { name: 'API docs', status: 200, request: () => ({ url: '/api/docs/json' }) },
  // No CORS: OPTIONS is a method the API has nowhere (issue 16: 405 with Allow).
  { name: 'OPTIONS (no CORS)', status: 405, request: () => ({ method: 'OPTIONS', url: '/api/brand' }) },
];

describe.each([
  { mode: 'production', production: true },
  { mode: 'development', production: false },
])('security headers in $mode', ({ mode, production }) => {
  let t: TestApp;
  let dist: string;
  const ctx = { customer: '', requestId: 0, fileId: '' };
  let listen: Promise<unknown> | undefined;
  const listening = () => (listen ??= t.app.listen({ port: 0, host: '127.0.0.1' }));

  beforeAll(async () => {
    dist = fakeDist();
    t = await createTestApp({
      NODE_ENV: mode,
      WEB_DIST_DIR: dist,
      PUBLIC_URL: 'https://portal.example',
      DATA_DIR: join(dist, 'data'),
      // Off by default in production (api-docs.test.ts); on here so that its answers' headers are checked too.
      API_DOCS: 'true',
    });
    const db = t.database.db;
    const customerId = await insertUser(db, { email: 'headers@example.com' });
    const machineId = await insertOwnedMachine(db, { serialNumber: 'HDR-1', ownerId: customerId });
    ctx.requestId = await insertRequest(db, { code: 'SR/HDR/1', customerId, machineId });
    ctx.customer = await cookieFor(t.app, 'headers@example.com');
    const uploaded = await postMultipart(
      t.app,
      `/api/service-requests/${ctx.requestId}/appendices`,
      ctx.customer,
      [{ name: 'files', file: { filename: 'plate.png', content: png() } }],
    );
    expect(uploaded.statusCode).toBe(201);
    ctx.fileId = uploaded.json().added[0].id;
  });
  afterAll(async () => {
    await t.app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(CASES)('$name', async ({ request, status }) => {
    const response = await t.app.inject(request(ctx));
    expect(response.statusCode).toBe(status);
    expect(headerProblems(response.headers, production)).toEqual([]);
  });

  it('a download answered 304 (If-None-Match)', async () => {
    const first = await t.app.inject(CASES.find((c) => c.name === 'file download')!.request(ctx));
    const again = await t.app.inject({
      ...CASES.find((c) => c.name === 'file download')!.request(ctx),
      headers: { cookie: ctx.customer, 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(headerProblems(again.headers, production)).toEqual([]);
  });

  it('the event stream (over a socket)', async () => {
    await listening();
    const abort = new AbortController();
    const response = await fetch(`${baseUrlOf(t.app)}/api/events`, {
      headers: { cookie: ctx.customer, accept: 'text/event-stream' },
      signal: abort.signal,
    });
    abort.abort();
    expect(response.status).toBe(200);
    expect(headerProblems(Object.fromEntries(response.headers), production)).toEqual([]);
  });

  it.each([
    [
      'headers over 16 kB (431)',
      `GET /api/brand HTTP/1.1\r\nHost: x\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`,
      431,
      'HEADERS_TOO_LARGE',
    ],
    ['an unparsable request (400)', 'GET /api/brand HTTP/1.1\r\nHost x\r\n\r\n', 400, 'BAD_REQUEST'],
  ])('Node’s own answer to %s', async (_what, request, status, code) => {
    await listening();
    const raw = await rawExchange(new URL(baseUrlOf(t.app)).port, request);
    const [head, body] = raw.split('\r\n\r\n');
    const [statusLine, ...lines] = head!.split('\r\n');
    expect(statusLine).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    const headers = Object.fromEntries(
      lines.map((line) => [
        line.slice(0, line.indexOf(':')).toLowerCase(),
        line.slice(line.indexOf(':') + 1).trim(),
      ]),
    );
    expect(headerProblems(headers, production)).toEqual([]);
    expect(ApiErrorSchema.safeParse(JSON.parse(body!)).success).toBe(true);
    expect(JSON.parse(body!).code).toBe(code);
  });

  it('HSTS only in production', async () => {
    const response = await t.app.inject('/api/brand');
    expect(response.headers['strict-transport-security'] !== undefined).toBe(production);
  });
});
