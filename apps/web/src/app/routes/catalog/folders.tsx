import { useSuspenseQuery } from '@tanstack/react-query';
import { IconFolder } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { foldersQuery } from '#app/features/catalog/api.ts';
import { queryClientContext } from '#app/lib/query-client.ts';
import { CatalogError } from './catalog-error.tsx';
import { CatalogPage } from './catalog-page.tsx';
import { useCatalogPaths } from './catalog-root.ts';
import { FolderGrid, folderTile } from './folder-grid.tsx';
import { useContentLanguage } from '#app/features/catalog/use-content-language.ts';

export const loader = ({ context }: LoaderFunctionArgs) =>
  context.get(queryClientContext).ensureQueryData(foldersQuery());

export const ErrorBoundary = CatalogError;

/** SPEC §2 catalogue root: the main folders (product groups). */
export function Component() {
  const { t } = useTranslation('catalog');
  const language = useContentLanguage();
  const catalog = useCatalogPaths();
  const { data: folders } = useSuspenseQuery(foldersQuery());
  return (
    <CatalogPage
      title={t('root.title')}
      description={t('root.description')}
      meta={t('root.meta')}
      breadcrumbs={[]}
    >
      <FolderGrid
        tiles={folders.map((folder) => folderTile(folder, language, catalog.folder(folder.id)))}
        icon={IconFolder}
        empty={<EmptyState icon={IconFolder} title={t('root.empty')} />}
      />
    </CatalogPage>
  );
}
