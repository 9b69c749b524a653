import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#app/test/app.ts';

/** A built web app as Vite writes it: relative asset URLs, one inline bootstrap script. */
function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'care-dist-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'locales/lang/common'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><script>document.documentElement.dataset.x="1"</script>' +
      '<script type="module" crossorigin src="./assets/index-abc.js"></script><link rel="stylesheet" href="./assets/index-abc.css"></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets/index-abc.js'), 'console.log(1)');
  writeFileSync(join(dir, 'assets/index-abc.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(join(dir, 'assets/index-abc.js.map'), '{"version":3,"sources":["../src/main.tsx"]}');
  writeFileSync(join(dir, 'locales/lang/common/pl.json'), '{"a":"b"}');
  return dir;
}

const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

describe.each([
  { basePath: '', root: '/' },
  { basePath: '/portal', root: '/portal/' },
])('the web app served under "$root"', ({ basePath, root }) => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeDist();
    t = await createTestApp({ WEB_DIST_DIR: dist, BASE_PATH: basePath });
  });
  afterAll(async () => {
    await t.app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers the root with the page, its runtime configuration and absolute asset URLs', async () => {
    const res = await t.app.inject(root);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    const config = `{"apiBaseUrl":"${basePath}","routerBaseName":"${basePath}","basePath":"${basePath}"}`;
    expect(res.body).toContain(`<script>window.__PORTAL_CONFIG__=${config}</script>`);
    expect(res.body).toContain(`src="${basePath}/assets/index-abc.js"`);
    expect(res.body).toContain(`href="${basePath}/assets/index-abc.css"`);
  });

  it('allows exactly its inline scripts by hash in the CSP, never unsafe-inline scripts', async () => {
    const res = await t.app.inject(root);
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
    expect(scriptSrc).toContain(sha('document.documentElement.dataset.x="1"'));
    expect(scriptSrc).toContain(
      sha(
        `window.__PORTAL_CONFIG__={"apiBaseUrl":"${basePath}","routerBaseName":"${basePath}","basePath":"${basePath}"}`,
      ),
    );
    expect(scriptSrc).not.toContain('unsafe-inline');
  });

  it('answers client routes with the page, including e-mail links whose last segment has a dot', async () => {
    for (const path of [
      'home/machines',
      'confirm/abc123/jan.kowalski@example.com',
      'parts-catalog-public/catalog-folders',
    ]) {
      const res = await t.app.inject(`${root}${path}`);
      expect({ path, status: res.statusCode, html: res.body.startsWith('<!doctype html>') }).toEqual({
        path,
        status: 200,
        html: true,
      });
    }
  });

  it('answers every page of the contract table with the page, its parameters filled in (issue 16)', async () => {
    for (const path of [
      '',
      'register',
      'register/',
      'home',
      'home/services/edit/12',
      'home/catalog-folders/7/catalog-folders/12/catalog-cards/345',
      'parts-catalog-public/catalog-folders/7/catalog-folders',
      'staff/admin/audit?subjectType=user&subjectId=3',
      'reset-password/abc-DEF_123',
    ]) {
      const res = await t.app.inject(`${root}${path}`);
      expect({ path, status: res.statusCode, html: res.body.startsWith('<!doctype html>') }).toEqual({
        path,
        status: 200,
        html: true,
      });
    }
  });

  it('answers an address that is no page with the app and 404, so that it shows its not-found page', async () => {
    for (const path of [
      'no-such-page',
      'home/no-such-page',
      'home/services/edit',
      'home/services/edit/12/more',
      'staff/nope',
      'confirm/abc123',
      'parts-catalog-public/catalog-folders/7',
    ]) {
      const res = await t.app.inject(`${root}${path}`);
      expect({ path, status: res.statusCode, html: res.body.startsWith('<!doctype html>') }).toEqual({
        path,
        status: 404,
        html: true,
      });
    }
  });

  it('answers a missing file with a plain 404, never the page', async () => {
    for (const path of ['sitemap.xml', 'manifest.webmanifest', 'x.png', 'home/logo.svg', 'assets/nope']) {
      const res = await t.app.inject(`${root}${path}`);
      expect({ path, status: res.statusCode, code: res.json().code }).toEqual({
        path,
        status: 404,
        code: 'NOT_FOUND',
      });
    }
  });

  it('answers an API path with a method it does not have 405 with Allow; an unknown API path stays 404', async () => {
    const cases = [
      { method: 'GET', path: 'auth/login', allow: 'POST' },
      { method: 'DELETE', path: 'api/user/extended-details', allow: 'GET, HEAD' },
      { method: 'POST', path: 'api/user/settings/12', allow: 'PUT, DELETE' },
    ] as const;
    for (const { method, path, allow } of cases) {
      const res = await t.app.inject({
        method,
        url: `${root}${path}`,
        headers: { origin: t.env.PUBLIC_URL },
      });
      expect({ path, status: res.statusCode, allow: res.headers.allow, code: res.json().code }).toEqual({
        path,
        status: 405,
        allow,
        code: 'METHOD_NOT_ALLOWED',
      });
    }
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({
        method,
        url: `${root}api/nope`,
        headers: { origin: t.env.PUBLIC_URL },
      });
      expect([res.statusCode, res.headers.allow]).toEqual([404, undefined]);
    }
  });

  it('caches hashed assets for a year and locale files briefly', async () => {
    const asset = await t.app.inject(`${root}assets/index-abc.js`);
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const locale = await t.app.inject(`${root}locales/lang/common/pl.json`);
    expect(locale.statusCode).toBe(200);
    expect(locale.headers['cache-control']).toContain('max-age=300');
  });

  it('sends the pre-compressed asset to browsers that accept brotli', async () => {
    const res = await t.app.inject({
      url: `${root}assets/index-abc.js`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('console.log(1)');
  });

  it('answers unknown API paths and missing static files with the JSON error, not the page', async () => {
    for (const path of ['api/nope', 'assets/missing.js', 'locales/lang/common/xx.json']) {
      const res = await t.app.inject(`${root}${path}`);
      expect({ path, status: res.statusCode, code: res.json().code }).toEqual({
        path,
        status: 404,
        code: 'NOT_FOUND',
      });
    }
  });
});

/** Issue 13: the readable source is not handed out in production unless the operator asks for it. */
describe.each<{ env: Record<string, string>; served: boolean }>([
  { env: { NODE_ENV: 'production' }, served: false },
  { env: { NODE_ENV: 'production', SERVE_SOURCE_MAPS: 'true' }, served: true },
  { env: { NODE_ENV: 'development' }, served: true },
  { env: { NODE_ENV: 'development', SERVE_SOURCE_MAPS: 'false' }, served: false },
])('source maps with $env', ({ env, served }) => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeDist();
    t = await createTestApp({ WEB_DIST_DIR: dist, ...env });
  });
  afterAll(async () => {
    await t.app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it(served ? 'serves them and names them beside the code' : 'answers 404 and names none', async () => {
    const map = await t.app.inject('/assets/index-abc.js.map');
    expect(map.statusCode).toBe(served ? 200 : 404);
    if (!served) expect(map.json().code).toBe('NOT_FOUND');
    for (const encoding of ['identity', 'br']) {
      const code = await t.app.inject({
        url: '/assets/index-abc.js',
        headers: { 'accept-encoding': encoding },
      });
      expect(code.statusCode).toBe(200);
      expect(code.headers.sourcemap).toBe(served ? 'index-abc.js.map' : undefined);
    }
  });
});
