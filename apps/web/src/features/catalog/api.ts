import { catalogEndpoints, PART_SEARCH_MIN_LENGTH } from '@care/contract/catalog';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiUrl } from '#app/config/runtime-config.ts';
import { addressOf, callApi } from '#app/lib/api-client.ts';

/** The catalogue changes only on an import: a minute of freshness spares refetching while browsing back and forth. */
const CATALOG_STALE_TIME = 60_000;

/** Parts per page of search results unless the visitor picks another size. */
export const PART_SEARCH_PAGE_SIZE = 20;

/** GET api/catalog-files/{id}: a picture the catalogue import stored (a folder's tile picture). */
export const catalogFileUrl = (fileId: string) => apiUrl(addressOf(catalogEndpoints.file, { id: fileId }));

export type BreadcrumbTarget = { folderId: string } | { cardId: string };

export const catalogKeys = {
  all: ['catalog'] as const,
  folders: (parentId: string | null) => [...catalogKeys.all, 'folders', parentId ?? 'root'] as const,
  cards: (folderId: string) => [...catalogKeys.all, 'cards', folderId] as const,
  card: (id: string) => [...catalogKeys.all, 'card', id] as const,
  breadcrumbs: (target: BreadcrumbTarget) => [...catalogKeys.all, 'breadcrumbs', target] as const,
  part: (id: string) => [...catalogKeys.all, 'part', id] as const,
  paths: (partId: string) => [...catalogKeys.all, 'paths', partId] as const,
  search: (q: string, page: number, pageSize: number) =>
    [...catalogKeys.all, 'search', q, page, pageSize] as const,
  hints: (q: string) => [...catalogKeys.all, 'hints', q] as const,
};

/** GET api/catalog-folders[?parentId=]: the root folders, or the sub-folders of one folder. */
export const foldersQuery = (parentId: string | null = null) =>
  queryOptions({
    queryKey: catalogKeys.folders(parentId),
    queryFn: ({ signal }) =>
      callApi(
        catalogEndpoints.folders,
        { query: { parentId: parentId ?? undefined } },
        { signal, silent: true },
      ),
    staleTime: CATALOG_STALE_TIME,
  });

/** GET api/catalog-cards?folderId=: the cards (drawings) of an assembly group. */
export const cardsQuery = (folderId: string) =>
  queryOptions({
    queryKey: catalogKeys.cards(folderId),
    queryFn: ({ signal }) =>
      callApi(catalogEndpoints.cards, { query: { folderId } }, { signal, silent: true }),
    staleTime: CATALOG_STALE_TIME,
  });

/** GET api/catalog-cards/{id}: the card, its drawing's address and its positions. */
export const cardQuery = (id: string) =>
  queryOptions({
    queryKey: catalogKeys.card(id),
    queryFn: ({ signal }) => callApi(catalogEndpoints.card, { params: { id } }, { signal, silent: true }),
    staleTime: CATALOG_STALE_TIME,
  });

/** GET api/parts/breadcrumbs?folderId= | ?cardId=: the folders down to the page (root first). */
export const breadcrumbsQuery = (target: BreadcrumbTarget) =>
  queryOptions({
    queryKey: catalogKeys.breadcrumbs(target),
    queryFn: ({ signal }) =>
      callApi(catalogEndpoints.breadcrumbs, { query: target }, { signal, silent: true }),
    staleTime: CATALOG_STALE_TIME,
  });

/** GET api/parts/{id}. */
export const partQuery = (id: string) =>
  queryOptions({
    queryKey: catalogKeys.part(id),
    queryFn: ({ signal }) => callApi(catalogEndpoints.part, { params: { id } }, { signal, silent: true }),
    staleTime: CATALOG_STALE_TIME,
  });

/** GET api/parts/paths?partId=: every card the part appears on. */
export const partPathsQuery = (partId: string) =>
  queryOptions({
    queryKey: catalogKeys.paths(partId),
    queryFn: ({ signal }) => callApi(catalogEndpoints.paths, { query: { partId } }, { signal }),
    staleTime: CATALOG_STALE_TIME,
  });

/** SPEC §5: shorter searches do not run (the screen shows the rule instead). */
export function isSearchable(q: string): boolean {
  return q.trim().length >= PART_SEARCH_MIN_LENGTH;
}

/**
 * GET api/parts?q=&page=&pageSize=: one page of results with their total, or for a common text how many there
 * are at least and whether a next page has more (so no separate api/parts/count call).
 */
export const partSearchQuery = (q: string, page: number, pageSize = PART_SEARCH_PAGE_SIZE) =>
  queryOptions({
    queryKey: catalogKeys.search(q, page, pageSize),
    queryFn: ({ signal }) => callApi(catalogEndpoints.search, { query: { q, page, pageSize } }, { signal }),
    staleTime: CATALOG_STALE_TIME,
    enabled: isSearchable(q),
    // Paging keeps the last page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

/**
 * GET api/parts/hints?q=: autocomplete. TanStack Query aborts the signal when the key changes (a newer text),
 * so a stale answer never overwrites a newer one; failures stay quiet (hints are a convenience).
 */
export const partHintsQuery = (q: string) =>
  queryOptions({
    queryKey: catalogKeys.hints(q),
    queryFn: ({ signal }) => callApi(catalogEndpoints.hints, { query: { q } }, { signal, silent: true }),
    staleTime: CATALOG_STALE_TIME,
    enabled: isSearchable(q),
    placeholderData: keepPreviousData,
  });
