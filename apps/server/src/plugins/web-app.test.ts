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
