import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#app/test/app.ts';

/**
 * A built web app with its server rendering beside it, as `npm run build -w @care/web` leaves them: dist/ (the
 * index.html with the splash between the root markers, one stylesheet) and dist-ssr/entry-server.js. The
 * rendering here is a stand-in with the real module's interface (apps/web/src/entry-server.tsx, whose real
 * output e2e/catalog-public.spec.ts checks in the browser); it asks the API through the fetch it is given.
 */
function fakeBuild(): { dir: string; dist: string } {
  const dir = mkdtempSync(join(tmpdir(), 'care-build-'));
  const dist = join(dir, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  mkdirSync(join(dir, 'dist-ssr'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="pl"><head><script>document.documentElement.dataset.x="1"</script>' +
      '<script type="module" crossorigin src="./assets/index-abc.js"></script>' +
      '<link rel="modulepreload" crossorigin href="./assets/runtime-abc.js">' +
      '<link rel="modulepreload" crossorigin href="./assets/react-abc.js">' +
      '<link rel="stylesheet" crossorigin href="./assets/style-abc.css"></head>' +
      '<body><div id="root"><!--root--><div class="boot-splash"></div><!--/root--></div></body></html>',
  );
  writeFileSync(join(dist, 'assets/style-abc.css'), '.a{color:red}');
  writeFileSync(
    join(dir, 'dist-ssr/entry-server.js'),
    `let renders = 0;
    export function createPageRenderer({ basePath, fetch }) {
      return async function render(request) {
        renders += 1;
        if (request.url.includes('/fails')) throw new Error('rendering failed');
        if (request.url.includes('/unknown')) return null;
        const brand = await (await fetch('http://portal.internal' + basePath + '/api/brand')).json();
        const language = request.queryLanguage ?? request.cookieLanguage ?? 'en';
        return {
          language,
          html: '<main><h1>' + brand.name + '</h1><p>' + request.url + '</p></main>',
          state: { text: '</script><script>alert(1)</script>', accept: request.acceptLanguage ?? null, renders },
        };
      };
    }`,
  );
  return { dir, dist };
}

const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

describe.each([{ basePath: '' }, { basePath: '/portal' }])(
  'server-rendered public catalogue under "$basePath/"',
  ({ basePath }) => {
    let t: TestApp;
    let build: { dir: string; dist: string };
    const catalog = `${basePath}/parts-catalog-public/catalog-folders`;

    beforeAll(async () => {
      build = fakeBuild();
      t = await createTestApp({ WEB_DIST_DIR: build.dist, BASE_PATH: basePath });
    });
    afterAll(async () => {
      await t.app.close();
      rmSync(build.dir, { recursive: true, force: true });
    });

    it('puts the rendered page in #root in place of the splash, with its data from the API in-process', async () => {
      const res = await t.app.inject({
        url: `${catalog}/1/catalog-folders?x=1`,
        headers: { cookie: 'i18next=de' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      const brand = (await t.app.inject(`${basePath}/api/brand`)).json<{ name: string }>();
      expect(res.body).toContain(
        `<div id="root"><main><h1>${brand.name}</h1><p>${catalog}/1/catalog-folders?x=1</p></main></div>`,
      );
      expect(res.body).not.toContain('boot-splash"></div>');
      expect(res.body).toContain('<html lang="de">');
    });

    it('sends the state as inert JSON that cannot close its script element, and no new inline script', async () => {
      const res = await t.app.inject({ url: catalog, headers: { 'accept-language': 'en-GB,en;q=0.9' } });
      const state = /<script type="application\/json" id="page-state">(.*?)<\/script>/.exec(res.body)?.[1];
      expect(state).toBeDefined();
      expect(state).not.toContain('</script');
      expect(JSON.parse(state!)).toMatchObject({
        text: '</script><script>alert(1)</script>',
        accept: 'en-GB,en;q=0.9',
      });
      const scriptSrc = String(res.headers['content-security-policy'])
        .split(';')
        .find((d) => d.trim().startsWith('script-src'))!;
      expect(scriptSrc).toContain(sha('document.documentElement.dataset.x="1"'));
      expect(scriptSrc).not.toContain('unsafe-inline');
      // Executable inline scripts are exactly the hashed ones (configuration and colour scheme).
      const inline = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => sha(m[1]!));
      for (const hash of inline) expect(scriptSrc).toContain(hash);
    });

    it('inlines the stylesheet and asks for the app code after the load, so the first paint waits for the document only', async () => {
      const res = await t.app.inject(catalog);
      expect(res.body).toContain('<style>.a{color:red}</style>');
      expect(res.body).not.toContain('rel="stylesheet"');
      expect(res.body).not.toContain('<script type="module"');
      expect(res.body).not.toContain('<link rel="modulepreload"');
      // Every chunk, imported one at a time in index.html's order (each after those it imports), the entry last.
      const chunks = /var c=(\[[^\]]*\])/.exec(res.body)?.[1];
      expect(JSON.parse(chunks!)).toEqual(
        ['runtime-abc.js', 'react-abc.js', 'index-abc.js'].map((file) => `${basePath}/assets/${file}`),
      );
      expect(res.body).toContain("addEventListener('load'");
      // Other pages keep the plain head.
      const login = await t.app.inject(`${basePath}/login`);
      expect(login.body).toContain(
        `<script type="module" crossorigin src="${basePath}/assets/index-abc.js">`,
      );
    });

    it('compresses the page for browsers that accept it', async () => {
      const res = await t.app.inject({ url: catalog, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toContain('accept-encoding');
      expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="root"><main><h1>');
    });

    it('reuses a rendered page for the same address and language inputs, not for others', async () => {
      const renders = async (headers: Record<string, string>, url = `${catalog}/7/catalog-folders`) => {
        const res = await t.app.inject({ url, headers });
        const state = /id="page-state">(.*?)<\/script>/.exec(res.body)![1]!;
        return (JSON.parse(state) as { renders: number }).renders;
      };
      const first = await renders({ 'accept-language': 'de' });
      expect(await renders({ 'accept-language': 'de' })).toBe(first);
      expect(await renders({ 'accept-language': 'en' })).toBeGreaterThan(first);
      expect(await renders({ 'accept-language': 'de' }, `${catalog}/8/catalog-folders`)).toBeGreaterThan(
        first,
      );
    });

    it('answers with the plain page when the rendering declines or fails, and renders no other address', async () => {
      for (const path of [
        `${catalog}/unknown`,
        `${catalog}/fails`,
        `${basePath}/home/machines`,
        `${basePath}/login`,
      ]) {
        const res = await t.app.inject(path);
        expect({ path, status: res.statusCode, splash: res.body.includes('boot-splash') }).toEqual({
          path,
          status: 200,
          splash: true,
        });
        expect(res.body).not.toContain('page-state');
      }
    });
  },
);
