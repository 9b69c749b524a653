import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RATE_LIMITS } from './rate-limit.ts';
import { RENDER_QUEUE } from './rendered-pages.ts';
import { awayFromWindowEdge } from '#app/test/accounts.ts';
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
    `import { existsSync } from 'node:fs';
    let renders = 0;
    // A test holds renders of …/held-…/ addresses until it lets them go. This runs on the renderer's worker
    // thread: the test talks to it over a BroadcastChannel (holdRenders below).
    const channel = new BroadcastChannel('care-held-renders');
    let holding = false;
    const waiting = [];
    channel.onmessage = ({ data }) => {
      if (data === 'hold') {
        holding = true;
        channel.postMessage('holding');
      } else if (data === 'release') {
        holding = false;
        for (const go of waiting.splice(0)) go();
      }
    };
    export function createPageRenderer({ basePath, fetch }) {
      return async function render(request) {
        renders += 1;
        if (holding && request.url.includes('/held-'))
          await new Promise((go) => {
            waiting.push(go);
            channel.postMessage('waiting');
          });
        if (request.url.includes('/fails')) throw new Error('rendering failed');
        // Busy until the test writes the file named after /spin- (at most 20 s): blocks the thread it runs on.
        let spunOut = false;
        const spin = request.url.split('/spin-')[1]?.split('/')[0];
        if (spin) {
          const flag = new URL(spin, import.meta.url);
          const end = Date.now() + 20000;
          while (!existsSync(flag) && !(spunOut = Date.now() > end));
        }
        if (request.url.includes('/unknown')) return null;
        const brand = await (await fetch('http://portal.internal' + basePath + '/api/brand')).json();
        return {
          language: request.language,
          html: '<main><h1>' + brand.name + '</h1><p>' + request.url + '</p></main>',
          state: { text: '</script><script>alert(1)</script>', language: request.language, renders, spunOut },
        };
      };
    }`,
  );
  return { dir, dist };
}

const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

/** Holds the fake renderer's renders of …/held-…/ addresses (see fakeBuild) until `release`. */
async function holdRenders() {
  const channel = new BroadcastChannel('care-held-renders');
  let waiting = 0;
  let released = false;
  const holding = new Promise<void>((resolve) => {
    channel.onmessage = ({ data }: MessageEvent) => {
      if (data === 'holding') resolve();
      else if (data === 'waiting') waiting += 1;
    };
  });
  channel.postMessage('hold');
  await holding;
  return {
    get waiting() {
      return waiting;
    },
    release() {
      if (released) return;
      released = true;
      channel.postMessage('release');
      channel.close();
    },
  };
}
const isRendered = (body: string) => body.includes('id="page-state"');
const rendersIn = (body: string) =>
  (JSON.parse(/id="page-state">(.*?)<\/script>/.exec(body)![1]!) as { renders: number }).renders;

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
        url: `${catalog}/1/catalog-folders?q=lozysko&x=1`,
        headers: { cookie: 'i18next=de' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      const brand = (await t.app.inject(`${basePath}/api/brand`)).json<{ name: string }>();
      expect(res.body).toContain(
        // Rendered for the address without the parameter the page does not read.
        `<div id="root"><main><h1>${brand.name}</h1><p>${catalog}/1/catalog-folders?q=lozysko</p></main></div>`,
      );
      expect(res.body).not.toContain('boot-splash"></div>');
      expect(res.body).toContain('<html lang="de" data-mantine-color-scheme="light">');
    });

    it('sends the state as inert JSON that cannot close its script element, and no new inline script', async () => {
      const res = await t.app.inject({ url: catalog, headers: { 'accept-language': 'en-GB,en;q=0.9' } });
      const state = /<script type="application\/json" id="page-state">(.*?)<\/script>/.exec(res.body)?.[1];
      expect(state).toBeDefined();
      expect(state).not.toContain('</script');
      expect(JSON.parse(state!)).toMatchObject({
        text: '</script><script>alert(1)</script>',
        language: 'en',
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
      const renders = async (headers: Record<string, string>, url = `${catalog}/7/catalog-folders`) =>
        rendersIn((await t.app.inject({ url, headers })).body);
      const first = await renders({ 'accept-language': 'de' });
      expect(await renders({ 'accept-language': 'de' })).toBe(first);
      expect(await renders({ 'accept-language': 'en' })).toBeGreaterThan(first);
      expect(await renders({ 'accept-language': 'de' }, `${catalog}/8/catalog-folders`)).toBeGreaterThan(
        first,
      );
    });

    it('keeps answering other requests while a page renders: the render has a thread of its own', async () => {
      const page = t.app.inject({ url: `${catalog}/spin-go-${basePath.length}/catalog-folders` });
      // The render now spins until the file exists; on the main thread nothing else would be answered meanwhile.
      const brand = await t.app.inject({ url: `${basePath}/api/brand` });
      expect(brand.statusCode).toBe(200);
      writeFileSync(join(build.dir, 'dist-ssr', `go-${basePath.length}`), '');
      const answer = await page;
      expect(isRendered(answer.body)).toBe(true);
      const state = JSON.parse(/id="page-state">(.*?)<\/script>/.exec(answer.body)![1]!) as {
        spunOut: boolean;
      };
      expect(state.spunOut).toBe(false);
    });

    it('answers with the plain page when the rendering declines or fails, and renders no other address', async () => {
      // Addresses that are no page (issue 16) get the plain page too, with 404: it shows the not-found page.
      for (const [path, status] of [
        [`${catalog}/unknown/catalog-folders`, 200],
        [`${catalog}/fails/catalog-folders`, 200],
        [`${basePath}/home/machines`, 200],
        [`${basePath}/login`, 404],
        [`${catalog}/7`, 404],
      ] as const) {
        const res = await t.app.inject(path);
        expect({ path, status: res.statusCode, splash: res.body.includes('boot-splash') }).toEqual({
          path,
          status,
          splash: true,
        });
        expect(res.body).not.toContain('page-state');
      }
    });

    it('lists each inline script of the plain and the rendered pages once in the CSP', async () => {
      const sources = (csp: unknown) =>
        String(csp)
          .split(';')
          .find((d) => d.trim().startsWith('script-src'))!
          .trim()
          .split(/\s+/)
          .slice(1);
      for (const url of [`${basePath}/login`, catalog]) {
        const res = await t.app.inject(url);
        const scriptSrc = sources(res.headers['content-security-policy']);
        expect(scriptSrc.length, url).toBe(new Set(scriptSrc).size);
        for (const [, script] of res.body.matchAll(/<script>([\s\S]*?)<\/script>/g))
          expect(scriptSrc).toContain(sha(script!));
      }
    });

    it('renders an address once whatever parameters the page does not read, and per language, not per header', async () => {
      const page = `${catalog}/21/catalog-folders`;
      const ask = (url: string, headers: Record<string, string> = {}) =>
        t.app.inject({ url, headers, remoteAddress: '10.1.0.1' });
      const first = await ask(`${page}?utm_source=newsletter`);
      expect(first.body).toContain(`<p>${page}</p>`);
      const renders = rendersIn(first.body);
      for (const [url, headers] of [
        [`${page}?utm_source=a`, {}],
        [`${page}?fbclid=x&v=${Date.now()}`, {}],
        [`${page}?page=3&size=50`, {}],
        [`${page}?lng=pl`, {}],
        [page, { 'accept-language': 'pl-PL,pl;q=0.9,en;q=0.8' }],
        [page, { 'accept-language': 'xx-YY, pl;q=0.5' }],
        [page, { cookie: 'i18next=pl-PL' }],
      ] as const) {
        const res = await ask(url, headers);
        expect({ url, headers, renders: rendersIn(res.body) }).toEqual({ url, headers, renders });
      }
      // What the page does read: the search (with its page) and the language.
      const search = await ask(`${page}?q=lozysko&page=02&utm_source=a`);
      expect(rendersIn(search.body)).toBeGreaterThan(renders);
      expect(search.body).toContain(`<p>${page}?q=lozysko&page=2</p>`);
      expect(rendersIn((await ask(`${page}?page=2&q=lozysko`)).body)).toBe(rendersIn(search.body));
      expect(rendersIn((await ask(`${page}?lng=de`)).body)).toBeGreaterThan(rendersIn(search.body));
    });

    it('renders one page at a time with a few in line, and gives the plain page to whoever finds the line full', async () => {
      const hold = await holdRenders();
      try {
        const ask = (i: number) =>
          t.app.inject({ url: `${catalog}/held-${i}/catalog-folders`, remoteAddress: `10.2.0.${i + 1}` });
        const running = Array.from({ length: RENDER_QUEUE.concurrency }, (_, i) => ask(i));
        await vi.waitFor(() => expect(hold.waiting).toBe(RENDER_QUEUE.concurrency), {
          timeout: 10_000,
        });
        // While those renders last, the line takes RENDER_QUEUE.waiting more; one more finds it full.
        const lined = Array.from({ length: RENDER_QUEUE.waiting + 1 }, (_, i) =>
          ask(RENDER_QUEUE.concurrency + i),
        );
        const firstAnswer = await Promise.race(lined);
        expect(firstAnswer.statusCode).toBe(200);
        expect(isRendered(firstAnswer.body)).toBe(false);
        expect(firstAnswer.body).toContain('boot-splash');
        expect(hold.waiting).toBe(RENDER_QUEUE.concurrency);
        hold.release();
        const answers = await Promise.all([...running, ...lined]);
        expect(answers.map((res) => isRendered(res.body)).filter(Boolean)).toHaveLength(
          RENDER_QUEUE.concurrency + RENDER_QUEUE.waiting,
        );
      } finally {
        hold.release();
      }
    });

    it('limits the renders per address, not the pages served from the cache, and answers the plain page over it', async () => {
      const max = RATE_LIMITS.pageRenderPerIp.max * t.app.rateLimitIpFactor;
      // Renders start 250 ms apart: the limit's minute must not turn while the test fills it (seconds on a busy machine).
      await awayFromWindowEdge(RATE_LIMITS.pageRenderPerIp.timeWindow, 20_000);
      const ask = (url: string, remoteAddress = '10.3.0.1') => t.app.inject({ url, remoteAddress });
      const kept = `${catalog}/30/catalog-folders`;
      expect(isRendered((await ask(kept)).body)).toBe(true);
      for (let i = 0; i < max + 5; i++) expect(isRendered((await ask(kept)).body)).toBe(true);
      for (let i = 1; i < max; i++) {
        expect({
          i,
          rendered: isRendered((await ask(`${catalog}/31/catalog-folders?q=part${i}`)).body),
        }).toEqual({ i, rendered: true });
      }
      const over = await ask(`${catalog}/31/catalog-folders?q=part${max}`);
      expect(over.statusCode).toBe(200);
      expect(isRendered(over.body)).toBe(false);
      expect(over.body).toContain('boot-splash');
      // The page already rendered is still served; another address still gets its renders.
      expect(isRendered((await ask(kept)).body)).toBe(true);
      expect(isRendered((await ask(`${catalog}/31/catalog-folders?q=part${max}`, '10.3.0.2')).body)).toBe(
        true,
      );
    }, 60_000);
  },
);
