import { useSuspenseQuery } from '@tanstack/react-query';
import { IconFolder } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { breadcrumbsQuery, foldersQuery } from '#app/features/catalog/api.ts';
import { trailLinks } from '#app/features/catalog/catalog-trail.ts';
import { queryClientContext } from '#app/lib/query-client.ts';
import { CatalogError } from './catalog-error.tsx';
import { CatalogPage } from './catalog-page.tsx';
import { useCatalogPaths } from './catalog-root.ts';
import { FolderGrid, folderTile } from './folder-grid.tsx';
import { useContentLanguage } from '#app/features/catalog/use-content-language.ts';

export const loader = ({ params, context }: LoaderFunctionArgs) => {
  const queryClient = context.get(queryClientContext);
  const id = params.mainFolderId ?? '';
  return Promise.all([
    queryClient.ensureQueryData(foldersQuery(id)),
    queryClient.ensureQueryData(breadcrumbsQuery({ folderId: id })),
  ]);
};

export const ErrorBoundary = CatalogError;

/** SPEC §2 …/{mainFolderId}/catalog-folders: the sub-folders (assembly groups) of a product group. */
export function Component() {
  const { t } = useTranslation('catalog');
  const language = useContentLanguage();
  const catalog = useCatalogPaths();
  const { mainFolderId = '' } = useParams();
  const { data: folders } = useSuspenseQuery(foldersQuery(mainFolderId));
  const { data: trail } = useSuspenseQuery(breadcrumbsQuery({ folderId: mainFolderId }));
  const crumbs = trailLinks(trail, catalog, language);
  const name = crumbs[crumbs.length - 1]?.label || t('levels.group');
  return (
    <CatalogPage
      title={name}
      description={t('subfolders.description')}
      meta={t('subfolders.meta', { name })}
      breadcrumbs={[{ label: t('root.title'), to: catalog.root }, ...crumbs]}
    >
      <FolderGrid
        tiles={folders.map((folder) => folderTile(folder, language, catalog.cards(mainFolderId, folder.id)))}
        icon={IconFolder}
        empty={<EmptyState icon={IconFolder} title={t('subfolders.empty')} />}
      />
    </CatalogPage>
  );
}
