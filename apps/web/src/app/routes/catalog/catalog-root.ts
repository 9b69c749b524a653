import { useLocation } from 'react-router';
import { catalogPaths, paths } from '#app/config/paths.ts';

/** The same catalogue screens serve the public root and /home (SPEC §2); links stay under the current one. */
export function useCatalogPaths() {
  const { pathname } = useLocation();
  const root = pathname.startsWith(paths.catalog) ? paths.catalog : paths.publicCatalog;
  return catalogPaths(root);
}

/**
 * The signed-in twin of the current public catalogue page: signing in from it (the /home guard saves the
 * return location) comes back to the same folder, card or search, now with the cart.
 */
export function useSignInToOrderPath(): string {
  const { pathname, search, hash } = useLocation();
  return pathname.startsWith(paths.publicCatalog)
    ? paths.catalog + pathname.slice(paths.publicCatalog.length) + search + hash
    : paths.login;
}
