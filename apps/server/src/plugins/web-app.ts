import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { isPagePath, paths } from '@care/contract/pages';
import { PORTAL_CONFIG_GLOBAL, type PortalConfig } from '@care/contract/runtime-config';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '#app/config/env.ts';
import { allowedMethods } from './allowed-methods.ts';
import { sendMethodNotAllowed, sendNotFound } from './errors.ts';
import { createRenderedPages } from './rendered-pages.ts';

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
    ...(env.OIDC_ISSUER_URL ? { ssoProviderName: env.OIDC_PROVIDER_NAME } : {}),
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
  // A password form must never be sent by the browser itself (before the app has started, Enter would put the
  // sign-in form's password into a GET address): the app's own handler sends it, one held before the app had
  // started once it has (apps/web/src/lib/typed-before-start.ts).
  const passwordForms =
    `addEventListener('submit',function(e){var f=e.target;` +
    `if(f.querySelector&&f.querySelector('input[type=password]')){e.preventDefault();window.__careHeldSubmit=f}},true);`;
  return (
    inlineStylesheet(head, env)
      // Mantine's colours hang on this attribute, which index.html's script sets (the visitor's scheme) before the
      // first paint; without JavaScript the rendered page keeps the light scheme instead of losing its colours.
      .replace(
        /<html\b(?![^>]*data-mantine-color-scheme)([^>]*)>/,
        '<html$1 data-mantine-color-scheme="light">',
      )
      .replace(entry[0], () => `<script>${passwordForms}${loader}</script>`)
      .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
  );
}

/**
 * The pages rendered on the server (docs/perf.md, Lighthouse): the public catalogue's (ADR 028) and sign-in
 * (ADR 059). Sign-in only without parameters but the language: the answers of a single sign-on (`?sso=…`,
 * `?sso-error=…`) change what it shows, and are left to the browser's rendering.
 */
function isServerRendered(pagePath: string, url: string): boolean {
  if (pagePath.startsWith(paths.publicCatalog)) return true;
  if (pagePath !== paths.login) return false;
  const query = new URLSearchParams(url.split(/\?(.*)/s)[1] ?? '');
  return [...query.keys()].every((name) => name === 'lng');
}

/**
 * Addresses that ask for a file, not a page: the build's folders, and a last segment with a file extension
 * (`/sitemap.xml`, `/x.png`). Missing, they are a plain 404.
 */
const FILE_FOLDERS = ['/assets/', '/locales/'];
const FILE_NAME = /\.[a-z0-9]+$/i;
const isFilePath = (path: string) =>
  FILE_FOLDERS.some((folder) => path.startsWith(folder)) || FILE_NAME.test(path);

/**
 * Serves the built SPA: hashed assets cached for a year, locale files briefly, index.html for the app's pages.
 * Every other address is 404 (issue 16): a page address the contract's table does not know gets the app with
 * status 404 (it shows its not-found page, SPEC §2's `*`), anything else (a missing file, the API) the JSON
 * error; an API path that exists with other methods is 405 with Allow.
 */
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
  const sendRendered = beforeRoot
    ? await createRenderedPages(app, env, {
        beforeRoot,
        afterRoot,
        sendIndex,
        ssoProviderName: portalConfig(env).ssoProviderName,
      })
    : null;
  /** A page of the app: rendered on the server where it can be, else the plain page. */
  const sendPage = (request: FastifyRequest, reply: FastifyReply, pagePath: string) =>
    sendRendered && request.method === 'GET' && isServerRendered(pagePath, request.url)
      ? sendRendered(request, reply)
      : sendIndex(reply);

  // The static plugin would answer the root folder itself (403 without an index); the root is the login page.
  if (page) app.get(prefix, { schema: { hide: true } }, (request, reply) => sendPage(request, reply, '/'));

  const apiPrefixes = [`${prefix}api/`, `${prefix}auth/`];
  app.setNotFoundHandler((request: FastifyRequest, reply) => {
    const path = request.url.split('?')[0]!;
    if (apiPrefixes.some((p) => path.startsWith(p))) {
      const allowed = allowedMethods(app, path);
      return allowed.length > 0 ? sendMethodNotAllowed(reply, allowed) : sendNotFound(reply);
    }
    const isPageRequest =
      page &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      (path === env.BASE_PATH || path.startsWith(prefix));
    if (!isPageRequest) return sendNotFound(reply);
    const pagePath = path === env.BASE_PATH ? '/' : path.slice(env.BASE_PATH.length);
    if (!isPagePath(pagePath)) {
      return isFilePath(pagePath) ? sendNotFound(reply) : sendIndex(reply.status(404));
    }
    return sendPage(request, reply, pagePath);
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
