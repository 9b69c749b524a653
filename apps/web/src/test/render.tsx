import { FALLBACK_LANGUAGE, type Language } from '@care/contract/locales';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { theme } from '#app/app/theme.ts';
import { i18n, i18nOptions } from '#app/lib/i18n.ts';

/** Every translation file, bundled at test time: tests read the real texts without HTTP. */
const files = import.meta.glob<Record<string, unknown>>('../../public/locales/lang/*/*.json', {
  eager: true,
  import: 'default',
});

function resources() {
  const all: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [file, data] of Object.entries(files)) {
    const [, ns, lng] = /lang\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
    (all[lng!] ??= {})[ns!] = data;
  }
  return all;
}

/** Initialises the app's i18n instance synchronously from the JSON files (once), then switches language. */
export async function setupTestI18n(language: Language = 'en') {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      ...i18nOptions,
      resources: resources(),
      lng: language,
      fallbackLng: FALLBACK_LANGUAGE,
      ns: Object.keys(resources()[FALLBACK_LANGUAGE] ?? {}),
      initAsync: false,
      detection: undefined,
      react: { useSuspense: false },
    });
  } else if (i18n.language !== language) {
    await i18n.changeLanguage(language);
  }
  return i18n;
}

interface RenderOptions {
  /** The address the memory router starts at. */
  route?: string;
  /** The route pattern `ui` is mounted at, e.g. '/confirm/:id/:username'. */
  path?: string;
  /** Further routes, e.g. a target to assert navigation. */
  routes?: RouteObject[];
  language?: Language;
  /** Query data to start with, e.g. `[[brandKeys.all, brand]]`, so components do not fetch. */
  queryData?: [readonly unknown[], unknown][];
}

export type RenderWithProvidersResult = RenderResult & {
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: QueryClient;
};

/** Renders `ui` like the app does (StrictMode included): Mantine (test env: no transitions or portals), notifications, query client, router, i18n. */
export async function renderWithProviders(
  ui: ReactElement,
  { route = '/', path = '*', routes = [], language = 'en', queryData = [] }: RenderOptions = {},
): Promise<RenderWithProvidersResult> {
  await setupTestI18n(language);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  for (const [key, data] of queryData) queryClient.setQueryData(key, data);
  const router = createMemoryRouter([{ path, element: ui }, ...routes], { initialEntries: [route] });
  const result = render(
    <StrictMode>
      <MantineProvider theme={theme} env="test">
        <Notifications />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
  return { ...result, router, queryClient };
}
