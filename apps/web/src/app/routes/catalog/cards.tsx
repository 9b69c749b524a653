import { IconFileDescription } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CatalogPage } from './catalog-page.tsx';
import { CatalogPreparing } from './catalog-preparing.tsx';
import { useCatalogPaths } from './catalog-root.ts';
import { FolderGrid, type FolderTile } from './folder-grid.tsx';

// The catalogue issue loads the cards of this folder (api/catalog-cards) and links them with catalog.card().
const NO_CARDS: readonly FolderTile[] = [];

/** SPEC §2 …/{catalogFolderId}/catalog-cards: the catalogue cards (exploded drawings) of an assembly group. */
export function Component() {
  const { t } = useTranslation('catalog');
  const catalog = useCatalogPaths();
  const { mainFolderId = '', catalogFolderId = '' } = useParams();
  return (
    <CatalogPage
      title={t('levels.assembly')}
      description={t('cards.description')}
      breadcrumbs={[
        { label: t('root.title'), to: catalog.root },
        { label: t('levels.group'), to: catalog.folder(mainFolderId) },
        { label: t('levels.assembly'), to: catalog.cards(mainFolderId, catalogFolderId) },
      ]}
    >
      <FolderGrid
        tiles={NO_CARDS}
        icon={IconFileDescription}
        empty={<CatalogPreparing description={t('cards.empty')} />}
      />
    </CatalogPage>
  );
}
