import { IconFolder } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CatalogPage } from './catalog-page.tsx';
import { CatalogPreparing } from './catalog-preparing.tsx';
import { useCatalogPaths } from './catalog-root.ts';
import { FolderGrid, type FolderTile } from './folder-grid.tsx';

// The catalogue issue loads the folders of this main folder and the folder names for the breadcrumbs.
const NO_FOLDERS: readonly FolderTile[] = [];

/** SPEC §2 …/{mainFolderId}/catalog-folders: the sub-folders (assembly groups) of a product group. */
export function Component() {
  const { t } = useTranslation('catalog');
  const catalog = useCatalogPaths();
  const { mainFolderId = '' } = useParams();
  return (
    <CatalogPage
      title={t('levels.group')}
      description={t('subfolders.description')}
      breadcrumbs={[
        { label: t('root.title'), to: catalog.root },
        { label: t('levels.group'), to: catalog.folder(mainFolderId) },
      ]}
    >
      <FolderGrid
        tiles={NO_FOLDERS}
        icon={IconFolder}
        empty={<CatalogPreparing description={t('subfolders.empty')} />}
      />
    </CatalogPage>
  );
}
