import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { PORTAL_CONFIG_GLOBAL, type PortalConfig } from '@care/contract/runtime-config';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '#app/config/env.ts';
import { sendNotFound } from './errors.ts';

export interface IndexPage {
  html: string;
  /** CSP hashes of the page's inline scripts (runtime config, colour-scheme bootstrap). */
  scriptHashes: string[];
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
  const scriptHashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
  );
  return { html, scriptHashes };
}

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
  // The static plugin would answer the root folder itself (403 without an index); the root is the login page.
  if (page) app.get(prefix, { schema: { hide: true } }, (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request: FastifyRequest, reply) => {
    const path = request.url.split('?')[0]!;
    const isPageRequest =
      page &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      (path === env.BASE_PATH || path.startsWith(prefix)) &&
      !NON_PAGE_PREFIXES.some((p) => path.startsWith(prefix + p));
    return isPageRequest ? sendIndex(reply) : sendNotFound(reply);
  });
}
