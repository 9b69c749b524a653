import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress as brotliCompressCallback, constants as zlib, gzip as gzipCallback } from 'node:zlib';
import { type Language, pageLanguage } from '@care/contract/locales';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createTtlCache } from '#app/cache/ttl-cache.ts';
import type { Env } from '#app/config/env.ts';
import { type PageRenderer, type RenderedPage, startPageRenderer } from './page-renderer.ts';
import { RATE_LIMITS } from './rate-limit.ts';
import { createRenderQueue } from './render-queue.ts';

/** How long a rendered public page is reused, and how many are kept (the oldest go first). */
const RENDERED_PAGE_TTL_MS = 30_000;
const RENDERED_PAGE_CACHE_SIZE = 300;

const brotliCompress = promisify(brotliCompressCallback);
const gzip = promisify(gzipCallback);

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

/**
 * Starts the server rendering next to the built web app (`<WEB_DIST_DIR>/../dist-ssr/entry-server.js`) on its
 * worker thread, if it was built. Off when the pages call an API elsewhere (PORTAL_API_BASE_URL), which this
 * process would not answer for, or when the rendering cannot be loaded (logged).
 */
async function loadPageRenderer(
  app: FastifyInstance,
  env: Env,
  ssoProviderName: string | undefined,
): Promise<PageRenderer | null> {
  const entry = join(dirname(env.WEB_DIST_DIR), 'dist-ssr', 'entry-server.js');
  if (!existsSync(entry)) return null;
  if (env.PORTAL_API_BASE_URL && env.PORTAL_API_BASE_URL !== env.BASE_PATH) return null;
  try {
    const renderer = await startPageRenderer(app, {
      entry: pathToFileURL(entry).href,
      basePath: env.BASE_PATH,
      localesDir: join(env.WEB_DIST_DIR, 'locales', 'lang'),
      ssoProviderName,
    });
    app.addHook('onClose', () => renderer.close());
    return renderer;
  } catch (error) {
    app.log.warn(
      { err: error },
      'the server rendering could not be loaded: public pages are rendered in the browser',
    );
    return null;
  }
}

/** `<` as \u003c: the state cannot end its script element, whatever the catalogue's texts contain. */
const jsonInHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

interface RenderedPagesOptions {
  /** The rendered pages' head, up to #root (web-app.ts, renderedPageHead). */
  beforeRoot: string;
  /** index.html after #root. */
  afterRoot: string;
  /** The plain, client-rendered page. */
  sendIndex: (reply: FastifyReply) => FastifyReply;
  /** The runtime configuration's single sign-on provider, which the sign-in page names. */
  ssoProviderName?: string;
}

/**
 * The handler of the server-rendered public pages, the catalogue's and sign-in (ADR 028, ADR 033, ADR 059), or null
 * when the rendering was not built or is off.
 */
export async function createRenderedPages(
  app: FastifyInstance,
  env: Env,
  { beforeRoot, afterRoot, sendIndex, ssoProviderName }: RenderedPagesOptions,
): Promise<((request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>) | null> {
  const renderer = await loadPageRenderer(app, env, ssoProviderName);
  if (!renderer) return null;

  /**
   * A public page with its content in #root (the splash's place), or the plain page if that fails. Kept briefly
   * per address and language (like the catalogue's search results), each encoding compressed once: a busy page
   * costs one render per RENDERED_PAGE_TTL_MS. The colour scheme is no input: the markup is the light one,
   * index.html's script applies the visitor's scheme before the first paint (ADR 028). Nor is the visitor's
   * session: the renderer asks the API without cookies, so a signed-in visitor gets the same public page.
   */
  type Encoding = 'br' | 'gzip';
  type Page = { html: string; encoded: Partial<Record<Encoding, Promise<Buffer>>> };
  const cache = createTtlCache<string, Page>({
    max: RENDERED_PAGE_CACHE_SIZE,
    ttlMs: RENDERED_PAGE_TTL_MS,
  });
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
  const limited = createTtlCache<string, true>({ max: LIMITED_ADDRESSES_KEPT, ttlMs: 0 });
  const isLimited = (request: FastifyRequest) => limited.get(normalizeIP(request.ip)) === true;
  const mayRender = async (request: FastifyRequest) => {
    try {
      const result = await renderLimit(request);
      if (result.isAllowed || !result.isExceeded) return true;
      limited.set(normalizeIP(request.ip), true, result.ttl);
      return false;
    } catch (error) {
      request.log.warn({ err: error }, 'the page render limit could not be checked');
      return false;
    }
  };

  const renderPage = async (request: FastifyRequest, url: string, language: Language) => {
    let rendered: RenderedPage | null = null;
    try {
      rendered = await renderer.render({ url, language });
    } catch (error) {
      request.log.warn({ err: error }, 'server rendering of a public page failed');
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
    if (!entry) {
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
      // Another request waiting for the same render has stored it already: its compressed copies are shared.
      entry = cache.get(key);
      if (entry?.html !== html) {
        entry = { html, encoded: {} };
        cache.set(key, entry);
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
    // On libuv's thread pool, not the event loop: the other requests go on meanwhile.
    entry.encoded[encoding] ??=
      encoding === 'br'
        ? brotliCompress(entry.html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
        : gzip(entry.html);
    return reply.header('content-encoding', encoding).send(await entry.encoded[encoding]);
  };
  return sendRendered;
}
