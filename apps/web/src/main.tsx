import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { readRuntimeConfig, setRuntimeConfig } from '#app/config/runtime-config.ts';
import { initI18n } from '#app/lib/i18n.ts';
import { setUnauthorizedHandler } from '#app/lib/api-client.ts';
import { AppProvider } from './app/provider.tsx';
import { createRouter } from './app/router.tsx';
import { saveReturnLocation, useAuthStore } from './features/auth/auth-store.ts';
import { showStartupError } from './app/startup-error.ts';

async function start(): Promise<void> {
  const root = document.getElementById('root')!;
  const result = readRuntimeConfig({ __PORTAL_CONFIG__: window.__PORTAL_CONFIG__ });
  if (!result.ok) {
    showStartupError(root, result.message, result.errors);
    throw new Error(result.message);
  }
  setRuntimeConfig(result.config);
  const router = createRouter(result.config.routerBaseName);
  setUnauthorizedHandler(() => {
    const { pathname, search } = router.state.location;
    if (pathname.startsWith('/home')) saveReturnLocation(pathname + search);
    useAuthStore.getState().setSignedOut();
  });
  void useAuthStore.getState().initialize();
  await initI18n();
  createRoot(root).render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
}

void start();
