import type { CatalogFolder } from '@care/contract/catalog';
import { translate } from '@care/contract/translations';
import { SimpleGrid } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LinkCard } from '#app/components/layout/link-card.tsx';
import { catalogFileUrl } from '#app/features/catalog/api.ts';

export interface FolderTile {
  id: string;
  name: string;
  description?: string;
  to: string;
  image?: string | undefined;
}

/** A folder as a tile: its name in the language shown, and its picture when the catalogue has one. */
export function folderTile(folder: CatalogFolder, language: string, to: string): FolderTile {
  const image = folder.imageFileId ? catalogFileUrl(folder.imageFileId) : undefined;
  return { id: folder.id, name: translate(folder.name, language), to, image };
}

interface FolderGridProps {
  tiles: readonly FolderTile[];
  icon: TablerIcon;
  /** Shown when the level has nothing in it. */
  empty: ReactNode;
}

/** A catalogue level as a grid of links: main folders, sub-folders or cards. */
export function FolderGrid({ tiles, icon: Icon, empty }: FolderGridProps) {
  if (tiles.length === 0) return empty;
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 3, lg: 4 }}
      spacing="md"
      component="ul"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {tiles.map((tile) => (
        <li key={tile.id}>
          <LinkCard
            to={tile.to}
            icon={<Icon size={22} stroke={1.75} />}
            image={tile.image}
            title={tile.name}
            description={tile.description}
          />
        </li>
      ))}
    </SimpleGrid>
  );
}
