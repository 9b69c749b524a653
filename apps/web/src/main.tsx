// First: before any module builds a zod schema (lib/zod-jitless.ts).
import './lib/zod-jitless.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from './app/react-dom-client.ts';
import { RouterProvider } from 'react-router/dom';
import { readRuntimeConfig, setRuntimeConfig } from '#app/config/runtime-config.ts';
import { hydrate } from '@tanstack/react-query';
import { initI18n } from '#app/lib/i18n.ts';
import { readPageState } from '#app/lib/page-state.ts';
import { queryClient } from '#app/lib/query-client.ts';
import { setUnauthorizedHandler } from '#app/lib/api-client.ts';
import { AppProvider } from './app/provider.tsx';
import { createRouter, routerReady } from './app/router.tsx';
import { saveReturnLocation, useAuthStore } from './lib/auth-store.ts';
import { showStartupError } from './app/startup-error.ts';
import { captureTypedValues } from '#app/lib/typed-before-start.ts';

async function start(): Promise<void> {
  const root = document.getElementById('root')!;
  const result = readRuntimeConfig({ __PORTAL_CONFIG__: window.__PORTAL_CONFIG__ });
  if (!result.ok) {
    showStartupError(root, result.message, result.errors);
    throw new Error(result.message);
  }
  setRuntimeConfig(result.config);
  // A public page the server rendered (entry-server.tsx) comes with its data: no API round trip.
  const pageState = readPageState();
  if (pageState) hydrate(queryClient, pageState.queries);
  // Over a server-rendered page each start-up step is a task of its own, so none keeps the phone busy long.
  const pause = () => (pageState ? yieldToMain() : Promise.resolve());
  // The modules' evaluation is one task already; the router's start (matching, the route modules' requests) another.
  await pause();
  // The texts every screen may need at once (common, errors) before the router starts: its first loaders' failures
  // become notices and error pages, which would otherwise read as keys ("error-boundary.title").
  const i18n = await initI18n(pageState?.resources);
  await pause();
  const router = createRouter(result.config.routerBaseName);
  await pause();
  setUnauthorizedHandler(() => {
    // A 401 from a loader comes while the router is still on the previous screen: the return location is the
    // screen being opened (the entry the customer clicked, with its query string), not the one being left.
    const { pathname, search } = router.state.navigation.location ?? router.state.location;
    if (pathname.startsWith('/home')) saveReturnLocation(pathname + search);
    useAuthStore.getState().setSignedOut();
  });
  void useAuthStore.getState().initialize();
  if (pageState) {
    // Hydration must render what the server did: the route's code and data, and its translations (the ones the
    // server sent), first.
    const namespaces = Object.keys(pageState.resources[pageState.language] ?? {});
    await Promise.all([routerReady(router), i18n.loadNamespaces(namespaces)]);
    await pause();
  }
  const app = (
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>
  );
  // The server's markup is the same tree (entry-server.tsx): React adopts it instead of building it again, as a
  // transition, in slices between which the phone stays responsive (the page is already on screen).
  if (pageState) {
    // What was typed into the server's form so far: hydration would put the fields back to the components' state.
    captureTypedValues(root);
    startTransition(() => void hydrateRoot(root, app));
  } else createRoot(root).render(app);
}

function yieldToMain(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

void start();
