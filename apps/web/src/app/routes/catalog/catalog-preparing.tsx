import { Paper } from '@mantine/core';
import { IconBook } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '#app/components/layout/empty-state.tsx';

/** The honest state of every catalogue level until the catalogue issue imports the maker's data. */
export function CatalogPreparing({ description }: { description: string }) {
  const { t } = useTranslation('catalog');
  return (
    <Paper withBorder radius="md">
      <EmptyState icon={IconBook} title={t('preparing.title')} description={description} />
    </Paper>
  );
}
