/**
 * The server's rendering of the public pages (docs/perf.md, Lighthouse; ADR 028, ADR 059). The portal's server
 * (apps/server/src/plugins/web-app.ts) loads this module's build (dist-ssr/entry-server.js) and answers
 * …/parts-catalog-public/catalog-folders/… and the sign-in page `/` with the page's HTML already inside #root,
 * plus the data and the translations it was made from, so a phone shows the page before the JavaScript has
 * arrived. The browser then adopts the same page (main.tsx) from that data, without asking the API again.
 *
 * Only public pages: the catalogue's data and the sign-in form are the same for everyone (the API is asked without
 * the visitor's cookies), so nothing personal is ever rendered here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FALLBACK_LANGUAGE, type Language } from '@care/contract/locales';
import { dehydrate } from '@tanstack/react-query';
import i18next, { type Resource, type ResourceKey } from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterContextProvider, RouterProvider } from 'react-router';
import { AppProvider } from '#app/app/provider.tsx';
import { routerReady, routes } from '#app/app/router.tsx';
import { paths } from '#app/config/paths.ts';
import { setRuntimeConfig } from '#app/config/runtime-config.ts';
import { brandQuery } from '#app/features/brand/api.ts';
import { setApiTransport } from '#app/lib/api-client.ts';
import { i18nOptions, type Namespace } from '#app/lib/i18n.ts';
import { createQueryClient, queryClientContext } from '#app/lib/query-client.ts';
import { PUBLIC_PAGE_NAMESPACES, type PageState } from '#app/lib/page-state.ts';

export interface PageRendererOptions {
  /** BASE_PATH: the router's base name, and where the API and the static files are. */
  basePath: string;
  /** The built locale files (dist/locales/lang). */
  localesDir: string;
  /** Answers the API's requests in the same process (the server's `app.inject`). */
  fetch: typeof fetch;
  /** The runtime configuration's single sign-on provider (the sign-in page's "Sign in with …" button). */
  ssoProviderName?: string;
}

export interface PageRequest {
  /** The address to render, with the base path and only the query parameters the page reads. */
  url: string;
  /** The page's language, chosen by the server (`pageLanguage` of @care/contract/locales), which keys its cache on it. */
  language: Language;
}

export interface RenderedPage {
  language: Language;
  /** Resource hints for the document's head (e.g. the preload of a card's drawing). */
  head: string;
  /** The markup for #root. */
  html: string;
  /** The data and translations the markup was made from, for main.tsx (JSON). */
  state: PageState;
}

/**
 * The translations of the sign-in page: its form and links, the passkey button, the form's validation messages,
 * and the frame's (common, errors).
 */
const SIGN_IN_PAGE_NAMESPACES = [
  'common',
  'errors',
  'auth',
  'validation',
  'mfa',
] as const satisfies readonly Namespace[];

/** The pages rendered here, by their route's path, with the translations each uses. */
const RENDERED_ROUTES = new Map<string, readonly Namespace[]>([
  [paths.publicCatalog, PUBLIC_PAGE_NAMESPACES],
  [paths.login, SIGN_IN_PAGE_NAMESPACES],
]);

export function createPageRenderer({ basePath, localesDir, fetch, ssoProviderName }: PageRendererOptions) {
  // The browser's configuration (web-app.ts, portalConfig): what the pages read of it must be the same here.
  setRuntimeConfig({
    apiBaseUrl: basePath,
    routerBaseName: basePath,
    basePath,
    ...(ssoProviderName ? { ssoProviderName } : {}),
  });
  setApiTransport({ origin: () => 'http://portal.internal', fetch });
  const bundles = new Map<string, ResourceKey>();
  const bundle = (language: string, namespace: string) => {
    const key = `${namespace}/${language}`;
    if (!bundles.has(key))
      bundles.set(key, JSON.parse(readFileSync(join(localesDir, namespace, `${language}.json`), 'utf8')));
    return bundles.get(key)!;
  };

  /** The page's HTML, or null when it is no public page rendered here or its data could not be loaded. */
  return async function render(request: PageRequest): Promise<RenderedPage | null> {
    const { language } = request;
    const queryClient = createQueryClient();
    // The browser's own router and tree (main.tsx), so the markup is exactly what React hydrates there.
    const router = createMemoryRouter(routes, {
      initialEntries: [request.url],
      basename: basePath || undefined,
      getContext: () => new RouterContextProvider(new Map([[queryClientContext, queryClient]])),
    });
    try {
      await routerReady(router);
      const { location, errors, matches } = router.state;
      // Only the public catalogue's own pages and the sign-in page; a redirect or a loader's error (unknown card,
      // API failure) is left to the browser's rendering.
      const namespaces = matches
        .map((match) => match.route.path && RENDERED_ROUTES.get(match.route.path))
        .find((found) => found);
      if (errors || !namespaces || location.pathname + location.search !== request.url) return null;
      await queryClient.prefetchQuery(brandQuery);

      const resources: Resource = {};
      for (const lng of new Set<string>([language, FALLBACK_LANGUAGE])) {
        resources[lng] = Object.fromEntries(namespaces.map((ns) => [ns, bundle(lng, ns)]));
      }
      const i18n = i18next.createInstance();
      await i18n.use(initReactI18next).init({
        ...i18nOptions,
        lng: language,
        ns: [...namespaces],
        resources,
        initAsync: false,
        react: { useSuspense: false },
      });

      const page = (
        <StrictMode>
          <I18nextProvider i18n={i18n}>
            <AppProvider queryClient={queryClient}>
              <RouterProvider router={router} />
            </AppProvider>
          </I18nextProvider>
        </StrictMode>
      );
      // A lazy component (the drawing's zoom code) suspends the first time only: its code is then loaded, and
      // the page is rendered again, so the browser gets every part of it (a boundary left to the browser,
      // `<!--$!-->`, would be rendered there again and logged as an error).
      let html = renderToString(page);
      for (let attempt = 0; attempt < 3 && html.includes('<!--$!-->'); attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        html = renderToString(page);
      }
      if (html.includes('<!--$!-->')) return null;
      // React puts the resource hints it found (the drawing's preload) before the markup; they belong in the
      // head, and hydration expects #root to hold the page alone.
      const [, head = '', body = html] = /^((?:<link [^>]*>)*)([\s\S]*)$/.exec(html) ?? [];
      const state: PageState = { queries: dehydrate(queryClient), resources, language };
      return { language, head, html: body, state };
    } finally {
      router.dispose();
      queryClient.clear();
    }
  };
}
