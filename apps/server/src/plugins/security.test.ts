import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFor, insertUser } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { multipart, png } from '#app/test/files.ts';
import { insertOwnedMachine, insertRequest, postMultipart } from '#app/test/service-requests.ts';
import { helmetOptions } from './security.ts';
import { loadIndexPage } from './web-app.ts';

/**
 * Issue 13: the cross-site request guard for the content types an HTML form can send. A page on any site can post
 * multipart/form-data (or urlencoded, text/plain) without CORS; a browser adds Origin, but not every client or
 * proxy does, so such a request needs an allowed Origin or, without one, an allowed Referer.
 */
describe('state changes with a form’s content type', () => {
  let t: TestApp;
  let customer = '';
  let appendices = '';
  const parts = () => [{ name: 'files', file: { filename: 'plate.png', content: png() } }];

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const customerId = await insertUser(db, { email: 'forms@example.com' });
    const machineId = await insertOwnedMachine(db, { serialNumber: 'FORM-1', ownerId: customerId });
    const requestId = await insertRequest(db, { code: 'SR/FORM/1', customerId, machineId });
    customer = await cookieFor(t.app, 'forms@example.com');
    appendices = `/api/service-requests/${requestId}/appendices`;
  });
  afterAll(async () => {
    await t.app.close();
  });

  const formPost = (headers: Record<string, string>) => {
    const { body, contentType } = multipart(parts());
    return t.app.inject({
      method: 'POST',
      url: appendices,
      payload: body,
      headers: { 'content-type': contentType, cookie: customer, ...headers },
    });
  };

  it('refuses a multipart form posted without Origin or Referer, before any handler stores a file', async () => {
    const res = await formPost({});
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ORIGIN_NOT_ALLOWED');
    const list = await t.app.inject({
      url: appendices.replace('/appendices', ''),
      headers: { cookie: customer },
    });
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).not.toContain('plate.png');
  });

  it('refuses an empty urlencoded or text/plain post without Origin (sign-out by a foreign form)', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'text/plain;charset=UTF-8']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/logout',
        headers: { 'content-type': type, cookie: customer },
      });
      expect({ type, status: res.statusCode }).toEqual({ type, status: 403 });
    }
    const stillSignedIn = await t.app.inject({ url: '/api/user/details', headers: { cookie: customer } });
    expect(stillSignedIn.statusCode).toBe(200);
  });

  it('takes the portal’s Referer where Origin is left out, and refuses another site’s', async () => {
    const own = await formPost({ referer: `${t.env.PUBLIC_URL}/home/services/edit/1` });
    expect(own.statusCode).toBe(201);
    for (const referer of ['https://evil.example/upload', 'not a url']) {
      const foreign = await formPost({ referer });
      expect({ referer, status: foreign.statusCode }).toEqual({ referer, status: 403 });
    }
  });

  it('accepts the web app’s own uploads (FormData with its Origin) and JSON without Origin', async () => {
    expect((await postMultipart(t.app, appendices, customer, parts())).statusCode).toBe(201);
    expect((await formPost({ origin: t.env.PUBLIC_URL })).statusCode).toBe(201);
    // No form can send JSON: scripts and the CLI may leave Origin out.
    const json = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: 'forms@example.com', password: 'wrong-password', remember: false },
    });
    expect(json.statusCode).toBe(401);
  });
});

/** What helmet itself sets on a fresh Node response with `options`, lower-cased as inject reports headers. */
function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(options)(response.req, response, () => {});
  return Object.fromEntries(Object.entries(response.getHeaders()).map(([name, v]) => [name, String(v)]));
}

/**
 * Issue 17: the security headers are computed once at start, not by helmet on every request. Every kind of answer
 * must still carry exactly what helmet gives for the same options (hardening/security-headers.test.ts checks
 * what those headers say).
 */
describe('security headers computed once', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'care-headers-once-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><script>document.documentElement.dataset.x="1"</script></head>' +
        '<body><div id="root"></div></body></html>',
    );
    writeFileSync(join(dist, 'assets/index-abc.js'), 'console.log(1)');
    t = await createTestApp({
      NODE_ENV: 'production',
      WEB_DIST_DIR: dist,
      PUBLIC_URL: 'https://portal.example',
      DATA_DIR: join(dist, 'data'),
    });
  });
  afterAll(async () => {
    await t.app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    ['API JSON', '/api/brand', 200],
    ['API error', '/api/user/details', 401],
    ['API 404', '/api/no-such-thing', 404],
    ['static file', '/assets/index-abc.js', 200],
    ['static file 404', '/assets/missing-abc.js', 404],
    ['the web app’s page', '/home/machines', 200],
  ])('%s: what helmet gives', async (_kind, url, status) => {
    const expected = helmetHeaders(helmetOptions(t.env, loadIndexPage(t.env)!.scriptHashes));
    expect(expected['content-security-policy']).toContain("'sha256-");
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(status);
    const sent = Object.fromEntries(Object.keys(expected).map((name) => [name, response.headers[name]]));
    expect(sent).toEqual(expected);
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('the router’s own error (a malformed URL): what helmet gives without the page’s script hashes', async () => {
    const expected = helmetHeaders(helmetOptions(t.env, []));
    const response = await t.app.inject({ url: '/api/user/settings/%' });
    expect(response.statusCode).toBe(400);
    const sent = Object.fromEntries(Object.keys(expected).map((name) => [name, response.headers[name]]));
    expect(sent).toEqual(expected);
  });
});
