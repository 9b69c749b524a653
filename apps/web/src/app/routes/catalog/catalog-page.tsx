import { Stack } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { LoadingState } from '#app/components/layout/loading-state.tsx';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader, type Crumb } from '#app/components/layout/page-header.tsx';
import { paths } from '#app/config/paths.ts';
import { PART_SEARCH_PAGE_SIZE } from '#app/features/catalog/api.ts';
import { POSITION_PARAM } from '#app/features/catalog/catalog-trail.ts';
import { PartSearchBox } from '#app/features/catalog/components/part-search-box.tsx';
import { useMetaDescription } from '#app/features/catalog/use-meta-description.ts';
import { useCatalogPaths } from './catalog-root.ts';

interface CatalogPageProps {
  title: string;
  description?: string;
  /** The search engines' summary of the page (`<meta name="description">`). */
  meta: string;
  breadcrumbs: readonly Crumb[];
  children: ReactNode;
}

// Results (with their pagination) load when a search is made, not with every catalogue page.
const PartSearchResults = lazy(() =>
  import('#app/features/catalog/components/part-search-results.tsx').then((m) => ({
    default: m.PartSearchResults,
  })),
);

/** A positive whole number from the address, else the default. */
function pageParam(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/**
 * Every catalogue level: breadcrumbs, heading, the parts search and the level's content. The search lives in the
 * URL (`q`, `page`, `size`); with one, the results take the place of the level's content.
 */
export function CatalogPage({ title, description, meta, breadcrumbs, children }: CatalogPageProps) {
  const catalog = useCatalogPaths();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const signedIn = catalog.root === paths.catalog;
  const query = params.get('q') ?? '';
  const page = pageParam(params.get('page'), 1);
  const pageSize = pageParam(params.get('size'), PART_SEARCH_PAGE_SIZE);
  useMetaDescription(meta);

  const update = (next: Record<string, string | null>, replace = false) =>
    setParams(
      (current) => {
        const params = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          if (value) params.set(key, value);
          else params.delete(key);
        }
        return params;
      },
      { replace },
    );

  return (
    <>
      <PageHeader title={title} description={description} breadcrumbs={breadcrumbs} />
      <Stack gap="lg">
        <PartSearchBox
          key={query}
          initialValue={query}
          // The results take the card's place, so a card's selected position (`pos`) goes with it.
          onSearch={(value) =>
            update({ q: value || null, page: null, size: null, [POSITION_PARAM]: null }, !value)
          }
          onPick={signedIn ? (id) => navigate(paths.part(id)) : undefined}
        />
        {query ? (
          <Suspense fallback={<LoadingState />}>
            <PartSearchResults
              query={query}
              page={page}
              pageSize={pageSize}
              onPageChange={(nextPage, size) =>
                update({
                  page: nextPage > 1 ? String(nextPage) : null,
                  size: size === PART_SEARCH_PAGE_SIZE ? null : String(size),
                })
              }
              catalog={catalog}
              partLink={signedIn ? paths.part : undefined}
            />
          </Suspense>
        ) : (
          children
        )}
      </Stack>
    </>
  );
}
