import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFor, insertUser } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { routeTable } from './hostile-routes.ts';

/**
 * Issue 13 (info): over-long ids answered 404 NOT_FOUND or 403 with code BAD_REQUEST where the web app's static
 * files caught the path, and 414 BAD_REQUEST where the router's 100-character limit did; shorter malformed ids
 * 400 VALIDATION_FAILED. One answer now, on every route with a path parameter, for every caller the route admits:
 * a malformed id of any length is 400 VALIDATION_FAILED naming the parameter (docs/security.md, "Malformed ids").
 * A caller the route refuses gets that refusal first, whatever the id (issue 16: guards run before validation).
 */

/** The built web app as Vite writes it: its static files and SPA fallback are what caught the long ids. */
function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'care-ids-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" crossorigin src="./assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets/index-abc.js'), 'console.log(1)');
  return dir;
}

const dist = fakeDist();
let t: TestApp;
const callers: Record<string, string | undefined> = { visitor: undefined };

beforeAll(async () => {
  t = await createTestApp({ WEB_DIST_DIR: dist });
  await insertUser(t.database.db, { email: 'jan@example.com' });
  await insertUser(t.database.db, { email: 'admin@example.com', role: 'admin' });
  callers.customer = await cookieFor(t.app, 'jan@example.com');
  callers.admin = await cookieFor(t.app, 'admin@example.com');
});

afterAll(async () => {
  await t.app.close();
  rmSync(dist, { recursive: true, force: true });
});

const MALFORMED = ['1'.repeat(16), '9'.repeat(101), 'x'.repeat(300), 'A'.repeat(3000), 'abc', '-1', '1.5'];

describe('malformed ids in the path', () => {
  it('answer 400 VALIDATION_FAILED naming the parameter, on every route and for every caller it admits', async () => {
    const routes = routeTable(t.app).filter((route) => route.pathParams.length > 0);
    expect(routes.length).toBeGreaterThan(15);
    const wrong: string[] = [];
    let validated = 0;
    const send = (route: (typeof routes)[number], id: string, cookie: string | undefined) =>
      t.app.inject({
        method: route.method as 'GET',
        // Every parameter the same: whichever the schema reports first is one of them.
        url: route.pathParams.reduce((path, name) => path.replace(`:${name}`, id), route.url),
        headers: cookie ? { cookie } : {},
        ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
      });
    for (const route of routes) {
      for (const [caller, cookie] of Object.entries(callers)) {
        // The route's access decision for this caller, with an id of the right form: a refusal is 401 or 403.
        const probe = await send(route, '1', cookie);
        const refusal = probe.statusCode === 401 || probe.statusCode === 403 ? probe.json().code : null;
        for (const id of MALFORMED) {
          const response = await send(route, id, cookie);
          const answer = response.json() as { code?: string; fields?: { path: string; code: string }[] };
          const field = answer.fields?.[0];
          const right = refusal
            ? response.statusCode === probe.statusCode && answer.code === refusal
            : response.statusCode === 400 &&
              answer.code === 'VALIDATION_FAILED' &&
              route.pathParams.includes(field?.path ?? '') &&
              field?.code === 'validation.invalid_format';
          if (!refusal) validated += 1;
          if (!right)
            wrong.push(
              `${caller} ${route.method} ${route.url} (${id.length} chars): ${response.statusCode} ${response.body.slice(0, 120)}`,
            );
        }
      }
    }
    expect(wrong).toEqual([]);
    // Every route admits someone of the three (the visitor, a customer, an admin): each id's check ran on each.
    expect(validated).toBeGreaterThanOrEqual(routes.length * MALFORMED.length);
  });
});
