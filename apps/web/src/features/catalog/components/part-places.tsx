import type { PartPath } from '@care/contract/catalog';
import { translate } from '@care/contract/translations';
import { Anchor, Breadcrumbs, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import type { catalogPaths } from '#app/config/paths.ts';
import { cardPositionLink } from '../catalog-trail.ts';
import { useContentLanguage } from '../use-content-language.ts';

interface PartPlacesProps {
  places: readonly PartPath[];
  catalog: ReturnType<typeof catalogPaths>;
}

/** Every card and position where the part appears (api/parts/paths), each a link to the card at that position. */
export function PartPlaces({ places, catalog }: PartPlacesProps) {
  const { t } = useTranslation('catalog');
  const language = useContentLanguage();
  if (places.length === 0) return <EmptyState size="sm" icon={IconMapPin} title={t('part.places.empty')} />;
  return (
    <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {places.map((place) => {
        const folders = place.trail.filter((step) => step.kind === 'folder');
        const card = place.trail.find((step) => step.kind === 'card');
        return (
          <li key={`${place.cardId}-${place.positionNumber}`}>
            <Breadcrumbs separatorMargin={4} fz="xs" c="dimmed" style={{ flexWrap: 'wrap' }}>
              {folders.map((folder) => (
                <Text key={folder.id} span fz="xs" c="dimmed">
                  {translate(folder.name, language)}
                </Text>
              ))}
            </Breadcrumbs>
            <Anchor
              component={Link}
              to={cardPositionLink(place.trail, place.cardId, place.positionNumber, catalog)}
              fw={600}
            >
              {translate(card?.name, language)} (
              {t('part.places.position', { position: place.positionNumber })})
            </Anchor>
          </li>
        );
      })}
    </Stack>
  );
}
