import { translate } from '@care/contract/translations';
import { useSuspenseQuery } from '@tanstack/react-query';
import { IconFileDescription } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { breadcrumbsQuery, cardsQuery } from '#app/features/catalog/api.ts';
import { trailLinks } from '#app/features/catalog/catalog-trail.ts';
import { queryClientContext } from '#app/lib/query-client.ts';
import { CatalogError } from './catalog-error.tsx';
import { CatalogPage } from './catalog-page.tsx';
import { useCatalogPaths } from './catalog-root.ts';
import { FolderGrid } from './folder-grid.tsx';
import { useContentLanguage } from '#app/features/catalog/use-content-language.ts';

export const loader = ({ params, context }: LoaderFunctionArgs) => {
  const queryClient = context.get(queryClientContext);
  const id = params.catalogFolderId ?? '';
  return Promise.all([
    queryClient.ensureQueryData(cardsQuery(id)),
    queryClient.ensureQueryData(breadcrumbsQuery({ folderId: id })),
  ]);
};

export const ErrorBoundary = CatalogError;

/** SPEC §2 …/{catalogFolderId}/catalog-cards: the catalogue cards (exploded drawings) of an assembly group. */
export function Component() {
  const { t } = useTranslation('catalog');
  const language = useContentLanguage();
  const catalog = useCatalogPaths();
  const { mainFolderId = '', catalogFolderId = '' } = useParams();
  const { data: cards } = useSuspenseQuery(cardsQuery(catalogFolderId));
  const { data: trail } = useSuspenseQuery(breadcrumbsQuery({ folderId: catalogFolderId }));
  const crumbs = trailLinks(trail, catalog, language);
  const name = crumbs[crumbs.length - 1]?.label || t('levels.assembly');
  return (
    <CatalogPage
      title={name}
      description={t('cards.description')}
      meta={t('cards.meta', { name })}
      breadcrumbs={[{ label: t('root.title'), to: catalog.root }, ...crumbs]}
    >
      <FolderGrid
        tiles={cards.map((card) => ({
          id: card.id,
          name: translate(card.name, language),
          to: catalog.card(mainFolderId, catalogFolderId, card.id),
        }))}
        icon={IconFileDescription}
        empty={<EmptyState icon={IconFileDescription} title={t('cards.empty')} />}
      />
    </CatalogPage>
  );
}
