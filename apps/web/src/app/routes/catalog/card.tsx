import { Badge, Grid, Paper, Text } from '@mantine/core';
import { IconListDetails, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DataTableFrame, type Column } from '#app/components/layout/data-table-frame.tsx';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { FieldList } from '#app/components/layout/field-list.tsx';
import { SectionCard } from '#app/components/layout/section-card.tsx';
import { CatalogPage } from './catalog-page.tsx';
import { useCatalogPaths } from './catalog-root.ts';
import classes from './card.module.css';

/** One row of a card's parts list (SPEC §3 "Part"), numbered by its position on the drawing. */
interface PartRow {
  id: string;
  position: string;
  symbol: string;
  name: string;
  quantity: number;
  standard: string;
  catalogNumber: string;
  configuration: string;
  returnable: boolean;
}

// The catalogue issue loads the card's drawing and its parts (api/parts by card).
const NO_PARTS: readonly PartRow[] = [];

/** SPEC §2 …/catalog-cards/{catalogCardId}: the exploded drawing beside its parts list. */
export function Component() {
  const { t } = useTranslation(['catalog', 'common']);
  const catalog = useCatalogPaths();
  const { mainFolderId = '', catalogFolderId = '', catalogCardId = '' } = useParams();
  const yesNo = (value: boolean) => (value ? t('common:actions.yes') : t('common:actions.no'));

  const columns: Column<PartRow>[] = [
    { key: 'position', label: t('parts.position'), render: (p) => p.position },
    { key: 'symbol', label: t('parts.symbol'), render: (p) => p.symbol },
    { key: 'name', label: t('parts.name'), render: (p) => p.name },
    { key: 'quantity', label: t('parts.quantity'), render: (p) => p.quantity },
    { key: 'standard', label: t('parts.standard'), render: (p) => p.standard || '—' },
    { key: 'catalogNumber', label: t('parts.catalog-number'), render: (p) => p.catalogNumber || '—' },
    { key: 'configuration', label: t('parts.configuration'), render: (p) => p.configuration || '—' },
    { key: 'returnable', label: t('parts.returnable'), render: (p) => yesNo(p.returnable) },
  ];

  return (
    <CatalogPage
      title={t('levels.card')}
      description={t('card.description')}
      breadcrumbs={[
        { label: t('root.title'), to: catalog.root },
        { label: t('levels.group'), to: catalog.folder(mainFolderId) },
        { label: t('levels.assembly'), to: catalog.cards(mainFolderId, catalogFolderId) },
        { label: t('levels.card'), to: catalog.card(mainFolderId, catalogFolderId, catalogCardId) },
      ]}
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, xl: 4 }}>
          <SectionCard icon={IconPhoto} title={t('card.drawing')}>
            <Paper withBorder radius="md" bg="var(--mantine-color-default-hover)" className={classes.drawing}>
              <EmptyState size="sm" icon={IconPhoto} title={t('card.no-drawing')} />
            </Paper>
          </SectionCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 8 }}>
          <SectionCard icon={IconListDetails} title={t('card.parts')}>
            <DataTableFrame
              caption={t('card.parts')}
              columns={columns}
              rows={NO_PARTS}
              rowKey={(p) => p.id}
              minWidth={760}
              nested
              renderCard={(p) => <PartCard part={p} yesNo={yesNo} />}
              empty={
                <EmptyState
                  size="sm"
                  icon={IconListDetails}
                  title={t('preparing.title')}
                  description={t('card.empty')}
                />
              }
            />
          </SectionCard>
        </Grid.Col>
      </Grid>
    </CatalogPage>
  );
}

function PartCard({ part, yesNo }: { part: PartRow; yesNo: (value: boolean) => string }) {
  const { t } = useTranslation('catalog');
  return (
    <Paper withBorder radius="md" p="md">
      <Text fw={600} mb={4}>
        <Badge variant="light" radius="sm" mr="xs" aria-label={t('parts.position')}>
          {part.position}
        </Badge>
        {part.name}
      </Text>
      <FieldList
        labelWidth={150}
        fields={[
          { label: t('parts.symbol'), value: part.symbol },
          { label: t('parts.quantity'), value: part.quantity },
          { label: t('parts.catalog-number'), value: part.catalogNumber || '—' },
          { label: t('parts.returnable'), value: yesNo(part.returnable) },
        ]}
      />
    </Paper>
  );
}
