import { AspectRatio, Grid, Paper } from '@mantine/core';
import { IconListDetails, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { SectionCard } from '#app/components/layout/section-card.tsx';
import { paths } from '#app/config/paths.ts';

/**
 * SPEC §2 /home/parts/{partId}: one spare part (SPEC §3 "Part": name, symbol, standard, quantity, catalogue
 * number, SAP id, configuration, returnable) with its picture. The catalogue issue loads it and adds
 * "add to cart"; until then the page says the catalogue is being prepared.
 */
export function Component() {
  const { t } = useTranslation('catalog');
  return (
    <>
      <PageHeader
        title={t('part.title')}
        breadcrumbs={[{ label: t('root.title'), to: paths.catalog }, { label: t('part.title') }]}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="md" p="md">
            <AspectRatio ratio={4 / 3}>
              <EmptyState size="sm" icon={IconPhoto} title={t('part.no-picture')} />
            </AspectRatio>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <SectionCard icon={IconListDetails} title={t('part.details')}>
            <EmptyState
              size="sm"
              icon={IconListDetails}
              title={t('preparing.title')}
              description={t('part.preparing')}
            />
          </SectionCard>
        </Grid.Col>
      </Grid>
    </>
  );
}
