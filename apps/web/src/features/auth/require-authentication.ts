import { redirect, type MiddlewareFunction } from 'react-router';
import { paths } from '#app/config/paths.ts';
import { runtimeConfig } from '#app/config/runtime-config.ts';
import { saveReturnLocation, whenAuthFinished } from '#app/lib/auth-store.ts';

/** The address inside the app (what the router matches), without ROUTER_BASE_NAME. */
function appPath(url: URL): string {
  const base = runtimeConfig().routerBaseName.replace(/\/+$/, '');
  const path = base && url.pathname.startsWith(base) ? url.pathname.slice(base.length) || '/' : url.pathname;
  return path + url.search;
}

/**
 * Route middleware of /home (SPEC §2): it runs before any loader under /home, so a signed-out visitor is sent
 * to sign-in with the return location saved, and no screen preloads data it may not read.
 */
export const requireAuthentication: MiddlewareFunction = async ({ request }) => {
  const { authenticated } = await whenAuthFinished();
  if (authenticated) return;
  saveReturnLocation(appPath(new URL(request.url)));
  throw redirect(paths.login);
};
