import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { PORTAL_CONFIG_GLOBAL, type PortalConfig } from '@care/contract/runtime-config';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '#app/config/env.ts';
import { sendNotFound } from './errors.ts';

export interface IndexPage {
  html: string;
  /** CSP hashes of the page's inline scripts (runtime config, colour-scheme bootstrap, rendered pages' loader). */
  scriptHashes: string[];
  /** The head (up to #root) of the public catalogue pages the server renders; null if index.html has no markers. */
  renderedHead?: string | null;
}

export function portalConfig(env: Env): PortalConfig {
  return {
    apiBaseUrl: env.PORTAL_API_BASE_URL || env.BASE_PATH,
    routerBaseName: env.BASE_PATH,
    basePath: env.BASE_PATH,
  };
}

/**
 * Reads the built index.html once and makes it ours: the runtime configuration goes in as an inline script
 * (SPEC §1 "supplied by the hosting page"), and the build's relative asset URLs become absolute under BASE_PATH,
 * so one build serves any base path. Returns null when the web app has not been built (API-only tests, dev).
 */
export function loadIndexPage(env: Env): IndexPage | null {
  const file = join(env.WEB_DIST_DIR, 'index.html');
  if (!existsSync(file)) return null;
  const config = JSON.stringify(portalConfig(env)).replace(/</g, '\\u003c');
  const html = readFileSync(file, 'utf8')
    .replace(/(src|href)="\.\//g, `$1="${env.BASE_PATH}/`)
    .replace('<script', `<script>window.${PORTAL_CONFIG_GLOBAL}=${config}</script><script`);
  const [head, root] = splitAtRoot(html);
  const renderedHead = root ? renderedPageHead(head, env) : null;
  const scriptHashes = [...(html + (renderedHead ?? '')).matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
  );
  return { html, scriptHashes, renderedHead };
}

/**
 * The head of a page the server rendered (docs/perf.md, Lighthouse): the stylesheet inline, so the first paint
 * waits for the document only; and the app's code asked for once the page has loaded (its drawing included),
 * so on a phone's slow link it does not compete with what is on screen. It only makes the page interactive.
 *
 * The code is requested at once but evaluated a chunk per task: Vite lists the entry's chunks in index.html's
 * `modulepreload`s with each chunk after those it imports, so importing them in that order and the entry last
 * evaluates one chunk at a time (vite.config.ts splits the start-up libraries), and the phone can answer a tap
 * between them instead of being busy for the whole start-up at once. A chunk that does not arrive brings up
 * index.html's "could not be loaded" notice (the page stays readable, its links work).
 */
function renderedPageHead(head: string, env: Env): string | null {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(head);
  if (!entry) return null;
  const preloads = [...head.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g)].map(
    (m) => m[1]!,
  );
  const chunks = JSON.stringify([...preloads, entry[1]!]);
  const loader = [
    `addEventListener('load',function(){var c=${chunks},started=false;`,
    // Every chunk requested at once …
    `function go(){if(started)return;started=true;c.forEach(function(h){var l=document.createElement('link');`,
    `l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)});`,
    // … and evaluated one per task, in order; a failure raises index.html's notice.
    `(function n(i){import(c[i]).then(function(){if(++i<c.length)setTimeout(n,0,i)},`,
    `function(){window.__careLoadFailed&&__careLoadFailed()})})(0)}`,
    // After the first contentful paint too (on a fast link `load` can come first), so nothing of the code competes
    // with it; at once in a hidden tab or a browser that does not report paints, and after 3 s whatever happens.
    `var P=window.PerformanceObserver,fcp='first-contentful-paint';`,
    `if(document.visibilityState==='hidden'||!P||(P.supportedEntryTypes||[]).indexOf('paint')<0||`,
    `performance.getEntriesByName(fcp).length)return go();`,
    `new P(function(l,o){if(l.getEntriesByName(fcp).length){o.disconnect();go()}}).observe({type:'paint'});`,
    `setTimeout(go,3000)})`,
  ].join('');
  return inlineStylesheet(head, env)
    .replace(entry[0], () => `<script>${loader}</script>`)
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
}

/** The web app's rendering of the public catalogue pages (apps/web/src/entry-server.tsx, built to dist-ssr/). */
interface PageRenderer {
  (request: {
    url: string;
    queryLanguage?: string | undefined;
    cookieLanguage?: string | undefined;
    acceptLanguage?: string | undefined;
  }): Promise<{ language: string; head?: string; html: string; state: unknown } | null>;
}

/** How long a rendered public page is reused, and how many are kept (the oldest go first). */
const RENDERED_PAGE_TTL_MS = 30_000;
const RENDERED_PAGE_CACHE_SIZE = 300;

/** The public catalogue's pages, rendered on the server (docs/perf.md, Lighthouse; ADR 028). */
const SERVER_RENDERED = '/parts-catalog-public/catalog-folders';

/**
 * Loads the server rendering next to the built web app (`<WEB_DIST_DIR>/../dist-ssr/entry-server.js`), if it was
 * built. Its API calls are answered in this process (`app.inject`, no cookies: only public data). Off when the
 * pages call an API elsewhere (PORTAL_API_BASE_URL), which this process would not answer for.
 */
async function loadPageRenderer(app: FastifyInstance, env: Env): Promise<PageRenderer | null> {
  const entry = join(dirname(env.WEB_DIST_DIR), 'dist-ssr', 'entry-server.js');
  if (!existsSync(entry)) return null;
  if (env.PORTAL_API_BASE_URL && env.PORTAL_API_BASE_URL !== env.BASE_PATH) return null;
  const module = (await import(pathToFileURL(entry).href)) as {
    createPageRenderer(options: { basePath: string; localesDir: string; fetch: typeof fetch }): PageRenderer;
  };
  const inProcess = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input);
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers: { accept: 'application/json' },
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers))
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  };
  return module.createPageRenderer({
    basePath: env.BASE_PATH,
    localesDir: join(env.WEB_DIST_DIR, 'locales', 'lang'),
    fetch: inProcess as typeof fetch,
  });
}

/** `<` as \u003c: the state cannot end its script element, whatever the catalogue's texts contain. */
const jsonInHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** Paths under the base path that are never client routes: the API and static files answer 404 in JSON there. */
const NON_PAGE_PREFIXES = ['api/', 'auth/', 'assets/', 'locales/'];

/** Serves the built SPA: hashed assets cached for a year, locale files briefly, index.html for client routes. */
export async function registerWebApp(app: FastifyInstance, env: Env, page: IndexPage | null): Promise<void> {
  const prefix = `${env.BASE_PATH}/`;
  if (page) {
    await app.register(fastifyStatic, {
      root: env.WEB_DIST_DIR,
      prefix,
      index: false,
      wildcard: true,
      preCompressed: true,
      setHeaders(res, path) {
        if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
        else if (path.includes('/locales/'))
          res.header('cache-control', 'public, max-age=300, must-revalidate');
        else res.header('cache-control', 'public, max-age=3600');
      },
    });
  }

  const sendIndex = (reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page!.html);
  const [, afterRoot] = page ? splitAtRoot(page.html) : ['', ''];
  const beforeRoot = page?.renderedHead ?? '';
  const render = beforeRoot ? await loadPageRenderer(app, env) : null;

  /** A public catalogue page with its content in #root (the splash's place), or the plain page if that fails. */
  const cache = new Map<string, { at: number; body: Buffer | string; encoding: 'br' | 'gzip' | null }>();
  const send = (reply: FastifyReply, body: Buffer | string, encoding: 'br' | 'gzip' | null) => {
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(body);
  };

  const sendRendered = async (request: FastifyRequest, reply: FastifyReply) => {
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    // The same public page for the same address and language inputs: kept briefly (like the catalogue's search
    // results), so a busy page costs one render and one compression per RENDERED_PAGE_TTL_MS.
    const key = [
      request.url,
      request.cookies.i18next ?? '',
      request.headers['accept-language'] ?? '',
      encoding,
    ].join('\n');
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < RENDERED_PAGE_TTL_MS) return send(reply, hit.body, hit.encoding);
    let rendered: Awaited<ReturnType<PageRenderer>> = null;
    try {
      const query = request.query as Record<string, unknown>;
      rendered = await render!({
        url: request.url,
        queryLanguage: typeof query.lng === 'string' ? query.lng : undefined,
        cookieLanguage: request.cookies.i18next,
        acceptLanguage: request.headers['accept-language'],
      });
    } catch (error) {
      request.log.warn({ err: error }, 'server rendering of a public catalogue page failed');
    }
    if (!rendered) return sendIndex(reply);
    const html =
      beforeRoot
        .replace(/<html lang="[^"]*"/, `<html lang="${rendered.language}"`)
        .replace('</head>', () => `${rendered.head ?? ''}</head>`) +
      rendered.html +
      afterRoot.replace(
        '</body>',
        `<script type="application/json" id="page-state">${jsonInHtml(rendered.state)}</script></body>`,
      );
    // Dynamic pages get no pre-compressed file: compress here (with the inline stylesheet ~400 kB of text).
    const body =
      encoding === 'br'
        ? brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
        : encoding === 'gzip'
          ? gzipSync(html)
          : html;
    cache.delete(key);
    cache.set(key, { at: Date.now(), body, encoding });
    if (cache.size > RENDERED_PAGE_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    return send(reply, body, encoding);
  };
  // The static plugin would answer the root folder itself (403 without an index); the root is the login page.
  if (page) app.get(prefix, { schema: { hide: true } }, (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request: FastifyRequest, reply) => {
    const path = request.url.split('?')[0]!;
    const isPageRequest =
      page &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      (path === env.BASE_PATH || path.startsWith(prefix)) &&
      !NON_PAGE_PREFIXES.some((p) => path.startsWith(prefix + p));
    if (!isPageRequest) return sendNotFound(reply);
    const server = render && request.method === 'GET' && path.startsWith(env.BASE_PATH + SERVER_RENDERED);
    return server ? sendRendered(request, reply) : sendIndex(reply);
  });
}

/**
 * index.html around the splash in #root (`<!--root-->…<!--/root-->`, apps/web/index.html): a server-rendered
 * page's markup takes the splash's place.
 */
function splitAtRoot(html: string): [string, string] {
  const start = html.indexOf('<!--root-->');
  const end = html.indexOf('<!--/root-->');
  if (start < 0 || end < 0) return [html, ''];
  // Without the whitespace around the markers: #root must hold exactly what React hydrates.
  return [html.slice(0, start).trimEnd(), html.slice(end + '<!--/root-->'.length).trimStart()];
}

/** The page's one stylesheet link replaced by the stylesheet's text (unchanged if it is not exactly one local file). */
function inlineStylesheet(html: string, env: Env): string {
  const links = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+\.css)"[^>]*>/g)];
  if (links.length !== 1) return html;
  const [link, href] = [links[0]![0], links[0]![1]!];
  const prefix = `${env.BASE_PATH}/`;
  if (!href.startsWith(prefix)) return html;
  const file = join(env.WEB_DIST_DIR, href.slice(prefix.length));
  if (!existsSync(file)) return html;
  const css = readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style');
  return html.replace(link, () => `<style>${css}</style>`);
}
