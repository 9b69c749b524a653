import { useLocation } from 'react-router';
import { catalogPaths, paths } from '#app/config/paths.ts';

/** The same catalogue screens serve the public root and /home (SPEC §2); links stay under the current one. */
export function useCatalogPaths() {
  const { pathname } = useLocation();
  const root = pathname.startsWith(paths.catalog) ? paths.catalog : paths.publicCatalog;
  return catalogPaths(root);
}
