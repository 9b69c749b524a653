import { IconFolder } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CatalogPage } from './catalog-page.tsx';
import { CatalogPreparing } from './catalog-preparing.tsx';
import { useCatalogPaths } from './catalog-root.ts';
import { FolderGrid, type FolderTile } from './folder-grid.tsx';

// The catalogue issue loads the main folders of catalogue 7 (api/catalog-folders) and links them with catalog.folder().
const NO_FOLDERS: readonly FolderTile[] = [];

/** SPEC §2 catalogue root: the main folders (product groups). */
export function Component() {
  const { t } = useTranslation('catalog');
  const catalog = useCatalogPaths();
  return (
    <CatalogPage
      title={t('root.title')}
      description={t('root.description')}
      breadcrumbs={[{ label: t('root.title'), to: catalog.root }]}
    >
      <FolderGrid
        tiles={NO_FOLDERS}
        icon={IconFolder}
        empty={<CatalogPreparing description={t('root.empty')} />}
      />
    </CatalogPage>
  );
}
