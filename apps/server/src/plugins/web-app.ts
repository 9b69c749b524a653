import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { type Language, pageLanguage } from '@care/contract/locales';
import { PORTAL_CONFIG_GLOBAL, type PortalConfig } from '@care/contract/runtime-config';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '#app/config/env.ts';
import { sendNotFound } from './errors.ts';
import { RATE_LIMITS } from './rate-limit.ts';
import { createRenderQueue } from './render-queue.ts';

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
  // Both pages' inline scripts, each once: the rendered pages' head repeats index.html's (configuration, colour
  // scheme, the load-failure notice) and adds the loader.
  const scripts = new Set(
    [...(html + (renderedHead ?? '')).matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!),
  );
  const scriptHashes = [...scripts].map(
    (script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
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
    language: Language;
  }): Promise<{ language: string; head?: string; html: string; state: unknown } | null>;
}

/** How long a rendered public page is reused, and how many are kept (the oldest go first). */
const RENDERED_PAGE_TTL_MS = 30_000;
const RENDERED_PAGE_CACHE_SIZE = 300;

/**
 * Renders are CPU work on the event loop that every other request shares (20–110 ms each): one at a time, a few
 * more in line, at most four a second, and the plain page (what every other route gets) for a visitor who finds
 * the line full (ADR 033).
 */
export const RENDER_QUEUE = { concurrency: 1, waiting: 4, intervalMs: 250 } as const;

/** Addresses over their render limit remembered in memory at most (the oldest go first). */
const LIMITED_ADDRESSES_KEPT = 10_000;

/** The query parameters a catalogue page reads (the parts search: catalog-page.tsx); `lng` goes into the language. */
const SEARCH_PARAMETERS = ['q', 'page', 'size'] as const;

/**
 * The address a public catalogue page is rendered (and kept) for: its path and the search it shows, nothing
 * else. Parameters the page does not read (tracking tags, cache busters) would otherwise make each request a new
 * render; `page` and `size` count only with a search and only as the positive whole numbers the page accepts.
 */
export function renderedPageAddress(url: string): string {
  const [path = '', query = ''] = url.split(/\?(.*)/s);
  const given = new URLSearchParams(query);
  const kept = new URLSearchParams();
  const q = given.get('q');
  if (q) {
    kept.set('q', q);
    for (const name of SEARCH_PARAMETERS.slice(1)) {
      const n = Number(given.get(name));
      if (Number.isInteger(n) && n > 0) kept.set(name, String(n));
    }
  }
  const search = kept.toString();
  return search ? `${path}?${search}` : path;
}

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
      // Source maps only where SERVE_SOURCE_MAPS says (not in production by default); elsewhere 404 like any
      // missing file. The build names them in no file (vite.config.ts), so browsers learn of them here only.
      allowedPath: (path) => env.SERVE_SOURCE_MAPS || !path.endsWith('.map'),
      setHeaders(res, path) {
        if (env.SERVE_SOURCE_MAPS && /\/assets\/[^/]+\.js(\.br|\.gz)?$/.test(path))
          res.header('sourcemap', `${basename(path).replace(/\.(br|gz)$/, '')}.map`);
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

  /**
   * A public catalogue page with its content in #root (the splash's place), or the plain page if that fails.
   * Kept briefly per address and language (like the catalogue's search results), each encoding compressed once:
   * a busy page costs one render per RENDERED_PAGE_TTL_MS. The colour scheme is no input: the markup is the
   * light one, index.html's script applies the visitor's scheme before the first paint (ADR 028).
   */
  type Encoding = 'br' | 'gzip';
  const cache = new Map<string, { at: number; html: string; encoded: Partial<Record<Encoding, Buffer>> }>();
  const inFlight = new Map<string, Promise<string | null>>();
  const queue = createRenderQueue(RENDER_QUEUE);
  // Only a render counts (a page served from the cache does not): a visitor over it gets the plain page, which
  // works the same (ADR 033). An address over its limit is remembered here until its window ends, so a flood
  // from it costs no database write per request.
  const renderLimit = app.createRateLimit({
    ...RATE_LIMITS.pageRenderPerIp,
    max: RATE_LIMITS.pageRenderPerIp.max * app.rateLimitIpFactor,
    keyGenerator: (request) => `pageRender:ip:${normalizeIP(request.ip)}`,
  });
  const limitedUntil = new Map<string, number>();
  const isLimited = (request: FastifyRequest) => {
    const ip = normalizeIP(request.ip);
    const until = limitedUntil.get(ip);
    if (until !== undefined && until <= Date.now()) limitedUntil.delete(ip);
    return until !== undefined && until > Date.now();
  };
  const mayRender = async (request: FastifyRequest) => {
    try {
      const result = await renderLimit(request);
      if (result.isAllowed || !result.isExceeded) return true;
      limitedUntil.set(normalizeIP(request.ip), Date.now() + result.ttl);
      if (limitedUntil.size > LIMITED_ADDRESSES_KEPT) limitedUntil.delete(limitedUntil.keys().next().value!);
      return false;
    } catch (error) {
      request.log.warn({ err: error }, 'the page render limit could not be checked');
      return false;
    }
  };

  const renderPage = async (request: FastifyRequest, url: string, language: Language) => {
    let rendered: Awaited<ReturnType<PageRenderer>> = null;
    try {
      rendered = await render!({ url, language });
    } catch (error) {
      request.log.warn({ err: error }, 'server rendering of a public catalogue page failed');
    }
    if (!rendered) return null;
    return (
      beforeRoot
        .replace(/<html lang="[^"]*"/, `<html lang="${rendered.language}"`)
        .replace('</head>', () => `${rendered.head ?? ''}</head>`) +
      rendered.html +
      afterRoot.replace(
        '</body>',
        `<script type="application/json" id="page-state">${jsonInHtml(rendered.state)}</script></body>`,
      )
    );
  };

  const sendRendered = async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Record<string, unknown>;
    const language = pageLanguage({
      queryLanguage: typeof query.lng === 'string' ? query.lng : undefined,
      cookieLanguage: request.cookies.i18next,
      acceptLanguage: request.headers['accept-language'],
    });
    const url = renderedPageAddress(request.url);
    const key = `${url}\n${language}`;
    let entry = cache.get(key);
    if (!entry || Date.now() - entry.at >= RENDERED_PAGE_TTL_MS) {
      // The same page asked for again while it renders waits for that render instead of starting another.
      let pending = inFlight.get(key);
      if (!pending) {
        if (isLimited(request)) return sendIndex(reply);
        // The limit's check waits in the line too: under a flood, requests pile up nowhere unbounded.
        pending = queue
          .run(async () => ((await mayRender(request)) ? renderPage(request, url, language) : null))
          .then((html) => html ?? null);
        inFlight.set(key, pending);
        void pending.finally(() => inFlight.delete(key));
      }
      const html = await pending;
      if (html === null) return sendIndex(reply);
      entry = cache.get(key);
      if (!entry || entry.html !== html) {
        entry = { at: Date.now(), html, encoded: {} };
        cache.delete(key);
        cache.set(key, entry);
        if (cache.size > RENDERED_PAGE_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
    }
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding: Encoding | null = /\bbr\b/.test(accepted)
      ? 'br'
      : /\bgzip\b/.test(accepted)
        ? 'gzip'
        : null;
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding');
    if (!encoding) return reply.send(entry.html);
    // Dynamic pages get no pre-compressed file: compressed here (with the inline stylesheet ~400 kB of text).
    entry.encoded[encoding] ??=
      encoding === 'br'
        ? brotliCompressSync(entry.html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipSync(entry.html);
    return reply.header('content-encoding', encoding).send(entry.encoded[encoding]);
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
